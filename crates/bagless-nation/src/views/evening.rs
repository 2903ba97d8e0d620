//! What was played of a game in an evening (issue 57): from the entries
//! written at or after a time, the rounds played, the targets taken and
//! each player's money gained, read from the log in one pass through
//! [`evolve`]. Like the [`super::story`], only what the table sees.

use crate::model::events::Event;
use crate::model::state::{evolve, Game, Phase};
use crate::views::story::{money, running_of, taken, TargetTaken};
use bagless_game::undo::{in_effect, Logged};
use bagless_game::Envelope;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A player's money over the evening (tiles and cash minus debt).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct MoneyGained {
    pub seat: u8,
    pub name: String,
    /// Before the evening's first entry (after set-up, for a game set up
    /// that evening).
    pub from: i32,
    pub to: i32,
    pub gained: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct Evening {
    /// The players' entries in effect written since then.
    pub entries: u32,
    /// The rounds something was played in, in order.
    pub rounds: Vec<u32>,
    /// The rounds that ended ("END OF ROUND", or the last target down).
    pub rounds_ended: u32,
    pub targets: Vec<TargetTaken>,
    /// By seat; empty when nothing was played.
    pub money: Vec<MoneyGained>,
    /// The game was set up that evening.
    pub set_up: bool,
    /// The game ended that evening, and who won.
    pub over: bool,
    pub winner: Option<u8>,
}

/// What was played of the game since `since`, from its log.
pub fn evening(log: &[Envelope<Event>], since: DateTime<Utc>) -> Evening {
    let mut game = Game::default();
    let mut told = Evening {
        entries: 0,
        rounds: Vec::new(),
        rounds_ended: 0,
        targets: Vec::new(),
        money: Vec::new(),
        set_up: false,
        over: false,
        winner: None,
    };
    let mut from: Option<Vec<i32>> = None;
    for envelope in in_effect(log) {
        let tonight = envelope.recorded_at >= since;
        let round = game.round;
        let before = match &envelope.event {
            Event::TargetEliminated { player, .. } => running_of(&game, *player),
            _ => 0,
        };
        let created = matches!(envelope.event, Event::GameCreated { .. });
        if tonight && from.is_none() && !created {
            from = Some(money(&game).iter().map(|m| m.running).collect());
        }
        let was_over = game.phase == Phase::Over;
        evolve(&mut game, &envelope.event);
        if !tonight {
            continue;
        }
        if created {
            told.set_up = true;
            from.get_or_insert_with(|| money(&game).iter().map(|m| m.running).collect());
        }
        if envelope.event.is_entry() {
            told.entries += 1;
        }
        let played = if round == 0 { game.round } else { round };
        if told.rounds.last() != Some(&played) {
            told.rounds.push(played);
        }
        if matches!(
            envelope.event,
            Event::RoundEnded { .. } | Event::AllTargetsEliminated
        ) {
            told.rounds_ended += 1;
        }
        told.targets.extend(taken(envelope, before, round, &game));
        if game.phase == Phase::Over && !was_over {
            told.over = true;
            told.winner = game.winner;
        }
    }
    if let Some(from) = from {
        told.money = money(&game)
            .iter()
            .zip(&game.players)
            .map(|(m, p)| {
                let from = from.get(m.seat as usize).copied().unwrap_or(0);
                MoneyGained {
                    seat: m.seat,
                    name: p.name.clone(),
                    from,
                    to: m.running,
                    gained: m.running - from,
                }
            })
            .collect();
    }
    told
}
