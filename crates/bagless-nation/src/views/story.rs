//! A game told back (issue 57): each player's money round by round, the
//! targets taken, and the final count explained ("WINNING THE GAME"), read
//! from the log in one pass through [`evolve`].
//!
//! It is the table's story, shown in the host's window: it tells only
//! what the table view shows. The money is the table's (tiles and cash
//! minus debt; the Top Secret Hit List cards stay secret until the count),
//! the targets are those already taken, and the count is
//! [`end_count`]'s, which shows a hit list only once its player shows it.
//! No attempt is told: face down, the table does not see them.

use crate::model::box_values::ValueKey;
use crate::model::events::Event;
use crate::model::state::{evolve, Game, Phase};
use crate::rules::end::totals;
use crate::views::end_count::{end_count, EndCount};
use crate::views::table::{running, text};
use bagless_game::undo::in_effect;
use bagless_game::Envelope;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A player's money at one point of the game, as the table shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct MoneyAt {
    pub seat: u8,
    pub cash: u32,
    pub debt: u32,
    pub tiles_value: u32,
    /// Tiles and cash minus debt (the hit lists aside).
    pub running: i32,
}

/// The money of every player at the end of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct RoundPoint {
    /// 0: the start ("STARTING THE GAME"), then each round.
    pub round: u32,
    /// The last entry of the log in effect by then.
    pub seq: u32,
    /// RFC 3339: when that entry was written.
    pub recorded_at: String,
    /// The round is over ("END OF ROUND", or the last target fell); false:
    /// the round being played, as it stands.
    pub ended: bool,
    /// By seat.
    pub money: Vec<MoneyAt>,
}

/// A target eliminated ("ASSASSINATION SUCCESS:").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct TargetTaken {
    pub seq: u32,
    /// RFC 3339.
    pub recorded_at: String,
    pub round: u32,
    pub player: u8,
    pub target: u8,
    /// Its name, once the box's value is known.
    pub name: Option<String>,
    /// The tile's value.
    pub value: u32,
    /// What the player's money moved by (tile, the cash on it, the tokens
    /// of the attributes and the storytelling bonus, minus debt).
    pub gained: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct Story {
    /// By seat.
    pub players: Vec<String>,
    pub phase: Phase,
    /// The start, then one point per round.
    pub rounds: Vec<RoundPoint>,
    pub targets: Vec<TargetTaken>,
    /// WINNING THE GAME, term by term, once the last target is down (as the
    /// table shows it: a hit list only once shown).
    pub end_count: Option<EndCount>,
    pub winner: Option<u8>,
}

/// Every player's money as the table shows it.
pub(crate) fn money(game: &Game) -> Vec<MoneyAt> {
    totals(game)
        .iter()
        .zip(&game.players)
        .enumerate()
        .map(|(seat, (t, p))| MoneyAt {
            seat: seat as u8,
            cash: p.cash,
            debt: p.debt,
            tiles_value: t.tiles,
            running: running(t),
        })
        .collect()
}

/// A player's running money, 0 for a seat not (yet) at the table.
pub(crate) fn running_of(game: &Game, seat: u8) -> i32 {
    money(game).get(seat as usize).map_or(0, |m| m.running)
}

/// The target taken by `event`, with the state before and after it.
pub(crate) fn taken(
    envelope: &Envelope<Event>,
    before: i32,
    round: u32,
    after: &Game,
) -> Option<TargetTaken> {
    let Event::TargetEliminated { target, player, .. } = &envelope.event else {
        return None;
    };
    Some(TargetTaken {
        seq: envelope.seq,
        recorded_at: envelope.recorded_at.to_rfc3339(),
        round,
        player: *player,
        target: *target,
        name: text(after, ValueKey::TargetName(*target)),
        value: after.target(*target).map_or(0, |t| t.value),
        gained: running_of(after, *player) - before,
    })
}

/// The game's story, from its log.
pub fn story(log: &[Envelope<Event>]) -> Story {
    let mut game = Game::default();
    let mut rounds = Vec::new();
    let mut targets = Vec::new();
    let mut last: Option<&Envelope<Event>> = None;
    for envelope in in_effect(log) {
        let round = game.round;
        let before = match &envelope.event {
            Event::TargetEliminated { player, .. } => running_of(&game, *player),
            Event::RoundEnded { .. } => {
                rounds.push(point(&game, round, envelope, true));
                0
            }
            _ => 0,
        };
        evolve(&mut game, &envelope.event);
        if matches!(envelope.event, Event::GameCreated { .. }) && rounds.is_empty() {
            rounds.push(point(&game, 0, envelope, true));
        }
        targets.extend(taken(envelope, before, round, &game));
        last = Some(envelope);
    }
    if let Some(last) = last {
        if game.phase != Phase::NotCreated {
            let ended = matches!(game.phase, Phase::Count | Phase::Over);
            rounds.push(point(&game, game.round, last, ended));
        }
    }
    Story {
        players: game.players.iter().map(|p| p.name.clone()).collect(),
        phase: game.phase,
        rounds,
        targets,
        end_count: end_count(&game),
        winner: game.winner,
    }
}

fn point(game: &Game, round: u32, last: &Envelope<Event>, ended: bool) -> RoundPoint {
    RoundPoint {
        round,
        seq: last.seq,
        recorded_at: last.recorded_at.to_rfc3339(),
        ended,
        money: money(game),
    }
}
