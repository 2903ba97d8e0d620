//! What happened, as the log keeps it. Every fact Bagless decided (a pile
//! shuffled, a card drawn, dice rolled) is in the event: replay never
//! re-rolls. The first event of a command is its entry; the others are
//! derived from it (see [`Event::is_derived`]).

use super::box_values::BoxValue;
use super::state::{Attack, Detection, EntranceGuards, RiposteShare, SquareEntry};
use super::types::{AlertBy, Condition, CubeSource, EndReason, Entrance, ExposedBy, Step};
use bagless_game::undo::{Logged, Marker};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
#[ts(export, export_to = "memory/")]
pub enum Event {
    /// "SETUP": turn 1's event phase, 3 cubes each, and the 8
    /// reinforcement cards in the order Bagless shuffled them (sorted when
    /// the players shuffle and draw at the table).
    MemoryStarted {
        campaign_id: String,
        memory: String,
        assassins: Vec<String>,
        box_values: BTreeMap<String, BoxValue>,
        entrances: Vec<Entrance>,
        easy: bool,
        pile: Vec<u8>,
        /// The edition of the rules the memory is played under (a log
        /// written before editions were recorded: 1, which is left
        /// unwritten, so a memory of edition 1 reads as it always did).
        #[serde(
            default = "bagless_game::first_edition",
            skip_serializing_if = "is_first_edition"
        )]
        edition: u32,
    },
    /// The memory moves to a newer edition of the rules, between two game
    /// turns (a player's entry of its own, written by Bagless with the
    /// next command given at the start of a turn; undone like any other).
    EditionChanged {
        from: u32,
        to: u32,
    },
    BoxValueSet {
        key: String,
        value: BoxValue,
    },
    StepAdvanced {
        turn: u32,
        step: Step,
    },
    /// Derived: "Place 3 [cubes] on the grouped slots of each assassin's
    /// board" (critical ones too: they cannot use them).
    CubesPlaced {
        turn: u32,
    },
    /// Derived: "At the end of the phase, remove any [cubes] left in the 3
    /// grouped slots".
    UnusedCubesRemoved,
    CubesSpent {
        assassin: String,
        grouped: u8,
        saved: bool,
    },
    CubeSaved {
        assassin: String,
    },
    AlertSet {
        on: bool,
    },
    /// Derived: the alert state token flipped to its red side.
    AlertTriggered {
        cause: AlertBy,
    },
    StatusSet {
        assassin: String,
        exposed: bool,
    },
    /// Derived: a red base clipped to the assassin.
    AssassinExposed {
        assassin: String,
        cause: ExposedBy,
    },
    EntrancesSet {
        entrances: Vec<Entrance>,
    },
    DifficultySet {
        easy: bool,
    },
    /// The card drawn; `reshuffled`: the new pile the discard made first,
    /// the pile being exhausted.
    ReinforcementDrawn {
        card: u8,
        reshuffled: Option<Vec<u8>>,
        by_bagless: bool,
        /// Edition 4: the alert state as the card is drawn, the column its
        /// guards come from ("Draw 1 reinforcement card and select the
        /// column that corresponds to the alert state"). None under
        /// editions 1 to 3, whose column is the alert state's as the guards
        /// are placed (a log written before edition 4 reads as it did).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        alert: Option<bool>,
    },
    /// The column used, entrance by entrance (those on the map): the alert
    /// state's as the card was drawn (edition 4), or as the guards are
    /// placed (editions 1 to 3).
    ReinforcementsPlaced {
        card: u8,
        alert: bool,
        guards: Vec<EntranceGuards>,
    },
    /// Derived: the card of the turn to the discard pile.
    ReinforcementDiscarded {
        card: u8,
    },
    SquareEntered {
        entry: SquareEntry,
    },
    DetectionRolled {
        detection: Detection,
    },
    /// The dice of every attacker, each paying 1 cube.
    AttackRolled {
        attack: Attack,
    },
    /// The hits given, the enemies eliminated, and the black dice each
    /// exposed attacker takes in the retaliation (empty: none).
    HitsAssigned {
        hits: Vec<u8>,
        bonus_hits: u8,
        eliminated: Vec<bool>,
        riposte: Vec<RiposteShare>,
    },
    RiposteRolled {
        shares: Vec<RiposteShare>,
    },
    ConditionSet {
        assassin: String,
        condition: Condition,
        /// "USE A FAST TRAVEL STATION (1 [cube])": the cube leaving the
        /// map was paid with (edition 2; none under edition 1, and for any
        /// other condition).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        paid: Option<CubeSource>,
    },
    /// Derived: in critical condition since before this turn, not healed
    /// ("ELIMINATED").
    AssassinEliminated {
        assassin: String,
    },
    MemoryEnded {
        reason: EndReason,
    },
    /// Derived: "All assassins have been eliminated".
    MemoryFailed {
        reason: EndReason,
    },
    Adjusted {
        assassin: String,
        cubes: u8,
        saved: bool,
        was_cubes: u8,
        was_saved: bool,
        reason: String,
    },
    EntryUndone {
        seq: u32,
    },
    EntryRedone {
        seq: u32,
    },
}

/// Edition 1, the one a log without an edition plays.
fn is_first_edition(edition: &u32) -> bool {
    *edition == bagless_game::first_edition()
}

impl Event {
    /// An event derived from the entry before it, not a player's input.
    pub fn is_derived(&self) -> bool {
        matches!(
            self,
            Event::CubesPlaced { .. }
                | Event::UnusedCubesRemoved
                | Event::AlertTriggered { .. }
                | Event::AssassinExposed { .. }
                | Event::ReinforcementDiscarded { .. }
                | Event::AssassinEliminated { .. }
                | Event::MemoryFailed { .. }
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
        matches!(self, Event::MemoryStarted { .. })
    }
}
