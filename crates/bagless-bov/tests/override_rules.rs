//! Overrides: the XP and the HQ level typed over what the rules computed,
//! recorded with the value they replaced and the reason, marked in the
//! history, undone like any entry, and replayed the same by an import.

use bagless_bov::campaign::{
    decide, evolve, replay_log, AttemptInput, Campaign, Command, Context, Difficulty, Event,
    EventEnvelope, Outcome, XpGained,
};
use bagless_bov::history::history_view;
use bagless_bov::hq::AllyKind;
use bagless_bov::overrides::{OverrideInput, OverrideTarget};
use bagless_bov::{Pack, RuleViolation};
use chrono::{NaiveDate, TimeZone, Utc};

fn core() -> Pack {
    Pack::from_json("core", include_str!("../../../campaigns/core/pack.json")).unwrap()
}

fn ctx() -> Context {
    Context {
        now: Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap(),
    }
}

/// A campaign with its log, built command by command through `decide`.
struct Played {
    state: Campaign,
    log: Vec<EventEnvelope>,
}

impl Played {
    fn new(assassins: &[&str]) -> Played {
        let mut played = Played {
            state: Campaign::default(),
            log: Vec::new(),
        };
        played.run(Command::Create {
            name: "Overrides".into(),
            pack_id: "core".into(),
            assassins: assassins.iter().map(|s| s.to_string()).collect(),
        });
        played
    }

    fn run(&mut self, command: Command) -> Vec<Event> {
        let events = decide(&self.state, &core(), &command, &ctx())
            .unwrap_or_else(|v| panic!("{command:?} refused: {v:?}"));
        for event in &events {
            self.state = evolve(std::mem::take(&mut self.state), event);
            self.log.push(EventEnvelope {
                seq: self.log.len() as u32 + 1,
                recorded_at: ctx().now,
                event: event.clone(),
                by: None,
            });
        }
        events
    }

    fn refused(&self, command: Command) -> Vec<String> {
        decide(&self.state, &core(), &command, &ctx())
            .unwrap_err()
            .iter()
            .map(|v: &RuleViolation| v.code.as_str().to_string())
            .collect()
    }

    fn play(&mut self, memory: &str, xp: u32, eliminated: &[&str]) {
        self.run(Command::RecordAttempt(AttemptInput {
            memory: memory.into(),
            outcome: Outcome::Success,
            difficulty: Difficulty::Normal,
            xp: XpGained {
                mandatory: xp,
                ..Default::default()
            },
            sync_met: false,
            stickers: vec![],
            played_on: NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
            notes: String::new(),
            eliminated: eliminated.iter().map(|s| s.to_string()).collect(),
        }));
    }
}

fn set(target: OverrideTarget, value: u32, reason: &str) -> Command {
    Command::Override(OverrideInput {
        target,
        value,
        reason: reason.into(),
    })
}

#[test]
fn the_xp_typed_over_the_track_reaches_levels_and_later_memories_add_to_it() {
    let pack = core();
    let mut p = Played::new(&["alessandra"]);
    p.play("0.1", 10, &[]);
    let events = p.run(set(OverrideTarget::Xp, 30, "  forgot the boss XP  "));
    assert_eq!(
        events,
        [
            Event::ValueOverridden {
                target: OverrideTarget::Xp,
                from: 10,
                to: 30,
                reason: "forgot the boss XP".into(),
            },
            Event::LevelReached {
                level: 1,
                after_memory: "0.1".into(),
            },
        ]
    );
    assert_eq!(p.state.xp(&pack), 30);
    assert_eq!(p.state.level(), 1);
    assert_eq!(
        p.state.pending_skill_choices(&pack),
        [("alessandra".to_string(), 1)],
        "a level reached by an override asks for a skill like any other"
    );
    p.run(Command::PostponeSkill {
        assassin: "alessandra".into(),
        level: 1,
    });
    p.play("0.2", 5, &[]);
    assert_eq!(
        p.state.xp(&pack),
        35,
        "later memories add to the corrected XP"
    );
    // Lower again, but not under the level reached.
    p.run(set(OverrideTarget::Xp, 26, ""));
    assert_eq!(p.state.xp(&pack), 26);
    assert_eq!(p.state, replay_log(&p.log), "replay gives the same state");
}

