//! Issue 55: a card picked up on the board is offered only the places the
//! rules take it ("Put here"), and elsewhere the rule that refuses it, as
//! the move itself would meet it: `views::destinations` asks `decide`, for
//! every place the board shows. Each test checks the view against the
//! command the board sends, place by place.

use crate::board_steps::{self, command, step};
use crate::table::{ctx, equipped, inventory, move_card, Table};
use bagless_bov::board::{CardKind, EquipSlot, Place};
use bagless_bov::board_view::{board_view, BoardView};
use bagless_bov::campaign::{decide, evolve, Campaign, Command, Outcome};
use bagless_bov::destinations::{destinations, DestinationsView};
use bagless_bov::hq::HqPhase;
use bagless_bov::{Pack, RuleCode, Section};
use proptest::prelude::*;

/// Every place the board view draws to put a card (each assassin in play's
/// typed slots and inventory, the storage, the piles), in its order.
fn board_places(view: &BoardView) -> Vec<Place> {
    let mut places = Vec::new();
    for assassin in &view.assassins {
        let id = &assassin.id;
        places.extend(assassin.equipped.iter().map(|s| equipped(id, s.slot)));
        places.extend((0..assassin.inventory.len() as u8).map(|i| inventory(id, i)));
    }
    places.push(view.storage.place.clone());
    places.extend(view.piles.iter().map(|p| p.place.clone()));
    places
}

/// What the board's drop sends (ui/src/games/bov/screens/Board.svelte):
/// the chest deck's top card put on an assassin's board is drawn from the
/// chest; every other card is moved.
fn board_drop(state: &Campaign, card: &str, to: &Place) -> Command {
    let top = state.ledger.chest_deck.first().map(String::as_str) == Some(card);
    if top && matches!(to, Place::Equipped { .. } | Place::Inventory { .. }) {
        Command::DrawChestCard { to: to.clone() }
    } else {
        move_card(card, to.clone())
    }
}

/// Where `card` may go, checked place by place against `decide`: offered
/// exactly where the board's command is accepted, refused with the first
/// rule it breaks; the places are the board view's.
fn checked(state: &Campaign, pack: &Pack, card: &str) -> Result<DestinationsView, String> {
    let view = destinations(state, pack, card, &ctx());
    let shown: Vec<Place> = view.places.iter().map(|d| d.place.clone()).collect();
    let drawn = board_places(&board_view("c", state, pack));
    if shown != drawn {
        return Err(format!("places {shown:?}, the board draws {drawn:?}"));
    }
    for destination in &view.places {
        let command = board_drop(state, card, &destination.place);
        let decided = decide(state, pack, &command, &ctx());
        match (&destination.refused, &decided) {
            (None, Ok(_)) => {}
            (Some(shown), Err(violations)) if violations.first() == Some(shown) => {}
            (shown, decided) => {
                return Err(format!(
                    "{card} to {:?}: the view says {shown:?}, decide {decided:?}",
                    destination.place
                ))
            }
        }
    }
    Ok(view)
}

fn view_of(table: &Table, card: &str) -> DestinationsView {
    checked(&table.state, &table.pack, card).unwrap_or_else(|why| panic!("{why}"))
}

/// The rule refusing the card at `place`, `None` where it is offered.
fn refused_at(view: &DestinationsView, place: &Place) -> Option<RuleCode> {
    view.places
        .iter()
        .find(|d| &d.place == place)
        .unwrap_or_else(|| panic!("{place:?} is no place of the board"))
        .refused
        .as_ref()
        .map(|v| v.code)
}

const SLOTS: [EquipSlot; 3] = [EquipSlot::Melee, EquipSlot::Ranged, EquipSlot::Armor];

