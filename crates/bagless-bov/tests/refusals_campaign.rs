//! The refusals of the diary and the assassins, met through the players'
//! commands on a campaign of the real box (campaigns/core/pack.json, and
//! Roma's where the box makes the difference), grouped by the heading of
//! the rules summary each one rests on.

use crate::table;

use bagless_bov::board::{CardKind, EquipSlot};
use bagless_bov::campaign::{decide, Campaign, Command, Outcome};
use bagless_bov::{RuleCode, Section};
use table::{add_card, attempt, ctx, equipped, pack, tonight, Table};

/// CAMPAIGN: "The Diary of Memories records your progress through the
/// campaign", one diary a campaign, its name, its box, each memory's date,
/// notes and stickers as the players write them.
mod campaign {
    use super::*;

    #[test]
    fn a_campaign_is_created_only_once() {
        let table = Table::core(&["alessandra"]);
        let v = table.refusal(Command::Create {
            name: "Venice again".into(),
            pack_id: "core".into(),
            assassins: vec!["bastiano".into()],
        });
        assert_eq!(v.code, RuleCode::AlreadyCreated);
        assert_eq!(v.section, Section::Campaign);
        assert_eq!(table.state.name, "Venice");
    }

    #[test]
    fn nothing_is_recorded_in_a_campaign_not_created_yet() {
        let core = pack("core");
        for command in [
            Command::Rename {
                name: "Venice".into(),
            },
            Command::RecordAttempt(attempt("0.1", Outcome::Success)),
        ] {
            let v = decide(&Campaign::default(), &core, &command, &ctx()).unwrap_err();
            assert_eq!(v.len(), 1);
            assert_eq!(v[0].code, RuleCode::NotCreated, "{command:?}");
            assert_eq!(v[0].section, Section::Campaign);
        }
    }

    #[test]
    fn a_campaign_is_played_with_the_box_it_was_started_with() {
        // A Roma campaign asked of the core box, which is the one installed.
        let core = pack("core");
        let roma_here = Command::Create {
            name: "Rome".into(),
            pack_id: "roma".into(),
            assassins: vec!["alessandra".into()],
        };
        let v = decide(&Campaign::default(), &core, &roma_here, &ctx()).unwrap_err();
        assert_eq!(table::codes(&v), [RuleCode::WrongPack]);
        assert_eq!(v[0].section, Section::Campaign);
        // A core campaign's next memory decided with the Roma box.
        let table = Table::core(&["alessandra"]);
        let roma = pack("roma");
        let next = Command::RecordAttempt(attempt("0.1", Outcome::Success));
        let v = decide(&table.state, &roma, &next, &ctx()).unwrap_err();
        assert_eq!(table::codes(&v), [RuleCode::WrongPack]);
        assert_eq!(v[0].message, "This campaign belongs to another box.");
    }

    #[test]
    fn a_campaign_name_has_at_most_60_characters() {
        let mut table = Table::core(&["alessandra"]);
        let v = table.refusal(Command::Rename {
            name: "V".repeat(61),
        });
        assert_eq!(v.code, RuleCode::NameTooLong);
        assert_eq!(v.section, Section::Campaign);
        assert_eq!(v.params["max"], "60");
        // Spaces around the name are not counted; 60 characters are fine.
        table.run(Command::Rename {
            name: format!("  {}  ", "V".repeat(60)),
        });
        assert_eq!(table.state.name, "V".repeat(60));
    }

    #[test]
    fn a_campaign_name_is_one_line_without_control_characters() {
        let table = Table::core(&["alessandra"]);
        for name in ["Venice\nby night", "Venice\tby night", "Venice\u{7}"] {
            let v = table.refusal(Command::Rename { name: name.into() });
            assert_eq!(v.code, RuleCode::NameControl, "{name:?}");
        }
        let v = decide(
            &Campaign::default(),
            &pack("core"),
            &Command::Create {
                name: "Venice\r\nagain".into(),
                pack_id: "core".into(),
                assassins: vec!["alessandra".into()],
            },
            &ctx(),
        )
        .unwrap_err();
        assert_eq!(table::codes(&v), [RuleCode::NameControl]);
    }

