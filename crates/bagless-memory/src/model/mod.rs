//! The model: commands, events, the state and [`state::evolve`], the
//! small words they share, and the box's values asked once.

pub mod box_values;
pub mod commands;
pub mod events;
pub mod evolve;
pub mod state;
pub mod types;
