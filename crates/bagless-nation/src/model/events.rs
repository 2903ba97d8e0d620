//! What happened, as the log keeps it. Every fact Bagless decided (dice
//! rolled, tokens paid) is in the event: replay never re-rolls. The first
//! event of a command is its entry; the others are derived from it (see
//! [`Event::is_entry`]).

use super::box_values::BoxValue;
use super::commands::{HitListEntry, PlayerSetup};
use super::state::{Attempt, ModifierPlay};
use bagless_game::undo::{Logged, Marker};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
#[ts(export, export_to = "nation/")]
pub enum Event {
    /// "STARTING THE GAME": each player gets the starting cash from the bank.
    GameCreated {
        players: Vec<PlayerSetup>,
        first_player: u8,
        /// The dice rolled for the Player One Token, round by round of ties.
        first_rolls: Vec<Vec<u8>>,
        storytelling: bool,
        box_values: BTreeMap<String, BoxValue>,
        /// The dice Bagless rolled to deal the specialist cards, in order (a
        /// face already dealt is rolled again); empty: the table dealt them.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        specialist_rolls: Vec<u8>,
        /// The edition of the rules the game is played under (a log
        /// written before editions were recorded: 1).
        #[serde(default = "bagless_game::first_edition")]
        edition: u32,
    },
    /// The game moves to a newer edition of the rules, between two rounds
    /// (a player's entry of its own, written by Bagless with the next
    /// command; undone like any other).
    EditionChanged {
        from: u32,
        to: u32,
    },
    BoxValueSet {
        key: String,
        value: BoxValue,
    },
    CardsBought {
        player: u8,
        count: u32,
    },
    IntelEnded,
    /// The attempt with everything it needs snapshotted (weapon's range,
    /// time, attributes, modifiers' values).
    AttemptDeclared {
        attempt: Attempt,
    },
    AttemptWithdrawn {
        player: u8,
    },
    /// The player makes no attempt this round.
    AttemptPassed {
        player: u8,
    },
    AttemptsRevealed,
    /// Derived: the target marked was not available ("1) SELECT YOUR
    /// TARGET:"), the player misses their chance.
    AttemptMissed {
        player: u8,
        target: u8,
    },
    ModifierPlayed {
        player: u8,
        modifier: ModifierPlay,
    },
    /// Tied players' dice for the order, in `players` order.
    OrderRolled {
        target: Option<u8>,
        players: Vec<u8>,
        faces: Vec<u8>,
    },
    /// The roll (or none: automatic) and its outcome.
    AttemptResolved {
        player: u8,
        need: i8,
        dice: Vec<u8>,
        success: bool,
        believed: Option<bool>,
    },
    /// Derived: "ASSASSINATION SUCCESS:" the tile, the cash on it, the
    /// tokens for the attributes and the storytelling bonus.
    TargetEliminated {
        target: u8,
        player: u8,
        collected: u32,
        cash_tokens: u32,
        debt_tokens: u32,
        story_bonus: u32,
    },
    /// Derived: "ASSASSINATION FAILURE:" $1,000 from the bank on the target.
    TargetRaised {
        target: u8,
    },
    /// Derived: the target fell before this attempt's turn; the contract is
    /// discarded, the other cards may go back to hand.
    AttemptDiscarded {
        player: u8,
        target: u8,
    },
    /// Derived: the last target fell, the game is counted.
    AllTargetsEliminated,
    RoundEnded {
        round: u32,
        first_player: u8,
    },
    HitListRevealed {
        player: u8,
        entries: Vec<HitListEntry>,
    },
    /// A player's card kept on their phone, secret from the table until
    /// the count.
    HitListKept {
        player: u8,
        entries: Vec<HitListEntry>,
    },
    /// Derived: the last target fell; a card kept on a phone is turned
    /// over for the count.
    HitListTurnedOver {
        player: u8,
        entries: Vec<HitListEntry>,
    },
    CountClosed {
        totals: Vec<i32>,
    },
    /// Derived.
    GameWon {
        player: u8,
    },
    /// Derived: "TIES:" the tied players duel.
    DuelBegan {
        players: Vec<u8>,
    },
    /// Derived: no duel attempt succeeded (every one failed, or none was
    /// made), the tied players start again.
    DuelRoundBegan {
        round: u32,
    },
    Adjusted {
        player: u8,
        cash: u32,
        debt: u32,
        was_cash: u32,
        was_debt: u32,
        reason: String,
    },
    TargetAdjusted {
        target: u8,
        cash: u32,
        was_cash: u32,
        reason: String,
    },
    EntryUndone {
        seq: u32,
    },
    EntryRedone {
        seq: u32,
    },
}

impl Event {
    /// An event derived from the entry before it, not a player's input.
    pub fn is_derived(&self) -> bool {
        matches!(
            self,
            Event::AttemptMissed { .. }
                | Event::TargetEliminated { .. }
                | Event::TargetRaised { .. }
                | Event::AttemptDiscarded { .. }
                | Event::AllTargetsEliminated
                | Event::HitListTurnedOver { .. }
                | Event::GameWon { .. }
                | Event::DuelBegan { .. }
                | Event::DuelRoundBegan { .. }
        )
    }
}

impl Logged for Event {
    fn marker(&self) -> Option<Marker> {
        match self {
            Event::EntryUndone { seq } => Some(Marker::Undone(*seq)),
            Event::EntryRedone { seq } => Some(Marker::Redone(*seq)),
            _ => None,
        }
    }

    fn is_entry(&self) -> bool {
        self.marker().is_none() && !self.is_derived()
    }

    fn is_creation(&self) -> bool {
        matches!(self, Event::GameCreated { .. })
    }
}
