//! Assassin Nation: the pyramid of targets, attempts, conflicts, money and
//! the end count, refereed. Pure: no I/O, no clock, no global RNG (the
//! dice Bagless rolls come from [`Context::seed`] and are recorded in the
//! events, so a replay never re-rolls).
//!
//! - `model`: [`Command`], [`Event`], the state [`Game`] and [`evolve`],
//!   the one place it changes; the box's values asked once.
//! - `rules`: [`decide`], one module per heading of the rules summary;
//!   an entry read from a file decided again (`Game` implements
//!   [`bagless_game::Rules`]) and the [`invariants`] checked after every
//!   event.
//! - [`odds`]: the MSR explained and the exact chance of success.
//! - `views`: [`table_view`], [`scoreboard`], [`end_count`], [`history`];
//!   told back: [`story`], [`evening`], [`year`].
//! - [`pack`]: `campaigns/nation/pack.json`, embedded.
//!
//! Every refusal names a [`RuleCode`] and the summary's heading
//! ([`Section`]) behind it.

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

pub use model::box_values::BoxValue;
pub use model::commands::{Command, ContractPlay, HitListEntry, PlayerSetup};
pub use model::events::Event;
pub use model::state::{
    evolve, Attempt, AttemptStatus, Duel, Game, ModifierPlay, Phase, Player, Target, WeaponPlay,
};
pub use odds::{chance, explain, MsrExplanation, Outcome};
pub use refusals::{RuleCode, RuleViolation, Section};
pub use rules::invariants::invariants;
pub use rules::undo::{decide_jump_back, decide_redo, decide_undo};
pub use rules::{decide, replay, Context};
pub use views::end_count::{end_count, EndCount, EndLine, HitListLine};
pub use views::evening::{evening, Evening, MoneyGained};
pub use views::history::{history, HistoryLine};
pub use views::setup::{setup_offer, SetupOffer};
pub use views::story::{story, MoneyAt, RoundPoint, Story, TargetTaken};
pub use views::table::{
    scoreboard, table_view, AttemptView, Offers, PlayerView, RoundStep, RoundStepView, ScoreLine,
    TableView, TargetView, Waiting,
};
pub use views::year::{year, Year, YearPlayer};
