//! What is printed in the box but not in the rules summaries: asked once
//! with a `value_needed` refusal naming a key, then set with `SetBoxValue`
//! (or passed at `StartMemory`, as the app remembers them for the box).
//! A key is a short id the core alone writes and reads:
//!
//! - `reinforcement.<assassins>.<card>.<calm|alert>.<a|b|c|d>`: a
//!   reinforcement card's column, the guard type and count per entrance
//!   ("<29> Enemy Reinforcement Step"); `<assassins>` is 1 to 4, `<card>`
//!   1 to 8.
//! - `die.assassin.hit`, `die.assassin.special`, `die.assassin.riposte`:
//!   how many faces of the assassin die bear each symbol ("2. ATTACK");
//!   `die.black.hit` ("3. ENEMY COMBAT"); `die.detection.detected`,
//!   `die.detection.detected_in_alert` ("DETECTION TEST"). Only needed when
//!   Bagless rolls.
//! - `enemy.<id>.health`, `enemy.<id>.dice`, `enemy.<id>.ranged` (0 or 1)
//!   ("ENEMIES": the enemy's card).
//! - `weapon.<id>.dice`, `weapon.<id>.exposes`, `weapon.<id>.alerts` (0 or
//!   1: the red icons of "5. ALERT STATE AND STATUS CHANGE").

use super::types::{Entrance, Guard};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::TS;

/// One entrance's line of a reinforcement card's column: which guards and
/// how many (0: none; the guard is then left out).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct Guards {
    pub guard: Option<Guard>,
    pub count: u8,
}

/// A count typed past what a byte holds is read as the most it holds, so
/// the rules refuse it in their words (at most [`MAX_GUARDS`]) rather than
/// the line being no value at all.
impl<'de> Deserialize<'de> for Guards {
    fn deserialize<D: serde::Deserializer<'de>>(typed: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Typed {
            guard: Option<Guard>,
            count: u64,
        }
        let Typed { guard, count } = Typed::deserialize(typed)?;
        Ok(Guards {
            guard,
            count: u8::try_from(count).unwrap_or(u8::MAX),
        })
    }
}

/// A number, or a reinforcement card's line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(untagged)]
#[ts(export, export_to = "memory/")]
pub enum BoxValue {
    Number(i32),
    Guards(Guards),
}

/// The longest id typed (an enemy, a weapon).
pub const MAX_ID: usize = 40;
/// The most guards one entrance's line may bring to a square (no square
/// holds more than 4 enemies).
pub const MAX_GUARDS: u8 = 4;

/// An id as the core spells it: lowercase letters, digits and `_`.
pub fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= MAX_ID
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// Which faces of a die a count is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DieFace {
    AssassinHit,
    AssassinSpecial,
    AssassinRiposte,
    BlackHit,
    DetectionDetected,
    DetectionInAlert,
}

impl DieFace {
    fn id(self) -> &'static str {
        match self {
            DieFace::AssassinHit => "die.assassin.hit",
            DieFace::AssassinSpecial => "die.assassin.special",
            DieFace::AssassinRiposte => "die.assassin.riposte",
            DieFace::BlackHit => "die.black.hit",
            DieFace::DetectionDetected => "die.detection.detected",
            DieFace::DetectionInAlert => "die.detection.detected_in_alert",
        }
    }

    /// The faces of the same die, which together are at most 6.
    pub fn siblings(self) -> &'static [DieFace] {
        match self {
            DieFace::AssassinHit | DieFace::AssassinSpecial | DieFace::AssassinRiposte => &[
                DieFace::AssassinHit,
                DieFace::AssassinSpecial,
                DieFace::AssassinRiposte,
            ],
            DieFace::BlackHit => &[DieFace::BlackHit],
            DieFace::DetectionDetected | DieFace::DetectionInAlert => {
                &[DieFace::DetectionDetected, DieFace::DetectionInAlert]
            }
        }
    }
}

/// One thing Bagless asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValueKey {
    Reinforcement {
        assassins: u8,
        card: u8,
        alert: bool,
        entrance: Entrance,
    },
    Die(DieFace),
    EnemyHealth(String),
    EnemyDice(String),
    EnemyRanged(String),
    WeaponDice(String),
    WeaponExposes(String),
    WeaponAlerts(String),
}

