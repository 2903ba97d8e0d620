//! The game's things and its state: cards and where they are, a box's
//! contents, the assassins' boards, the HQ's spots, overrides, the numbers
//! asked once, and the campaign itself (Campaign, Command, Event).

pub mod board;
pub mod campaign;
pub(crate) mod cards;
pub(crate) mod hq_types;
pub(crate) mod override_types;
pub mod pack;
pub mod packs;
pub mod value_keys;
