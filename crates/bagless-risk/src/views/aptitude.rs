//! What the aptitude form offers (CARTES APTITUDE), so the panel restates
//! no rule: the territories a card turned over may take assassins from,
//! and the most from each, each asked of the rules' own `reveal_aptitude`.

use crate::model::commands::TerritoryCount;
use crate::model::ids::Territory;
use crate::model::state::{Game, Phase};
use crate::rules::cards::reveal_aptitude;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// CARTES APTITUDE: "elle peut tout aussi bien vous demander d'enlever des
/// Assassins du plateau": what the form for a card turned over offers,
/// while one may be.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct AptitudeOffer {
    /// Each territory the card may take assassins from and the most it may
    /// take there; the form offers one row for each at most.
    pub losses: Vec<TerritoryCount>,
    /// The most assassins a card gives, and the longest reason it takes
    /// (assumption `typed_bounds`).
    pub max_gain: u32,
    pub reason_chars: u32,
    /// The fewest assassins a card is entered as giving (0: none), and the
    /// fewest it takes off a territory it names.
    pub min_gain: u32,
    pub min_loss: u32,
}

/// The aptitude form's offer: in the placement phase, while the player
/// whose turn it is may turn a card over; `None` otherwise.
pub fn aptitude_offer(game: &Game) -> Option<AptitudeOffer> {
    let turn = game
        .turn
        .as_ref()
        .filter(|_| game.phase == Phase::Placement)?;
    let asked = |losses: &[TerritoryCount]| reveal_aptitude(game, 0, losses, "?").is_ok();
    if !asked(&[]) {
        return None;
    }
    let losses = Territory::all()
        .filter(|t| game.owner(*t) == Some(turn.player))
        .filter_map(|territory| {
            let there = game.assassins(territory);
            // The most the rules accept: every assassin there, or all but one.
            [there, there.saturating_sub(1)]
                .into_iter()
                .filter(|count| *count > 0)
                .find(|count| {
                    asked(&[TerritoryCount {
                        territory,
                        count: *count,
                    }])
                })
                .map(|count| TerritoryCount { territory, count })
        })
        .collect();
    Some(AptitudeOffer {
        losses,
        max_gain: *crate::rules::cards::REVEALED_GAIN.end(),
        reason_chars: crate::rules::MAX_REASON as u32,
        min_gain: *crate::rules::cards::REVEALED_GAIN.start(),
        min_loss: crate::rules::cards::FEWEST_TAKEN,
    })
}
