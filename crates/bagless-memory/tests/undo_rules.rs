//! SAVING THE GAME (Bagless's own rule): undo, redo and going back, with
//! the log kept append-only; the memory in play rebuilt from its log.

use crate::support;

use bagless_memory::*;
use support::*;

/// An undo takes back an entry with what it derived; a redo brings it
/// back; the start is never undone.
#[test]
fn saving_the_game_undo_then_redo_returns_the_same_memory() {
    let mut table = Table::new(2);
    assert_eq!(table.undo().unwrap_err().code, RuleCode::NothingToUndo);
    table.advance();
    table.attack(
        vec![attacker("ezio", "sword", &[Riposte, Hit, Blank])],
        &["elite"],
    );
    let before = table.game.clone();
    table.run(Command::AssignHits {
        hits: None,
        bonus_hits: 0,
    });
    let after = table.game.clone();
    assert!(after.alert && after.assassin("ezio").unwrap().exposed);
    table.undo().unwrap();
    assert_eq!(table.game, before);
    table.redo().unwrap();
    assert_eq!(table.game, after);
    let refusal = decide_redo(&table.log).unwrap_err();
    assert_eq!(refusal.code, RuleCode::NothingToRedo);
    assert_eq!(refusal.section, Section::SavingTheGame);
}

/// SAVING THE GAME: only the memory started begins a memory in the log
/// (what the undo stack and an import read as its creation); no entry of
/// play, undo or redo does.
#[test]
fn saving_the_game_only_the_memory_started_begins_a_memory() {
    let mut table = Table::new(2);
    table.advance();
    table.run(Command::SpendCubes {
        assassin: "ezio".into(),
        count: 1,
    });
    table.advance();
    table.undo().unwrap();
    table.redo().unwrap();
    assert!(table.log.len() > 4);
    let creations: Vec<u32> = table
        .log
        .iter()
        .filter(|e| bagless_game::undo::Logged::is_creation(&e.event))
        .map(|e| e.seq)
        .collect();
    assert_eq!(creations, vec![table.log[0].seq]);
    assert!(matches!(table.log[0].event, Event::MemoryStarted { .. }));
}

/// A change after an undo ends redo; going back undoes every later entry.
#[test]
fn saving_the_game_go_back_and_redo_after_a_change() {
    let mut table = Table::new(2);
    table.advance();
    let seq = table.log.len() as u32;
    let there = table.game.clone();
    table.run(Command::SaveCube {
        assassin: "ezio".into(),
    });
    table.advance();
    table.reinforce(Some(3));
    let events = decide_jump_back(&table.log, seq).unwrap();
    assert_eq!(events.len(), 4);
    table.push(&events);
    assert_eq!(replay(&table.log), there);
    table.game = replay(&table.log);
    table.run(Command::SetAlert { on: true });
    assert_eq!(table.redo().unwrap_err().code, RuleCode::RedoAfterChange);
    assert_eq!(
        decide_jump_back(&table.log, 999).unwrap_err().code,
        RuleCode::GoBackUnknown
    );
}

/// A quit and a relaunch mid-turn: the log replayed gives the memory as
/// it was, dice and cards included (nothing is rolled again).
#[test]
fn saving_the_game_replay_equals_the_memory_played() {
    let mut table = Table::with(start_command(3), Some(5));
    table.advance();
    table.attack(
        vec![AttackerInput {
            assassin: "daria".into(),
            weapon: "sword".into(),
            faces: None,
            on_target_square: true,
        }],
        &["elite", "agile"],
    );
    table.run(Command::AssignHits {
        hits: None,
        bonus_hits: 0,
    });
    if table.game.open_attack().is_some() {
        table.run(Command::RollRiposte { hits: None });
    }
    table.advance();
    table.run(Command::DrawReinforcement { card: None });
    assert_eq!(replay(&table.log), table.game);
}