    #[test]
    fn a_memory_s_notes_hold_at_most_4000_characters() {
        let table = Table::core(&["alessandra"]);
        let mut long = attempt("0.1", Outcome::Success);
        long.notes = "a".repeat(4001);
        let v = table.refusal(Command::RecordAttempt(long.clone()));
        assert_eq!(v.code, RuleCode::NotesTooLong);
        assert_eq!(v.section, Section::Campaign);
        assert_eq!(v.params["max"], "4000");
        long.notes.pop();
        assert!(table.decide(&Command::RecordAttempt(long)).is_ok());
    }

    #[test]
    fn a_memory_is_not_played_on_a_date_still_to_come() {
        let table = Table::core(&["alessandra"]);
        // Tonight is 20 November 2026; the 21st is allowed (a late evening
        // is already tomorrow in UTC), the 22nd is not.
        let mut tomorrow = attempt("0.1", Outcome::Success);
        tomorrow.played_on = tonight().succ_opt().unwrap();
        assert!(table
            .decide(&Command::RecordAttempt(tomorrow.clone()))
            .is_ok());
        let mut later = tomorrow;
        later.played_on = later.played_on.succ_opt().unwrap();
        let v = table.refusal(Command::RecordAttempt(later));
        assert_eq!(v.code, RuleCode::DateInFuture);
        assert_eq!(v.section, Section::Campaign);
        // The diary tells the attempt form that bound: the date played goes
        // up to today's UTC date plus the view's days ahead.
        let view = bagless_bov::diary::diary_view("c", &table.state, &table.pack, &[]);
        let ahead = view.next.expect("0.1 is next").played_on_days_ahead;
        assert_eq!(
            ctx().now.date_naive() + chrono::Days::new(ahead.into()),
            tonight().succ_opt().unwrap(),
            "the latest date the rules take"
        );
    }

    /// The date played is kept from the year 2000 on (a limit of the
    /// library, not a rule): its first day is taken, the day before it is
    /// refused, naming the year.
    #[test]
    fn a_memory_is_played_on_a_date_from_the_year_2000() {
        let table = Table::core(&["alessandra"]);
        let mut first_day = attempt("0.1", Outcome::Success);
        first_day.played_on = chrono::NaiveDate::from_ymd_opt(2000, 1, 1).unwrap();
        assert!(table
            .decide(&Command::RecordAttempt(first_day.clone()))
            .is_ok());
        let mut before = first_day;
        before.played_on = before.played_on.pred_opt().unwrap();
        let v = table.refusal(Command::RecordAttempt(before));
        assert_eq!(v.code, RuleCode::DateTooEarly);
        assert_eq!(v.params["year"], "2000");
    }

    /// The experience track ends at its last space (175 XP in the core
    /// box): an attempt's XP from one source up to the whole track is
    /// taken, one more is refused, naming the track's end.
    #[test]
    fn an_attempt_s_xp_from_one_source_goes_up_to_the_track_s_end() {
        let table = Table::core(&["alessandra"]);
        let max = table.pack.xp_track.max;
        let mut whole = attempt("0.1", Outcome::Success);
        whole.xp.optional = max;
        assert!(table.decide(&Command::RecordAttempt(whole.clone())).is_ok());
        let mut beyond = whole;
        beyond.xp.optional = max + 1;
        let v = table.refusal(Command::RecordAttempt(beyond));
        assert_eq!(
            (v.code, v.section),
            (RuleCode::XpTooLarge, Section::Campaign)
        );
        assert_eq!(v.params["max"], max.to_string());
    }

    #[test]
    fn a_sticker_is_listed_once_per_memory() {
        let mut table = Table::core(&["alessandra"]);
        for memory in ["0.1", "0.2", "0.3"] {
            table.play(memory, Outcome::Success, &[]);
        }
        let mut twice = attempt("0.4", Outcome::Success);
        twice.stickers = vec!["sequence-0".into(), "sequence-0".into()];
        let v = table.refusal(Command::RecordAttempt(twice));
        assert_eq!(v.code, RuleCode::StickerTwice);
        assert_eq!(v.section, Section::Campaign);
        assert_eq!(v.params["sticker"], "sequence-0");
    }

