//! A Brotherhood of Venice memory while it is played, refereed: the game
//! turn and its phases, action cubes and the saved cube, the alert state,
//! the reinforcement deck for the number of assassins in play, guards
//! entering squares and detection tests, attacks with their retaliation,
//! and the end of the memory for the diary. Pure: no I/O, no clock, no
//! global RNG (the dice and shuffles Bagless makes come from
//! [`Context::seed`] and are recorded in the events, so a replay never
//! re-rolls).
//!
//! - `model`: [`Command`], [`Event`], the state [`Game`] and [`evolve`],
//!   the one place it changes; the box's values asked once ([`BoxValue`]).
//! - `rules`: [`decide`], one module per heading of the rules; the
//!   [`bagless_game::Rules`] contract for [`Game`] (a log read from a file
//!   decided again, entry by entry, with what chance gave taken from it),
//!   and the invariants checked after every event.
//! - `views`: [`play_view`] and [`attempt_draft`].
//!
//! Every refusal names a [`RuleCode`] and the rules' heading ([`Section`])
//! behind it. What the summaries do not say is listed in
//! campaigns/README.md ("a memory in play"), each reading an id of
//! campaigns/memory/pack.json's `assumptions` that the screen marks
//! ([`views::play::ASSUMPTIONS`]).

// A game's decide and evolve read as its rulebook's sections: no function
// over the lines of clippy.toml's `too-many-lines-threshold` (a view or a
// file's reading says so where it lists one thing per line).
#![deny(clippy::too_many_lines)]

pub mod model;
pub mod refusals;
pub mod rules;
pub mod views;

pub use model::box_values::{BoxValue, Guards};
pub use model::commands::{AttackerInput, Command};
pub use model::events::Event;
pub use model::state::{
    evolve, AssassinState, Attack, AttackStage, AttackerRoll, Deck, Detection, EnemyTarget,
    EntranceGuards, Game, PendingTest, Placement, Reinforcement, RiposteShare, SquareEntry,
};
pub use model::types::{
    AlertBy, AssassinFace, BlackFace, Condition, CubeSource, DetectionFace, Difficulty, EndReason,
    Entrance, ExposedBy, Guard, Outcome, Step,
};
pub use refusals::{RuleCode, RuleViolation, Section};
pub use rules::undo::{decide_jump_back, decide_redo, decide_undo};
pub use rules::{decide, replay, Context};
pub use views::play::{
    attempt_draft, play_view, AssassinView, AttackView, AttemptDraft, DeckView, EntranceLine,
    PlayView, ReinforcementView, TrackStep, Waiting,
};
