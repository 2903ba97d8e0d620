//! What every game on the shelf shares, whatever its rules: how an event is
//! kept in the log ([`Envelope`]), how a command is refused ([`Refusal`]:
//! a rule code and the rulebook heading behind it), and undo/redo worked
//! out from an append-only log ([`undo`]).
//!
//! Each game's rules crate (`bagless-bov`, `bagless-risk`, ...) builds its
//! commands, events, state and `evolve` on these. Pure: no I/O, no clock,
//! no global random generator.

mod envelope;
mod refusal;
pub mod undo;

pub use envelope::Envelope;
pub use refusal::{Code, Refusal};