#[test]
fn overrides_are_refused_with_their_reason() {
    let mut p = Played::new(&["claudio"]);
    assert_eq!(
        p.refused(set(OverrideTarget::Xp, 5, "")),
        ["override_xp_too_early"]
    );
    p.play("0.1", 30, &[]);
    assert_eq!(
        p.refused(set(OverrideTarget::Xp, 30, "")),
        ["override_same"]
    );
    assert_eq!(
        p.refused(set(OverrideTarget::Xp, 176, "")),
        ["override_too_high"]
    );
    assert_eq!(
        p.refused(set(OverrideTarget::Xp, 24, "")),
        ["override_below_level"]
    );
    assert_eq!(
        p.refused(set(OverrideTarget::Xp, 40, &"x".repeat(201))),
        ["override_reason_too_long"]
    );
    assert_eq!(
        p.refused(set(OverrideTarget::HqLevel, 2, "")),
        ["override_hq_locked"]
    );
}

#[test]
fn the_hq_level_typed_over_the_contracts_holds_until_the_next_contract() {
    let mut p = Played::new(&["bastiano"]);
    for memory in ["0.1", "0.2", "0.3", "0.4"] {
        p.play(memory, 0, &[]);
    }
    p.run(Command::UnlockHq {
        ally: AllyKind::Courtesans,
    });
    assert_eq!(
        p.refused(set(OverrideTarget::HqLevel, 5, "")),
        ["override_too_high"]
    );
    p.run(set(OverrideTarget::HqLevel, 2, "house rule: a stronger HQ"));
    assert_eq!(p.state.hq_level, 2);
    assert_eq!(p.state, replay_log(&p.log));

    // The history marks it as an override, with both values in words.
    let history = history_view(&p.log, &core());
    let newest = &history.entries[0];
    assert!(newest.overridden);
    assert_eq!(newest.line.key, "hq_level_overridden");
    assert_eq!(newest.line.params["from"], "0");
    assert_eq!(newest.line.params["to"], "II");
    assert_eq!(newest.line.params["reason"], "house rule: a stronger HQ");
    assert!(history.entries[1..].iter().all(|e| !e.overridden));
}

#[test]
fn an_override_is_one_entry_that_undo_takes_back_with_its_level() {
    let pack = core();
    let mut p = Played::new(&["daria"]);
    p.play("0.1", 20, &[]);
    let before = p.state.clone();
    p.run(set(OverrideTarget::Xp, 60, "two sessions forgotten"));
    assert_eq!(p.state.level(), 2);
    let undo = bagless_bov::history::decide_undo(&p.log).unwrap();
    for event in undo {
        p.log.push(EventEnvelope {
            seq: p.log.len() as u32 + 1,
            recorded_at: ctx().now,
            event,
            by: None,
        });
    }
    let undone = replay_log(&p.log);
    assert_eq!(undone, before, "the XP and both levels are taken back");
    assert_eq!(undone.xp(&pack), 20);
}

#[test]
fn an_import_replays_an_override_as_the_same_command() {
    let mut p = Played::new(&["alessandra"]);
    p.play("0.1", 10, &[]);
    let events = p.run(set(OverrideTarget::Xp, 12, "a miscount"));
    assert_eq!(
        events[0].as_command(),
        Some(set(OverrideTarget::Xp, 12, "a miscount"))
    );
}

