//! What the players ask Bagless to record during a memory, one command per
//! thing done at the table. Assassins are named by their id in the
//! campaign; enemies and weapons by an id in lowercase ("crossbowman",
//! "hidden_blade").

use super::box_values::BoxValue;
use super::types::{AssassinFace, Condition, DetectionFace, EndReason, Entrance};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::TS;

/// One assassin's part in an attack ("USE A WEAPON"; several make a
/// "COORDINATED ATTACK").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct AttackerInput {
    pub assassin: String,
    pub weapon: String,
    /// The faces rolled at the table; `None`: Bagless rolls the weapon's
    /// dice.
    pub faces: Option<Vec<AssassinFace>>,
    /// The attacker stands on the target square (enemies without a ranged
    /// weapon retaliate only there).
    pub on_target_square: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
#[ts(export, export_to = "memory/")]
pub enum Command {
    /// "SETUP": the memory of a campaign begins with its assassins (1 to
    /// 4, ids), the values remembered for the box, the enemy entrances on
    /// the map and the difficulty chosen.
    StartMemory {
        campaign_id: String,
        memory: String,
        assassins: Vec<String>,
        box_values: BTreeMap<String, BoxValue>,
        #[serde(default)]
        entrances: Vec<Entrance>,
        #[serde(default)]
        easy: bool,
        /// The edition of the rules the memory is played under: none, this
        /// crate's (`EDITION`); an older one only for a memory recorded
        /// under it (a log decided again).
        #[serde(default)]
        #[ts(optional)]
        edition: Option<u32>,
    },
    /// Something printed in the box, remembered from now on.
    SetBoxValue { key: String, value: BoxValue },
    /// "GAME TURN": on to the next step (after the end of turn, the next
    /// turn's event phase).
    Advance,
    /// "ASSASSIN ACTIONS": an action paid with `count` cubes, grouped cubes
    /// first; in the enemy phase, the saved cube.
    SpendCubes { assassin: String, count: u8 },
    /// "SAVE 1": one of the 3 cubes onto the + slot.
    SaveCube { assassin: String },
    /// "ALERT STATE": the token flipped by hand (a card, a restricted area,
    /// or the card that stops it).
    SetAlert { on: bool },
    /// "INCOGNITO AND EXPOSED": a red base clipped or taken off.
    SetExposed { assassin: String, exposed: bool },
    /// The enemy entrance tokens on the map.
    SetEntrances { entrances: Vec<Entrance> },
    /// "DIFFICULTY LEVEL": normal or easy, during play.
    SetDifficulty { easy: bool },
    /// "1. ENEMY REINFORCEMENT": the card drawn at the table, or `None`:
    /// Bagless draws the top of the pile.
    DrawReinforcement { card: Option<u8> },
    /// The guards of the card's column for the alert state, placed.
    PlaceReinforcements,
    /// "ENEMIES": guards enter a square holding `enemies` and `bodies`;
    /// the incognito assassins there (not in a hiding spot) are listed.
    EnterSquare {
        entrance: Option<Entrance>,
        enemies: u8,
        bodies: u8,
        entering: u8,
        incognito: Vec<String>,
    },
    /// "DETECTION TEST" against an incognito assassin, or for bodies
    /// removed (`assassin: None`): the faces entered, or Bagless rolls.
    DetectionTest {
        assassin: Option<String>,
        dice: u8,
        faces: Option<Vec<DetectionFace>>,
    },
    /// "USE A WEAPON" (one attacker) or "COORDINATED ATTACK": the target
    /// square's living enemies, by id.
    Attack {
        attackers: Vec<AttackerInput>,
        enemies: Vec<String>,
    },
    /// "4. ASSIGN": the hits given to each enemy of the target square, in
    /// the attack's order (`None`: Bagless gives them to the enemies with
    /// the least health first), and hits the special ability adds.
    AssignHits {
        hits: Option<Vec<u8>>,
        bonus_hits: u8,
    },
    /// "6. RETALIATION": the hits each assassin took, in the order of the
    /// shares (`None`: Bagless rolls the black dice).
    RollRiposte { hits: Option<Vec<u8>> },
    /// An assassin laid down, healed, gone through a fast travel station
    /// or eliminated.
    SetCondition {
        assassin: String,
        condition: Condition,
    },
    /// The memory is a success or a failure.
    EndMemory { reason: EndReason },
    /// A mistake at the table: an assassin's cubes and saved cube set,
    /// with a reason.
    Adjust {
        assassin: String,
        cubes: u8,
        saved: bool,
        reason: String,
    },
}
