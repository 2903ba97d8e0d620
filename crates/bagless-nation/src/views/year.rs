//! What a year of Assassin Nation adds up to (issue 57): the games played
//! and each player's wins, by name ("WINNING THE GAME": the winner once
//! the count is closed, or the duel won). Only what was recorded.

use crate::model::state::{Game, Phase};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct YearPlayer {
    pub name: String,
    /// Games they sat at.
    pub played: u32,
    /// Games over, and those they won.
    pub finished: u32,
    pub wins: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct Year {
    /// Every game set up.
    pub games: u32,
    /// The games over (a winner named).
    pub finished: u32,
    /// The most wins first, then the most games, then by name.
    pub players: Vec<YearPlayer>,
}

/// What `games` add up to.
pub fn year<'a>(games: impl IntoIterator<Item = &'a Game>) -> Year {
    let mut year = Year {
        games: 0,
        finished: 0,
        players: Vec::new(),
    };
    let mut by_name: BTreeMap<&str, YearPlayer> = BTreeMap::new();
    for game in games {
        if game.phase == Phase::NotCreated {
            continue;
        }
        year.games += 1;
        let over = game.phase == Phase::Over;
        year.finished += u32::from(over);
        for (seat, player) in game.players.iter().enumerate() {
            let line = by_name
                .entry(player.name.as_str())
                .or_insert_with(|| YearPlayer {
                    name: player.name.clone(),
                    played: 0,
                    finished: 0,
                    wins: 0,
                });
            line.played += 1;
            line.finished += u32::from(over);
            line.wins += u32::from(over && game.winner == Some(seat as u8));
        }
    }
    year.players = by_name.into_values().collect();
    year.players.sort_by(|a, b| {
        b.wins
            .cmp(&a.wins)
            .then(b.played.cmp(&a.played))
            .then_with(|| a.name.cmp(&b.name))
    });
    year
}
