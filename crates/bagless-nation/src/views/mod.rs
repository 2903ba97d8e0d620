//! What the screens show: the table (pyramid, players, attempts with
//! their odds), the scoreboard, the end count, the history in words and an
//! assassin's own screen on its phone ([`seat`]).

pub mod end_count;
pub mod history;
pub mod seat;
pub mod setup;
pub mod table;
