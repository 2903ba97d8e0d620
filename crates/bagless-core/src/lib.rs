//! The game of Bagless: content packs, the campaign's state, the commands the
//! players give, the events those commands produce, and the rules that decide
//! between them.
//!
//! This crate is pure: it reads no clock, no file and no global random
//! generator. Time arrives in [`Context`]; persistence is another crate's job.
//!
//! The modules form layers, each using only those below it (checked by
//! tests/module_graph.rs): the refusals (`rules`, `value_keys`); the model
//! types (`cards`, `pack`, `board`, `hq_types`, `override_types`,
//! `campaign`); the rules modules, one per section of the rulebook
//! (`creation`, `ledger_check`, `hospital`, `hq`, `assassins`, `memories`,
//! `hq_resolution`, `overrides`, `undo`); the dispatch (`game`: `decide`,
//! `evolve` and the replays); the views (`entries`, `diary`, `board_view`,
//! `hq_view`, `history`). Re-exports keep the old public paths:
//! `campaign::decide` is `game::decide`, `board::Place` is `cards::Place`,
//! `hq::Spot` is `hq_types::Spot`, `overrides::OverrideInput` is
//! `override_types::OverrideInput`.

pub mod assassins;
pub mod board;
pub mod board_view;
pub mod campaign;
mod cards;
mod creation;
pub mod diary;
mod entries;
mod game;
pub mod history;
pub mod hospital;
pub mod hq;
mod hq_resolution;
mod hq_types;
pub mod hq_view;
mod ledger_check;
mod memories;
mod override_types;
pub mod overrides;
pub mod pack;
pub mod rules;
pub mod undo;
pub mod value_keys;

pub use campaign::{Campaign, Command, Context, Event, EventEnvelope};
pub use pack::{Pack, PackError};
pub use rules::{refuse, RuleCode, RuleViolation, Section};
