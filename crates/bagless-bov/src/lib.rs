//! Brotherhood of Venice: content packs, the campaign's state, the commands
//! the players give, the events those commands produce, and the rules that
//! decide between them.
//!
//! This crate is pure: it reads no clock, no file and no global random
//! generator. Time arrives in [`Context`]; persistence is another crate's
//! job. What every game shares (the event envelope, the refusal, undo and
//! redo over a log) comes from `bagless-game`.
//!
//! The modules form layers, each using only those below it (checked by
//! tests/module_graph.rs):
//! 1. `refusals`: the rule codes and the rulebook's sections;
//! 2. `model/`: the game's things and its state (`value_keys`, `cards`,
//!    `pack`, `board`, `hq_types`, `override_types`, then `campaign`:
//!    Campaign, Command, Event);
//! 3. `rules/`: one module per section of the rulebook (`creation`,
//!    `ledger_check`, `hospital`, `hq`, `assassins`, `memories`,
//!    `hq_resolution`, `overrides`, `undo`), each with its part of
//!    `decide` and `evolve`;
//! 4. `game`: the total `decide` and `evolve`, and the replays; `again`:
//!    the campaign on the contract every game keeps (`bagless_game::Rules`),
//!    an entry read from a file decided again;
//! 5. `views/`: what the screens show (`entries`, `board_view`, `hq_view`,
//!    `diary`, `history`; `destinations`: where a card picked up may go,
//!    asked of `game`'s decide).
//!
//! Re-exports keep short public paths: `bagless_bov::campaign` is
//! `model::campaign`, `bagless_bov::hq` is `rules::hq`, and so on.

// A game's decide and evolve read as its rulebook's sections: no function
// over the lines of clippy.toml's `too-many-lines-threshold` (a view or a
// file's reading says so where it lists one thing per line).
#![deny(clippy::too_many_lines)]

mod again;
mod game;
pub mod model;
pub mod refusals;
pub mod rules;
pub mod views;

pub use model::{board, campaign, pack, packs, value_keys};
pub use rules::edition::{edition_due, edition_step, EDITION};
pub use rules::{assassins, edition, hospital, hq, memories, overrides, undo};
pub use views::{board_view, destinations, diary, history, hq_view};

pub use campaign::{Campaign, Command, Context, Event, EventEnvelope};
pub use pack::{Pack, PackError};
pub use refusals::{refuse, RuleCode, RuleViolation, Section};
