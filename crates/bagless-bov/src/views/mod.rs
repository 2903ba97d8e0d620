//! What the screens show, worked out from the state: the entries of the
//! log, the diary, the assassins' boards (and where a card picked up on
//! them may go), the HQ and the history's words;
//! `shelf`: what a campaign reads from the other campaigns of its box;
//! `told`: the campaign told back (its story, an evening, a year).

pub mod board_view;
pub mod destinations;
pub mod diary;
pub(crate) mod entries;
pub mod history;
pub mod hq_view;
pub mod offers;
pub mod seat;
pub mod shelf;
pub mod summary;
pub mod told;
