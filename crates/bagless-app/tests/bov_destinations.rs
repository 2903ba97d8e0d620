//! Issue 55: the boards offer "Put here" only where the rules take the card
//! held. Through the one door, `game_open` with the part `{"part":
//! "destinations", "card": …}` answers, for every place the boards show,
//! whether the card may be put there now and which rule refuses it
//! otherwise; each answer is the one the move gets from the same door.
//! Asking writes nothing, not even the edition step a move would bring.

use crate::support::door::{destinations_of, Door, Parts, BOARD};
use bagless_app::games::bov::{Bov, DestinationsView};
use bagless_app::{App, AppDirs, NewCampaign, PlayerCommand as C, Violation};
use bagless_bov::board::{CardKind, EquipSlot, Place};
use chrono::{TimeZone, Utc};
use std::path::{Path, PathBuf};

fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 12, 3, 21, 0, 0).unwrap()
}

fn open_app(dir: &Path) -> App {
    App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        clock,
    )
}

fn add(app: &App, id: &str, name: &str, kind: CardKind, fits: Option<EquipSlot>) -> String {
    let board = app
        .act_at::<Bov>(
            id,
            C::AddCard {
                name: name.into(),
                kind,
                fits,
                health_bonus: u8::from(fits == Some(EquipSlot::Armor)),
                removal_mark: false,
                to: Place::VillaEnvelope,
            },
            BOARD,
        )
        .board()
        .unwrap();
    board
        .storage
        .cards
        .iter()
        .find(|c| c.name == name)
        .unwrap()
        .id
        .clone()
}

fn entries(app: &App, id: &str) -> usize {
    app.history(id, None).unwrap().entries.len()
}

/// Each place of the answer, moved to through the door: accepted (and
/// undone) where the answer offers it, refused with the answer's rule
/// where not.
fn moved_as_answered(app: &App, id: &str, card: &str, answer: &DestinationsView) {
    for destination in &answer.places {
        let moved = app.act_at::<Bov>(
            id,
            C::MoveCard {
                card: card.into(),
                to: destination.place.clone(),
                chest: None,
            },
            BOARD,
        );
        match (&destination.refused, moved) {
            (None, Ok(_)) => {
                app.undo::<Bov>(id).unwrap();
            }
            (Some(refusal), Err(refused)) => {
                assert_eq!(
                    refused.violations.first(),
                    Some(&Violation::Bov(refusal.clone())),
                    "{card} to {:?}",
                    destination.place
                );
            }
            (shown, moved) => panic!(
                "{card} to {:?}: answered {shown:?}, the door {:?}",
                destination.place,
                moved.map(|_| ())
            ),
        }
    }
}

#[test]
fn where_a_card_held_may_go_is_answered_as_the_door_decides_the_move() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let id = app
        .create_campaign(NewCampaign {
            name: "Venice".into(),
            pack_id: "core".into(),
            assassins: vec!["alessandra".into(), "bastiano".into()],
        })
        .unwrap()
        .id;
    let parachutes = add(&app, &id, "Parachutes", CardKind::Blueprint, None);
    let armor = add(
        &app,
        &id,
        "Leather Armor",
        CardKind::GreyEquipment,
        Some(EquipSlot::Armor),
    );
    let written = entries(&app, &id);

    let answer = app
        .open_at::<Bov>(&id, destinations_of(&parachutes))
        .destinations()
        .unwrap();
    assert_eq!(answer.card, parachutes);
    let at = |answer: &DestinationsView, place: &Place| {
        answer
            .places
            .iter()
            .find(|d| &d.place == place)
            .unwrap_or_else(|| panic!("{place:?} not answered"))
            .refused
            .as_ref()
            .map(|v| v.code.as_str())
    };
    // EQUIP: a blueprint fits no typed slot; the inventory takes it.
    let armor_slot = Place::Equipped {
        assassin: "alessandra".into(),
        slot: EquipSlot::Armor,
    };
    assert_eq!(at(&answer, &armor_slot), Some("slot_wrong_kind"));
    let inventory = Place::Inventory {
        assassin: "bastiano".into(),
        index: 0,
    };
    assert_eq!(at(&answer, &inventory), None);
    assert_eq!(at(&answer, &Place::ChestDeck), Some("chest_deck_kind"));
    assert_eq!(entries(&app, &id), written, "asking writes nothing");
    moved_as_answered(&app, &id, &parachutes, &answer);

    // The armor: its slot, not the chest deck.
    let answer = app
        .open_at::<Bov>(&id, destinations_of(&armor))
        .destinations()
        .unwrap();
    assert_eq!(at(&answer, &armor_slot), None);
    assert_eq!(at(&answer, &Place::ChestDeck), Some("chest_deck_kind"));
    moved_as_answered(&app, &id, &armor, &answer);

    // A part the campaign's screen does not have is refused as such.
    let refused = app
        .open_game(&id, Some(serde_json::json!({ "part": "destinations" })))
        .unwrap_err();
    assert_eq!(refused.code, "unknown_part");
}

/// A campaign of edition 1 ("Edition one" in
/// tests/fixtures/library-edition-1.sqlite) moves to today's edition with
/// its next command: the answer is the one the move gets under it, and
/// asking writes neither the step nor anything else.
#[test]
fn an_older_edition_s_campaign_is_answered_under_the_edition_its_move_would_bring() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/library-edition-1.sqlite");
    std::fs::copy(fixture, dir.path().join("bagless.sqlite")).unwrap();
    let app = open_app(dir.path());
    let id = app
        .list_campaigns()
        .unwrap()
        .campaigns
        .into_iter()
        .find(|c| c.name == "Edition one")
        .unwrap()
        .id;
    let written = entries(&app, &id);
    // The Flying Machine blueprint waits in the box.
    let answer = app
        .open_at::<Bov>(&id, destinations_of("flying-machine"))
        .destinations()
        .unwrap();
    assert_eq!(entries(&app, &id), written, "no step written by asking");
    let offered: Vec<&Place> = answer
        .places
        .iter()
        .filter(|d| d.refused.is_none())
        .map(|d| &d.place)
        .collect();
    assert!(!offered.is_empty() && offered.iter().all(|p| !matches!(p, Place::Equipped { .. })));
    moved_as_answered(&app, &id, "flying-machine", &answer);
}
