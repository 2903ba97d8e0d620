//! "INTEL PHASE": the Black Market and the Intel cards are played at the
//! table; Bagless keeps "3) PURCHASE EQUIPMENT / CONTRACTS", where each
//! card drawn costs a Cash Token discarded to the bank. The tie duel has
//! no purchase ("TIES:").

use super::{check_phase, check_player, wrong_phase};
use crate::model::events::Event;
use crate::model::state::{Game, Phase, TOKEN};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};

/// What one card drawn costs: "Players discard their Cash Token to the
/// bank".
pub const CARD_PRICE: u32 = TOKEN;

/// How many cards `cash` pays for.
pub fn affordable(cash: u32) -> u32 {
    cash / CARD_PRICE
}

/// Whether cards may be bought now: in the Intel Phase, never in the tie
/// duel ("TIES:" has no purchase).
pub fn purchase_open(game: &Game) -> bool {
    game.phase == Phase::Intel && game.duel.is_none()
}

pub fn buy(game: &Game, player: u8, count: u32) -> Result<Vec<Event>, RuleViolation> {
    if game.duel.is_some() {
        return Err(wrong_phase(game, Section::PurchaseEquipment));
    }
    check_phase(game, Phase::Intel, Section::PurchaseEquipment)?;
    check_player(game, player, Section::PurchaseEquipment)?;
    let cash = game.players[player as usize].cash;
    if count == 0 {
        return Err(refuse(
            RuleCode::PurchaseCount,
            Section::PurchaseEquipment,
            "Spend one or more Cash Tokens.",
        )
        .with("max", affordable(cash)));
    }
    let cost = count.saturating_mul(CARD_PRICE);
    if cost > cash {
        return Err(refuse(
            RuleCode::NotEnoughCash,
            Section::PurchaseEquipment,
            format!("{count} cards cost ${cost}; the player has ${cash}."),
        )
        .with("cash", cash)
        .with("cost", cost));
    }
    Ok(vec![Event::CardsBought { player, count }])
}

/// The Intel Phase is over.
pub fn end(game: &Game) -> Result<Vec<Event>, RuleViolation> {
    check_phase(game, Phase::Intel, Section::IntelPhase)?;
    Ok(vec![Event::IntelEnded])
}