    /// A complete campaign is refused any memory for what that memory is
    /// (done, or an optional one no longer offered).
    #[test]
    fn a_complete_campaign_plays_no_memory_again() {
        let mut table = Table::hq_unlocked(&["alessandra"], &[]);
        while let Some(next) = table.state.next_memory(&table.pack) {
            let next = next.to_string();
            if table.pack.is_optional(&next) {
                table.run(Command::DeclineOptional { memory: next });
            } else {
                table.play_with_hq(&next, Outcome::Success);
            }
        }
        for (memory, code) in [
            ("4.5", RuleCode::MemoryDone),
            ("0.1", RuleCode::MemoryDone),
            ("M.D", RuleCode::MemoryDeclined),
        ] {
            let v = table.refusal(Command::RecordAttempt(attempt(memory, Outcome::Success)));
            assert_eq!(v.code, code, "{memory}");
        }
    }

    #[test]
    fn a_box_without_hq_stickers_has_none_to_mark() {
        let table = Table::new("roma", &["alif"]);
        let v = table.refusal(Command::SetHqSticker {
            number: 1,
            marked: true,
        });
        assert_eq!(v.code, RuleCode::HqStickersNone);
        assert_eq!(v.section, Section::Headquarters);
        assert!(v.params.is_empty());
    }
}

/// REPLAYING A MEMORY: "If you have failed a memory, you have a second
/// chance to complete it"; only the second failure is played "as if you had
/// completed it".
mod replaying_a_memory {
    use super::*;

    /// The second chance is the attempt after a first failure, and only
    /// it: a memory not yet played, or played again after its second
    /// chance, starts again at attempt 1.
    #[test]
    fn the_next_attempt_is_the_second_only_after_a_first_failure() {
        let mut table = Table::core(&["alessandra"]);
        assert_eq!(table.state.next_attempt_number("0.1"), 1);
        table.play("0.1", Outcome::Failure, &[]);
        assert_eq!(table.state.next_attempt_number("0.1"), 2);
        table.play("0.1", Outcome::Failure, &[]);
        assert_eq!(table.state.next_attempt_number("0.1"), 1);
        table.play("0.2", Outcome::Success, &[]);
        assert_eq!(table.state.next_attempt_number("0.2"), 1);
    }

    #[test]
    fn a_failed_memory_earns_no_sticker_until_it_is_synchronized() {
        let mut table = Table::core(&["alessandra"]);
        for memory in ["0.1", "0.2", "0.3"] {
            table.play(memory, Outcome::Success, &[]);
        }
        let mut failed = attempt("0.4", Outcome::Failure);
        failed.stickers = vec!["sequence-0".into()];
        let v = table.refusal(Command::RecordAttempt(failed.clone()));
        assert_eq!(v.code, RuleCode::StickerOnFailure);
        assert_eq!(v.section, Section::ReplayingAMemory);
        // Failed twice, the memory is synchronized: the sequence is done.
        table.play("0.4", Outcome::Failure, &[]);
        table.run(Command::RecordAttempt(failed));
        assert_eq!(
            table.state.attempts.last().unwrap().stickers,
            ["sequence-0"]
        );
    }
}

/// OPTIONAL MEMORY: "You may choose whether you play an optional memory
/// when it is offered to you, or to ignore it for good."
mod optional_memory {
    use super::*;

    /// Editions 1 and 2's reading: a first attempt is the choice to play
    /// it (edition 3 lets it be ignored when offered again: `edition_3.rs`).
    #[test]
    fn an_optional_memory_once_started_is_not_declined_under_edition_2() {
        let mut table = Table::hq_unlocked_from(Table::edition_2(&["alessandra", "bastiano"]), &[]);
        for memory in ["1.1", "1.2", "1.3"] {
            table.play_with_hq(memory, Outcome::Success);
        }
        assert_eq!(table.state.next_memory(&table.pack), Some("M.A"));
        table.later_assignment();
        table.run(Command::ConfirmAssignment);
        table.play("M.A", Outcome::Failure, &[]);
        let v = table.refusal(Command::DeclineOptional {
            memory: "M.A".into(),
        });
        assert_eq!(v.code, RuleCode::DeclineStarted);
        assert_eq!(v.section, Section::OptionalMemory);
        assert_eq!(v.params["memory"], "M.A");
    }
}

/// ADJUSTING THE NUMBER OF PLAYERS: assassins join, leave and swap between
/// memories; only the campaign's own are on its boards.
mod adjusting_the_number_of_players {
    use super::*;

