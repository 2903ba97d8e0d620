//! RISK Assassin's Creed: set-up, turns, attacks and their odds, refereed.
//!
//! Pure: no I/O, no clock, no global random generator. Time and the seed
//! Bagless rolls dice and deals cards with arrive in [`Context`]; whatever
//! is rolled or dealt is recorded in the events, so [`replay`] never rolls
//! again. What every game shares (the event envelope, the refusal, undo and
//! redo over the log) comes from `bagless-game`.
//!
//! Layers, each using only those below it:
//! 1. `refusals`: the rule codes and the rules summary's headings;
//! 2. `model/`: `ids` (territories, regions, colours), [`pack`] (the
//!    embedded `campaigns/risk-ac/pack.json`), `box_values` (what the box
//!    prints and the summary does not: asked once), `commands`, `events`,
//!    `state` (the [`Game`] and its one total [`evolve`]);
//! 3. `rules/`: one module per heading of the summary, and [`decide`];
//!    `Game` implements `bagless_game::Rules` there: an entry read from a
//!    file decided again (`rules/again.rs`, the draws taken from the file:
//!    `rules/chance.rs`) and what holds after every event
//!    (`rules/invariants.rs`);
//! 4. [`odds`]: the exact odds of an attack;
//! 5. `views/`: the map, the "put it back on the board" sheet, the
//!    history's words.

// A game's decide and evolve read as its rulebook's sections: no function
// over the lines of clippy.toml's `too-many-lines-threshold` (a view or a
// file's reading says so where it lists one thing per line).
#![deny(clippy::too_many_lines)]

pub mod model;
pub mod odds;
pub mod pack;
pub mod refusals;
pub mod rules;
pub mod views;

pub use model::box_values::{BoxValue, BoxValues};
pub use model::commands::{Command, DealtCard, FragmentHand, NeutralStack, Seat, TerritoryCount};
pub use model::events::{Count, Dealt, Ending, Event, Reinforcement};
pub use model::ids::{Colour, Region, Territory};
pub use model::state::{evolve, Game, Holding, Outcome, Phase, Player, Turn};
pub use odds::{attack_odds, odds, odds_with_cards, Odds};
pub use refusals::{refuse, RuleCode, RuleViolation, Section};
pub use rules::undo::{decide_jump_back, decide_redo, decide_undo, replay};
pub use rules::{decide, Context};
pub use views::history::{history_words, HistoryWords};
pub use views::map::{map_view, MapView};
pub use views::setup::{setup_offer, SetupOffer};
pub use views::sheet::{sheet_view, SheetView};
pub use views::told::{evening_view, story_view, year_view, Evening, Story, Year};

/// An event as the log keeps it.
pub type EventEnvelope = bagless_game::Envelope<Event>;