/// EQUIP, "place them on the corresponding slot ([melee], [ranged],
/// [armor] or [?]) or on one of the 5 [inventory] slots of your assassin
/// board"; FIRST ASSIGNMENT, "2. Place the flying machine blueprint card …
/// in the workshop" (edition 5: the confirmation places it, no card goes
/// in before); ASSIGNMENTS: MEMORY 1.2 ONWARD, "2. Choose 1 blueprint card
/// and place it in the workshop": a blueprint held is offered no typed
/// slot, no deck, not the workshop at the first assignment, and the
/// workshop once it is free at a later assignment step.
#[test]
fn a_blueprint_held_is_offered_no_typed_slot_and_the_workshop_at_a_later_assignment_step() {
    let mut table = Table::hq_unlocked(&["alessandra", "bastiano"], &[]);
    assert_eq!(table.phase(), HqPhase::Assignment);
    // The villa envelope is the storage until the first assignment is done.
    let parachutes = table.add(
        "Parachutes",
        CardKind::Blueprint,
        None,
        Place::VillaEnvelope,
    );
    let view = view_of(&table, &parachutes);
    for assassin in ["alessandra", "bastiano"] {
        for slot in SLOTS {
            let place = equipped(assassin, slot);
            let refusal = view
                .places
                .iter()
                .find(|d| d.place == place)
                .and_then(|d| d.refused.clone())
                .expect("no typed slot takes a blueprint");
            assert_eq!(
                (refusal.code, refusal.section),
                (RuleCode::SlotWrongKind, Section::Equip)
            );
            assert_eq!(refusal.params["card"], "Parachutes");
            let word = serde_json::to_value(slot).unwrap();
            assert_eq!(refusal.params["slot"], word.as_str().unwrap());
            // The sentence (`bagless` and the logs) names the slot too.
            assert_eq!(
                refusal.message,
                format!(
                    "Parachutes does not fit the {} slot: only a card with that icon goes there.",
                    word.as_str().unwrap()
                )
            );
        }
        for index in 0..5 {
            assert_eq!(refused_at(&view, &inventory(assassin, index)), None);
        }
    }
    assert_eq!(
        refused_at(&view, &Place::ChestDeck),
        Some(RuleCode::ChestDeckKind)
    );
    for deck in [Place::EquipmentDeck, Place::EquipmentDiscard] {
        assert_eq!(refused_at(&view, &deck), Some(RuleCode::EquipmentDeckKind));
    }
    assert_eq!(
        refused_at(&view, &Place::VillaEnvelope),
        Some(RuleCode::CardAlreadyThere)
    );
    assert_eq!(
        refused_at(&view, &Place::Workshop),
        Some(RuleCode::WorkshopFirstAssignment)
    );
    // The confirmation places the flying machine blueprint in the
    // workshop, alone; at the next assignment step the workshop takes one
    // blueprint at a time.
    table.first_assignment();
    table.run(Command::ConfirmAssignment);
    assert_eq!(
        table
            .state
            .ledger
            .at(&Place::Workshop)
            .map(|c| c.card.id.as_str())
            .collect::<Vec<_>>(),
        ["flying-machine"]
    );
    table.play("1.1", Outcome::Success, &[]);
    table.resolve_plainly();
    assert_eq!(table.phase(), HqPhase::Assignment);
    if table.state.ledger.place_of("flying-machine") == Some(&Place::Workshop) {
        assert_eq!(
            refused_at(&view_of(&table, &parachutes), &Place::Workshop),
            Some(RuleCode::WorkshopFull)
        );
        table.run(move_card("flying-machine", Place::MainHall));
    }
    assert_eq!(
        refused_at(&view_of(&table, &parachutes), &Place::Workshop),
        None
    );
}

/// CHEST: only chest cards go back in the chest deck; EQUIP, "If the
/// required slot is already occupied": an equipment card held is offered
/// its own free slot and the inventory, not the chest deck, another slot,
/// or a slot taken.
#[test]
fn an_equipment_card_held_is_offered_its_free_slot_not_the_chest_deck() {
    let mut table = Table::core(&["alessandra", "bastiano"]);
    table.add(
        "Sword",
        CardKind::BlackEquipment,
        Some(EquipSlot::Melee),
        equipped("alessandra", EquipSlot::Melee),
    );
    let dagger = table.add(
        "Dagger",
        CardKind::GreyEquipment,
        Some(EquipSlot::Melee),
        Place::VillaEnvelope,
    );
    let view = view_of(&table, &dagger);
    assert_eq!(
        refused_at(&view, &Place::ChestDeck),
        Some(RuleCode::ChestDeckKind)
    );
    assert_eq!(
        refused_at(&view, &equipped("alessandra", EquipSlot::Melee)),
        Some(RuleCode::SlotOccupied)
    );
    assert_eq!(
        refused_at(&view, &equipped("bastiano", EquipSlot::Melee)),
        None
    );
    for slot in [EquipSlot::Ranged, EquipSlot::Armor] {
        assert_eq!(
            refused_at(&view, &equipped("bastiano", slot)),
            Some(RuleCode::SlotWrongKind)
        );
    }
    for place in [
        inventory("alessandra", 0),
        Place::EquipmentDeck,
        Place::EquipmentDiscard,
        Place::Box,
    ] {
        assert_eq!(refused_at(&view, &place), None, "{place:?}");
    }
    // Without the HQ there is no workshop on the board.
    assert!(view.places.iter().all(|d| d.place != Place::Workshop));
}

