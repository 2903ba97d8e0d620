//! What the screen shows: the memory in play.

pub mod play;
pub mod seat;