    #[test]
    fn only_the_campaign_s_assassins_have_a_board() {
        let mut table = Table::core(&["alessandra", "bastiano"]);
        let claudio = [
            Command::SetHealth {
                assassin: "claudio".into(),
                health: 2,
            },
            Command::LeaveAssassin {
                assassin: "claudio".into(),
            },
            Command::ChooseSkill {
                assassin: "claudio".into(),
                level: 1,
                name: "Eagle Eye".into(),
                hq_level_required: None,
            },
            add_card(
                "Sword",
                CardKind::BlackEquipment,
                Some(EquipSlot::Melee),
                equipped("claudio", EquipSlot::Melee),
            ),
        ];
        for command in claudio {
            let v = table.refusal(command.clone());
            assert_eq!(v.code, RuleCode::AssassinNotInCampaign, "{command:?}");
            assert_eq!(v.section, Section::AdjustingTheNumberOfPlayers);
            assert_eq!(v.params["assassin"], "Claudio");
        }
        // Bastiano left: his bag is kept, his board is not on the table.
        table.run(Command::LeaveAssassin {
            assassin: "bastiano".into(),
        });
        let v = table.refusal(Command::SetHealth {
            assassin: "bastiano".into(),
            health: 3,
        });
        assert_eq!(v.code, RuleCode::AssassinNotInCampaign);
        assert_eq!(v.params["assassin"], "Bastiano");
    }

    /// The box has 4 assassins, so with 4 in play none is left to join:
    /// `assassins_full` is met with a fifth added to the box
    /// (refusals_edited_packs.rs).
    #[test]
    fn four_assassins_in_play_leave_none_of_the_box_to_join() {
        let all = ["alessandra", "bastiano", "claudio", "daria"];
        let table = Table::core(&all);
        assert_eq!(table.pack.assassins.len(), all.len());
        for assassin in all {
            let v = table.refusal(Command::JoinAssassin {
                assassin: assassin.into(),
            });
            assert_eq!(v.code, RuleCode::AssassinAlreadyInPlay, "{assassin}");
        }
        let v = table.refusal(Command::JoinAssassin {
            assassin: "ezio".into(),
        });
        assert_eq!(v.code, RuleCode::AssassinUnknown);
    }
}

/// ELIMINATED: "The eliminated assassin will not be able to participate in
/// the next memory: you will have to play as an assassin apprentice."
mod eliminated {
    use super::*;

    #[test]
    fn only_an_assassin_on_the_map_is_eliminated() {
        let table = Table::core(&["alessandra", "bastiano"]);
        let mut input = attempt("0.1", Outcome::Success);
        input.eliminated = vec!["claudio".into()];
        let v = table.refusal(Command::RecordAttempt(input));
        assert_eq!(v.code, RuleCode::EliminatedNotInPlay);
        assert_eq!(v.section, Section::Eliminated);
        assert_eq!(v.params["assassin"], "Claudio");
    }

    #[test]
    fn an_assassin_is_eliminated_once_in_a_memory() {
        let table = Table::core(&["alessandra", "bastiano"]);
        let mut input = attempt("0.1", Outcome::Success);
        input.eliminated = vec!["alessandra".into(), "alessandra".into()];
        let v = table.refusal(Command::RecordAttempt(input));
        assert_eq!(v.code, RuleCode::EliminatedTwice);
        assert_eq!(v.section, Section::Eliminated);
        assert_eq!(v.params["assassin"], "Alessandra");
    }

    #[test]
    fn an_eliminated_assassin_s_health_waits_for_the_apprentice_s_memory() {
        let mut table = Table::core(&["alessandra", "bastiano"]);
        table.play("0.1", Outcome::Success, &["alessandra"]);
        let v = table.refusal(Command::SetHealth {
            assassin: "alessandra".into(),
            health: 2,
        });
        assert_eq!(v.code, RuleCode::HealthEliminated);
        assert_eq!(v.section, Section::Eliminated);
        assert_eq!(v.params["assassin"], "Alessandra");
        // Once the apprentice has played 0.2 she is back in full health.
        table.play("0.2", Outcome::Success, &[]);
        table.run(Command::SetHealth {
            assassin: "alessandra".into(),
            health: 2,
        });
    }
}

/// ASSASSINS' HEALTH: "An assassin/ally who has all their [health] is in
/// full health": 3 while 0.1 or 0.2 is next, 4 after (ADJUSTING THE NUMBER
/// OF PLAYERS), plus what the worn armor adds.
mod assassins_health {
    use super::*;

