//! The game as it stands; [`evolve`] (in `model::evolve`) is the one
//! place it changes.
//!
//! Money is counted in dollars (multiples of $1,000). The bank is a
//! counter: what it paid out is negative, so the bank, the cash on the
//! targets and the players' cash always add up to zero ("CASH AND DEBT
//! TOKENS x90": the bank is never short; see campaigns/README.md). Debt tokens
//! are counted the same way on their own.

use super::box_values::{known, BoxValue, ValueKey};
use super::commands::{ContractPlay, HitListEntry};
pub use super::evolve::evolve;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::TS;

/// "CASH AND DEBT TOKENS x90": "Cash Tokens (Green) are worth $1,000,
/// while Debt Tokens (Red) are -$1,000."
pub const TOKEN: u32 = 1000;

/// Where the round stands ("PLAYING THE GAME": Intel, Assassination and
/// Reveal; then the count and, on a tie, the duel's rounds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "nation/")]
pub enum Phase {
    #[default]
    NotCreated,
    Intel,
    Assassination,
    Reveal,
    /// Every target is down: hit lists are shown and totals counted.
    Count,
    Over,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct Player {
    pub name: String,
    pub specialist: u8,
    pub cash: u32,
    pub debt: u32,
    /// Target tiles taken, in the order they fell.
    pub tiles: Vec<u8>,
    pub hit_list: Option<Vec<HitListEntry>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct Target {
    pub id: u8,
    /// 1 (bottom) to 4 (top).
    pub row: u8,
    pub position: u8,
    pub value: u32,
    /// Cash tokens piled on it by failed attempts.
    pub cash: u32,
    /// Who eliminated it; `None` while in the pyramid.
    pub holder: Option<u8>,
}

/// The weapon card as played, its printed values snapshotted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct WeaponPlay {
    pub id: String,
    /// The low end of its range (4 for 6-4).
    pub msr: u8,
    pub noise: String,
    pub cause: String,
    /// Time of death, HHMM as printed (edition 2: the earlier of the
    /// cards played, "the Weapon card with the earlier time is counted").
    pub time: u16,
    /// Edition 2: the time printed on each Weapon Card played, in the order
    /// entered ("TIME OF DEATH": the time belongs to the card, not to the
    /// weapon). None under edition 1, where a weapon has one time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub cards: Option<Vec<u16>>,
}

/// A modifier card played on an attempt, with its printed values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct ModifierPlay {
    pub card: String,
    pub msr: i8,
    pub minutes: i16,
    pub played_by: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "nation/")]
pub enum AttemptStatus {
    /// Face down.
    Declared,
    /// Face up, waiting for its roll.
    Revealed,
    /// The target marked was not available.
    Missed,
    Succeeded,
    Failed,
    /// The target fell first.
    Discarded,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct Attempt {
    pub player: u8,
    /// `None` in the tie duel.
    pub target: Option<u8>,
    /// `None`: unarmed.
    pub weapon: Option<WeaponPlay>,
    pub doubled: bool,
    pub modifiers: Vec<ModifierPlay>,
    pub contract: Option<ContractPlay>,
    /// The player's specialty weapon: two dice, keep the higher.
    pub specialist: bool,
    /// Dice rolled to settle a tie of time, in order.
    pub order_rolls: Vec<u8>,
    pub status: AttemptStatus,
    pub need: Option<i8>,
    pub dice: Vec<u8>,
    pub believed: Option<bool>,
    /// Edition 3: turned face up before the box knew every value printed
    /// on its cards; they are read as soon as it does (each asked once the
    /// cards are face up, "1) REVEAL YOUR ASSASSINATION ATTEMPTS"), and no
    /// roll is made before.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(skip)]
    pub unread: bool,
}

impl Attempt {
    /// Time of death in minutes after midnight with the modifiers' shifts;
    /// `None` unarmed (goes last).
    pub fn minutes(&self) -> Option<u16> {
        let weapon = self.weapon.as_ref()?;
        let base = i32::from(super::box_values::minutes_of(weapon.time));
        let shift: i32 = self.modifiers.iter().map(|m| i32::from(m.minutes)).sum();
        Some((base + shift).clamp(0, 23 * 60 + 59) as u16)
    }

