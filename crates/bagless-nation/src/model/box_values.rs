//! The names and numbers printed in the box that the rules summary does not
//! give: asked once with a `value_needed` refusal naming a key, then set
//! with `SetBoxValue` (recorded in the log) or entered at set-up, and
//! remembered. A key is a short id the core alone writes and reads:
//!
//! - `target.<n>.msr`, `target.<n>.name` ("TARGET HEX TILES x18")
//! - `weapon.<id>.msr` (the low end: 4 for 6-4), `.time` (HHMM),
//!   `.noise` ("loud"/"silent"), `.cause` ("WEAPON CARDS x60")
//! - `specialist.<n>.weapon`, `specialist.<n>.name` ("SPECIALIST CARDS x6")
//! - `modifier.<id>.msr`, `modifier.<id>.minutes` ("MODIFIER CARDS x50")

use crate::pack::pack;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A number or a word.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(untagged)]
#[ts(export, export_to = "nation/")]
pub enum BoxValue {
    Number(i32),
    Text(String),
}

/// The longest name or word typed.
pub const MAX_NAME: usize = 40;

/// "WEAPON CARDS x60": "whether the weapon is Loud or Silent".
pub const NOISES: [&str; 2] = ["loud", "silent"];

/// A card's id as the core spells it: lowercase letters, digits and `_`.
pub fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= MAX_NAME
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// A time of day as printed (HHMM).
pub fn is_hhmm(t: u16) -> bool {
    t / 100 < 24 && t % 100 < 60
}

/// HHMM to minutes after midnight.
pub fn minutes_of(hhmm: u16) -> u16 {
    (hhmm / 100) * 60 + hhmm % 100
}

/// Minutes after midnight back to HHMM.
pub fn hhmm_of(minutes: u16) -> u16 {
    (minutes / 60) * 100 + minutes % 60
}

/// One thing Bagless asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValueKey {
    TargetMsr(u8),
    TargetName(u8),
    WeaponMsr(String),
    WeaponTime(String),
    WeaponNoise(String),
    WeaponCause(String),
    SpecialistWeapon(u8),
    SpecialistName(u8),
    ModifierMsr(String),
    ModifierMinutes(String),
}

/// What kind of value a key takes, and its bounds.
enum Kind {
    Number(i32, i32),
    /// "loud" or "silent".
    Noise,
    Slug,
    Name,
}

impl ValueKey {
    pub fn id(&self) -> String {
        match self {
            ValueKey::TargetMsr(n) => format!("target.{n}.msr"),
            ValueKey::TargetName(n) => format!("target.{n}.name"),
            ValueKey::WeaponMsr(w) => format!("weapon.{w}.msr"),
            ValueKey::WeaponTime(w) => format!("weapon.{w}.time"),
            ValueKey::WeaponNoise(w) => format!("weapon.{w}.noise"),
            ValueKey::WeaponCause(w) => format!("weapon.{w}.cause"),
            ValueKey::SpecialistWeapon(n) => format!("specialist.{n}.weapon"),
            ValueKey::SpecialistName(n) => format!("specialist.{n}.name"),
            ValueKey::ModifierMsr(m) => format!("modifier.{m}.msr"),
            ValueKey::ModifierMinutes(m) => format!("modifier.{m}.minutes"),
        }
    }

