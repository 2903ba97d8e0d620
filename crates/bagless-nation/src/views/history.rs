//! The history in words: one line per event of the log, with a catalogue
//! key (`nation.history.<kind>`), its params for the UI's languages, the
//! English sentence, and whether it was undone.

use crate::model::box_values::BoxValue;
use crate::model::events::Event;
use bagless_game::undo::{Logged, UndoStack};
use bagless_game::Envelope;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct HistoryLine {
    pub seq: u32,
    /// RFC 3339.
    pub recorded_at: String,
    /// The catalogue key: the event's kind in snake_case, or for an attempt
    /// settled without a roll (its MSR past every face),
    /// `attempt_succeeded_unrolled` or `attempt_failed_unrolled`.
    pub key: String,
    pub params: BTreeMap<String, String>,
    /// In English.
    pub text: String,
    /// A player's input (not derived from one, not an undo marker).
    pub entry: bool,
    /// Taken back by an undo (with what it derived).
    pub undone: bool,
}

fn kind(event: &Event) -> String {
    serde_json::to_value(event)
        .ok()
        .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(str::to_string))
        .unwrap_or_default()
}

fn dollars(amount: u32) -> String {
    let thousands = amount / 1000;
    if thousands == 0 {
        "$0".into()
    } else {
        format!("${thousands},000")
    }
}

fn faces(dice: &[u8]) -> String {
    dice.iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" and ")
}

