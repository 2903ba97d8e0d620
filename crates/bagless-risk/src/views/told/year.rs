//! What a library's games of RISK Assassin's Creed add up to: games
//! played and finished, the turns they took, and each player's games and
//! wins (COMMENT GAGNER ?: every winner of a tie counts a win), by name.

use crate::model::state::Game;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::TS;

/// A player across the games, by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct YearPlayer {
    pub name: String,
    pub games: u32,
    pub wins: u32,
}

/// One game of the year.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct YearGame {
    pub name: String,
    /// Turns begun, every player's added up.
    pub turns: u32,
    pub over: bool,
    pub winners: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Year {
    pub games: u32,
    pub finished: u32,
    pub turns: u32,
    /// The most wins first, then by name.
    pub players: Vec<YearPlayer>,
    /// The games in the order given.
    pub played: Vec<YearGame>,
}

/// The year of `games`, each with the name the library gives it.
pub fn year_view<'a>(games: impl IntoIterator<Item = (&'a str, &'a Game)>) -> Year {
    let mut players: BTreeMap<String, YearPlayer> = BTreeMap::new();
    let mut played = Vec::new();
    for (name, game) in games {
        let winners: Vec<String> = game
            .outcome
            .iter()
            .flat_map(|o| o.winners.iter())
            .filter_map(|c| game.player(*c).map(|p| p.name.clone()))
            .collect();
        for player in &game.players {
            let entry = players
                .entry(player.name.clone())
                .or_insert_with(|| YearPlayer {
                    name: player.name.clone(),
                    games: 0,
                    wins: 0,
                });
            entry.games += 1;
            if winners.contains(&player.name) {
                entry.wins += 1;
            }
        }
        played.push(YearGame {
            name: name.to_string(),
            turns: game.players.iter().map(|p| p.turns).sum(),
            over: game.outcome.is_some(),
            winners,
        });
    }
    let mut players: Vec<YearPlayer> = players.into_values().collect();
    players.sort_by(|a, b| b.wins.cmp(&a.wins).then_with(|| a.name.cmp(&b.name)));
    Year {
        games: played.len() as u32,
        finished: played.iter().filter(|g| g.over).count() as u32,
        turns: played.iter().map(|g| g.turns).sum(),
        players,
        played,
    }
}
