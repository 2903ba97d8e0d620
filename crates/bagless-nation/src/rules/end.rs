//! "END OF ROUND": the Player One Token passes clockwise and the next
//! round begins at the Intel Phase, until all targets are eliminated.
//! "WINNING THE GAME": each player's tiles, Cash Tokens and the bonuses of
//! their "TOP SECRET HIT LIST CARDS x20", minus Debt Tokens; the most
//! money wins; "TIES:" the tied players duel.

use super::{check_phase, check_player};
use crate::model::commands::HitListEntry;
use crate::model::events::Event;
use crate::model::state::{Game, Phase};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use std::collections::BTreeSet;

/// "Each Hit List card features 6 Targets."
pub const HIT_LIST_SIZE: usize = 6;
/// Edition 1: the largest bonus Bagless took for one hit-list target (a
/// bound of its own; edition 2 takes the bonus as printed).
pub const MAX_BONUS: u32 = 20_000;

/// The largest bonus the forms offer for one hit-list target: none under
/// edition 2 ("they will earn bonus Cash towards their end total as shown
/// on the card").
pub fn max_bonus(game: &Game) -> Option<u32> {
    (!game.follows_edition_2()).then_some(MAX_BONUS)
}

pub fn end_round(game: &Game) -> Result<Vec<Event>, RuleViolation> {
    if game.duel.is_some() {
        return Err(super::wrong_phase(game, Section::EndOfRound));
    }
    check_phase(game, Phase::Reveal, Section::EndOfRound)?;
    let pending = game.attempts.iter().filter(|a| a.is_pending()).count();
    if pending > 0 {
        return Err(refuse(
            RuleCode::AttemptsPending,
            Section::EndOfRound,
            format!("{pending} assassination attempts are still to resolve."),
        )
        .with("count", pending));
    }
    let seats = game.players.len().max(1) as u8;
    Ok(vec![Event::RoundEnded {
        round: game.round + 1,
        first_player: (game.first_player + 1) % seats,
    }])
}

pub fn reveal_hit_list(
    game: &Game,
    player: u8,
    entries: &[HitListEntry],
) -> Result<Vec<Event>, RuleViolation> {
    check_phase(game, Phase::Count, Section::HitListCards)?;
    check_player(game, player, Section::HitListCards)?;
    if game.totals.is_some() {
        return Err(super::wrong_phase(game, Section::HitListCards));
    }
    check_entries(game, entries)?;
    Ok(vec![Event::HitListRevealed {
        player,
        entries: entries.to_vec(),
    }])
}

/// "Players can look at this card, but should keep it secret from the
/// other players": a player's card entered on their own phone while the
/// game is played (from "STARTING THE GAME", "each player is given one Top
/// Secret Hit List card", until the last target falls), again to correct
/// it; turned over at the count ([`super::reveal`]). At the count, a card
/// is shown there instead.
pub fn keep_hit_list(
    game: &Game,
    player: u8,
    entries: &[HitListEntry],
) -> Result<Vec<Event>, RuleViolation> {
    let playing = matches!(
        game.phase,
        Phase::Intel | Phase::Assassination | Phase::Reveal
    );
    if !playing || game.duel.is_some() {
        return Err(super::wrong_phase(game, Section::HitListCards));
    }
    check_player(game, player, Section::HitListCards)?;
    check_entries(game, entries)?;
    Ok(vec![Event::HitListKept {
        player,
        entries: entries.to_vec(),
    }])
}