/// One event alone in a log, as the history tells it.
/// The history of these events, numbered from 1.
fn history_of(events: Vec<Event>) -> bagless_bov::history::HistoryPage {
    let log: Vec<EventEnvelope> = events
        .into_iter()
        .zip(1..)
        .map(|(event, seq)| EventEnvelope {
            seq,
            recorded_at: chrono::DateTime::<Utc>::UNIX_EPOCH,
            event,
            by: None,
        })
        .collect();
    history_view(&log, &core())
}

fn told(event: Event) -> bagless_bov::history::HistoryLine {
    let log = vec![EventEnvelope {
        seq: 1,
        recorded_at: chrono::DateTime::<Utc>::UNIX_EPOCH,
        event,
        by: None,
    }];
    history_view(&log, &core()).entries[0].line.clone()
}

/// The card the history names in the log's first move.
fn card_moved(log: &[EventEnvelope]) -> String {
    let page = history_view(log, &core());
    let moved = page
        .entries
        .iter()
        .find(|e| e.line.kind == "card_moved")
        .expect("the move told");
    moved.line.params["card"].clone()
}

/// How the history tells `event`: as an entry of its own, or as a line
/// under the entry that made it.
fn told_anywhere(event: &Event) -> bagless_bov::history::HistoryLine {
    let page = history_of(vec![
        Event::OptionalMemoryDeclined {
            memory: "M.A".into(),
        },
        event.clone(),
    ]);
    page.entries
        .iter()
        .flat_map(|e| std::iter::once(&e.line).chain(&e.details))
        .find(|line| line.kind == event.kind())
        .unwrap_or_else(|| panic!("{event:?} not told"))
        .clone()
}

/// The history tells a declined optional memory by its id ("OPTIONAL
/// MEMORIES": ignored for good when offered), as the line of any entry.
#[test]
fn the_history_names_the_optional_memory_declined() {
    let line = told(Event::OptionalMemoryDeclined {
        memory: "M.A".into(),
    });
    assert_eq!(line.kind, "optional_memory_declined");
    assert_eq!(line.params["memory"], "M.A");
}

/// HQ RESOLUTION STEP, 5. CONTRACT: the history says whether the contract
/// was fulfilled, with the stars the command room rolled.
#[test]
fn the_history_tells_the_hq_resolved_fulfilled_or_not_with_its_stars() {
    for (fulfilled, key) in [
        (true, "hq_resolved_fulfilled"),
        (false, "hq_resolved_failed"),
    ] {
        let line = told(Event::HqResolved {
            input: crate::table::plain_resolution(2),
            stars: 3,
            fulfilled,
        });
        assert_eq!(
            (line.key.as_str(), line.params["stars"].as_str()),
            (key, "3")
        );
    }
}

/// HQ RESOLUTION STEP, CONTRACT: "The back of the new card thus revealed
/// is the HQ's' new level": the history says the level reached, in roman
/// numerals as the box prints its levels.
#[test]
fn the_history_tells_the_hq_level_reached() {
    // Derived from the assignment confirmed: a detail of that entry.
    let page = history_of(vec![
        Event::AssignmentConfirmed,
        Event::HqLevelChanged { level: 3 },
    ]);
    let details = &page.entries[0].details;
    assert_eq!(details.len(), 1, "{details:?}");
    assert_eq!(details[0].kind, "hq_level_changed");
    assert_eq!(details[0].params["level"], "III");
}

/// EQUIP: a card moved onto an assassin's board is told with the slot it
/// fills ("melee", "ranged", "armor": the catalogue's words), a card put in
/// the inventory with its space and none.
#[test]
fn the_history_names_the_slot_a_card_is_equipped_in() {
    use bagless_bov::board::{EquipSlot, Place};
    for slot in EquipSlot::ALL {
        let line = told(Event::CardMoved {
            card: "smoke-bomb".into(),
            from: Place::Inventory {
                assassin: "alessandra".into(),
                index: 0,
            },
            to: Place::Equipped {
                assassin: "alessandra".into(),
                slot,
            },
            chest: None,
        });
        let words = serde_json::to_value(slot).unwrap();
        assert_eq!(line.places["to"].slot.as_deref(), words.as_str());
        assert!(!words.as_str().unwrap().is_empty());
        assert_eq!(line.places["from"].slot, None);
        assert_eq!(line.places["from"].number, Some(1));
    }
}