/// ASSASSINS' HEALTH: the armor's health comes and goes with the armor; an
/// assassin left with no more health than it brought keeps it on (edition
/// 3). The view is the whole decision, not the slot rules alone: the armor
/// is offered no place off the board.
#[test]
fn an_armor_that_holds_the_last_health_is_offered_nowhere_else() {
    let mut table = Table::core(&["alessandra"]);
    let armor = table.add(
        "Leather Armor",
        CardKind::GreyEquipment,
        Some(EquipSlot::Armor),
        Place::VillaEnvelope,
    );
    table.run(move_card(&armor, equipped("alessandra", EquipSlot::Armor)));
    table.run(Command::SetHealth {
        assassin: "alessandra".into(),
        health: 1,
    });
    let view = view_of(&table, &armor);
    for place in [inventory("alessandra", 0), Place::VillaEnvelope, Place::Box] {
        assert_eq!(
            refused_at(&view, &place),
            Some(RuleCode::ArmorLastHealth),
            "{place:?}"
        );
    }
}

/// HEADQUARTERS, "During the assignment and resolution steps, at any
/// time, you may: … Take or store small cards in the headquarters' main
/// hall": while the memory group is out, neither the main hall nor the
/// workshop is offered; at the resolution step the main hall is, the
/// workshop not (edition 4: a blueprint goes in at the assignment step).
#[test]
fn the_hq_piles_are_offered_at_the_hq_steps_only() {
    let mut table = Table::hq_unlocked(&["alessandra"], &[]);
    table.first_assignment();
    table.run(Command::ConfirmAssignment);
    assert_eq!(table.phase(), HqPhase::Memory);
    let glider = table.add(
        "Glider",
        CardKind::Blueprint,
        None,
        inventory("alessandra", 0),
    );
    let view = view_of(&table, &glider);
    assert_eq!(
        refused_at(&view, &Place::MainHall),
        Some(RuleCode::MainHallDuringMemory)
    );
    // The first rule the move breaks: the Flying Machine is in the workshop.
    assert_eq!(
        refused_at(&view, &Place::Workshop),
        Some(RuleCode::WorkshopFull)
    );
    table.play("1.1", Outcome::Success, &[]);
    assert_eq!(table.phase(), HqPhase::Resolution);
    table.run(move_card("flying-machine", Place::MainHall));
    let view = view_of(&table, &glider);
    assert_eq!(refused_at(&view, &Place::MainHall), None);
    assert_eq!(
        refused_at(&view, &Place::Workshop),
        Some(RuleCode::WorkshopAtAssignment)
    );
}

/// CHEST, "take the card on top of the chest deck": the top card is drawn
/// onto an assassin's board (offered there); from edition 3 no card under
/// it leaves the deck, so none is offered anywhere.
#[test]
fn the_chest_deck_s_top_card_is_offered_the_boards_and_the_others_nothing() {
    let mut table = Table::core(&["alessandra"]);
    for name in ["First chest", "Second chest"] {
        table.add(name, CardKind::Chest, None, Place::ChestDeck);
    }
    let top = table.state.ledger.chest_deck[0].clone();
    let under = table.state.ledger.chest_deck[1].clone();
    let view = view_of(&table, &top);
    assert_eq!(refused_at(&view, &inventory("alessandra", 0)), None);
    let view = view_of(&table, &under);
    assert!(
        view.places.iter().all(|d| {
            let code = d.refused.as_ref().map(|v| v.code);
            code == Some(RuleCode::ChestNotTop) || code == Some(RuleCode::CardAlreadyThere)
        }),
        "{view:?}"
    );
    // Drawn, it is offered what the board's drop sends for it.
    table.run(Command::DrawChestCard {
        to: inventory("alessandra", 0),
    });
    view_of(&table, &top);
}

