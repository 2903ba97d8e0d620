//! A Brotherhood of Venice memory played in Bagless and its campaign's
//! rules (issue 55, items 4, 5 and 9): ADJUSTING THE NUMBER OF PLAYERS,
//! "Between 2 memories (never during one)"; the HQ steps and skills due
//! "before the next memory"; SAVE 1's 4th cube, one answer for the boards
//! and the memory in play.

use crate::support::door::{Door, Parts, BOARD};
use bagless_app::games::bov::Bov;
use bagless_app::PlayerCommand;
use bagless_app::{App, AppDirs, NewCampaign};
use bagless_bov::campaign::{AttemptInput, Command, Difficulty, Outcome, XpGained};
use chrono::{TimeZone, Utc};
use std::path::Path;

use crate::support::games::memory_setup;

fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 12, 2, 21, 0, 0).unwrap()
}

fn open_app(dir: &Path) -> App {
    App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        clock,
    )
}

fn venice(app: &App, assassins: &[&str]) -> String {
    app.create_campaign(NewCampaign {
        name: "Venice".into(),
        pack_id: "core".into(),
        assassins: assassins.iter().map(|a| a.to_string()).collect(),
    })
    .unwrap()
    .id
}

fn won(memory: &str, xp: u32) -> AttemptInput {
    AttemptInput {
        memory: memory.into(),
        outcome: Outcome::Success,
        difficulty: Difficulty::Normal,
        xp: XpGained {
            mandatory: xp,
            ..XpGained::default()
        },
        sync_met: false,
        stickers: vec![],
        played_on: chrono::NaiveDate::from_ymd_opt(2026, 12, 2).unwrap(),
        notes: String::new(),
        eliminated: vec![],
    }
}

#[test]
fn no_assassin_joins_leaves_or_is_swapped_while_a_memory_is_played_in_bagless() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let campaign = venice(&app, &["daria", "claudio"]);
    app.memory_start(
        &campaign,
        memory_setup(&campaign, "0.1", &["daria", "claudio"]),
    )
    .unwrap();
    let commands = [
        Command::JoinAssassin {
            assassin: "alessandra".into(),
        },
        Command::LeaveAssassin {
            assassin: "claudio".into(),
        },
        Command::SwapAssassin {
            leaving: "claudio".into(),
            joining: "alessandra".into(),
        },
    ];
    for command in commands.clone() {
        let refused = app
            .act_at::<Bov>(&campaign, command, BOARD)
            .board()
            .unwrap_err();
        assert_eq!(refused.violations[0].code(), "memory_in_play");
    }
    app.act::<Bov>(&campaign, PlayerCommand::RecordAttempt(won("0.1", 0)))
        .diary()
        .unwrap();
    app.act_at::<Bov>(&campaign, commands[0].clone(), BOARD)
        .board()
        .unwrap();
}

/// VILLA: "Before starting the next memory, you can … store or recover
/// unused equipment from the villa envelope" (edition 5): while a memory
/// of the campaign is played in Bagless no card goes into or out of the
/// villa envelope; the board's storage and a card's places say so, and a
/// card still goes from one board to another. Once the memory is recorded
/// the villa opens again.
#[test]
fn the_villa_envelope_is_closed_while_a_memory_is_played_in_bagless() {
    use crate::support::door::destinations_of;
    use bagless_app::games::bov::DestinationsView;
    use bagless_bov::board::{CardKind, EquipSlot, Place};
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let campaign = venice(&app, &["daria", "claudio"]);
    let add = |name: &str, to: Place| Command::AddCard {
        name: name.into(),
        kind: CardKind::BlackEquipment,
        fits: Some(EquipSlot::Melee),
        health_bonus: 0,
        removal_mark: false,
        to,
    };
    let inventory = |assassin: &str, index: u8| Place::Inventory {
        assassin: assassin.into(),
        index,
    };
    let board = app
        .act_at::<Bov>(&campaign, add("Sword", Place::VillaEnvelope), BOARD)
        .board()
        .unwrap();
    let sword = board.storage.cards[0].id.clone();
    let board = app
        .act_at::<Bov>(&campaign, add("Dagger", inventory("daria", 0)), BOARD)
        .board()
        .unwrap();
    let dagger = board
        .assassins
        .iter()
        .flat_map(|a| a.inventory.iter().flatten())
        .find(|c| c.name == "Dagger")
        .unwrap()
        .id
        .clone();
    assert_eq!(board.storage.closed_by, None);
    app.memory_start(
        &campaign,
        memory_setup(&campaign, "0.1", &["daria", "claudio"]),
    )
    .unwrap();
    let move_to = |card: &str, to: Place| Command::MoveCard {
        card: card.into(),
        to,
        chest: None,
    };
    for command in [
        move_to(&sword, inventory("claudio", 0)),
        move_to(&dagger, Place::VillaEnvelope),
        add("Axe", Place::VillaEnvelope),
    ] {
        let refused = app
            .act_at::<Bov>(&campaign, command, BOARD)
            .board()
            .unwrap_err();
        assert_eq!(refused.violations[0].code(), "villa_during_memory");
    }
    let board = app.open_at::<Bov>(&campaign, BOARD).board().unwrap();
    assert_eq!(
        board.storage.closed_by.map(|c| c.as_str()),
        Some("villa_during_memory")
    );
    let at = |answer: &DestinationsView, place: &Place| {
        answer
            .places
            .iter()
            .find(|d| &d.place == place)
            .unwrap()
            .refused
            .as_ref()
            .map(|v| v.code.as_str())
    };
    let answer = app
        .open_at::<Bov>(&campaign, destinations_of(&dagger))
        .destinations()
        .unwrap();
    assert_eq!(
        at(&answer, &Place::VillaEnvelope),
        Some("villa_during_memory")
    );
    assert_eq!(at(&answer, &inventory("claudio", 0)), None);
    let answer = app
        .open_at::<Bov>(&campaign, destinations_of(&sword))
        .destinations()
        .unwrap();
    assert_eq!(
        at(&answer, &inventory("claudio", 0)),
        Some("villa_during_memory")
    );
    // Between two boards: still free.
    app.act_at::<Bov>(&campaign, move_to(&dagger, inventory("claudio", 0)), BOARD)
        .board()
        .unwrap();
    app.act::<Bov>(&campaign, PlayerCommand::RecordAttempt(won("0.1", 0)))
        .diary()
        .unwrap();
    let board = app
        .act_at::<Bov>(&campaign, move_to(&sword, inventory("daria", 0)), BOARD)
        .board()
        .unwrap();
    assert_eq!(board.storage.closed_by, None);
}

#[test]
fn play_this_memory_is_refused_before_a_skill_choice_due() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let campaign = venice(&app, &["daria"]);
    let level_1 = bagless_bov::packs::pack("core").unwrap().xp_track.levels[0].xp;
    app.act::<Bov>(&campaign, PlayerCommand::RecordAttempt(won("0.1", level_1)))
        .diary()
        .unwrap();
    let refused = app
        .memory_start(&campaign, memory_setup(&campaign, "0.2", &["daria"]))
        .unwrap_err();
    assert_eq!(refused.violations[0].code(), "skill_choice_pending");
}

#[test]
fn the_boards_and_the_memory_in_play_agree_on_the_4th_cube() {
    for pack in bagless_bov::packs::builtin() {
        for memory in pack.memories() {
            let game = bagless_memory::Game {
                memory: memory.id.clone(),
                ..Default::default()
            };
            assert_eq!(
                pack.board.fourth_cube_for(pack, &memory.id),
                game.can_save(),
                "{} {}",
                pack.id,
                memory.id
            );
        }
    }
}
