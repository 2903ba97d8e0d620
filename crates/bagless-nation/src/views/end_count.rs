//! "WINNING THE GAME" on one screen: each player's tiles, Cash Tokens and
//! hit-list bonuses, minus Debt Tokens; the winner, or the players tied
//! for the duel ("TIES:").

use crate::model::state::{Duel, Game, Phase};
use crate::rules::end::{leaders, totals};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct HitListLine {
    pub target: u8,
    pub bonus: u32,
    /// The player eliminated this target: the bonus counts.
    pub earned: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct EndLine {
    pub seat: u8,
    pub name: String,
    pub tiles: Vec<u8>,
    pub tiles_value: u32,
    pub cash: u32,
    pub bonuses: u32,
    pub debt: u32,
    pub total: i32,
    /// `None` until the player shows their card.
    pub hit_list: Option<Vec<HitListLine>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct EndCount {
    pub lines: Vec<EndLine>,
    /// The players with the most money, once every hit list is shown (the
    /// bonuses still secret could change who leads); empty before.
    pub leaders: Vec<u8>,
    /// Hit lists not shown yet.
    pub missing_hit_lists: Vec<u8>,
    /// The count is closed (every hit list shown).
    pub closed: bool,
    pub winner: Option<u8>,
    pub duel: Option<Duel>,
}

/// The end count, once every target is down.
pub fn end_count(game: &Game) -> Option<EndCount> {
    if !matches!(game.phase, Phase::Count | Phase::Over) && game.duel.is_none() {
        return None;
    }
    let totals = totals(game);
    let lines: Vec<EndLine> = game
        .players
        .iter()
        .zip(&totals)
        .enumerate()
        .map(|(seat, (p, t))| EndLine {
            seat: seat as u8,
            name: p.name.clone(),
            tiles: p.tiles.clone(),
            tiles_value: t.tiles,
            cash: t.cash,
            bonuses: t.bonuses,
            debt: t.debt,
            total: t.total(),
            hit_list: p.hit_list.as_ref().map(|entries| {
                entries
                    .iter()
                    .map(|e| HitListLine {
                        target: e.target,
                        bonus: e.bonus,
                        earned: game.target(e.target).and_then(|t| t.holder) == Some(seat as u8),
                    })
                    .collect()
            }),
        })
        .collect();
    let all_totals: Vec<i32> = lines.iter().map(|l| l.total).collect();
    let missing_hit_lists: Vec<u8> = (0..game.players.len() as u8)
        .filter(|p| game.players[*p as usize].hit_list.is_none())
        .collect();
    Some(EndCount {
        leaders: if missing_hit_lists.is_empty() {
            leaders(&all_totals)
        } else {
            Vec::new()
        },
        missing_hit_lists,
        closed: game.totals.is_some(),
        winner: game.winner,
        duel: game.duel.clone(),
        lines,
    })
}
