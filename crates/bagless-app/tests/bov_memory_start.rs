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
