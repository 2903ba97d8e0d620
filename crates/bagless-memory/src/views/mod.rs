//! What the screen shows: the memory in play.

pub mod bounds;
pub mod play;
pub mod seat;
