//! The rulebook, read again: where Bagless departed from the rules summary
//! (../shared/seeds/000), each correction tested by the rule it follows, with
//! the line it quotes. The HQ's corrections (FIRST ASSIGNMENT before 1.1, the
//! red hospital spaces, Ezio) are in hq_rules.rs beside the HQ's helpers.

use bagless_bov::assassins::skill_usable;
use bagless_bov::board::{CardKind, ChestEnd, EquipSlot, Place};
use bagless_bov::campaign::{
    decide, evolve, AttemptInput, Campaign, Command, Context, Difficulty, Event, Outcome, XpGained,
};
use bagless_bov::{Pack, RuleViolation};
use chrono::{NaiveDate, TimeZone, Utc};

fn pack(name: &str) -> Pack {
    let json = match name {
        "core" => include_str!("../../../campaigns/core/pack.json"),
        _ => include_str!("../../../campaigns/roma/pack.json"),
    };
    Pack::from_json(name, json).unwrap()
}

struct Table {
    pack: Pack,
    state: Campaign,
}

impl Table {
    fn new(box_id: &str, assassins: &[&str]) -> Table {
        let mut table = Table {
            pack: pack(box_id),
            state: Campaign::default(),
        };
        table.run(Command::Create {
            name: "Venice".into(),
            pack_id: box_id.into(),
            assassins: assassins.iter().map(|s| s.to_string()).collect(),
        });
        table
    }

    fn decide(&self, command: &Command) -> Result<Vec<Event>, Vec<RuleViolation>> {
        let ctx = Context {
            now: Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap(),
        };
        decide(&self.state, &self.pack, command, &ctx)
    }

    fn run(&mut self, command: Command) -> Vec<Event> {
        let events = self
            .decide(&command)
            .unwrap_or_else(|v| panic!("{command:?} refused: {v:?}"));
        self.state = events.iter().fold(self.state.clone(), evolve);
        events
    }

    fn refused(&self, command: Command) -> RuleViolation {
        self.decide(&command).unwrap_err().remove(0)
    }

    fn play(&mut self, memory: &str, outcome: Outcome, xp: u32, eliminated: &[&str]) {
        for (assassin, level) in self.state.pending_skill_choices(&self.pack) {
            self.run(Command::PostponeSkill { assassin, level });
        }
        self.run(attempt(memory, outcome, xp, eliminated));
    }

    fn add(&mut self, name: &str, kind: CardKind, fits: Option<EquipSlot>, mark: bool) -> String {
        self.run(Command::AddCard {
            name: name.into(),
            kind,
            fits,
            health_bonus: u8::from(fits == Some(EquipSlot::Armor)),
            removal_mark: mark,
            to: Place::VillaEnvelope,
        });
        self.state
            .ledger
            .cards
            .values()
            .find(|c| c.card.name == name)
            .unwrap()
            .card
            .id
            .clone()
    }

    fn move_card(&mut self, card: &str, to: Place, chest: Option<ChestEnd>) -> Vec<Event> {
        self.run(Command::MoveCard {
            card: card.into(),
            to,
            chest,
        })
    }

    fn health(&self, assassin: &str) -> u8 {
        self.state.roster[assassin].health
    }
}

fn attempt(memory: &str, outcome: Outcome, xp: u32, eliminated: &[&str]) -> Command {
    Command::RecordAttempt(AttemptInput {
        memory: memory.into(),
        outcome,
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
    })
}

/// Item 2: REPLAYING A MEMORY: "If you fail a second time, read the Synchronized
/// Memory page … and act as if you had completed it"; VILLA: "At the end of
/// memories 0.1-0.3 … Recover your lost [health]".
#[test]
fn villa_a_synchronized_memory_heals_as_if_completed() {
    let mut table = Table::new("core", &["alessandra"]);
    table.play("0.1", Outcome::Success, 5, &[]);
    table.run(Command::SetHealth {
        assassin: "alessandra".into(),
        health: 1,
    });
    table.play("0.2", Outcome::Failure, 0, &[]);
    assert_eq!(table.health("alessandra"), 1, "a first failure is replayed");
    table.play("0.2", Outcome::Failure, 3, &[]);
    assert!(table.state.is_done("0.2"));
    // 0.3 is next: "your 3 initial" health.
    assert_eq!(table.health("alessandra"), 3);
}

/// Item 3: ASSASSIN APPRENTICES: "If you don't have your HQ yet, your assassin
/// will be in full health as soon as you complete the memory with the
/// assassin apprentice"; REPLAYING A MEMORY: "Each eliminated assassin is
/// replaced by an assassin apprentice."
#[test]
fn assassin_apprentices_without_hq_the_eliminated_come_back_once_the_memory_is_completed() {
    let mut table = Table::new("core", &["claudio", "daria"]);
    table.play("0.1", Outcome::Success, 30, &[]);
    table.run(Command::ChooseSkill {
        assassin: "claudio".into(),
        level: 1,
        name: "Skill I".into(),
        hq_level_required: None,
    });
    table.play("0.2", Outcome::Failure, 0, &["claudio"]);
    // The replay: Claudio's apprentice plays it, he is still eliminated.
    assert!(table.state.roster["claudio"].eliminated);
    assert_eq!(table.health("claudio"), 0);
    assert_eq!(
        table
            .refused(attempt("0.2", Outcome::Success, 0, &["claudio"]))
            .code,
        "eliminated_was_apprentice"
    );
    table.play("0.2", Outcome::Failure, 0, &[]);
    assert!(!table.state.roster["claudio"].eliminated);
    assert_eq!(table.health("claudio"), 3, "full health: the 3 initial");
    assert!(skill_usable(&table.state, "claudio", 1));
}

