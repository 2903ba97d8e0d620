//! What the screens show: the table (pyramid, players, attempts with
//! their odds), the scoreboard, the end count, the history in words and an
//! assassin's own screen on its phone ([`seat`]); the game told back
//! (issue 57): its [`story`], an [`evening`] of it, a [`year`] of games.

pub mod end_count;
pub mod evening;
pub mod history;
pub mod seat;
pub mod setup;
pub mod story;
pub mod table;
pub mod year;