    pub fn is_pending(&self) -> bool {
        self.status == AttemptStatus::Revealed
    }
}

/// "TIES:" the players still in the duel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct Duel {
    pub players: Vec<u8>,
    pub round: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct Game {
    /// The edition of the rules the game is played under (see
    /// `rules::again::EDITION`): its creation's, raised between rounds.
    #[serde(default = "bagless_game::first_edition")]
    pub edition: u32,
    pub phase: Phase,
    pub round: u32,
    pub players: Vec<Player>,
    pub targets: Vec<Target>,
    /// Who holds the Player One Token.
    pub first_player: u8,
    pub first_rolls: Vec<Vec<u8>>,
    pub storytelling: bool,
    /// The bank's balance: negative when it paid out more than it took in.
    pub bank: i32,
    /// Debt tokens handed out by the bank, negative.
    pub bank_debt: i32,
    /// The attempts of the round under way.
    pub attempts: Vec<Attempt>,
    pub box_values: BTreeMap<String, BoxValue>,
    pub duel: Option<Duel>,
    pub totals: Option<Vec<i32>>,
    pub winner: Option<u8>,
    /// "TOP SECRET HIT LIST CARDS x20": the cards players kept on their
    /// own phones, by seat; secret from the table (no view of the table
    /// carries them) until the last target falls.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[ts(skip)]
    pub hit_lists_kept: BTreeMap<u8, Vec<HitListEntry>>,
    /// The players who make no attempt this round (edition 3: the reveal
    /// waits for each player's attempt or pass).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(skip)]
    pub passed: Vec<u8>,
}

impl Game {
    pub fn is_created(&self) -> bool {
        self.phase != Phase::NotCreated
    }

    /// The readings of issue 30 are in play: each Weapon Card's own time
    /// of death, a Contract Card with every attempt, hit-list bonuses as
    /// printed. Edition 1 keeps the older readings exactly.
    pub fn follows_edition_2(&self) -> bool {
        self.edition >= 2
    }

    /// The readings of issue 55 are in play: the attempts are turned face
    /// up before any value printed on them is asked, and the reveal waits
    /// for each player's attempt or pass.
    pub fn follows_edition_3(&self) -> bool {
        self.edition >= 3
    }

    /// Whether `player` has said what they do this round: an attempt on
    /// the table, or a pass.
    pub fn has_chosen(&self, player: u8) -> bool {
        self.attempt(player).is_some() || self.passed.contains(&player)
    }

    /// Between two rounds ("PLAYING THE GAME": "Each round consists of
    /// three phases"): the Intel Phase before any attempt, or the count
    /// before any Hit List card is shown. Where a new edition of the rules
    /// may take over without a round played under two readings.
    pub fn at_clean_point(&self) -> bool {
        match self.phase {
            Phase::Intel => self.attempts.is_empty(),
            Phase::Count => {
                self.totals.is_none() && self.players.iter().all(|p| p.hit_list.is_none())
            }
            _ => false,
        }
    }

    pub fn target(&self, id: u8) -> Option<&Target> {
        self.targets.iter().find(|t| t.id == id)
    }

    pub fn attempt(&self, player: u8) -> Option<&Attempt> {
        self.attempts.iter().find(|a| a.player == player)
    }

    /// "AVAILABLE TARGETS": in the pyramid with the bottom two edges of
    /// its tile exposed (the bottom row always is).
    pub fn is_available(&self, id: u8) -> bool {
        let Some(target) = self.target(id) else {
            return false;
        };
        if target.holder.is_some() {
            return false;
        }
        target.row == 1
            || self
                .targets
                .iter()
                .filter(|below| {
                    below.row + 1 == target.row
                        && (below.position == target.position
                            || below.position == target.position + 1)
                })
                .all(|below| below.holder.is_some())
    }

    /// The target's MSR adjustment, if the box knows it.
    pub fn target_msr(&self, id: u8) -> Option<i8> {
        match known(&self.box_values, &ValueKey::TargetMsr(id)) {
            Some(BoxValue::Number(n)) => i8::try_from(n).ok(),
            _ => None,
        }
    }

    /// The weapon a player's specialist card names, if the box knows it.
    pub fn specialist_weapon(&self, player: u8) -> Option<String> {
        let specialist = self.players.get(player as usize)?.specialist;
        match known(&self.box_values, &ValueKey::SpecialistWeapon(specialist)) {
            Some(BoxValue::Text(w)) => Some(w),
            _ => None,
        }
    }

    /// Every target down.
    pub fn all_eliminated(&self) -> bool {
        !self.targets.is_empty() && self.targets.iter().all(|t| t.holder.is_some())
    }
}
