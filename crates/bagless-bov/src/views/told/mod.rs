//! The campaign told back (issue 57), each view read from the whole log in
//! one pass, the log folded through the crate's own `evolve` (undone
//! entries left out, as the diary has them):
//! - `story`: the campaign attempt by attempt (its XP and level marks,
//!   each memory's attempts, each assassin's health and equipment, the
//!   HQ), a point per attempt recorded, each with its entry's seq;
//! - `evening`: what was played since a time (memories, XP, levels,
//!   cards, HQ steps);
//! - `year`: what the campaigns of a box add up to (each memory's attempts
//!   and successes, the evenings and hours, each assassin's record).

pub mod evening;
pub mod story;
pub mod year;
