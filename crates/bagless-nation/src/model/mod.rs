//! The model: commands, events, the state and [`evolve::evolve`], and the
//! box's values asked once.

pub mod box_values;
pub mod commands;
pub mod events;
pub mod evolve;
pub mod face_up;
pub mod state;