/// Item 5: SAVE 1: "When setting up maps from memory 0.3 onward, place a 4th
/// [action cube] next to each assassin board": optional memories too.
#[test]
fn save_a_fourth_action_cube_from_0_3_onward_optional_memories_included() {
    let mut table = Table::new("core", &["alessandra"]);
    assert_eq!(table.state.action_cubes(&table.pack), 3);
    table.play("0.1", Outcome::Success, 5, &[]);
    table.play("0.2", Outcome::Success, 5, &[]);
    assert_eq!(table.state.action_cubes(&table.pack), 4, "0.3 is next");
    // An optional memory (M.A, after 1.3), with the HQ steps left out of
    // the box for this test.
    table.pack.board.hq_after = None;
    for memory in ["0.3", "0.4", "1.1", "1.2", "1.3"] {
        table.play(memory, Outcome::Success, 5, &[]);
    }
    assert_eq!(table.state.next_memory(&table.pack), Some("M.A"));
    assert_eq!(table.state.action_cubes(&table.pack), 4);
}

/// Item 7: EQUIP: "Discard the card that is in the slot. A card with the [icon]
/// is permanently discarded from the game": the icon printed on the card
/// decides, not its colour (HQ RESOLUTION STEP, workshop: "Used cards with
/// a [icon] are permanently removed from the game").
#[test]
fn equip_what_leaves_the_game_is_the_icon_printed_on_the_card() {
    let mut table = Table::new("core", &["alessandra"]);
    let grey = table.add("Hidden Blade", CardKind::GreyEquipment, None, false);
    let black = table.add("Poison", CardKind::BlackEquipment, None, true);
    table.move_card(&grey, Place::EquipmentDiscard, None);
    table.move_card(&black, Place::EquipmentDiscard, None);
    let place = |id: &str| table.state.ledger.place_of(id).cloned();
    assert_eq!(place(&grey), Some(Place::EquipmentDiscard));
    assert_eq!(place(&black), Some(Place::RemovedFromGame));
}

/// Item 8: ADJUSTING THE NUMBER OF PLAYERS: "you cannot swap an apprentice for an
/// assassin this way" — and nothing more: an eliminated assassin may leave.
#[test]
fn adjusting_the_number_of_players_an_eliminated_assassin_may_leave_not_be_swapped() {
    let mut table = Table::new("core", &["alessandra", "bastiano"]);
    table.play("0.1", Outcome::Success, 5, &["bastiano"]);
    assert_eq!(
        table
            .refused(Command::SwapAssassin {
                leaving: "bastiano".into(),
                joining: "claudio".into(),
            })
            .code,
        "apprentice_cannot_swap"
    );
    table.run(Command::LeaveAssassin {
        assassin: "bastiano".into(),
    });
    assert!(!table.state.in_play("bastiano"));
    // Coming back, he is still the one an apprentice replaces.
    table.run(Command::JoinAssassin {
        assassin: "bastiano".into(),
    });
    assert!(table.state.roster["bastiano"].eliminated);
    assert_eq!(table.health("bastiano"), 0);
}

/// Item 8: The rules say where chest cards go only for a failed attempt
/// (REPLAYING A MEMORY: "Return any chest cards … to the chest card deck (in
/// their original order)"): one put back by hand goes on top, unless the
/// players say the bottom.
#[test]
fn chest_a_card_put_back_by_hand_goes_on_top_unless_the_players_say_otherwise() {
    let mut table = Table::new("core", &["alessandra"]);
    let first = table.add("Chest A", CardKind::Chest, None, false);
    let second = table.add("Chest B", CardKind::Chest, None, false);
    let third = table.add("Chest C", CardKind::Chest, None, false);
    table.move_card(&first, Place::ChestDeck, None);
    table.move_card(&second, Place::ChestDeck, None);
    assert_eq!(
        table.state.ledger.chest_deck,
        [second.clone(), first.clone()]
    );
    let events = table.move_card(&third, Place::ChestDeck, Some(ChestEnd::Bottom));
    assert!(matches!(
        &events[0],
        Event::CardMoved {
            chest: Some(ChestEnd::Bottom),
            ..
        }
    ));
    assert_eq!(table.state.ledger.chest_deck, [second, first, third]);
}