/// The campaign created (SETUP): the history tells, under the
/// creation, how many cards were dealt and the edition of the rules the
/// campaign plays.
#[test]
fn the_history_tells_the_cards_dealt_and_the_edition_at_the_creation() {
    let create = Command::Create {
        name: "Told".into(),
        pack_id: "core".into(),
        assassins: vec!["alessandra".into()],
    };
    let events = decide(&Campaign::default(), &core(), &create, &ctx()).unwrap();
    let dealt = events
        .iter()
        .find_map(|e| match e {
            Event::CardsDealt { cards } => Some(cards.len()),
            _ => None,
        })
        .expect("cards dealt at the creation");
    let page = history_of(events);
    let detail = |kind: &str| {
        page.entries[0]
            .details
            .iter()
            .find(|d| d.kind == kind)
            .unwrap_or_else(|| panic!("no {kind} in {:?}", page.entries[0].details))
            .clone()
    };
    assert_eq!(detail("cards_dealt").params["count"], dealt.to_string());
    assert_eq!(
        detail("edition_set").params["edition"],
        bagless_bov::EDITION.to_string()
    );
}

/// CHEST, "take the card on top of the chest deck": the history names
/// the card drawn and the place it went to.
#[test]
fn the_history_names_the_chest_card_drawn_and_where_it_went() {
    use bagless_bov::board::Place;
    let line = told(Event::ChestCardDrawn {
        card: "chest-1".into(),
        to: Place::Inventory {
            assassin: "alessandra".into(),
            index: 2,
        },
    });
    assert_eq!(line.kind, "chest_card_drawn");
    assert_eq!(line.params["card"], "chest-1");
    assert_eq!(line.places["to"].number, Some(3));
}

/// HQ RESOLUTION STEP, 2. WORKSHOP: "you can build the object shown by paying
/// its manufacturing cost": the history names the card built by its name.
#[test]
fn the_history_names_the_card_built() {
    // The blueprint dealt at the creation, then built.
    let mut p = Played::new(&["alessandra"]);
    let seq = p.log.len() as u32 + 1;
    p.log.push(EventEnvelope {
        seq,
        recorded_at: ctx().now,
        event: Event::CardBuilt {
            card: "flying-machine".into(),
        },
        by: None,
    });
    let page = history_view(&p.log, &core());
    let built = page
        .entries
        .iter()
        .flat_map(|e| std::iter::once(&e.line).chain(&e.details))
        .find(|line| line.kind == "card_built")
        .expect("the card built told");
    assert_eq!(built.params["card"], "Flying Machine");
}

/// REPLAYING A MEMORY, "Return any chest cards you collected during your
/// first attempt to the chest card deck"; cards are stored in a place:
/// under their entry, the history names the cards, and where they were
/// stored.
#[test]
fn the_history_names_the_cards_returned_or_stored_and_where() {
    use bagless_bov::board::Place;
    let page = history_of(vec![
        Event::OptionalMemoryDeclined {
            memory: "M.A".into(),
        },
        Event::ChestCardsReturned {
            cards: vec!["chest-1".into(), "chest-2".into()],
        },
        Event::CardsStored {
            cards: vec!["flying-machine".into()],
            to: Place::MainHall,
        },
    ]);
    let details = &page.entries[0].details;
    assert_eq!(details[0].kind, "chest_cards_returned");
    assert_eq!(details[0].params["cards"], "chest-1, chest-2");
    assert!(!details[0].places.contains_key("to"));
    assert_eq!(details[1].params["cards"], "flying-machine");
    assert!(details[1].places.contains_key("to"), "{:?}", details[1]);
}

