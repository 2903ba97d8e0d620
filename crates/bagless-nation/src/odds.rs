//! "Determining the MSR of an Assassination Attempt:" the weapon's range
//! (6-4, 6-3 or 6-2; unarmed 6), the modifier cards, the target's
//! adjustment, and the chance of success before the roll: exact, with the
//! specialist's two dice keeping the higher ("SPECIALIST CARDS x6").
//!
//! An MSR is written by its low end: 6-4 is 4, the roll needed. "+1 MSR"
//! widens the range, so it lowers the roll needed. "MSR (MISSION SUCCESS
//! RATE)": 6-1 or more succeeds automatically, 7 or above fails
//! automatically.

use crate::model::state::{Attempt, Game};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// "Unarmed Assassination:" the base MSR is 6.
pub const UNARMED: u8 = 6;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "nation/")]
pub enum Outcome {
    /// 6-1 or better: no roll.
    AutomaticSuccess,
    /// 7 or worse: no roll.
    AutomaticFailure,
    Roll,
}

/// One modifier's part in the MSR.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct MsrPart {
    pub card: String,
    pub msr: i8,
}

/// An attempt's MSR, term by term, and its chance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct MsrExplanation {
    /// The weapon's id; `None` unarmed.
    pub weapon: Option<String>,
    /// The weapon's low end (4 for 6-4), 6 unarmed.
    pub base: u8,
    /// +1 for two of the same weapon.
    pub doubled: i8,
    pub modifiers: Vec<MsrPart>,
    /// The target's MSR adjustment (0 in the tie duel).
    pub target: i8,
    /// -1 when the majority did not believe the story.
    pub storytelling: i8,
    /// The roll needed: the range is 6 to `need`.
    pub need: i8,
    pub outcome: Outcome,
    /// Dice rolled: 2 for a specialist with their weapon, 0 without a roll.
    pub dice: u8,
    pub chance: f64,
}

/// The outcome a roll-needed value gives.
pub fn outcome(need: i8) -> Outcome {
    if need <= 1 {
        Outcome::AutomaticSuccess
    } else if need >= 7 {
        Outcome::AutomaticFailure
    } else {
        Outcome::Roll
    }
}

/// The chance that `dice` dice, the highest kept, reach `need`.
pub fn chance(need: i8, dice: u8) -> f64 {
    match outcome(need) {
        Outcome::AutomaticSuccess => 1.0,
        Outcome::AutomaticFailure => 0.0,
        Outcome::Roll => {
            let miss = f64::from(need - 1) / 6.0;
            1.0 - miss.powi(i32::from(dice.max(1)))
        }
    }
}

/// Whether the faces rolled (the highest kept) reach `need`.
pub fn succeeds(need: i8, faces: &[u8]) -> bool {
    match outcome(need) {
        Outcome::AutomaticSuccess => true,
        Outcome::AutomaticFailure => false,
        Outcome::Roll => faces
            .iter()
            .max()
            .is_some_and(|f| i16::from(*f) >= i16::from(need)),
    }
}

/// An attempt's MSR explained, with the storytelling vote if given
/// (`Some(false)`: the majority did not believe it).
pub fn explain(game: &Game, attempt: &Attempt, believed: Option<bool>) -> MsrExplanation {
    let base = attempt.weapon.as_ref().map_or(UNARMED, |w| w.msr);
    let doubled = i8::from(attempt.doubled && attempt.weapon.is_some());
    let modifiers: Vec<MsrPart> = attempt
        .modifiers
        .iter()
        .map(|m| MsrPart {
            card: m.card.clone(),
            msr: m.msr,
        })
        .collect();
    let target = attempt.target.and_then(|t| game.target_msr(t)).unwrap_or(0);
    let storytelling = if believed == Some(false) { -1 } else { 0 };
    let bonus: i32 = i32::from(doubled)
        + modifiers.iter().map(|m| i32::from(m.msr)).sum::<i32>()
        + i32::from(target)
        + i32::from(storytelling);
    let need = (i32::from(base) - bonus).clamp(-20, 20) as i8;
    let outcome = outcome(need);
    let dice = match outcome {
        Outcome::Roll if attempt.specialist => 2,
        Outcome::Roll => 1,
        _ => 0,
    };
    MsrExplanation {
        weapon: attempt.weapon.as_ref().map(|w| w.id.clone()),
        base,
        doubled,
        modifiers,
        target,
        storytelling,
        need,
        outcome,
        dice,
        chance: chance(need, dice),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every face of `dice` dice, counted.
    fn brute_force(need: i8, dice: u8) -> f64 {
        let total = 6u32.pow(u32::from(dice));
        let mut wins = 0;
        for n in 0..total {
            let faces: Vec<u8> = (0..dice)
                .map(|i| (n / 6u32.pow(u32::from(i)) % 6) as u8 + 1)
                .collect();
            if succeeds(need, &faces) {
                wins += 1;
            }
        }
        f64::from(wins) / f64::from(total)
    }

    /// "SPECIALIST CARDS x6": two dice, keep the higher, against every die
    /// enumerated; "MSR (MISSION SUCCESS RATE)" bounds included.
    #[test]
    fn the_chance_of_success_equals_the_enumeration_of_every_roll() {
        for need in 2..=6 {
            for dice in [1, 2] {
                let exact = chance(need, dice);
                assert!(
                    (exact - brute_force(need, dice)).abs() < 1e-12,
                    "{need} {dice}"
                );
            }
        }
        for need in [-3, 0, 1] {
            assert_eq!(chance(need, 0), 1.0);
        }
        for need in [7, 8, 12] {
            assert_eq!(chance(need, 0), 0.0);
        }
    }

    /// "MSR (MISSION SUCCESS RATE)" example: a Pistol at 6-3 on a target
    /// adjusted 0 needs 3 or above: 4 faces in 6.
    #[test]
    fn msr_pistol_six_three_succeeds_on_three_or_more() {
        assert!((chance(3, 1) - 4.0 / 6.0).abs() < 1e-12);
        assert!(succeeds(3, &[3]) && !succeeds(3, &[2]) && !succeeds(3, &[1]));
        // Two dice keep the higher: a 1 and a 5 succeed.
        assert!(succeeds(3, &[1, 5]));
        assert!((chance(3, 2) - (1.0 - 4.0 / 36.0)).abs() < 1e-12);
    }
}