    #[test]
    fn health_goes_no_higher_than_full_health() {
        let mut table = Table::core(&["alessandra"]);
        let v = table.refusal(Command::SetHealth {
            assassin: "alessandra".into(),
            health: 4,
        });
        assert_eq!(v.code, RuleCode::HealthAboveMax);
        assert_eq!(v.section, Section::AssassinsHealth);
        assert_eq!(v.params["assassin"], "Alessandra");
        assert_eq!(v.params["max"], "3");
        // An armor adding 1 health, worn: 4 is full health now.
        table.run(add_card(
            "Leather Armor",
            CardKind::BlackEquipment,
            Some(EquipSlot::Armor),
            equipped("alessandra", EquipSlot::Armor),
        ));
        table.run(Command::SetHealth {
            assassin: "alessandra".into(),
            health: 4,
        });
        let v = table.refusal(Command::SetHealth {
            assassin: "alessandra".into(),
            health: 5,
        });
        assert_eq!(v.code, RuleCode::HealthAboveMax);
        assert_eq!(v.params["max"], "4");
    }

    #[test]
    fn only_an_armor_adds_health() {
        let table = Table::core(&["alessandra"]);
        for fits in [None, Some(EquipSlot::Melee), Some(EquipSlot::Ranged)] {
            let v = table.refusal(Command::AddCard {
                name: "Heavy Blade".into(),
                kind: CardKind::BlackEquipment,
                fits,
                health_bonus: 1,
                removal_mark: false,
                to: bagless_bov::board::Place::VillaEnvelope,
            });
            assert_eq!(v.code, RuleCode::HealthBonusNotArmor, "{fits:?}");
            assert_eq!(v.section, Section::AssassinsHealth);
        }
    }

    #[test]
    fn an_armor_adds_at_most_5_health() {
        let mut table = Table::core(&["alessandra"]);
        let armor = |health_bonus| Command::AddCard {
            name: "Missaglia Armor".into(),
            kind: CardKind::GreyEquipment,
            fits: Some(EquipSlot::Armor),
            health_bonus,
            removal_mark: false,
            to: bagless_bov::board::Place::VillaEnvelope,
        };
        let v = table.refusal(armor(6));
        assert_eq!(v.code, RuleCode::HealthBonusTooLarge);
        assert_eq!(v.section, Section::AssassinsHealth);
        assert_eq!(v.params["max"], "5");
        table.run(armor(5));
    }
}

/// LEVELING UP AND SKILLS: "Take the 3 skill cards matching the new level
/// … choose one"; "If a skill card has 'Lvl. I, II, III or IV headquarters
/// required' written on it, you can pick the card, but to use it, your HQ
/// must be at the indicated level." The core box's pack lists no skill
/// cards: the players type the chosen card's name.
mod leveling_up_and_skills {
    use super::*;

    fn at_level_one() -> Table {
        let mut table = Table::core(&["alessandra"]);
        let mut input = attempt("0.1", Outcome::Success);
        input.xp.mandatory = 25;
        table.run(Command::RecordAttempt(input));
        assert_eq!(table.state.level(), 1);
        table
    }

    fn skill(name: &str, hq_level_required: Option<u8>) -> Command {
        Command::ChooseSkill {
            assassin: "alessandra".into(),
            level: 1,
            name: name.into(),
            hq_level_required,
        }
    }

    #[test]
    fn a_skill_card_is_chosen_by_its_name_of_at_most_60_characters() {
        let mut table = at_level_one();
        let long = "E".repeat(61);
        for name in ["", "   ", long.as_str(), "Eagle\nEye"] {
            let v = table.refusal(skill(name, None));
            assert_eq!(v.code, RuleCode::SkillName, "{name:?}");
            assert_eq!(v.section, Section::LevelingUpAndSkills);
            assert_eq!(v.params["max"], "60");
        }
        table.run(skill(" Eagle Eye ", None));
    }

    #[test]
    fn a_skill_card_requires_an_hq_level_from_i_to_iv() {
        let mut table = at_level_one();
        for level in [0, 5] {
            let v = table.refusal(skill("Eagle Eye", Some(level)));
            assert_eq!(v.code, RuleCode::SkillHqLevel, "{level}");
            assert_eq!(v.section, Section::LevelingUpAndSkills);
        }
        table.run(skill("Eagle Eye", Some(4)));
    }
}
