//! What the screens show: the table (pyramid, players, attempts with
//! their odds), the scoreboard, the end count and the history in words.

pub mod end_count;
pub mod history;
pub mod table;
