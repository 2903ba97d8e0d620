//! What the trade form offers (ÉCHANGER DES CARTES), so the panel adds no
//! crests and looks nothing up in the table ASSASSINS PAR CARTES: the
//! player's cards grouped by the crests on them, and every trade of them
//! the rules accept with what it gives, each decided by the rules' own
//! `trade`.

use crate::model::events::Event;
use crate::model::ids::Territory;
use crate::model::state::{Game, Phase};
use crate::rules::cards::{trade, trade_range};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The player's cards that bear the same crests.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct CardGroup {
    /// The crests on each card of the group; `None`: not entered yet (the
    /// rules ask for them when such a card is traded).
    pub crests: Option<u32>,
    pub cards: Vec<Territory>,
}

/// One trade the rules accept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct TradeChoice {
    /// How many cards of each group it takes, in the order of
    /// `TradeOffer.groups` (which cards of a group does not matter).
    pub counts: Vec<u32>,
    /// The crests those cards add up to.
    pub crests: u32,
    /// The assassins the table ASSASSINS PAR CARTES gives for them.
    pub assassins: u32,
}

/// **1. PLACEZ VOS ASSASSINS**, ÉCHANGER DES CARTES: what the trade form
/// of the player whose turn it is may offer, in the placement phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct TradeOffer {
    /// The cards in the player's hand, by their crests (known first, the
    /// fewest first; then those not entered yet).
    pub groups: Vec<CardGroup>,
    /// Every trade of those cards the rules accept now, and what it gives;
    /// a choice of cards not listed is refused (or its crests asked).
    pub trades: Vec<TradeChoice>,
    /// The fewest and most crests the table lists.
    pub min_crests: u32,
    pub max_crests: u32,
}

/// The trade form's offer: in the placement phase, for the player whose
/// turn it is, over the player's hand; from edition 2, later in the turn,
/// over the cards captured from a neutral still held (S'EMPARER D'UNE
/// FACTION D'ASSASSINS NEUTRE: "échangez-les quand vous le souhaitez"),
/// any of them the rules accept; `None` otherwise.
pub fn trade_offer(game: &Game) -> Option<TradeOffer> {
    let turn = game.turn.as_ref()?;
    let player = game.player(turn.player)?;
    let later = game.follows_edition_2()
        && matches!(game.phase, Phase::Attack | Phase::Manoeuvre)
        && !player.captured.is_empty();
    let hand = match game.phase {
        Phase::Placement => &player.cards,
        _ if later => &player.captured,
        _ => return None,
    };
    let mut groups: Vec<CardGroup> = Vec::new();
    for card in hand {
        let crests = game.box_values.crests(*card).map(u32::from);
        match groups.iter_mut().find(|g| g.crests == crests) {
            Some(group) => group.cards.push(*card),
            None => groups.push(CardGroup {
                crests,
                cards: vec![*card],
            }),
        }
    }
    groups.sort_by_key(|g| (g.crests.is_none(), g.crests));
    let (min_crests, max_crests) = trade_range();
    let known = groups.iter().take_while(|g| g.crests.is_some()).count();
    let mut trades = Vec::new();
    let mut counts = vec![0u32; groups.len()];
    choose(
        game,
        &groups[..known],
        &mut counts,
        0,
        0,
        max_crests,
        &mut trades,
    );
    Some(TradeOffer {
        groups,
        trades,
        min_crests,
        max_crests,
    })
}

/// Every count of cards from `groups[at..]` (the known crests), the
/// counts before `at` fixed in `counts`: each set of cards the rules'
/// `trade` accepts is a choice. A set past the table's most crests is not
/// tried (`so_far`: the crests of the cards counted before `at`).
fn choose(
    game: &Game,
    groups: &[CardGroup],
    counts: &mut Vec<u32>,
    at: usize,
    so_far: u32,
    most: u32,
    trades: &mut Vec<TradeChoice>,
) {
    let Some(group) = groups.get(at) else {
        let cards: Vec<Territory> = groups
            .iter()
            .zip(counts.iter())
            .flat_map(|(g, n)| g.cards.iter().take(*n as usize).copied())
            .collect();
        if cards.is_empty() {
            return;
        }
        if let Ok(events) = trade(game, &cards) {
            if let Some(Event::CardsTraded {
                crests, assassins, ..
            }) = events.first()
            {
                trades.push(TradeChoice {
                    counts: counts.clone(),
                    crests: *crests,
                    assassins: *assassins,
                });
            }
        }
        return;
    };
    let each = group.crests.unwrap_or(0);
    for n in 0..=group.cards.len() as u32 {
        let crests = so_far + each * n;
        if n > 0 && crests > most {
            break;
        }
        counts[at] = n;
        choose(game, groups, counts, at + 1, crests, most, trades);
    }
    counts[at] = 0;
}
