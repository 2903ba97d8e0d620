//! What every game on the shelf shares, whatever its rules: how an event is
//! kept in the log ([`Envelope`]), how a command is refused ([`Refusal`]:
//! a rule code and the rulebook heading behind it), undo/redo worked out
//! from an append-only log ([`undo`]), the library's limits every game
//! shares (a name's length, the range of dates: [`limits`]), and the
//! contract each rules crate
//! implements ([`Rules`]: its edition, `evolve`, its entries decided again
//! and its invariants) with the one way a log from outside is believed
//! ([`decide_log_again`]).
//!
//! Each game's rules crate (`bagless-bov`, `bagless-risk`, ...) builds its
//! commands, events, state and `evolve` on these. Pure: no I/O, no clock,
//! no global random generator.

// A game's decide and evolve read as its rulebook's sections: no function
// over the lines of clippy.toml's `too-many-lines-threshold` (a view or a
// file's reading says so where it lists one thing per line).
#![deny(clippy::too_many_lines)]

mod envelope;
pub mod history;
pub mod limits;
mod refusal;
pub mod rules;
pub mod undo;

pub use envelope::Envelope;
pub use refusal::{Code, Refusal, RuleRefusal};
pub use rules::{decide_log_again, edition_due, first_edition, Disbelieved, Rules, Why};