/// Every event of the log in words, oldest first.
#[allow(
    clippy::too_many_lines,
    reason = "a view, not decide/evolve: one arm per event"
)]
pub fn history(log: &[Envelope<Event>]) -> Vec<HistoryLine> {
    let stack = UndoStack::of(log);
    let mut names: Vec<String> = Vec::new();
    let mut owner_undone = false;
    let mut lines = Vec::with_capacity(log.len());
    for envelope in log {
        let event = &envelope.event;
        if event.is_entry() {
            owner_undone = !stack.is_in_effect(envelope.seq);
        }
        if let Event::GameCreated { players, .. } = event {
            names = players.iter().map(|p| p.name.clone()).collect();
        }
        let name = |p: &u8| {
            names
                .get(*p as usize)
                .cloned()
                .unwrap_or_else(|| format!("player {p}"))
        };
        let mut params = BTreeMap::new();
        let mut unrolled: Option<&str> = None;
        let mut param = |k: &str, v: String| {
            params.insert(k.to_string(), v);
        };
        let text = match event {
            Event::GameCreated {
                players,
                first_player,
                ..
            } => {
                param("players", players.len().to_string());
                param("player", name(first_player));
                format!(
                    "Game set up for {} players; {} holds the Player One Token.",
                    players.len(),
                    name(first_player)
                )
            }
            Event::EditionChanged { from, to } => {
                param("from", from.to_string());
                param("to", to.to_string());
                format!("The rules move from edition {from} to edition {to}.")
            }
            Event::BoxValueSet { key, value } => {
                let value = match value {
                    BoxValue::Number(n) => n.to_string(),
                    BoxValue::Text(t) => t.clone(),
                };
                param("key", key.clone());
                param("value", value.clone());
                format!("Box value {key} set to {value}.")
            }
            Event::CardsBought { player, count } => {
                param("player", name(player));
                param("count", count.to_string());
                format!("{} spent {count} Cash Tokens on cards.", name(player))
            }
            Event::IntelEnded => "Intel Phase over: Assassination Phase.".into(),
            Event::AttemptDeclared { attempt } => {
                param("player", name(&attempt.player));
                format!("{} played an attempt face down.", name(&attempt.player))
            }
            Event::AttemptWithdrawn { player } => {
                param("player", name(player));
                format!("{} took back their attempt.", name(player))
            }
            Event::AttemptPassed { player } => {
                param("player", name(player));
                format!("{} makes no attempt this round.", name(player))
            }
            Event::AttemptsRevealed => "Attempts revealed.".into(),
            Event::AttemptMissed { player, target } => {
                param("player", name(player));
                param("target", target.to_string());
                format!(
                    "{} marked target {target}, not available: the attempt is missed.",
                    name(player)
                )
            }
            Event::ModifierPlayed { player, modifier } => {
                param("player", name(player));
                param("by", name(&modifier.played_by));
                param("card", modifier.card.clone());
                format!(
                    "{} played {} on {}'s attempt.",
                    name(&modifier.played_by),
                    modifier.card,
                    name(player)
                )
            }
            Event::OrderRolled {
                players,
                faces: rolled,
                ..
            } => {
                let who: Vec<String> = players
                    .iter()
                    .zip(rolled)
                    .map(|(p, f)| format!("{} {f}", name(p)))
                    .collect();
                param("rolls", who.join(", "));
                format!("Tie for the next attempt, rolled: {}.", who.join(", "))
            }
            Event::AttemptResolved {
                player,
                need,
                dice,
                success,
                ..
            } => {
                param("player", name(player));
                param("need", need.to_string());
                param("dice", faces(dice));
                let outcome = if *success { "succeeded" } else { "failed" };
                if crate::odds::outcome(*need) != crate::odds::Outcome::Roll {
                    // Past every face of the die: no "6-{need}" to print.
                    unrolled = Some(if *success {
                        "attempt_succeeded_unrolled"
                    } else {
                        "attempt_failed_unrolled"
                    });
                    format!("{}'s attempt {outcome} without a roll.", name(player))
                } else if dice.is_empty() {
                    format!(
                        "{}'s attempt at 6-{need} {outcome} without a roll.",
                        name(player)
                    )
                } else {
                    format!(
                        "{} rolled {} against 6-{need}: {outcome}.",
                        name(player),
                        faces(dice)
                    )
                }
            }
            Event::TargetEliminated {
                target,
                player,
                collected,
                cash_tokens,
                debt_tokens,
                story_bonus,
            } => {
                param("player", name(player));
                param("target", target.to_string());
                param("collected", dollars(*collected));
                param("cash_tokens", cash_tokens.to_string());
                param("debt_tokens", debt_tokens.to_string());
                param("story_bonus", dollars(*story_bonus));
                format!(
                    "{} eliminated target {target}: {} on it, {cash_tokens} Cash and {debt_tokens} Debt Tokens, story bonus {}.",
                    name(player),
                    dollars(*collected),
                    dollars(*story_bonus)
                )
            }
            Event::TargetRaised { target } => {
                param("target", target.to_string());
                format!("$1,000 from the bank placed on target {target}.")
            }
            Event::AttemptDiscarded { player, target } => {
                param("player", name(player));
                param("target", target.to_string());
                format!(
                    "Target {target} fell first: {} discards the contract; the other cards may go back to hand.",
                    name(player)
                )
            }
            Event::AllTargetsEliminated => "All targets eliminated: the count.".into(),
            Event::RoundEnded {
                round,
                first_player,
            } => {
                param("round", round.to_string());
                param("player", name(first_player));
                format!(
                    "Round {round} begins; {} holds the Player One Token.",
                    name(first_player)
                )
            }
            Event::HitListRevealed { player, entries } => {
                param("player", name(player));
                param("count", entries.len().to_string());
                format!("{} showed their Top Secret Hit List.", name(player))
            }
            // What the card says stays off the table until the count.
            Event::HitListKept { player, .. } => {
                param("player", name(player));
                format!(
                    "{} keeps their Top Secret Hit List, secret until the count.",
                    name(player)
                )
            }
            Event::HitListTurnedOver { player, entries } => {
                param("player", name(player));
                param("count", entries.len().to_string());
                format!(
                    "{}'s Top Secret Hit List, kept on their phone, is turned over.",
                    name(player)
                )
            }
            Event::CountClosed { totals } => {
                let all: Vec<String> = totals.iter().map(i32::to_string).collect();
                param("totals", all.join(", "));
                format!("Count closed: {}.", all.join(", "))
            }
            Event::GameWon { player } => {
                param("player", name(player));
                format!("{} wins!", name(player))
            }
            Event::DuelBegan { players } => {
                let who: Vec<String> = players.iter().map(name).collect();
                param("players", who.join(", "));
                format!("Tie for the most money: {} duel.", who.join(", "))
            }
            Event::DuelRoundBegan { round } => {
                param("round", round.to_string());
                format!("No duel attempt succeeded: duel round {round}.")
            }
            Event::Adjusted {
                player,
                cash,
                debt,
                was_cash,
                was_debt,
                reason,
            } => {
                param("player", name(player));
                param("cash", dollars(*cash));
                param("debt", dollars(*debt));
                param("was_cash", dollars(*was_cash));
                param("was_debt", dollars(*was_debt));
                param("reason", reason.clone());
                format!(
                    "{}'s cash {} → {}, debt {} → {} ({reason}).",
                    name(player),
                    dollars(*was_cash),
                    dollars(*cash),
                    dollars(*was_debt),
                    dollars(*debt)
                )
            }
            Event::TargetAdjusted {
                target,
                cash,
                was_cash,
                reason,
            } => {
                param("target", target.to_string());
                param("cash", dollars(*cash));
                param("was_cash", dollars(*was_cash));
                param("reason", reason.clone());
                format!(
                    "Cash on target {target} {} → {} ({reason}).",
                    dollars(*was_cash),
                    dollars(*cash)
                )
            }
            Event::EntryUndone { seq } => {
                param("seq", seq.to_string());
                format!("Entry {seq} undone.")
            }
            Event::EntryRedone { seq } => {
                param("seq", seq.to_string());
                format!("Entry {seq} redone.")
            }
        };
        lines.push(HistoryLine {
            seq: envelope.seq,
            recorded_at: envelope.recorded_at.to_rfc3339(),
            key: unrolled.map_or_else(|| kind(event), str::to_string),
            params,
            text,
            entry: event.is_entry(),
            undone: event.marker().is_none() && owner_undone,
        });
    }
    lines
}