/// "calm" or "alert": the column of a reinforcement card.
pub fn column(alert: bool) -> &'static str {
    if alert {
        "alert"
    } else {
        "calm"
    }
}

impl ValueKey {
    pub fn id(&self) -> String {
        match self {
            ValueKey::Reinforcement {
                assassins,
                card,
                alert,
                entrance,
            } => format!(
                "reinforcement.{assassins}.{card}.{}.{}",
                column(*alert),
                entrance.key()
            ),
            ValueKey::Die(face) => face.id().to_string(),
            ValueKey::EnemyHealth(e) => format!("enemy.{e}.health"),
            ValueKey::EnemyDice(e) => format!("enemy.{e}.dice"),
            ValueKey::EnemyRanged(e) => format!("enemy.{e}.ranged"),
            ValueKey::WeaponDice(w) => format!("weapon.{w}.dice"),
            ValueKey::WeaponExposes(w) => format!("weapon.{w}.exposes"),
            ValueKey::WeaponAlerts(w) => format!("weapon.{w}.alerts"),
        }
    }

    pub fn parse(id: &str) -> Option<ValueKey> {
        let parts: Vec<&str> = id.split('.').collect();
        match parts.as_slice() {
            ["reinforcement", assassins, card, col, entrance] => {
                let assassins: u8 = assassins.parse().ok().filter(|n| (1..=4).contains(n))?;
                let card: u8 = card.parse().ok().filter(|n| (1..=8).contains(n))?;
                let alert = match *col {
                    "calm" => false,
                    "alert" => true,
                    _ => return None,
                };
                Some(ValueKey::Reinforcement {
                    assassins,
                    card,
                    alert,
                    entrance: Entrance::parse(entrance)?,
                })
            }
            ["die", _, _] => [
                DieFace::AssassinHit,
                DieFace::AssassinSpecial,
                DieFace::AssassinRiposte,
                DieFace::BlackHit,
                DieFace::DetectionDetected,
                DieFace::DetectionInAlert,
            ]
            .into_iter()
            .find(|f| f.id() == id)
            .map(ValueKey::Die),
            ["enemy", name, field] if is_slug(name) => {
                let name = name.to_string();
                match *field {
                    "health" => Some(ValueKey::EnemyHealth(name)),
                    "dice" => Some(ValueKey::EnemyDice(name)),
                    "ranged" => Some(ValueKey::EnemyRanged(name)),
                    _ => None,
                }
            }
            ["weapon", name, field] if is_slug(name) => {
                let name = name.to_string();
                match *field {
                    "dice" => Some(ValueKey::WeaponDice(name)),
                    "exposes" => Some(ValueKey::WeaponExposes(name)),
                    "alerts" => Some(ValueKey::WeaponAlerts(name)),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The bounds of a number; `None` for a reinforcement line.
    fn range(&self) -> Option<(i32, i32)> {
        match self {
            ValueKey::Reinforcement { .. } => None,
            ValueKey::Die(_) => Some((0, 6)),
            ValueKey::EnemyHealth(_) => Some((1, 10)),
            ValueKey::EnemyDice(_) => Some((0, 10)),
            ValueKey::WeaponDice(_) => Some((1, 10)),
            ValueKey::EnemyRanged(_) | ValueKey::WeaponExposes(_) | ValueKey::WeaponAlerts(_) => {
                Some((0, 1))
            }
        }
    }

    /// The heading of the component the value is printed on.
    pub fn section(&self) -> Section {
        match self {
            ValueKey::Reinforcement { .. } => Section::ReinforcementStep,
            ValueKey::Die(DieFace::BlackHit) => Section::EnemyCombat,
            ValueKey::Die(DieFace::DetectionDetected | DieFace::DetectionInAlert) => {
                Section::DetectionTest
            }
            ValueKey::Die(_) => Section::Attack,
            ValueKey::EnemyHealth(_) | ValueKey::EnemyDice(_) | ValueKey::EnemyRanged(_) => {
                Section::Enemies
            }
            ValueKey::WeaponDice(_) => Section::Attack,
            ValueKey::WeaponExposes(_) | ValueKey::WeaponAlerts(_) => {
                Section::AlertStateAndStatusChange
            }
        }
    }

    /// The refusal that asks for this value: its key, and its parts as
    /// params so the UI words the question without reading the key.
    pub fn needed(&self) -> RuleViolation {
        let id = self.id();
        let asked = refuse(
            RuleCode::ValueNeeded,
            self.section(),
            format!("Bagless needs something printed in the box: {id}."),
        )
        .with("key", &id);
        // A number is asked within its bounds, a yes or no as 0 or 1.
        let asked = match self.range() {
            Some((min, max)) => asked.with("min", min).with("max", max),
            None => asked,
        };
        match self {
            ValueKey::Reinforcement {
                assassins,
                card,
                alert,
                entrance,
            } => asked
                .with("what", "reinforcement")
                .with("players", assassins)
                .with("card", card)
                .with("column", column(*alert))
                .with_id("entrance", entrance),
            ValueKey::Die(face) => asked.with("what", face.id().replace('.', "_")),
            ValueKey::EnemyHealth(e) | ValueKey::EnemyDice(e) | ValueKey::EnemyRanged(e) => {
                let field = id.rsplit('.').next().unwrap_or_default();
                asked
                    .with("what", format!("enemy_{field}"))
                    .with("enemy", e)
            }
            ValueKey::WeaponDice(w) | ValueKey::WeaponExposes(w) | ValueKey::WeaponAlerts(w) => {
                let field = id.rsplit('.').next().unwrap_or_default();
                asked
                    .with("what", format!("weapon_{field}"))
                    .with("weapon", w)
            }
        }
    }

    /// Checks a value for this key (a reinforcement line: a guard when
    /// the count is not 0; a number: within its bounds).
    pub fn check(&self, value: &BoxValue) -> Result<BoxValue, RuleViolation> {
        let id = self.id();
        match (self.range(), value) {
            (None, BoxValue::Guards(g)) => {
                if g.count > MAX_GUARDS {
                    return Err(range(self, 0, i32::from(MAX_GUARDS)));
                }
                if g.count > 0 && g.guard.is_none() {
                    return Err(kind(self));
                }
                Ok(BoxValue::Guards(Guards {
                    guard: g.guard.filter(|_| g.count > 0),
                    count: g.count,
                }))
            }
            (Some((min, max)), BoxValue::Number(n)) => {
                if *n < min || *n > max {
                    return Err(range(self, min, max));
                }
                Ok(value.clone())
            }
            _ => Err(refuse(
                RuleCode::ValueKind,
                self.section(),
                format!("{id} takes another kind of value."),
            )
            .with("key", &id)),
        }
    }
}

fn range(key: &ValueKey, min: i32, max: i32) -> RuleViolation {
    let id = key.id();
    refuse(
        RuleCode::ValueRange,
        key.section(),
        format!("{id} lies between {min} and {max}."),
    )
    .with("key", &id)
    .with("min", min)
    .with("max", max)
}

fn kind(key: &ValueKey) -> RuleViolation {
    let id = key.id();
    refuse(
        RuleCode::ValueKind,
        key.section(),
        format!("{id} names the guards when there are any."),
    )
    .with("key", &id)
}

/// Checks a key and its value as a command sends them, and the faces of a
/// die against those already known (6 at most); the value as kept.
pub fn check_entry(
    values: &BTreeMap<String, BoxValue>,
    key: &str,
    value: &BoxValue,
) -> Result<(ValueKey, BoxValue), RuleViolation> {
    let parsed = ValueKey::parse(key).ok_or_else(|| {
        refuse(
            RuleCode::ValueKey,
            Section::Setup,
            format!("Bagless does not ask for {key:?}."),
        )
        .with("key", key.chars().take(60).collect::<String>())
    })?;
    let value = parsed.check(value)?;
    if let (ValueKey::Die(face), BoxValue::Number(n)) = (&parsed, &value) {
        let others: i32 = face
            .siblings()
            .iter()
            .filter(|f| *f != face)
            .filter_map(|f| match known(values, &ValueKey::Die(*f)) {
                Some(BoxValue::Number(m)) => Some(m),
                _ => None,
            })
            .sum();
        if n + others > 6 {
            return Err(refuse(
                RuleCode::FacesTooMany,
                parsed.section(),
                "A die has 6 faces.",
            )
            .with("key", parsed.id())
            .with("max", 6 - others));
        }
    }
    Ok((parsed, value))
}

/// What the box says for a key: what the players entered, else what the
/// summaries print (seed 002's example: "l'Arbalétrier Riposte
/// immédiatement avec son arme (qui lui permet d'attaquer à distance). Le
/// Garde Agile ne peut pas Riposter, car il n'est pas à portée").
pub fn known(values: &BTreeMap<String, BoxValue>, key: &ValueKey) -> Option<BoxValue> {
    if let Some(value) = values.get(&key.id()) {
        return Some(value.clone());
    }
    match key {
        ValueKey::EnemyRanged(e) if e == "crossbowman" => Some(BoxValue::Number(1)),
        ValueKey::EnemyRanged(e) if e == "agile" => Some(BoxValue::Number(0)),
        _ => None,
    }
}

/// The number for a key, or the refusal that asks for it.
pub fn number(values: &BTreeMap<String, BoxValue>, key: ValueKey) -> Result<i32, RuleViolation> {
    match known(values, &key) {
        Some(BoxValue::Number(n)) => Ok(n),
        _ => Err(key.needed()),
    }
}

/// A reinforcement card's line for an entrance, or the refusal that asks
/// for it.
pub fn guards(values: &BTreeMap<String, BoxValue>, key: ValueKey) -> Result<Guards, RuleViolation> {
    match known(values, &key) {
        Some(BoxValue::Guards(g)) => Ok(g),
        _ => Err(key.needed()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A guard count typed past a byte is refused in the rules' words.
    #[test]
    fn a_count_of_guards_past_a_byte_is_refused_in_words() {
        let typed: BoxValue =
            serde_json::from_value(serde_json::json!({"guard": "elite", "count": 300})).unwrap();
        let line = ValueKey::Reinforcement {
            assassins: 3,
            card: 8,
            alert: true,
            entrance: Entrance::D,
        };
        assert_eq!(line.check(&typed).unwrap_err().code, RuleCode::ValueRange);
    }

    /// The form asking for a number takes its bounds from the refusal
    /// that asks it: the bounds `check` keeps.
    #[test]
    fn a_number_is_asked_with_the_bounds_it_is_checked_against() {
        for key in [
            ValueKey::Die(DieFace::BlackHit),
            ValueKey::EnemyHealth("agile".into()),
            ValueKey::EnemyDice("elite".into()),
            ValueKey::WeaponDice("hidden_blade".into()),
            ValueKey::WeaponExposes("pistol".into()),
        ] {
            let asked = key.needed();
            let bound = |name: &str| asked.params[name].parse::<i32>().unwrap();
            let (min, max) = (bound("min"), bound("max"));
            assert!(key.check(&BoxValue::Number(min)).is_ok(), "{key:?}");
            assert!(key.check(&BoxValue::Number(max)).is_ok(), "{key:?}");
            for outside in [min - 1, max + 1] {
                let refused = key.check(&BoxValue::Number(outside)).unwrap_err();
                assert_eq!(refused.code, RuleCode::ValueRange, "{key:?}");
            }
        }
        let line = ValueKey::Reinforcement {
            assassins: 3,
            card: 8,
            alert: true,
            entrance: Entrance::D,
        };
        assert!(!line.needed().params.contains_key("min"));
    }

    #[test]
    fn keys_read_back_as_written() {
        for key in [
            ValueKey::Reinforcement {
                assassins: 3,
                card: 8,
                alert: true,
                entrance: Entrance::D,
            },
            ValueKey::Die(DieFace::AssassinRiposte),
            ValueKey::Die(DieFace::DetectionInAlert),
            ValueKey::Die(DieFace::BlackHit),
            ValueKey::EnemyHealth("agile".into()),
            ValueKey::EnemyDice("elite".into()),
            ValueKey::EnemyRanged("brute".into()),
            ValueKey::WeaponDice("hidden_blade".into()),
            ValueKey::WeaponExposes("pistol".into()),
            ValueKey::WeaponAlerts("pistol".into()),
        ] {
            assert_eq!(ValueKey::parse(&key.id()), Some(key));
        }
        for bad in [
            "reinforcement.5.1.calm.a",
            "reinforcement.2.9.calm.a",
            "reinforcement.2.1.red.a",
            "reinforcement.2.1.calm.e",
            "die.assassin.blank",
            "enemy.Elite.health",
            "weapon.x.range",
            "x",
        ] {
            assert_eq!(ValueKey::parse(bad), None, "{bad}");
        }
    }
}
