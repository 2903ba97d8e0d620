//! The small words of a memory in play: the steps of the game turn, the
//! enemy entrances, the guards, the dice's faces, an assassin's condition
//! and how a memory ends.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Where the game turn stands ("GAME TURN": 1. EVENT PHASE, 2. ASSASSIN
/// PHASE, 3. ENEMY PHASE with its three steps, 4. END OF TURN PHASE).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize, TS,
)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "memory/")]
pub enum Step {
    #[default]
    NotStarted,
    /// "1. EVENT PHASE".
    Event,
    /// "2. ASSASSIN PHASE".
    Assassin,
    /// "3. ENEMY PHASE", "1. ENEMY REINFORCEMENT".
    Reinforcement,
    /// "2. ENEMY MOVEMENT".
    Movement,
    /// "3. ENEMY COMBAT".
    Combat,
    /// "4. END OF TURN PHASE".
    EndOfTurn,
    /// The memory is a success or a failure.
    Over,
}

impl Step {
    /// The phase track, in order.
    pub const TRACK: [Step; 6] = [
        Step::Event,
        Step::Assassin,
        Step::Reinforcement,
        Step::Movement,
        Step::Combat,
        Step::EndOfTurn,
    ];

    /// The step after this one (after the end of turn: the next turn's
    /// event phase).
    pub fn next(self) -> Step {
        match self {
            Step::NotStarted | Step::EndOfTurn => Step::Event,
            Step::Event => Step::Assassin,
            Step::Assassin => Step::Reinforcement,
            Step::Reinforcement => Step::Movement,
            Step::Movement => Step::Combat,
            Step::Combat => Step::EndOfTurn,
            Step::Over => Step::Over,
        }
    }

    /// One of the three steps of "3. ENEMY PHASE".
    pub fn is_enemy(self) -> bool {
        matches!(self, Step::Reinforcement | Step::Movement | Step::Combat)
    }
}

/// An enemy entrance token, A to D.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "memory/")]
pub enum Entrance {
    A,
    B,
    C,
    D,
}

impl Entrance {
    pub const ALL: [Entrance; 4] = [Entrance::A, Entrance::B, Entrance::C, Entrance::D];

    /// As keys spell it: "a" to "d".
    pub fn key(self) -> &'static str {
        match self {
            Entrance::A => "a",
            Entrance::B => "b",
            Entrance::C => "c",
            Entrance::D => "d",
        }
    }

    pub fn parse(key: &str) -> Option<Entrance> {
        Entrance::ALL.into_iter().find(|e| e.key() == key)
    }
}

/// "There are 2 types of guards: crossbowmen and elites" (the guards a
/// reinforcement card brings).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "memory/")]
pub enum Guard {
    Crossbowman,
    Elite,
}

impl Guard {
    /// The enemy's id, as an attack names the enemies on a square.
    pub fn enemy(self) -> &'static str {
        match self {
            Guard::Crossbowman => "crossbowman",
            Guard::Elite => "elite",
        }
    }
}

/// A face of an assassin die ("2. ATTACK"): a hit, a hit that triggers the
/// weapon's special ability, a failure with the enemy's retaliation, or
/// none of these (whether the die has a blank face is not in the summary:
/// see campaigns/README.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "memory/")]
pub enum AssassinFace {
    Hit,
    Special,
    Riposte,
    Blank,
}

/// A face of a black die ("3. ENEMY COMBAT", "2. ATTACK": a hit or a fail).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "memory/")]
pub enum BlackFace {
    Hit,
    Fail,
}

/// A face of a detection die ("DETECTION TEST"): no icon; the icon that
/// exposes at once and sets the alert; the icon that exposes only when the
/// alert state is already on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "memory/")]
pub enum DetectionFace {
    Blank,
    Detected,
    DetectedInAlert,
}

/// Where an assassin is ("ASSASSINS' HEALTH", "USE A FAST TRAVEL STATION").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "memory/")]
pub enum Condition {
    /// On the map, able to act.
    OnMap,
    /// "CRITICAL CONDITION": laid down, cannot do anything.
    Critical,
    /// Left through a fast travel station: cannot do anything.
    LeftMap,
    /// "ELIMINATED": replaced by an apprentice in the next memory.
    Eliminated,
}

impl Condition {
    pub const ALL: [Condition; 4] = [
        Condition::OnMap,
        Condition::Critical,
        Condition::LeftMap,
        Condition::Eliminated,
    ];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "memory/")]
pub enum Outcome {
    Success,
    Failure,
}

/// The difficulty the memory was played in ("DIFFICULTY LEVEL"), as the
/// diary's attempt form records it: any easy part makes it partly easy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "memory/")]
pub enum Difficulty {
    Normal,
    PartlyEasy,
    Easy,
}

/// Why the memory ended ("A MEMORY IS SUCCESSFUL AS SOON AS:", "A MEMORY
/// IS FAILED AS SOON AS:").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "memory/")]
pub enum EndReason {
    /// Every objective completed, 1+ assassin left through a fast travel
    /// station, none left on the map.
    Completed,
    /// "All assassins have been eliminated".
    AllEliminated,
    /// "The memory included a failure condition that was met".
    FailureCondition,
    /// "There are not enough miniatures left to place all the guards".
    NotEnoughMiniatures,
}

impl EndReason {
    pub const ALL: [EndReason; 4] = [
        EndReason::Completed,
        EndReason::FailureCondition,
        EndReason::NotEnoughMiniatures,
        EndReason::AllEliminated,
    ];

    pub fn outcome(self) -> Outcome {
        match self {
            EndReason::Completed => Outcome::Success,
            _ => Outcome::Failure,
        }
    }
}

/// Where a spent action cube came from: the 3 grouped slots or the saved
/// one ("SAVE 1").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "memory/")]
pub enum CubeSource {
    Grouped,
    Saved,
}

/// Why an assassin became exposed ("INCOGNITO AND EXPOSED").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "memory/")]
pub enum ExposedBy {
    /// The weapon's card bears the exposed icon.
    Weapon,
    /// Subjected to a retaliation.
    Riposte,
    /// A detection test against them succeeded.
    Detection,
}

/// What triggered the alert ("ALERT STATE").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "memory/")]
pub enum AlertBy {
    /// "Any assassin/ally who becomes exposed immediately triggers the
    /// alert state."
    Exposure,
    /// The weapon's card bears the alert icon.
    Weapon,
    /// A detection test for bodies found them.
    Bodies,
}
