//! Property: for any sequence of rolls, undos, redos and jumps back on a
//! real library file, undoing k steps and redoing them gives back the same
//! state and the same rows, going back and redoing everything does too, and
//! the history lists exactly the steps of the log.

use crate::support::{Command, Context, Event, EventEnvelope, Game, Races};
use bagless_game::history::{self, Describe, HistoryLine, StepStatus};
use bagless_game::undo::{Logged, UndoStack};
use bagless_game::Envelope;
use bagless_store::Library;
use chrono::{TimeZone, Utc};
use proptest::prelude::*;
use std::path::Path;

#[derive(Debug, Clone)]
enum Op {
    /// A roll: the face read, or none for Bagless to throw.
    Roll(Option<u8>),
    Undo,
    Redo,
    /// Back to the n-th entry in effect, counted from the newest.
    JumpBack(usize),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        8 => prop::option::of(1u8..7).prop_map(Op::Roll),
        2 => Just(Op::Undo),
        2 => Just(Op::Redo),
        1 => (0usize..6).prop_map(Op::JumpBack),
    ]
}

const ID: &str = "p";

fn now() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap()
}

/// Every row of the game, table by table, sorted. Every
/// table with a `campaign_id` column but the log counts, so tables added
/// by later migrations are covered; `last_seq` (the log's length) is left
/// out, since undo and redo markers lengthen the log.
fn rows(path: &Path) -> Vec<(String, Vec<String>)> {
    let conn = rusqlite::Connection::open(path).unwrap();
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'events' ORDER BY name")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut out = Vec::new();
    for table in tables {
        let columns: Vec<String> = conn
            .prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let key = if table == "campaigns" {
            "id"
        } else {
            "campaign_id"
        };
        if !columns.iter().any(|c| c == key) {
            continue;
        }
        // The saved state is at the entry it names (an undo or redo saves
        // it, a command every `SAVED_EVERY` entries): the state read back,
        // compared above, is what must come back.
        let wanted: Vec<&String> = columns
            .iter()
            .filter(|c| *c != "last_seq" && !(table == "game_states" && *c == "state"))
            .collect();
        let list = wanted
            .iter()
            .map(|c| format!("quote({c})"))
            .collect::<Vec<_>>()
            .join(" || '|' || ");
        let mut found: Vec<String> = conn
            .prepare(&format!("SELECT {list} FROM {table} WHERE {key} = ?1"))
            .unwrap()
            .query_map([ID], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        found.sort();
        out.push((table, found));
    }
    out
}

struct Fixture {
    library: Library,
    plain: bool,
    rolls: u64,
}

/// Each event in its own fields, as a game that words none of them.
struct ByFields;

impl<'log> Describe<'log, Event> for ByFields {
    fn line(&mut self, envelope: &'log Envelope<Event>, wanted: bool) -> Option<HistoryLine> {
        wanted.then(|| history::fields_line(&envelope.event))
    }
}

impl Fixture {
    fn log(&self) -> Vec<EventEnvelope> {
        self.library.events(ID).unwrap()
    }

    fn state(&self) -> Game {
        self.library.load(ID).unwrap().state
    }

    /// Appends the markers `decide` gives, if any; true when it wrote.
    fn step(
        &mut self,
        decide: impl FnOnce(&[EventEnvelope]) -> Result<Vec<Event>, bagless_dice_race::Refusal>,
    ) -> bool {
        let last = self.library.record(ID).unwrap().last_seq;
        let log = self.log();
        // Both ways of writing markers: with the log in hand (as the app
        // does) and plainly (the store reads the log back to rebuild).
        self.plain = !self.plain;
        match decide(&log) {
            Ok(markers) if self.plain => {
                self.library.append(ID, last, &markers, now()).unwrap();
                true
            }
            Ok(markers) => {
                let log = self
                    .library
                    .append_markers(ID, std::sync::Arc::new(log), &markers, now())
                    .unwrap();
                assert_eq!(
                    *log,
                    self.library.events(ID).unwrap(),
                    "the log handed back is the log written"
                );
                true
            }
            Err(_) => false,
        }
    }

    fn run(&mut self, op: &Op) {
        match op {
            Op::Undo => {
                self.step(bagless_dice_race::decide_undo);
            }
            Op::Redo => {
                self.step(bagless_dice_race::decide_redo);
            }
            Op::JumpBack(n) => {
                let stack = UndoStack::of(&self.log());
                let in_effect: Vec<u32> = stack
                    .entries
                    .iter()
                    .rev()
                    .copied()
                    .filter(|s| stack.is_in_effect(*s))
                    .collect();
                if let Some(seq) = in_effect.get(*n % in_effect.len().max(1)).copied() {
                    self.step(|log| bagless_dice_race::decide_jump_back(log, seq));
                }
            }
            Op::Roll(face) => {
                let state = self.state();
                self.rolls += 1;
                let ctx = Context {
                    now: now(),
                    seed: Some(self.rolls),
                };
                let roll = Command::Roll { face: *face };
                if let Ok(events) = bagless_dice_race::decide(&state, &roll, &ctx) {
                    let last = self.library.record(ID).unwrap().last_seq;
                    self.library.append(ID, last, &events, now()).unwrap();
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn undoing_and_redoing_k_steps_gives_back_the_same_state_and_rows(
        ops in prop::collection::vec(op(), 1..50),
        k in 1usize..8,
        back in 0usize..6,
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bagless.sqlite");
        let library = Library::open(&path, &dir.path().join("backups"), now()).unwrap();
        let mut f = Fixture {
            library,
            plain: false,
            rolls: 0,
        };
        let create = Command::CreateGame {
            players: vec!["Ana".into(), "Bruno".into()],
            target: 60,
        };
        let ctx = Context { now: now(), seed: None };
        let events = bagless_dice_race::decide(&Game::default(), &create, &ctx).unwrap();
        f.library.append(ID, 0, &events, now()).unwrap();
        for op in &ops {
            f.run(op);
            // The state saved always equals a replay of the log: the state
            // loaded, and the rows read back.
            prop_assert_eq!(&f.state(), &bagless_dice_race::replay(&f.log()));
            prop_assert_eq!(f.library.check_race(ID).unwrap(), None);
        }

        let before_state = f.state();
        let before_rows = rows(&path);
        // Entries the ops left undone stay redoable: the stack must come back too.
        let before_redo = UndoStack::of(&f.log()).redo;
        // Undo k steps (fewer if the log holds fewer), then redo as many.
        let undone = (0..k).take_while(|_| f.step(bagless_dice_race::decide_undo)).count();
        for _ in 0..undone {
            prop_assert!(f.step(bagless_dice_race::decide_redo), "every undone step can be redone");
        }
        prop_assert_eq!(&UndoStack::of(&f.log()).redo, &before_redo);
        prop_assert_eq!(&f.state(), &before_state);
        prop_assert_eq!(&rows(&path), &before_rows);

        // Go back to an earlier entry, then redo everything after it.
        f.run(&Op::JumpBack(back));
        let gone_back = UndoStack::of(&f.log()).redo.len() - before_redo.len();
        for _ in 0..gone_back {
            prop_assert!(f.step(bagless_dice_race::decide_redo));
        }
        prop_assert_eq!(&UndoStack::of(&f.log()).redo, &before_redo);
        prop_assert_eq!(&f.state(), &before_state);
        prop_assert_eq!(&rows(&path), &before_rows);

        // The history lists exactly the log's steps, with the log's undo state.
        let log = f.log();
        let stack = UndoStack::of(&log);
        let view = history::page(&log, usize::MAX, &mut ByFields);
        let mut listed: Vec<u32> = view.entries.iter().map(|e| e.seq).collect();
        listed.reverse();
        let steps: Vec<u32> = log.iter().filter(|e| e.event.is_entry()).map(|e| e.seq).collect();
        prop_assert_eq!(&listed, &steps);
        prop_assert_eq!(&listed, &stack.entries);
        for entry in &view.entries {
            prop_assert_eq!(entry.status == StepStatus::Done, stack.is_in_effect(entry.seq));
        }
        let derived = log.iter().filter(|e| !e.event.is_entry() && e.event.marker().is_none()).count();
        prop_assert_eq!(view.entries.iter().map(|e| e.details.len()).sum::<usize>(), derived);
        // A page is the newest steps of the whole view, word for word.
        for limit in [0, 1, 3, view.entries.len()] {
            let page = history::page(&log, limit, &mut ByFields);
            prop_assert_eq!(&page.entries[..], &view.entries[..limit.min(view.entries.len())]);
            prop_assert_eq!(page.older as usize, view.entries.len() - page.entries.len());
        }

        // And all of it read back from the file after a reopen.
        drop(f);
        let library = Library::open(&path, &dir.path().join("backups"), now()).unwrap();
        prop_assert_eq!(library.load(ID).unwrap().state, before_state);
        prop_assert_eq!(rows(&path), before_rows);
        // Each event's kind column is the tag serde wrote in its payload.
        let conn = rusqlite::Connection::open(&path).unwrap();
        let mismatched: i64 = conn
            .query_row("SELECT count(*) FROM events WHERE kind IS NOT json_extract(payload, '$.type')", [], |r| r.get(0))
            .unwrap();
        prop_assert_eq!(mismatched, 0);
    }
}
