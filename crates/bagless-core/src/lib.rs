//! The game of Bagless: content packs, the campaign's state, the commands the
//! players give, the events those commands produce, and the rules that decide
//! between them.
//!
//! This crate is pure: it reads no clock, no file and no global random
//! generator. Time arrives in [`Context`]; persistence is another crate's job.

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