/// "Each Hit List card features 6 Targets", each once, with the bonus
/// printed beside it.
fn check_entries(game: &Game, entries: &[HitListEntry]) -> Result<(), RuleViolation> {
    if entries.len() > HIT_LIST_SIZE {
        return Err(refuse(
            RuleCode::HitListSize,
            Section::HitListCards,
            format!("A Hit List card features {HIT_LIST_SIZE} targets."),
        )
        .with("max", HIT_LIST_SIZE));
    }
    let mut seen = BTreeSet::new();
    for entry in entries {
        if game.target(entry.target).is_none() {
            return Err(refuse(
                RuleCode::TargetUnknown,
                Section::HitListCards,
                format!("The pyramid has targets 1 to 18, not {}.", entry.target),
            )
            .with("target", entry.target));
        }
        if !seen.insert(entry.target) {
            return Err(refuse(
                RuleCode::HitListTargetTwice,
                Section::HitListCards,
                "A target is on a Hit List card once.",
            )
            .with("target", entry.target));
        }
        check_bonus(game, entry.bonus)?;
    }
    Ok(())
}

/// "TOP SECRET HIT LIST CARDS x20": a bonus in thousands (Cash Tokens are
/// $1,000); under edition 1 at most [`MAX_BONUS`].
fn check_bonus(game: &Game, bonus: u32) -> Result<(), RuleViolation> {
    match max_bonus(game) {
        Some(max) if !bonus.is_multiple_of(1000) || bonus > max => Err(refuse(
            RuleCode::BonusInvalid,
            Section::HitListCards,
            format!("A bonus is in thousands, at most ${max}."),
        )
        .with("max", max)),
        None if !bonus.is_multiple_of(1000) => Err(refuse(
            RuleCode::BonusThousands,
            Section::HitListCards,
            "A bonus is in thousands.",
        )),
        _ => Ok(()),
    }
}

/// One player's end total, term by term.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Total {
    pub tiles: u32,
    pub cash: u32,
    pub bonuses: u32,
    pub debt: u32,
}

impl Total {
    /// Tiles, cash and bonuses minus debt (saturating: a bonus is taken as
    /// printed under edition 2, so the sum is kept in range, never wrapped).
    pub fn total(&self) -> i32 {
        let earned = i64::from(self.tiles) + i64::from(self.cash) + i64::from(self.bonuses);
        let total = earned - i64::from(self.debt);
        total.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }
}

/// Each player's total: tiles, cash, the hit-list bonuses of the targets
/// they eliminated, minus debt.
pub fn totals(game: &Game) -> Vec<Total> {
    game.players
        .iter()
        .enumerate()
        .map(|(seat, player)| {
            let tiles = player
                .tiles
                .iter()
                .filter_map(|t| game.target(*t))
                .map(|t| t.value)
                .sum();
            let bonuses = player
                .hit_list
                .iter()
                .flatten()
                .filter(|e| game.target(e.target).and_then(|t| t.holder) == Some(seat as u8))
                .fold(0u32, |sum, e| sum.saturating_add(e.bonus));
            Total {
                tiles,
                cash: player.cash,
                bonuses,
                debt: player.debt,
            }
        })
        .collect()
}

/// The players with the most money.
pub fn leaders(totals: &[i32]) -> Vec<u8> {
    let Some(best) = totals.iter().max() else {
        return Vec::new();
    };
    (0..totals.len() as u8)
        .filter(|p| totals[*p as usize] == *best)
        .collect()
}

pub fn close_count(game: &Game) -> Result<Vec<Event>, RuleViolation> {
    check_phase(game, Phase::Count, Section::WinningTheGame)?;
    if game.totals.is_some() {
        return Err(super::wrong_phase(game, Section::WinningTheGame));
    }
    if let Some(player) = game.players.iter().position(|p| p.hit_list.is_none()) {
        return Err(refuse(
            RuleCode::HitListMissing,
            Section::HitListCards,
            "Every player shows their Top Secret Hit List card first.",
        )
        .with("player", player));
    }
    let totals: Vec<i32> = totals(game).iter().map(Total::total).collect();
    let leaders = leaders(&totals);
    let last = if leaders.len() == 1 {
        Event::GameWon { player: leaders[0] }
    } else {
        Event::DuelBegan { players: leaders }
    };
    Ok(vec![Event::CountClosed { totals }, last])
}
