//! The game's things and its state: ids, the box values asked for, the
//! commands, the events, and the state with its one `evolve`.

pub mod box_values;
pub mod commands;
pub mod events;
pub mod ids;
pub mod state;