/// A card the campaign does not hold is offered nothing.
#[test]
fn a_card_of_no_campaign_is_offered_nothing() {
    let table = Table::core(&["alessandra"]);
    let view = view_of(&table, "no-such-card");
    assert!(view
        .places
        .iter()
        .all(|d| d.refused.as_ref().map(|v| v.code) == Some(RuleCode::CardUnknown)));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Whatever the players did (moves, chest draws, eliminations, joins,
    /// leaves), for every card and every place the board draws, the view
    /// offers the place exactly when the board's command is accepted, and
    /// names the rule it breaks otherwise.
    #[test]
    fn the_view_offers_a_place_exactly_when_the_move_is_accepted(
        first in 1usize..=4,
        steps in prop::collection::vec(step(), 1..60),
    ) {
        let pack = crate::table::pack("core");
        let create = Command::Create {
            name: "P".into(),
            pack_id: "core".into(),
            assassins: board_steps::ASSASSINS[..first].iter().map(|s| s.to_string()).collect(),
        };
        let mut state = decide(&Campaign::default(), &pack, &create, &ctx())
            .unwrap()
            .iter()
            .fold(Campaign::default(), evolve);
        for step in &steps {
            let Some(command) = command(&state, &pack, step) else { continue };
            if let Ok(events) = decide(&state, &pack, &command, &ctx()) {
                state = events.iter().fold(state, evolve);
            }
        }
        for card in state.ledger.cards.keys() {
            prop_assert_eq!(checked(&state, &pack, card).map(|_| ()), Ok(()));
        }
    }
}

/// The board's piles: the chest deck in its order, top first (CHEST, "the
/// card on top of the chest deck"), every other pile by name.
#[test]
fn the_board_lists_the_chest_deck_top_first_and_other_piles_by_name() {
    use bagless_bov::board_view::board_view;
    let mut table = Table::core(&["alessandra"]);
    for name in ["Zeta Chest", "Alpha Chest"] {
        table.add(name, CardKind::Chest, None, Place::ChestDeck);
    }
    for name in ["Zeta Bomb", "Alpha Bomb"] {
        table.add(
            name,
            CardKind::BlackEquipment,
            None,
            Place::EquipmentDiscard,
        );
    }
    let view = board_view("c", &table.state, &table.pack);
    let names = |place: Place| -> Vec<String> {
        view.piles
            .iter()
            .find(|p| p.place == place)
            .unwrap_or_else(|| panic!("no pile {place:?}"))
            .cards
            .iter()
            .map(|c| c.name.clone())
            .collect()
    };
    let deck: Vec<String> = table
        .state
        .ledger
        .chest_deck
        .iter()
        .map(|id| table.state.ledger.cards[id].card.name.clone())
        .collect();
    assert_eq!(names(Place::ChestDeck), deck);
    assert_eq!(deck.len(), 2);
    assert_eq!(names(Place::EquipmentDiscard), ["Alpha Bomb", "Zeta Bomb"]);
}

/// The HQ screen names each assassin miniature by the assassin's name, and
/// an apprentice or ally by its id (the screen words it by its number).
#[test]
fn the_hq_names_assassins_by_name_and_the_other_miniatures_by_id() {
    use bagless_bov::hq_view::hq_view;
    let table = Table::hq_unlocked(&["alessandra"], &[]);
    let view = hq_view("c", &table.state, &table.pack);
    let name = |id: &str| {
        view.miniatures
            .iter()
            .find(|m| m.id == id)
            .unwrap_or_else(|| panic!("no {id}"))
            .name
            .clone()
    };
    assert_eq!(name("alessandra"), "Alessandra");
    assert_eq!(name("apprentice-1"), "apprentice-1");
    // ASSASSINS' HEALTH: an assassin below full health is marked injured,
    // one at full health is not.
    let injured = |table: &Table| {
        hq_view("c", &table.state, &table.pack)
            .miniatures
            .iter()
            .find(|m| m.id == "alessandra")
            .unwrap()
            .injured
    };
    assert!(!injured(&table));
    let mut hurt = table;
    hurt.run(bagless_bov::campaign::Command::SetHealth {
        assassin: "alessandra".into(),
        health: 1,
    });
    assert!(injured(&hurt));
}
