//! What an evening of the game played: the entries written at or after a
//! time, told as the table would sum them up (turns, conquests, cards
//! traded and drawn, missions), with each brotherhood's territories and
//! assassins before the evening and now.

use super::{brotherhoods, counts, mark, won, Brotherhood, Elimination, Mark, MissionDone, Won};
use crate::model::events::Event;
use crate::model::state::{evolve, Game};
use crate::EventEnvelope;
use bagless_game::undo::in_effect;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One brotherhood's evening.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct EveningBrotherhood {
    #[serde(flatten)]
    pub brotherhood: Brotherhood,
    pub territories_before: u32,
    pub territories: u32,
    pub assassins_before: u32,
    pub assassins: u32,
    /// Territories it took this evening.
    pub conquests: u32,
    /// Territories taken from it.
    pub lost: u32,
}

/// The evening's play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Evening {
    /// The events read from the evening (those in effect).
    pub events: u32,
    /// Turns begun this evening, and the first and last of them.
    pub turns: u32,
    pub first_turn: Option<u32>,
    pub last_turn: Option<u32>,
    pub conquests: u32,
    /// Rolls of the dice (COMBAT).
    pub rolls: u32,
    /// ÉCHANGER DES CARTES: the trades, the cards they gave in and the
    /// assassins they brought.
    pub trades: u32,
    pub cards_traded: u32,
    pub trade_assassins: u32,
    /// 4. TIREZ UNE CARTE SI VOUS LE POUVEZ.
    pub cards_drawn: u32,
    pub missions: Vec<MissionDone>,
    pub eliminations: Vec<Elimination>,
    pub brotherhoods: Vec<EveningBrotherhood>,
    /// Set when the game ended this evening.
    pub won: Option<Won>,
}

#[derive(Default)]
struct Tally {
    events: u32,
    turns: u32,
    first_turn: Option<u32>,
    last_turn: Option<u32>,
    conquests: u32,
    rolls: u32,
    trades: u32,
    cards_traded: u32,
    trade_assassins: u32,
    cards_drawn: u32,
    missions: Vec<MissionDone>,
    eliminations: Vec<Elimination>,
    taken: Vec<(crate::Colour, crate::Colour)>,
}

impl Tally {
    fn count(&mut self, event: &Event, seq: u32, turn: u32) {
        self.events += 1;
        match event {
            Event::TurnStarted { turn, .. } => {
                self.turns += 1;
                self.first_turn.get_or_insert(*turn);
                self.last_turn = Some(*turn);
            }
            Event::DiceRolled { .. } => self.rolls += 1,
            Event::CardsTraded {
                cards, assassins, ..
            } => {
                self.trades += 1;
                self.cards_traded += cards.len() as u32;
                self.trade_assassins += assassins;
            }
            Event::CardDrawn { .. } => self.cards_drawn += 1,
            _ => {}
        }
        match mark(event, seq, turn) {
            Some(Mark::Conquest(c)) => {
                self.conquests += 1;
                self.taken.push((c.player, c.previous_owner));
            }
            Some(Mark::Mission(m)) => self.missions.push(m),
            Some(Mark::Elimination(e)) => self.eliminations.push(e),
            None => {}
        }
    }
}

/// The evening since `since`: the log's events in effect recorded at or
/// after it, read in the same pass that brings the board up to it.
pub fn evening_view(log: &[EventEnvelope], since: DateTime<Utc>) -> Evening {
    let mut game = Game::default();
    let mut before: Option<Game> = None;
    let mut tally = Tally::default();
    let mut turn = 0;
    for envelope in in_effect(log) {
        let event = &envelope.event;
        if let Event::TurnStarted { turn: number, .. } = event {
            turn = *number;
        }
        let tonight = envelope.recorded_at >= since;
        if tonight && before.is_none() {
            before = Some(game.clone());
        }
        evolve(&mut game, event);
        if tonight {
            tally.count(event, envelope.seq, turn);
        }
    }
    let before = before.unwrap_or_else(|| game.clone());
    let order = game.brotherhoods();
    let (territories_before, assassins_before) = counts(&before, &order);
    let (territories, assassins) = counts(&game, &order);
    let brotherhoods = brotherhoods(&game)
        .into_iter()
        .enumerate()
        .map(|(i, brotherhood)| EveningBrotherhood {
            conquests: tally
                .taken
                .iter()
                .filter(|(by, _)| *by == brotherhood.colour)
                .count() as u32,
            lost: tally
                .taken
                .iter()
                .filter(|(_, from)| *from == brotherhood.colour)
                .count() as u32,
            brotherhood,
            territories_before: territories_before[i],
            territories: territories[i],
            assassins_before: assassins_before[i],
            assassins: assassins[i],
        })
        .collect();
    let ended_tonight = before.outcome.is_none();
    Evening {
        events: tally.events,
        turns: tally.turns,
        first_turn: tally.first_turn,
        last_turn: tally.last_turn,
        conquests: tally.conquests,
        rolls: tally.rolls,
        trades: tally.trades,
        cards_traded: tally.cards_traded,
        trade_assassins: tally.trade_assassins,
        cards_drawn: tally.cards_drawn,
        missions: tally.missions,
        eliminations: tally.eliminations,
        brotherhoods,
        won: won(&game).filter(|_| ended_tonight),
    }
}
