//! The assassins' and the card ledger's rules, on the real core pack.

use bagless_bov::assassins::{check_invariants, skill_usable};
use bagless_bov::board::{CardKind, EquipSlot, Place, SkillChoice};
use bagless_bov::campaign::{
    decide, evolve, AttemptInput, Campaign, Command, Context, Difficulty, Outcome, XpGained,
};
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

fn try_run(state: &Campaign, command: Command) -> Result<Campaign, Vec<RuleViolation>> {
    let events = decide(state, &core(), &command, &ctx())?;
    Ok(events.iter().fold(state.clone(), evolve))
}

fn run(state: Campaign, command: Command) -> Campaign {
    try_run(&state, command.clone()).unwrap_or_else(|v| panic!("{command:?} refused: {v:?}"))
}

fn refused(state: &Campaign, command: Command) -> RuleViolation {
    let violations = decide(state, &core(), &command, &ctx()).unwrap_err();
    violations.into_iter().next().unwrap()
}

fn created(assassins: &[&str]) -> Campaign {
    run(
        Campaign::default(),
        Command::Create {
            name: "Venice".into(),
            pack_id: "core".into(),
            assassins: assassins.iter().map(|s| s.to_string()).collect(),
        },
    )
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

fn choose(state: Campaign, assassin: &str, level: u8, name: &str, hq: Option<u8>) -> Campaign {
    run(
        state,
        Command::ChooseSkill {
            assassin: assassin.into(),
            level,
            name: name.into(),
            hq_level_required: hq,
        },
    )
}

fn add(
    state: Campaign,
    name: &str,
    kind: CardKind,
    fits: Option<EquipSlot>,
    to: Place,
) -> Campaign {
    run(
        state,
        Command::AddCard {
            name: name.into(),
            kind,
            fits,
            health_bonus: u8::from(fits == Some(EquipSlot::Armor)),
            removal_mark: false,
            to,
        },
    )
}

fn inventory(assassin: &str, index: u8) -> Place {
    Place::Inventory {
        assassin: assassin.into(),
        index,
    }
}

fn id_of(state: &Campaign, name: &str) -> String {
    state
        .ledger
        .cards
        .values()
        .find(|c| c.card.name == name)
        .unwrap()
        .card
        .id
        .clone()
}

#[test]
fn a_level_up_reaches_absent_and_eliminated_assassins_and_waits_for_their_skills() {
    let mut state = created(&["alessandra", "bastiano"]);
    state = run(state, attempt("0.1", Outcome::Success, 10, &[]));
    // Bastiano leaves the campaign; Alessandra is eliminated in 0.2, which
    // crosses level I (25 XP).
    state = run(
        state,
        Command::LeaveAssassin {
            assassin: "bastiano".into(),
        },
    );
    state = run(state, attempt("0.2", Outcome::Success, 15, &["alessandra"]));
    assert_eq!(state.level(), 1);
    assert!(state.roster["alessandra"].eliminated);
    assert!(!state.in_play("bastiano"));
    assert_eq!(
        state.pending_skill_choices(&core()),
        vec![("alessandra".into(), 1), ("bastiano".into(), 1)]
    );
    // The campaign does not go on until each choice is made or put off.
    let blocked = refused(&state, attempt("0.3", Outcome::Success, 5, &[]));
    assert_eq!(blocked.code, "skill_choice_pending");
    assert_eq!(blocked.section, bagless_bov::Section::LevelingUpAndSkills);
    state = choose(state, "alessandra", 1, "Eagle Eye", None);
    state = run(
        state,
        Command::PostponeSkill {
            assassin: "bastiano".into(),
            level: 1,
        },
    );
    assert!(state.pending_skill_choices(&core()).is_empty());
    state = run(state, attempt("0.3", Outcome::Success, 5, &[]));
    // A postponed choice can be made later; a made one is final.
    state = choose(state, "bastiano", 1, "Quick Hands", None);
    assert_eq!(
        refused(
            &state,
            Command::PostponeSkill {
                assassin: "bastiano".into(),
                level: 1
            }
        )
        .code,
        "skill_already_chosen"
    );
    assert_eq!(
        refused(
            &state,
            Command::ChooseSkill {
                assassin: "bastiano".into(),
                level: 2,
                name: "Too soon".into(),
                hq_level_required: None,
            }
        )
        .code,
        "skill_level_not_reached"
    );
}

#[test]
fn an_apprentice_uses_level_i_and_ii_skills_only_until_the_assassin_is_back() {
    let mut state = created(&["claudio", "daria"]);
    // 95 XP reaches level III.
    state = run(state, attempt("0.1", Outcome::Success, 95, &[]));
    for level in 1..=3 {
        state = choose(state, "claudio", level, &format!("Skill {level}"), None);
        state = choose(state, "daria", level, &format!("Skill {level}"), None);
    }
    state = run(state, attempt("0.2", Outcome::Success, 0, &["claudio"]));
    assert!(state.roster["claudio"].eliminated);
    assert_eq!(state.roster["claudio"].health, 0);
    assert!(skill_usable(&state, "claudio", 1));
    assert!(skill_usable(&state, "claudio", 2));
    assert!(
        !skill_usable(&state, "claudio", 3),
        "an apprentice cannot use level III"
    );
    assert!(skill_usable(&state, "daria", 3));
    // The apprentice cannot be swapped for another assassin.
    let swap = refused(
        &state,
        Command::SwapAssassin {
            leaving: "claudio".into(),
            joining: "alessandra".into(),
        },
    );
    assert_eq!(swap.code, "apprentice_cannot_swap");
    // ASSASSIN APPRENTICES: "If you don't have your HQ yet, your assassin
    // will be in full health as soon as you complete the memory with the
    // assassin apprentice": a failure is replayed with the apprentice, then
    // Claudio is back (0.4 is next: 3 health, VILLA's "3 initial").
    state = run(state, attempt("0.3", Outcome::Failure, 0, &[]));
    assert!(state.roster["claudio"].eliminated);
    state = run(state, attempt("0.3", Outcome::Success, 0, &[]));
    assert!(!state.roster["claudio"].eliminated);
    assert_eq!(state.roster["claudio"].health, 3);
    assert!(skill_usable(&state, "claudio", 3));
}

/// Edition 1's reading, kept for the campaigns recorded under it (edition
/// 2 gives 3 at every memory: tests/edition_2.rs).
#[test]
fn joining_before_0_3_takes_3_health_and_later_4() {
    let events = bagless_bov::rules::creation::decide_create(
        &core(),
        "Venice",
        "core",
        &["alessandra".to_string()],
        1,
    )
    .unwrap();
    let mut state = events.iter().fold(Campaign::default(), evolve);
    assert_eq!(state.roster["alessandra"].health, 3, "0.1 is next");
    state = run(
        state,
        Command::JoinAssassin {
            assassin: "bastiano".into(),
        },
    );
    assert_eq!(state.roster["bastiano"].health, 3);
    assert_eq!(state.action_cubes(&core()), 3);
    state = run(state, attempt("0.1", Outcome::Success, 5, &[]));
    state = run(
        state,
        Command::JoinAssassin {
            assassin: "claudio".into(),
        },
    );
    assert_eq!(state.roster["claudio"].health, 3, "0.2 is next");
    state = run(state, attempt("0.2", Outcome::Success, 5, &[]));
    // The villa heals everyone to the new maximum.
    assert_eq!(state.roster["alessandra"].health, 4);
    state = run(
        state,
        Command::JoinAssassin {
            assassin: "daria".into(),
        },
    );
    assert_eq!(state.roster["daria"].health, 4, "0.3 is next");
    assert_eq!(state.action_cubes(&core()), 4, "a 4th cube from 0.3");
    let full = refused(
        &state,
        Command::JoinAssassin {
            assassin: "daria".into(),
        },
    );
    assert_eq!(full.code, "assassin_already_in_play");
}

#[test]
fn chest_cards_of_a_failed_attempt_go_back_in_their_original_order() {
    let mut state = created(&["alessandra", "bastiano"]);
    for n in 1..=4 {
        state = add(
            state,
            &format!("Chest {n}"),
            CardKind::Chest,
            None,
            Place::ChestDeck,
        );
    }
    let deck = state.ledger.chest_deck.clone();
    state = run(
        state,
        Command::DrawChestCard {
            to: inventory("alessandra", 0),
        },
    );
    state = run(
        state,
        Command::DrawChestCard {
            to: inventory("bastiano", 3),
        },
    );
    assert_eq!(state.ledger.chest_deck, deck[2..]);
    assert_eq!(
        state.ledger.place_of(&deck[0]),
        Some(&inventory("alessandra", 0))
    );
    state = run(state, attempt("0.1", Outcome::Failure, 0, &[]));
    assert_eq!(
        state.ledger.chest_deck, deck,
        "back on top, first drawn on top"
    );
    // Second attempt: draw one, fail again (a synchronized memory): it
    // goes back on top too, and the campaign moves on.
    state = run(
        state,
        Command::DrawChestCard {
            to: inventory("alessandra", 1),
        },
    );
    state = run(state, attempt("0.1", Outcome::Failure, 0, &[]));
    assert_eq!(state.ledger.chest_deck, deck);
    assert!(state.is_done("0.1"));
    // A success keeps what was drawn.
    state = run(
        state,
        Command::DrawChestCard {
            to: inventory("alessandra", 1),
        },
    );
    state = run(state, attempt("0.2", Outcome::Success, 0, &[]));
    assert_eq!(state.ledger.chest_deck, deck[1..]);
}

/// The ledger's invariants (`bagless check`, every file decided again): the
/// chest deck's list names each card in it once. A list that names a card
/// twice is refused even where it names the same cards as the places do.
#[test]
fn the_invariants_refuse_a_chest_deck_list_naming_a_card_twice() {
    let mut state = created(&["alessandra"]);
    for n in 1..=2 {
        state = add(
            state,
            &format!("Chest {n}"),
            CardKind::Chest,
            None,
            Place::ChestDeck,
        );
    }
    assert_eq!(check_invariants(&state), Ok(()));
    let first = state.ledger.chest_deck[0].clone();
    state.ledger.chest_deck.push(first);
    assert_eq!(
        check_invariants(&state),
        Err("the chest deck list and the cards' places disagree".into())
    );
}

#[test]
fn a_skill_that_needs_an_hq_level_waits_for_it() {
    let mut state = created(&["daria"]);
    state = run(state, attempt("0.1", Outcome::Success, 25, &[]));
    state = choose(state, "daria", 1, "Network of Informants", Some(2));
    assert!(!skill_usable(&state, "daria", 1), "no HQ yet");
    state.hq_level = 1;
    assert!(!skill_usable(&state, "daria", 1));
    state.hq_level = 2;
    assert!(skill_usable(&state, "daria", 1));
    assert_eq!(
        state.roster["daria"].skills[&1],
        SkillChoice::Chosen {
            name: "Network of Informants".into(),
            hq_level_required: Some(2)
        }
    );
}

#[test]
fn slots_take_only_what_fits_and_the_sixth_inventory_card_is_refused() {
    let mut state = created(&["alessandra"]);
    state = add(
        state,
        "Sword",
        CardKind::BlackEquipment,
        Some(EquipSlot::Melee),
        Place::VillaEnvelope,
    );
    let sword = id_of(&state, "Sword");
    let wrong = refused(
        &state,
        Command::MoveCard {
            card: sword.clone(),
            to: Place::Equipped {
                assassin: "alessandra".into(),
                slot: EquipSlot::Ranged,
            },
            chest: None,
        },
    );
    assert_eq!(wrong.code, "slot_wrong_kind");
    assert_eq!(wrong.section, bagless_bov::Section::Equip);
    state = run(
        state,
        Command::MoveCard {
            card: sword,
            to: Place::Equipped {
                assassin: "alessandra".into(),
                slot: EquipSlot::Melee,
            },
            chest: None,
        },
    );
    for index in 0..5 {
        state = add(
            state,
            &format!("Item {index}"),
            CardKind::Reward,
            None,
            inventory("alessandra", index),
        );
    }
    let sixth = refused(
        &state,
        Command::AddCard {
            name: "Sixth".into(),
            kind: CardKind::Reward,
            fits: None,
            health_bonus: 0,
            removal_mark: false,
            to: inventory("alessandra", 2),
        },
    );
    assert_eq!(sixth.code, "inventory_full");
    assert!(
        sixth.message.contains("5 inventory slots"),
        "{}",
        sixth.message
    );
    // An armor adds its health to the maximum.
    state = add(
        state,
        "Leather",
        CardKind::GreyEquipment,
        Some(EquipSlot::Armor),
        Place::VillaEnvelope,
    );
    let armor = id_of(&state, "Leather");
    let before = state.max_health(&core(), "alessandra");
    state = run(
        state,
        Command::MoveCard {
            card: armor.clone(),
            to: Place::Equipped {
                assassin: "alessandra".into(),
                slot: EquipSlot::Armor,
            },
            chest: None,
        },
    );
    assert_eq!(state.max_health(&core(), "alessandra"), before + 1);
    // EQUIP: "A card with the [removal] icon is permanently discarded from
    // the game"; this one has none, so it goes to the discard pile.
    state = run(
        state,
        Command::MoveCard {
            card: armor.clone(),
            to: Place::EquipmentDiscard,
            chest: None,
        },
    );
    assert_eq!(
        state.ledger.place_of(&armor),
        Some(&Place::EquipmentDiscard)
    );
    state = run(
        state,
        Command::MoveCard {
            card: armor.clone(),
            to: Place::EquipmentDeck,
            chest: None,
        },
    );
    let marked = run(
        state.clone(),
        Command::AddCard {
            name: "Poison Dart".into(),
            kind: CardKind::BlackEquipment,
            fits: None,
            health_bonus: 0,
            removal_mark: true,
            to: Place::VillaEnvelope,
        },
    );
    let dart = id_of(&marked, "Poison Dart");
    let marked = run(
        marked,
        Command::MoveCard {
            card: dart.clone(),
            to: Place::EquipmentDiscard,
            chest: None,
        },
    );
    assert_eq!(marked.ledger.place_of(&dart), Some(&Place::RemovedFromGame));
    let armor = dart;
    let state = marked;
    assert_eq!(
        refused(
            &state,
            Command::MoveCard {
                card: armor,
                to: Place::VillaEnvelope,
                chest: None,
            }
        )
        .code,
        "card_removed"
    );
    // No HQ yet: no main hall.
    let hall = refused(
        &state,
        Command::MoveCard {
            card: id_of(&state, "Item 0"),
            to: Place::MainHall,
            chest: None,
        },
    );
    assert_eq!(hall.code, "no_hq_yet");
}

#[test]
fn a_leaving_assassin_stores_their_equipment_in_the_villa() {
    let mut state = created(&["alessandra", "bastiano"]);
    state = add(
        state,
        "Smoke Bomb",
        CardKind::BlackEquipment,
        None,
        inventory("bastiano", 0),
    );
    state = run(
        state,
        Command::LeaveAssassin {
            assassin: "bastiano".into(),
        },
    );
    assert_eq!(
        state.ledger.place_of(&id_of(&state, "Smoke Bomb")),
        Some(&Place::VillaEnvelope)
    );
    assert_eq!(state.assassins, vec!["alessandra".to_string()]);
    assert!(state.roster.contains_key("bastiano"), "their bag is kept");
    let last = refused(
        &state,
        Command::LeaveAssassin {
            assassin: "alessandra".into(),
        },
    );
    assert_eq!(last.code, "last_assassin");
    state = run(
        state,
        Command::SwapAssassin {
            leaving: "alessandra".into(),
            joining: "claudio".into(),
        },
    );
    assert_eq!(state.assassins, vec!["claudio".to_string()]);
}

#[test]
fn the_board_view_gives_the_health_an_armor_adds_and_what_the_card_form_asks() {
    use bagless_bov::board_view::board_view;
    // ASSASSINS' HEALTH: only an armor adds health; the board shows the
    // maximum the view gives, and the form adding a card asks for a health
    // bonus only for the slots the view names.
    let mut state = created(&["alessandra"]);
    let view = board_view("c", &state, &core());
    assert_eq!(view.new_card.health_slots, [EquipSlot::Armor]);
    assert_eq!(view.new_card.max_health_bonus, 5);
    assert_eq!(view.new_card.max_name_chars, 60);
    let base = view.assassins[0].max_health;
    assert_eq!(base, 3, "VILLA: \"your 3 initial\"");
    state = run(
        state,
        Command::AddCard {
            name: "Heavy Armor".into(),
            kind: CardKind::GreyEquipment,
            fits: Some(EquipSlot::Armor),
            health_bonus: 2,
            removal_mark: false,
            to: Place::VillaEnvelope,
        },
    );
    let armor = id_of(&state, "Heavy Armor");
    state = run(
        state,
        Command::MoveCard {
            card: armor,
            to: Place::Equipped {
                assassin: "alessandra".into(),
                slot: EquipSlot::Armor,
            },
            chest: None,
        },
    );
    let board = &board_view("c", &state, &core()).assassins[0];
    assert_eq!((board.max_health, board.armor_bonus), (base + 2, 2));
}

/// SAVING THE GAME: "Map: Place the event, chest and equipment cards in a
/// plastic bag." The board view marks the piles that go in the map's bag,
/// for the put-it-back sheet; the assassins' and the HQ's do not.
#[test]
fn saving_the_game_the_chest_and_equipment_piles_go_in_the_maps_bag() {
    use bagless_bov::board_view::board_view;
    let state = created(&["alessandra"]);
    let view = board_view("c", &state, &core());
    let bagged: Vec<Place> = view
        .piles
        .iter()
        .filter(|p| p.map_bag)
        .map(|p| p.place.clone())
        .collect();
    assert_eq!(
        bagged,
        [
            Place::EquipmentDeck,
            Place::EquipmentDiscard,
            Place::ChestDeck
        ]
    );
    assert!(view.piles.len() > bagged.len());
}

/// ADJUSTING THE NUMBER OF PLAYERS: "When an assassin leaves the campaign:
/// Put their assassin card, … remaining [health] … inside a plastic bag."
/// Coming back, they take the health they left in their bag, not a
/// newcomer's full health; one who left eliminated comes back with none.
#[test]
fn an_assassin_coming_back_takes_the_health_left_in_the_bag() {
    let played = run(
        created(&["alessandra", "bastiano", "claudio"]),
        attempt("0.1", Outcome::Success, 5, &["claudio"]),
    );
    let back = |mut state: Campaign, assassin: &str| {
        state = run(
            state,
            Command::LeaveAssassin {
                assassin: assassin.into(),
            },
        );
        run(
            state,
            Command::JoinAssassin {
                assassin: assassin.into(),
            },
        )
    };
    let hurt = run(
        played.clone(),
        Command::SetHealth {
            assassin: "bastiano".into(),
            health: 2,
        },
    );
    let state = back(hurt, "bastiano");
    assert_eq!(state.roster["bastiano"].health, 2);
    assert!(!state.roster["bastiano"].eliminated);
    let state = back(played, "claudio");
    assert_eq!(state.roster["claudio"].health, 0);
}
