//! Corrections for mistakes at the table ("CASH AND DEBT TOKENS x90"):
//! a player's cash and debt, or the cash on a target, set with a reason.
//! The bank takes or gives the difference, so money stays conserved.

use super::check_player;
use crate::model::events::Event;
use crate::model::state::Game;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};

pub const MAX_REASON: usize = 200;
pub const MAX_AMOUNT: u32 = 500_000;

fn check_amounts(amounts: &[u32], reason: &str) -> Result<(), RuleViolation> {
    let section = Section::CashAndDebtTokens;
    if amounts.iter().any(|a| !a.is_multiple_of(1000)) {
        return Err(refuse(
            RuleCode::NotThousands,
            section,
            "Tokens are worth $1,000 each.",
        ));
    }
    if amounts.iter().any(|a| *a > MAX_AMOUNT) {
        return Err(refuse(
            RuleCode::AdjustTooHigh,
            section,
            format!("At most ${MAX_AMOUNT}."),
        )
        .with("max", MAX_AMOUNT));
    }
    if reason.trim().is_empty() {
        return Err(refuse(
            RuleCode::ReasonEmpty,
            section,
            "Say why the tokens are corrected.",
        ));
    }
    if reason.chars().count() > MAX_REASON {
        return Err(refuse(
            RuleCode::ReasonTooLong,
            section,
            format!("A reason has at most {MAX_REASON} characters."),
        )
        .with("max", MAX_REASON));
    }
    Ok(())
}

fn same() -> RuleViolation {
    refuse(
        RuleCode::AdjustSame,
        Section::CashAndDebtTokens,
        "Nothing changes.",
    )
}

pub fn adjust(
    game: &Game,
    player: u8,
    cash: u32,
    debt: u32,
    reason: &str,
) -> Result<Vec<Event>, RuleViolation> {
    check_player(game, player, Section::CashAndDebtTokens)?;
    check_amounts(&[cash, debt], reason)?;
    let p = &game.players[player as usize];
    if p.cash == cash && p.debt == debt {
        return Err(same());
    }
    Ok(vec![Event::Adjusted {
        player,
        cash,
        debt,
        was_cash: p.cash,
        was_debt: p.debt,
        reason: reason.trim().to_string(),
    }])
}

pub fn adjust_target(
    game: &Game,
    target: u8,
    cash: u32,
    reason: &str,
) -> Result<Vec<Event>, RuleViolation> {
    let Some(t) = game.target(target) else {
        return Err(refuse(
            RuleCode::TargetUnknown,
            Section::TargetHexTiles,
            format!("The pyramid has targets 1 to 18, not {target}."),
        )
        .with("target", target));
    };
    if t.holder.is_some() {
        return Err(refuse(
            RuleCode::TargetGone,
            Section::AssassinationSuccess,
            "That target is no longer in the pyramid.",
        )
        .with("target", target));
    }
    check_amounts(&[cash], reason)?;
    if t.cash == cash {
        return Err(same());
    }
    Ok(vec![Event::TargetAdjusted {
        target,
        cash,
        was_cash: t.cash,
        reason: reason.trim().to_string(),
    }])
}