    pub fn parse(id: &str) -> Option<ValueKey> {
        let mut parts = id.splitn(3, '.');
        let (kind, name, field) = (parts.next()?, parts.next()?, parts.next()?);
        match kind {
            "target" => {
                let n: u8 = name.parse().ok().filter(|n| (1..=18).contains(n))?;
                match field {
                    "msr" => Some(ValueKey::TargetMsr(n)),
                    "name" => Some(ValueKey::TargetName(n)),
                    _ => None,
                }
            }
            "specialist" => {
                let n: u8 = name.parse().ok().filter(|n| (1..=6).contains(n))?;
                match field {
                    "weapon" => Some(ValueKey::SpecialistWeapon(n)),
                    "name" => Some(ValueKey::SpecialistName(n)),
                    _ => None,
                }
            }
            "weapon" if is_slug(name) => {
                let name = name.to_string();
                match field {
                    "msr" => Some(ValueKey::WeaponMsr(name)),
                    "time" => Some(ValueKey::WeaponTime(name)),
                    "noise" => Some(ValueKey::WeaponNoise(name)),
                    "cause" => Some(ValueKey::WeaponCause(name)),
                    _ => None,
                }
            }
            "modifier" if is_slug(name) => {
                let name = name.to_string();
                match field {
                    "msr" => Some(ValueKey::ModifierMsr(name)),
                    "minutes" => Some(ValueKey::ModifierMinutes(name)),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    fn kind(&self) -> Kind {
        match self {
            ValueKey::TargetMsr(_) | ValueKey::ModifierMsr(_) => Kind::Number(-5, 5),
            ValueKey::WeaponMsr(_) => Kind::Number(2, 4),
            ValueKey::WeaponTime(_) => Kind::Number(0, 2359),
            ValueKey::ModifierMinutes(_) => Kind::Number(-720, 720),
            ValueKey::WeaponNoise(_) => Kind::Noise,
            ValueKey::WeaponCause(_) | ValueKey::SpecialistWeapon(_) => Kind::Slug,
            ValueKey::TargetName(_) | ValueKey::SpecialistName(_) => Kind::Name,
        }
    }

    /// The heading of the component the value is printed on.
    pub fn section(&self) -> Section {
        match self {
            ValueKey::TargetMsr(_) | ValueKey::TargetName(_) => Section::TargetHexTiles,
            ValueKey::WeaponMsr(_) => Section::Msr,
            ValueKey::WeaponTime(_) => Section::TimeOfDeath,
            ValueKey::WeaponNoise(_) | ValueKey::WeaponCause(_) => Section::WeaponAttributes,
            ValueKey::SpecialistWeapon(_) | ValueKey::SpecialistName(_) => Section::SpecialistCards,
            ValueKey::ModifierMsr(_) | ValueKey::ModifierMinutes(_) => Section::ModifierCards,
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
        // A number is asked within its bounds (a time of day's are its
        // own: HHMM).
        // The field it is typed in ("input"), so the form does not tell
        // the kinds apart itself; a word from a list is asked among its
        // words ("choices", comma separated).
        let input = match self.kind() {
            Kind::Number(..) if matches!(self, ValueKey::WeaponTime(_)) => "time",
            Kind::Number(..) => "number",
            Kind::Noise => "noise",
            Kind::Slug => "slug",
            Kind::Name => "name",
        };
        let asked = asked.with("input", input);
        let asked = match self.kind() {
            Kind::Number(min, max) if !matches!(self, ValueKey::WeaponTime(_)) => {
                asked.with("min", min).with("max", max)
            }
            Kind::Noise => asked.with("choices", NOISES.join(",")),
            _ => asked,
        };
        let what = id.split('.').skip(2).collect::<Vec<_>>().join(".");
        match self {
            ValueKey::TargetMsr(n) | ValueKey::TargetName(n) => asked
                .with("what", format!("target_{what}"))
                .with("target", n),
            ValueKey::WeaponMsr(w)
            | ValueKey::WeaponTime(w)
            | ValueKey::WeaponNoise(w)
            | ValueKey::WeaponCause(w) => asked
                .with("what", format!("weapon_{what}"))
                .with("weapon", w),
            ValueKey::SpecialistWeapon(n) | ValueKey::SpecialistName(n) => asked
                .with("what", format!("specialist_{what}"))
                .with("specialist", n),
            ValueKey::ModifierMsr(m) | ValueKey::ModifierMinutes(m) => asked
                .with("what", format!("modifier_{what}"))
                .with("modifier", m),
        }
    }

    /// Checks a value for this key.
    pub fn check(&self, value: &BoxValue) -> Result<(), RuleViolation> {
        let id = self.id();
        let kind_refusal = || {
            refuse(
                RuleCode::ValueKind,
                self.section(),
                format!("{id} takes another kind of value."),
            )
            .with("key", &id)
        };
        match (self.kind(), value) {
            (Kind::Number(min, max), BoxValue::Number(n)) => {
                let hhmm_ok = !matches!(self, ValueKey::WeaponTime(_)) || is_hhmm(*n as u16);
                if *n < min || *n > max || !hhmm_ok {
                    return Err(refuse(
                        RuleCode::ValueRange,
                        self.section(),
                        format!("{id} lies between {min} and {max}."),
                    )
                    .with("key", &id)
                    .with("min", min)
                    .with("max", max));
                }
                Ok(())
            }
            (Kind::Noise, BoxValue::Text(t)) if NOISES.contains(&t.as_str()) => Ok(()),
            (Kind::Slug, BoxValue::Text(t)) if is_slug(t) => Ok(()),
            (Kind::Name, BoxValue::Text(t)) => check_name(t, self.section()),
            _ => Err(kind_refusal()),
        }
    }
}

/// A name typed by the players: not empty, not too long, no control
/// characters.
pub fn check_name(name: &str, section: Section) -> Result<(), RuleViolation> {
    if name.trim().is_empty() {
        return Err(refuse(RuleCode::NameEmpty, section, "A name is needed."));
    }
    if name.chars().count() > MAX_NAME {
        return Err(refuse(
            RuleCode::NameTooLong,
            section,
            format!("A name has at most {MAX_NAME} characters."),
        )
        .with("max", MAX_NAME));
    }
    if name.chars().any(char::is_control) {
        return Err(refuse(
            RuleCode::NameControl,
            section,
            "A name cannot hold control characters.",
        ));
    }
    Ok(())
}

/// Checks a key and its value as a command sends them.
pub fn check_entry(key: &str, value: &BoxValue) -> Result<ValueKey, RuleViolation> {
    let parsed = ValueKey::parse(key).ok_or_else(|| {
        refuse(
            RuleCode::ValueKey,
            Section::Components,
            format!("Bagless does not ask for {key:?}."),
        )
        .with("key", key.chars().take(60).collect::<String>())
    })?;
    parsed.check(value)?;
    Ok(parsed)
}

/// What the box says for a key: what the players entered, else the pack.
pub fn known(
    values: &std::collections::BTreeMap<String, BoxValue>,
    key: &ValueKey,
) -> Option<BoxValue> {
    if let Some(value) = values.get(&key.id()) {
        return Some(value.clone());
    }
    let pack = pack();
    let text = |s: &Option<String>| s.clone().map(BoxValue::Text);
    let number = |n: Option<i32>| n.map(BoxValue::Number);
    match key {
        ValueKey::TargetMsr(n) => {
            // A target named as the summary names it takes the adjustment
            // the summary gives it (the Judge: 0).
            let name = match values.get(&ValueKey::TargetName(*n).id()) {
                Some(BoxValue::Text(name)) => name.clone(),
                _ => return None,
            };
            pack.named_targets
                .iter()
                .find(|t| t.name.eq_ignore_ascii_case(name.trim()))
                .and_then(|t| t.msr)
                .map(|m| BoxValue::Number(m.into()))
        }
        ValueKey::WeaponMsr(w) => number(pack.weapon(w).and_then(|w| w.msr).map(i32::from)),
        ValueKey::WeaponTime(w) => number(pack.weapon(w).and_then(|w| w.time).map(i32::from)),
        ValueKey::WeaponNoise(w) => pack.weapon(w).and_then(|w| text(&w.noise)),
        ValueKey::WeaponCause(w) => pack.weapon(w).and_then(|w| text(&w.cause)),
        ValueKey::ModifierMsr(m) => number(pack.modifier(m).and_then(|m| m.msr).map(i32::from)),
        ValueKey::ModifierMinutes(m) => {
            number(pack.modifier(m).and_then(|m| m.minutes).map(i32::from))
        }
        ValueKey::TargetName(_) | ValueKey::SpecialistWeapon(_) | ValueKey::SpecialistName(_) => {
            None
        }
    }
}

/// The number for a key, or the refusal that asks for it.
pub fn number(
    values: &std::collections::BTreeMap<String, BoxValue>,
    key: ValueKey,
) -> Result<i32, RuleViolation> {
    match known(values, &key) {
        Some(BoxValue::Number(n)) => Ok(n),
        _ => Err(key.needed()),
    }
}

/// The word for a key, or the refusal that asks for it.
pub fn text(
    values: &std::collections::BTreeMap<String, BoxValue>,
    key: ValueKey,
) -> Result<String, RuleViolation> {
    match known(values, &key) {
        Some(BoxValue::Text(t)) => Ok(t),
        _ => Err(key.needed()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The form asking for a number takes its bounds from the refusal
    /// that asks it: the bounds `check` keeps (a time of day is HHMM, with
    /// none given).
    #[test]
    fn a_number_is_asked_with_the_bounds_it_is_checked_against() {
        for key in [
            ValueKey::TargetMsr(3),
            ValueKey::WeaponMsr("rope".into()),
            ValueKey::ModifierMsr("stealth".into()),
            ValueKey::ModifierMinutes("stealth".into()),
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
        let time = ValueKey::WeaponTime("rope".into()).needed();
        assert!(!time.params.contains_key("min"));
    }

    /// The field each value is typed in is the crate's (`input`), and a
    /// word from a list comes with its words: "whether the weapon is Loud
    /// or Silent" (WEAPON CARDS x60).
    #[test]
    fn a_value_is_asked_with_its_field_and_words() {
        let input = |key: ValueKey| key.needed().params["input"].clone();
        assert_eq!(input(ValueKey::WeaponTime("rope".into())), "time");
        assert_eq!(input(ValueKey::WeaponMsr("rope".into())), "number");
        assert_eq!(input(ValueKey::ModifierMinutes("stealth".into())), "number");
        assert_eq!(input(ValueKey::WeaponNoise("rope".into())), "noise");
        assert_eq!(input(ValueKey::WeaponCause("rope".into())), "slug");
        assert_eq!(input(ValueKey::SpecialistWeapon(2)), "slug");
        assert_eq!(input(ValueKey::TargetName(3)), "name");
        let noise = ValueKey::WeaponNoise("rope".into()).needed();
        assert_eq!(noise.params["choices"], "loud,silent");
        for word in noise.params["choices"].split(',') {
            let value = BoxValue::Text(word.into());
            assert!(ValueKey::WeaponNoise("rope".into()).check(&value).is_ok());
        }
        assert!(!ValueKey::WeaponCause("rope".into())
            .needed()
            .params
            .contains_key("choices"));
    }

    #[test]
    fn keys_read_back_as_written() {
        for key in [
            ValueKey::TargetMsr(3),
            ValueKey::TargetName(18),
            ValueKey::WeaponMsr("pistol".into()),
            ValueKey::WeaponTime("rope".into()),
            ValueKey::WeaponNoise("knife".into()),
            ValueKey::WeaponCause("knife".into()),
            ValueKey::SpecialistWeapon(6),
            ValueKey::SpecialistName(1),
            ValueKey::ModifierMsr("stealth".into()),
            ValueKey::ModifierMinutes("stealth".into()),
        ] {
            assert_eq!(ValueKey::parse(&key.id()), Some(key));
        }
        for bad in [
            "target.19.msr",
            "target.0.msr",
            "weapon.Pistol.msr",
            "x",
            "specialist.7.weapon",
        ] {
            assert_eq!(ValueKey::parse(bad), None, "{bad}");
        }
    }

    /// "WEAPON ATTRIBUTES": the Pistol is 6-3, Loud and Gunshot; "TIME OF
    /// DEATH": the Sniper Rifle at 1345, the Rope at 0815; the Judge's
    /// adjustment is 0 (Determining the MSR of an Assassination Attempt).
    #[test]
    fn what_the_summary_prints_is_known_without_asking() {
        let mut values = std::collections::BTreeMap::new();
        assert_eq!(number(&values, ValueKey::WeaponMsr("pistol".into())), Ok(3));
        assert_eq!(number(&values, ValueKey::WeaponMsr("knife".into())), Ok(4));
        assert_eq!(
            number(&values, ValueKey::WeaponTime("sniper_rifle".into())),
            Ok(1345)
        );
        assert_eq!(
            number(&values, ValueKey::WeaponTime("rope".into())),
            Ok(815)
        );
        assert_eq!(
            text(&values, ValueKey::WeaponNoise("sabotage".into())).as_deref(),
            Ok("silent")
        );
        assert_eq!(
            number(&values, ValueKey::ModifierMsr("stealth".into())),
            Ok(1)
        );
        let asked = number(&values, ValueKey::TargetMsr(4)).unwrap_err();
        assert_eq!(asked.code, RuleCode::ValueNeeded);
        assert_eq!(asked.section, Section::TargetHexTiles);
        values.insert("target.4.name".into(), BoxValue::Text("Judge".into()));
        assert_eq!(number(&values, ValueKey::TargetMsr(4)), Ok(0));
    }
}