/// The reason typed with a correction is kept to 200 characters (a limit of
/// the app's form, not a rule): 200 are taken, trimmed; 201 are refused.
#[test]
fn an_override_s_reason_is_kept_to_200_characters() {
    use bagless_bov::overrides::MAX_REASON_CHARS;
    let mut p = Played::new(&["alessandra"]);
    p.play("0.1", 10, &[]);
    let longest = "é".repeat(MAX_REASON_CHARS);
    assert_eq!(
        p.refused(set(OverrideTarget::Xp, 12, &format!("{longest}é"))),
        ["override_reason_too_long"]
    );
    let events = p.run(set(OverrideTarget::Xp, 12, &format!(" {longest} ")));
    assert!(
        matches!(&events[0], Event::ValueOverridden { reason, .. } if *reason == longest),
        "{events:?}"
    );
}

/// LEVELING UP AND SKILLS, a skill choice put off (the pack's assumption
/// `skills_before_next_memory`): the history names the assassin and the
/// level.
#[test]
fn the_history_names_the_assassin_and_level_of_a_skill_put_off() {
    // "a level I, II, III or IV space": the level as the track prints it.
    for (level, printed) in [(1, "I"), (2, "II"), (3, "III"), (4, "IV")] {
        let line = told(Event::SkillPostponed {
            assassin: "alessandra".into(),
            level,
        });
        assert_eq!(line.kind, "skill_postponed");
        assert_eq!(line.params["assassin"], "Alessandra");
        assert_eq!(line.params["level"], printed);
    }
}

/// LEVELING UP AND SKILLS: "Take the 3 skill cards matching the new level
/// out of each assassin's envelope, choose one": the history names the
/// assassin, the level as the track prints it, and the skill chosen.
#[test]
fn the_history_names_the_assassin_level_and_skill_chosen() {
    let line = told_anywhere(&Event::SkillChosen {
        assassin: "alessandra".into(),
        level: 3,
        name: "Double assassination".into(),
        hq_level_required: None,
    });
    assert_eq!(line.kind, "skill_chosen");
    assert_eq!(line.params["assassin"], "Alessandra");
    assert_eq!(line.params["level"], "III");
    assert_eq!(line.params["skill"], "Double assassination");
}

/// The HQ's assignments: the history names an assassin by their name and
/// an apprentice or ally by its id (the catalogue words it), with the
/// building, or none when the miniature is taken back.
#[test]
fn the_history_names_the_miniature_assigned_and_its_building() {
    use bagless_bov::hq::Spot;
    let line = told(Event::MiniatureAssigned {
        miniature: "alessandra".into(),
        spot: Some(Spot::Workshop),
    });
    assert_eq!(line.params["miniature"], "Alessandra");
    assert_eq!(line.params["spot"], Spot::Workshop.word());
    let line = told(Event::MiniatureAssigned {
        miniature: "apprentice-2".into(),
        spot: None,
    });
    assert_eq!(line.key, "miniature_unassigned");
    assert_eq!(line.params["miniature"], "apprentice-2");
}

/// ASSASSINS' HEALTH: every change of an assassin's health is told with
/// the assassin's name and the health they have after it.
#[test]
fn the_history_tells_each_health_change_with_its_assassin_and_health() {
    let (assassin, health) = (String::from("bastiano"), 2);
    for event in [
        Event::HealthSet {
            assassin: assassin.clone(),
            health,
        },
        Event::HealthRestored {
            assassin: assassin.clone(),
            health,
        },
        Event::HealthLowered {
            assassin: assassin.clone(),
            health,
        },
        Event::HealthRaised {
            assassin: assassin.clone(),
            health,
        },
        Event::HealthCapped {
            assassin: assassin.clone(),
            health,
        },
        Event::AssassinRecovered {
            assassin: assassin.clone(),
            health,
        },
    ] {
        let line = told_anywhere(&event);
        assert_eq!(line.params["assassin"], "Bastiano", "{event:?}");
        assert_eq!(line.params["health"], "2", "{event:?}");
    }
}

