//! Property: for any sequence of commands, undos, redos and jumps back on a
//! real library file, undoing k steps and redoing them gives back the same
//! state and the same projection rows, going back and redoing everything
//! does too, and the history view lists exactly the steps of the log.

use crate::board_steps;

use crate::support;
use bagless_bov::campaign::{decide, replay_log, Campaign, Command, Context, EventEnvelope};
use bagless_bov::history::{self, history_view, StepStatus, UndoStack};
use bagless_bov::Pack;
use bagless_store::Library;
use chrono::{TimeZone, Utc};
use proptest::prelude::*;
use std::path::Path;
use support::Campaigns;

#[derive(Debug, Clone)]
enum Op {
    /// A player's command (a board step's `Undo` is an undo too).
    Step(board_steps::Step),
    Undo,
    Redo,
    /// Back to the n-th entry in effect, counted from the newest.
    JumpBack(usize),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        8 => board_steps::step().prop_map(Op::Step),
        2 => Just(Op::Undo),
        2 => Just(Op::Redo),
        1 => (0usize..6).prop_map(Op::JumpBack),
    ]
}

const ID: &str = "p";

fn now() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap()
}

/// Every projection row of the campaign, table by table, sorted. Every
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
    pack: Pack,
    ctx: Context,
}

impl Fixture {
    fn log(&self) -> Vec<EventEnvelope> {
        self.library.events(ID).unwrap()
    }

    fn state(&self) -> Campaign {
        self.library.load(ID).unwrap().state
    }

    /// Appends the markers `decide` gives, if any; true when it wrote.
    fn step(
        &mut self,
        decide: impl FnOnce(
            &[EventEnvelope],
        ) -> Result<Vec<bagless_bov::Event>, bagless_bov::RuleViolation>,
    ) -> bool {
        let last = self.library.record(ID).unwrap().last_seq;
        let log = self.log();
        // Both ways of writing markers: with the log in hand (as the app
        // does) and plainly (the store reads the log back to rebuild).
        self.plain = !self.plain;
        match decide(&log) {
            Ok(markers) if self.plain => {
                self.library
                    .append(ID, last, &markers, self.ctx.now)
                    .unwrap();
                true
            }
            Ok(markers) => {
                let log = self
                    .library
                    .append_markers(ID, std::sync::Arc::new(log), &markers, self.ctx.now)
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
            Op::Undo | Op::Step(board_steps::Step::Undo) => {
                self.step(history::decide_undo);
            }
            Op::Redo => {
                self.step(history::decide_redo);
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
                    self.step(|log| history::decide_jump_back(log, seq));
                }
            }
            Op::Step(step) => {
                let state = self.state();
                let command = board_steps::command(&state, &self.pack, step).expect("not an undo");
                if let Ok(events) = decide(&state, &self.pack, &command, &self.ctx) {
                    let last = self.library.record(ID).unwrap().last_seq;
                    self.library
                        .append(ID, last, &events, self.ctx.now)
                        .unwrap();
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
        let pack = Pack::from_json("core", include_str!("../../../campaigns/core/pack.json")).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bagless.sqlite");
        let ctx = Context { now: now() };
        let library = Library::open(&path, &dir.path().join("backups"), now()).unwrap();
        let mut f = Fixture {
            library,
            plain: false,
            pack,
            ctx,
        };
        let create = Command::Create {
            name: "P".into(),
            pack_id: "core".into(),
            assassins: vec!["claudio".into(), "daria".into()],
        };
        let events = decide(&Campaign::default(), &f.pack, &create, &ctx).unwrap();
        f.library.append(ID, 0, &events, now()).unwrap();
        for op in &ops {
            f.run(op);
            // The projection always equals a replay of the log: the state
            // loaded, and the rows read back.
            prop_assert_eq!(&f.state(), &replay_log(&f.log()));
            prop_assert_eq!(f.library.check_campaign(ID).unwrap(), None);
        }

        let before_state = f.state();
        let before_rows = rows(&path);
        // Entries the ops left undone stay redoable: the stack must come back too.
        let before_redo = UndoStack::of(&f.log()).redo;
        // Undo k steps (fewer if the log holds fewer), then redo as many.
        let undone = (0..k).take_while(|_| f.step(history::decide_undo)).count();
        for _ in 0..undone {
            prop_assert!(f.step(history::decide_redo), "every undone step can be redone");
        }
        prop_assert_eq!(&UndoStack::of(&f.log()).redo, &before_redo);
        prop_assert_eq!(&f.state(), &before_state);
        prop_assert_eq!(&rows(&path), &before_rows);

        // Go back to an earlier entry, then redo everything after it.
        f.run(&Op::JumpBack(back));
        let gone_back = UndoStack::of(&f.log()).redo.len() - before_redo.len();
        for _ in 0..gone_back {
            prop_assert!(f.step(history::decide_redo));
        }
        prop_assert_eq!(&UndoStack::of(&f.log()).redo, &before_redo);
        prop_assert_eq!(&f.state(), &before_state);
        prop_assert_eq!(&rows(&path), &before_rows);

        // The history lists exactly the log's steps, with the log's undo state.
        let log = f.log();
        let stack = UndoStack::of(&log);
        let view = history_view(&log, &f.pack);
        let mut listed: Vec<u32> = view.entries.iter().map(|e| e.seq).collect();
        listed.reverse();
        let steps: Vec<u32> = log.iter().filter(|e| e.event.as_command().is_some()).map(|e| e.seq).collect();
        prop_assert_eq!(&listed, &steps);
        prop_assert_eq!(&listed, &stack.entries);
        for entry in &view.entries {
            prop_assert_eq!(entry.status == StepStatus::Done, stack.is_in_effect(entry.seq));
        }
        let derived = log.iter().filter(|e| e.event.as_command().is_none() && !e.event.is_undo_marker()).count();
        prop_assert_eq!(view.entries.iter().map(|e| e.details.len()).sum::<usize>(), derived);
        // A page is the newest steps of the whole view, word for word.
        for limit in [0, 1, 3, view.entries.len()] {
            let page = history::history_page(&log, &f.pack, limit);
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
            .query_row("SELECT count(*) FROM events WHERE kind IS NOT json_extract(payload, '$.kind')", [], |r| r.get(0))
            .unwrap();
        prop_assert_eq!(mismatched, 0);
    }
}
