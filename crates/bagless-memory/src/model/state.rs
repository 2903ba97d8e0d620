//! The memory as it stands, and [`evolve`], the one place it changes.

use super::box_values::BoxValue;
use super::types::{
    AssassinFace, BlackFace, Condition, CubeSource, DetectionFace, Difficulty, EndReason, Entrance,
    Guard, Outcome, Step,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::TS;

/// "1. EVENT PHASE": "Place 3 [cubes] on the grouped slots of each
/// assassin's board."
pub const CUBES_PER_TURN: u8 = 3;
/// "Always play with the 8 reinforcement cards that have an icon that
/// matches the total number of assassins in play."
pub const REINFORCEMENT_CARDS: u8 = 8;
/// "There can never be more than 4 enemies and/or bodies on a square."
pub const SQUARE_LIMIT: u8 = 4;

/// One assassin of the memory: action cubes, the saved cube, the red base
/// and where they are.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct AssassinState {
    pub id: String,
    /// Cubes left on the 3 grouped slots.
    pub cubes: u8,
    /// A cube on the + slot ("SAVE 1").
    pub saved: bool,
    /// A red base clipped on ("INCOGNITO AND EXPOSED").
    pub exposed: bool,
    pub condition: Condition,
    /// The turn they fell into critical condition: eliminated at the end
    /// of the next turn unless healed ("ELIMINATED").
    pub critical_since: Option<u32>,
    /// Hits taken from retaliations during the memory.
    pub hits_taken: u32,
}

impl AssassinState {
    /// On the map and not laid down: able to spend cubes and attack.
    pub fn can_act(&self) -> bool {
        self.condition == Condition::OnMap
    }
}

/// The reinforcement deck of the memory: the 8 cards (numbered 1 to 8)
/// for the number of assassins in play.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct Deck {
    /// The number of assassins whose icon the cards bear.
    pub assassins: u8,
    /// The pile, its top first.
    pub pile: Vec<u8>,
    /// The card drawn this turn, until it is discarded.
    pub drawn: Option<u8>,
    /// The discard pile, the last discarded last.
    pub discard: Vec<u8>,
    /// How many times the discard was shuffled into a new pile.
    pub reshuffles: u32,
}

/// The guards an entrance brings, as placed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct EntranceGuards {
    pub entrance: Entrance,
    pub guard: Option<Guard>,
    /// On each square in contact with the entrance token.
    pub count: u8,
}

/// The reinforcement card of the turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct Reinforcement {
    pub card: u8,
    pub turn: u32,
    /// Edition 4: the alert state as the card was drawn, its column. None
    /// under editions 1 to 3 (the column of the alert state as the guards
    /// are placed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub alert: Option<bool>,
    /// The column used and the guards placed, once placed.
    pub placed: Option<Placement>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct Placement {
    pub alert: bool,
    pub guards: Vec<EntranceGuards>,
}

/// Guards entering a square ("ENEMIES"): who fits, the bodies removed and
/// the detection dice to roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct SquareEntry {
    pub entrance: Option<Entrance>,
    pub enemies: u8,
    pub bodies: u8,
    pub entering: u8,
    /// Guards that fit on the square.
    pub entered: u8,
    /// Guards that fail to enter: ignored.
    pub blocked: u8,
    /// Bodies returned to the enemy reserve to make room.
    pub bodies_removed: u8,
    /// The detection test for those bodies: each guard that entered rolls
    /// 1 die per body removed.
    pub body_dice: u8,
    /// Incognito assassins on the square, each tested.
    pub incognito: Vec<String>,
    /// Dice each of them rolls: the enemies on the square.
    pub detection_dice: u8,
}

/// A detection test rolled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct Detection {
    /// `None`: the test for bodies removed.
    pub assassin: Option<String>,
    pub faces: Vec<DetectionFace>,
    pub by_bagless: bool,
    /// The alert state when rolled.
    pub alert_before: bool,
    pub detected: bool,
}

/// One attacker's roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct AttackerRoll {
    pub assassin: String,
    pub weapon: String,
    pub faces: Vec<AssassinFace>,
    pub by_bagless: bool,
    pub on_target_square: bool,
    /// The cube the attack was paid with.
    pub paid: CubeSource,
    /// Hits rolled: each hit face and each special face.
    pub hits: u8,
    /// The weapon's special ability triggered (once at most).
    pub special: bool,
    /// A failure face was rolled: the enemies may retaliate.
    pub riposte: bool,
    /// The weapon's red icons ("5. ALERT STATE AND STATUS CHANGE").
    pub exposes: bool,
    pub alerts: bool,
}

/// A detection test an entry calls for and not rolled yet (edition 3,
/// "DETECTION TEST": "perform a detection test before doing anything
/// else"; "immediately perform 1 detection test"): for an incognito
/// assassin on the square, or for the bodies removed (`assassin: None`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct PendingTest {
    pub assassin: Option<String>,
    /// The dice it rolls: the enemies on the assassin's square, or 1 per
    /// guard that entered per body removed.
    pub dice: u8,
}

/// An enemy on the target square, with the hits given to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct EnemyTarget {
    pub enemy: String,
    pub health: u8,
    pub hits: u8,
    pub eliminated: bool,
}

/// Black dice an assassin takes in a retaliation, and what they showed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct RiposteShare {
    pub assassin: String,
    pub dice: u8,
    /// Rolled by Bagless (empty when the hits were entered).
    pub faces: Vec<BlackFace>,
    /// `None` until rolled.
    pub hits: Option<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "memory/")]
pub enum AttackStage {
    /// Rolled: the hits are to be given.
    Hits,
    /// The enemies retaliate: the black dice are to be rolled.
    Riposte,
    Done,
}