/// The history names a card by the name it was given (dealt or added), not
/// by its id, wherever it goes after; and an assassin eliminated by name.
#[test]
fn the_history_names_cards_by_their_names_and_the_eliminated_by_theirs() {
    use bagless_bov::board::{CardKind, Place};
    let mut p = Played::new(&["alessandra"]);
    p.run(Command::AddCard {
        name: "Smoke Bomb".into(),
        kind: CardKind::BlackEquipment,
        fits: None,
        health_bonus: 0,
        removal_mark: false,
        to: Place::VillaEnvelope,
    });
    let id = p
        .state
        .ledger
        .cards
        .values()
        .find(|c| c.card.name == "Smoke Bomb")
        .unwrap()
        .card
        .id
        .clone();
    assert_ne!(id, "Smoke Bomb");
    p.run(Command::MoveCard {
        card: id,
        to: Place::EquipmentDiscard,
        chest: None,
    });
    assert_eq!(card_moved(&p.log), "Smoke Bomb");
    let line = told_anywhere(&Event::AssassinEliminated {
        assassin: "bastiano".into(),
    });
    assert_eq!(line.params["assassin"], "Bastiano");
}

/// A number typed over the XP goes up to the track's last space, no
/// further.
#[test]
fn the_xp_typed_over_goes_up_to_the_track_s_end() {
    let max = core().xp_track.max;
    let mut p = Played::new(&["alessandra"]);
    p.play("0.1", 10, &[]);
    assert_eq!(
        p.refused(set(OverrideTarget::Xp, max + 1, "typo")),
        ["override_too_high"]
    );
    p.run(set(OverrideTarget::Xp, max, "the whole track"));
    assert_eq!(p.state.xp(&core()), max);
}

/// ADJUSTING THE NUMBER OF PLAYERS: the history tells a newcomer joining and
/// one swapped in apart, each by name.
#[test]
fn the_history_tells_a_join_and_a_swap_apart() {
    for (replacing, key) in [
        (None, "assassin_joined"),
        (Some("alessandra".to_string()), "assassin_joined_swap"),
    ] {
        let line = told_anywhere(&Event::AssassinJoined {
            assassin: "bastiano".into(),
            health: 3,
            replacing,
        });
        assert_eq!(line.key, key);
        assert_eq!(line.params["assassin"], "Bastiano");
    }
}

/// The cards dealt at the creation are named by the history wherever they
/// go after (the core box's Flying Machine).
#[test]
fn the_history_names_a_card_dealt_at_the_creation() {
    use bagless_bov::board::Place;
    let mut p = Played::new(&["alessandra"]);
    let from = p.state.ledger.place_of("flying-machine").cloned().unwrap();
    let seq = p.log.len() as u32 + 1;
    p.log.push(EventEnvelope {
        seq,
        recorded_at: ctx().now,
        event: Event::CardMoved {
            card: "flying-machine".into(),
            from,
            to: Place::MainHall,
            chest: None,
        },
        by: None,
    });
    assert_eq!(card_moved(&p.log), "Flying Machine");
}

/// ADJUSTING THE NUMBER OF PLAYERS: the history tells an assassin leaving,
/// by name, and one swapped out with the one swapped in.
#[test]
fn the_history_tells_a_leave_and_a_swap_out_with_the_names() {
    let line = told_anywhere(&Event::AssassinLeft {
        assassin: "alessandra".into(),
        replaced_by: None,
    });
    assert_eq!(line.params["assassin"], "Alessandra");
    let line = told_anywhere(&Event::AssassinLeft {
        assassin: "alessandra".into(),
        replaced_by: Some("bastiano".into()),
    });
    assert_eq!(line.key, "assassin_swapped");
    assert_eq!(
        (
            line.params["assassin"].as_str(),
            line.params["joining"].as_str()
        ),
        ("Alessandra", "Bastiano")
    );
}
