//! SAVING THE GAME (Bagless's own rule): undo, redo and going back, with
//! the log kept append-only.

use crate::support;

use bagless_nation::*;
use support::*;

/// An undo takes back an entry with what it derived; a redo brings it back.
#[test]
fn saving_the_game_undo_takes_back_an_entry_and_its_consequences() {
    let mut table = Table::new(2);
    table.play(&[Try::new(0, 1, "pistol")]);
    let before = table.game.clone();
    table.resolve(0, &[5]);
    let after = table.game.clone();
    assert_eq!(after.target(1).unwrap().holder, Some(0));
    table.undo().unwrap();
    assert_eq!(table.game, before);
    table.redo().unwrap();
    assert_eq!(table.game, after);
    let refusal = decide_redo(&table.log).unwrap_err();
    assert_eq!(refusal.code, RuleCode::NothingToRedo);
    assert_eq!(refusal.section, Section::SavingTheGame);
    let words = history(&table.log);
    assert!(words.iter().any(|l| l.key == "entry_undone"));
}

/// "SAVING THE GAME" (Bagless's own rule: undo): the history shows struck
/// out what an undo took back, the entry and what it derived, and nothing
/// else: the entries still in effect and the undo's own line are not.
#[test]
fn saving_the_game_the_history_strikes_out_only_what_was_undone() {
    let mut table = Table::new(2);
    table.play(&[Try::new(0, 1, "pistol")]);
    let first = table.log.len() as u32 + 1;
    table.resolve(0, &[5]);
    let last = table.log.len() as u32;
    assert!(last > first, "the roll derives the target's fall");
    table.undo().unwrap();
    let lines = history(&table.log);
    assert_eq!(lines.last().unwrap().key, "entry_undone");
    for line in &lines {
        let taken_back = (first..=last).contains(&line.seq);
        assert_eq!(line.undone, taken_back, "{} {}", line.seq, line.key);
    }
}

/// The game's creation is never undone; a change after an undo ends redo.
#[test]
fn saving_the_game_creation_stays_and_redo_ends_after_a_change() {
    let mut table = Table::new(2);
    assert_eq!(table.undo().unwrap_err().code, RuleCode::NothingToUndo);
    table.end_intel();
    table.undo().unwrap();
    assert_eq!(table.game.phase, Phase::Intel);
    table.run(Command::BuyCards {
        player: 0,
        count: 1,
    });
    assert_eq!(table.redo().unwrap_err().code, RuleCode::RedoAfterChange);
    let lines = history(&table.log);
    assert!(lines.iter().any(|l| l.key == "intel_ended" && l.undone));
}

/// Going back to an entry undoes every later one, newest first.
#[test]
fn saving_the_game_go_back_to_an_entry() {
    let mut table = Table::new(2);
    table.run(Command::BuyCards {
        player: 0,
        count: 1,
    });
    let seq = table.log.len() as u32;
    let there = table.game.clone();
    table.end_intel();
    table.run(Try::new(0, 1, "pistol").cmd());
    let events = decide_jump_back(&table.log, seq).unwrap();
    assert_eq!(events.len(), 2);
    table.push(&events);
    assert_eq!(replay(&table.log), there);
    assert_eq!(
        decide_jump_back(&table.log, seq).unwrap_err().code,
        RuleCode::GoBackNothingAfter
    );
    assert_eq!(
        decide_jump_back(&table.log, 99).unwrap_err().code,
        RuleCode::GoBackUnknown
    );
}