/// An attack, from the roll to the retaliation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct Attack {
    pub turn: u32,
    pub attackers: Vec<AttackerRoll>,
    pub enemies: Vec<EnemyTarget>,
    pub bonus_hits: u8,
    pub riposte: Vec<RiposteShare>,
    pub stage: AttackStage,
}

impl Attack {
    /// Every hit to give: rolled, and added by the special ability.
    pub fn total_hits(&self) -> u32 {
        self.attackers
            .iter()
            .map(|a| u32::from(a.hits))
            .sum::<u32>()
            + u32::from(self.bonus_hits)
    }

    pub fn is_open(&self) -> bool {
        self.stage != AttackStage::Done
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct Game {
    pub campaign_id: String,
    pub memory: String,
    pub assassins: Vec<AssassinState>,
    pub turn: u32,
    pub step: Step,
    /// The alert state token on its red side.
    pub alert: bool,
    /// Easy difficulty in force.
    pub easy: bool,
    pub played_normal: bool,
    pub played_easy: bool,
    /// The enemy entrance tokens on the map.
    pub entrances: Vec<Entrance>,
    pub deck: Deck,
    pub reinforcement: Option<Reinforcement>,
    /// The last guards entering a square, this step.
    pub entry: Option<SquareEntry>,
    /// The last detection test, this step.
    pub detection: Option<Detection>,
    /// The attack under way, or the last one this step.
    pub attack: Option<Attack>,
    /// The detection tests the squares entered this step call for, not
    /// rolled yet (each rolled once: "1 detection test").
    #[serde(default)]
    pub pending_tests: Vec<PendingTest>,
    /// The assassin whose leaving through a fast travel station is the
    /// last entry: "You then have 2 options" is still theirs to choose
    /// (edition 3: "Return to the game for 0" only then).
    #[serde(default)]
    pub just_left: Option<String>,
    pub box_values: BTreeMap<String, BoxValue>,
    pub end: Option<EndReason>,
    /// The edition of the rules the memory is played under (see
    /// `rules::again::EDITION`): its set-up's, raised by an edition step.
    #[serde(default = "bagless_game::first_edition")]
    pub edition: u32,
}

impl Game {
    pub fn is_started(&self) -> bool {
        self.step != Step::NotStarted
    }

    /// The second reading of the seeds is in play (issue 30): leaving the
    /// map through a fast travel station costs its cube and leaves the red
    /// base on the square, those who left are affected by nothing, and an
    /// assassin in critical condition is eliminated at the end of the next
    /// game turn. Edition 1 keeps the older readings exactly.
    pub fn follows_edition_2(&self) -> bool {
        self.edition >= 2
    }

    /// The third reading (issue 55): a coordinated attack's retaliation
    /// shared as evenly as possible among all the wanted who took part;
    /// the choice made when leaving the map (a return only as the next
    /// entry); each
    /// detection test an entry calls for rolled once, before anything
    /// else; bonus hits only with a special ability rolled; a memory that
    /// fails as a turn ends has played that turn, not one more; an
    /// attack's targets are enemies, never an assassin of the memory.
    pub fn follows_edition_3(&self) -> bool {
        self.edition >= 3
    }

    /// The fourth reading (issue 55 item 28, a fresh reader's finding W1):
    /// "Draw 1 reinforcement card and select the column that corresponds
    /// to the alert state": the column is the alert state's as the card is
    /// drawn, kept when the alert changes before its guards are placed.
    pub fn follows_edition_4(&self) -> bool {
        self.edition >= 4
    }

    /// Between two game turns ("GAME TURN": "1. EVENT PHASE" begins each):
    /// the event phase of a turn, before its assassin phase, with no
    /// attack open, no guards entering and no detection test rolled. Where
    /// a new edition of the rules may take over without a turn played
    /// under two readings.
    pub fn at_clean_point(&self) -> bool {
        self.step == Step::Event
            && self.attack.is_none()
            && self.entry.is_none()
            && self.detection.is_none()
            && self.pending_tests.is_empty()
    }

    pub fn assassin(&self, id: &str) -> Option<&AssassinState> {
        self.assassins.iter().find(|a| a.id == id)
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.end.map(EndReason::outcome)
    }

    /// An attack waiting for its hits or its retaliation.
    pub fn open_attack(&self) -> Option<&Attack> {
        self.attack.as_ref().filter(|a| a.is_open())
    }

    /// The difficulty as the diary records it.
    pub fn difficulty(&self) -> Difficulty {
        match (self.played_normal, self.played_easy) {
            (true, true) => Difficulty::PartlyEasy,
            (false, true) => Difficulty::Easy,
            _ => Difficulty::Normal,
        }
    }

    /// "SAVE 1": "When setting up maps from memory 0.3 onward, place a 4th
    /// [cube] next to each assassin board": before 0.3 no cube is saved
    /// (an assumption: campaigns/README.md).
    pub fn can_save(&self) -> bool {
        !matches!(self.memory.trim(), "0.1" | "0.2")
    }

    /// The reinforcement card drawn this turn.
    pub fn this_turns_card(&self) -> Option<&Reinforcement> {
        self.reinforcement.as_ref().filter(|r| r.turn == self.turn)
    }

    /// The column the guards of `card` come from, `true` for the alert
    /// one: the column placed; before that, edition 4, the alert state as
    /// the card was drawn ("Draw 1 reinforcement card and select the
    /// column that corresponds to the alert state"); editions 1 to 3, the
    /// alert state now.
    pub fn column_of(&self, card: &Reinforcement) -> bool {
        match &card.placed {
            Some(placed) => placed.alert,
            None => card.alert.unwrap_or(self.alert),
        }
    }
}

pub use super::evolve::evolve;