/// Item 8: ASSASSINS' HEALTH: an armor adds its health to its wearer's maximum;
/// taken off, the maximum drops and health with it.
#[test]
fn assassins_health_taking_off_an_armor_lowers_health_to_the_new_maximum() {
    let mut table = Table::new("core", &["alessandra"]);
    table.play("0.1", Outcome::Success, 5, &[]);
    table.play("0.2", Outcome::Success, 5, &[]);
    let armor = table.add(
        "Leather Armor",
        CardKind::GreyEquipment,
        Some(EquipSlot::Armor),
        false,
    );
    let worn = Place::Equipped {
        assassin: "alessandra".into(),
        slot: EquipSlot::Armor,
    };
    table.move_card(&armor, worn, None);
    // VILLA: "your 3 initial and those added by your armor".
    table.run(Command::SetHealth {
        assassin: "alessandra".into(),
        health: 4,
    });
    let events = table.move_card(
        &armor,
        Place::Inventory {
            assassin: "alessandra".into(),
            index: 0,
        },
        None,
    );
    assert!(events.contains(&Event::HealthLowered {
        assassin: "alessandra".into(),
        health: 3,
    }));
    assert_eq!(table.health("alessandra"), 3);
    // Below the new maximum, edition 3 takes the armor's health back too
    // (a loss stays a loss: `edition_3.rs::an_armor_taken_off_takes_back…`).
    let worn = Place::Equipped {
        assassin: "alessandra".into(),
        slot: EquipSlot::Armor,
    };
    table.move_card(&armor, worn, None);
    table.run(Command::SetHealth {
        assassin: "alessandra".into(),
        health: 2,
    });
    let events = table.move_card(&armor, Place::VillaEnvelope, None);
    assert_eq!(events.len(), 2);
    assert_eq!(table.health("alessandra"), 1);
}

/// Item 8: LEVELING UP AND SKILLS: "Each time you reach or pass a level I, II,
/// III or IV space on the experience track": Roma's track marks only III
/// (22 XP) and IV, so only those skills are asked (how Roma assassins start
/// is not in the rules summary: an assumption the Roma diary states).
#[test]
fn leveling_up_asks_only_for_the_levels_the_track_marks() {
    let mut table = Table::new("roma", &["clara"]);
    let first = table.pack.main_memories().next().unwrap().id.clone();
    table.run(attempt(&first, Outcome::Success, 22, &[]));
    assert_eq!(table.state.level(), 3);
    assert_eq!(
        table.state.pending_skill_choices(&table.pack),
        [("clara".to_string(), 3)]
    );
    assert!(table
        .state
        .pending_skill_choices(&table.pack)
        .iter()
        .all(|(_, level)| *level != 1 && *level != 2));
    assert!(table.pack.assumptions.contains(&"roma_start_levels".into()));
}

/// LEVELING UP AND SKILLS: "Each time you reach or pass a level I, II, III
/// or IV space on the experience track … all assassins (including those not
/// in play), level up" and "choose one" of the level's skill cards. The
/// board asks each assassin's choice for the level reached, until it is
/// made.
#[test]
fn leveling_up_the_board_asks_each_assassin_s_skill_choice_until_it_is_made() {
    use bagless_bov::board_view::board_view;
    let mut table = Table::new("core", &["claudio", "daria"]);
    assert!(board_view("c", &table.state, &table.pack)
        .pending_skills
        .is_empty());
    table.play("0.1", Outcome::Success, 30, &[]);
    let pending = |table: &Table| -> Vec<(String, u8)> {
        board_view("c", &table.state, &table.pack)
            .pending_skills
            .iter()
            .map(|p| (p.assassin.clone(), p.level))
            .collect()
    };
    assert_eq!(
        pending(&table),
        [("claudio".into(), 1), ("daria".into(), 1)]
    );
    // "Take the 3 skill cards matching the new level": the choice offers
    // the assassin's skills of that level, and only those (a box whose
    // pack prints them; the core pack leaves them to be typed).
    let mut json: serde_json::Value =
        serde_json::from_str(include_str!("../../../campaigns/core/pack.json")).unwrap();
    for assassin in json["assassins"].as_array_mut().unwrap() {
        if assassin["id"] == "claudio" {
            assassin["skills"] = serde_json::json!([
                {"level": 1, "name": "Eagle Vision"},
                {"level": 2, "name": "Double Blade"},
                {"level": 1, "name": "Blend"},
            ]);
        }
    }
    let printed = bagless_bov::Pack::from_json("core", &json.to_string()).unwrap();
    let options: Vec<(String, Vec<String>)> = board_view("c", &table.state, &printed)
        .pending_skills
        .into_iter()
        .map(|p| (p.assassin, p.options.into_iter().map(|s| s.name).collect()))
        .collect();
    assert_eq!(
        options,
        [
            (
                "claudio".into(),
                vec!["Eagle Vision".into(), "Blend".into()]
            ),
            ("daria".into(), vec![])
        ]
    );
    table.run(Command::ChooseSkill {
        assassin: "claudio".into(),
        level: 1,
        name: "Skill I".into(),
        hq_level_required: None,
    });
    assert_eq!(pending(&table), [("daria".into(), 1)]);
}
