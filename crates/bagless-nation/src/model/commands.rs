//! What the players ask Bagless to record, one command per table action.
//! Players are their seat (0, 1, ... clockwise); targets their tile number
//! (1 to 18, bottom row first, left to right).

use super::box_values::BoxValue;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::TS;

/// A player at set-up: a name and the specialist card dealt (1 to 6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct PlayerSetup {
    pub name: String,
    pub specialist: u8,
}

/// The contract card played with an attempt: its objective and the
/// attribute icons it shows ("CONTRACT CARDS x40").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct ContractPlay {
    pub objective: String,
    /// Attributes that earn a cash token each ("loud", "gunshot").
    pub positive: Vec<String>,
    /// Attributes that earn a debt token each.
    pub negative: Vec<String>,
}

/// One target of a Top Secret Hit List card and the bonus printed beside it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct HitListEntry {
    pub target: u8,
    pub bonus: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
#[ts(export, export_to = "nation/")]
pub enum Command {
    /// "STARTING THE GAME": the players with their specialist, who holds
    /// the Player One Token (or each player's die, or Bagless rolls), the
    /// optional storytelling vote, and box values already known.
    CreateGame {
        players: Vec<PlayerSetup>,
        first_player: Option<u8>,
        dice: Option<Vec<u8>>,
        storytelling: bool,
        box_values: BTreeMap<String, BoxValue>,
        /// "STARTING THE GAME": "Each player is randomly assigned one
        /// Specialist card": Bagless deals them (a die rolled for each
        /// player in turn, a card already dealt rolled again), and the
        /// players' `specialist` is not read; false: the cards the table
        /// dealt, as entered.
        #[serde(default)]
        #[ts(optional)]
        deal_specialists: Option<bool>,
        /// The edition of the rules the game is played under: none, this
        /// crate's (`EDITION`); an older one only for a game recorded
        /// under it (a log decided again).
        #[serde(default)]
        #[ts(optional)]
        edition: Option<u32>,
    },
    /// A name or number printed in the box, asked once and remembered.
    SetBoxValue { key: String, value: BoxValue },
    /// "3) PURCHASE EQUIPMENT / CONTRACTS": `count` cash tokens to the bank.
    BuyCards { player: u8, count: u32 },
    /// The Intel Phase is over: on to the Assassination Phase.
    EndIntel,
    /// "ASSASSINATION PHASE": the target marked, the weapon (none:
    /// unarmed), a double, the modifiers, the contract, and the time of
    /// death printed on the Weapon Card played (edition 1: only when the
    /// card prints another than the weapon's; edition 2: always, and
    /// `second_time` for the second card of a double, "the Weapon card
    /// with the earlier time is counted"). In the tie duel there is no
    /// target.
    DeclareAttempt {
        player: u8,
        target: Option<u8>,
        weapon: Option<String>,
        doubled: bool,
        modifiers: Vec<String>,
        contract: Option<ContractPlay>,
        time: Option<u16>,
        /// Edition 2: the time printed on the second Weapon Card of a
        /// double.
        #[serde(default)]
        #[ts(optional)]
        second_time: Option<u16>,
    },
    /// Takes back a declared attempt (or a pass) before the reveal.
    WithdrawAttempt { player: u8 },
    /// The player makes no attempt this round, said before the reveal
    /// (edition 3: the reveal waits for each player's attempt or pass). A
    /// face-down attempt of theirs is taken back.
    PassAttempt { player: u8 },
    /// "1) REVEAL YOUR ASSASSINATION ATTEMPTS".
    Reveal,
    /// "2) PLAY REVEAL CARDS": a modifier played by `played_by` on
    /// `player`'s attempt.
    PlayModifier {
        player: u8,
        card: String,
        played_by: u8,
    },
    /// "TIME OF DEATH": the tied players roll, the higher goes first.
    /// `target` is `None` in the tie duel.
    RollForOrder {
        target: Option<u8>,
        dice: Option<Vec<u8>>,
    },
    /// "3) RESOLVE ASSASSINATION ATTEMPTS": the die (two for a specialist
    /// with their weapon) entered or rolled by Bagless; with storytelling,
    /// whether the majority believed the plot.
    Resolve {
        player: u8,
        dice: Option<Vec<u8>>,
        believed: Option<bool>,
    },
    /// "END OF ROUND": the Player One Token passes clockwise.
    EndRound,
    /// "TOP SECRET HIT LIST CARDS x20": "Players can look at this card, but
    /// should keep it secret from the other players": a player's card
    /// entered on their own phone before the count, kept from the table,
    /// turned over when the last target falls.
    KeepHitList {
        player: u8,
        entries: Vec<HitListEntry>,
    },
    /// "TOP SECRET HIT LIST CARDS x20": a player's card shown at the end.
    RevealHitList {
        player: u8,
        entries: Vec<HitListEntry>,
    },
    /// "WINNING THE GAME": totals counted, the winner named or the duel begun.
    CloseCount,
    /// A mistake at the table: a player's cash and debt set, with a reason.
    Adjust {
        player: u8,
        cash: u32,
        debt: u32,
        reason: String,
    },
    /// A mistake at the table: the cash on a target set, with a reason.
    AdjustTarget {
        target: u8,
        cash: u32,
        reason: String,
    },
}
