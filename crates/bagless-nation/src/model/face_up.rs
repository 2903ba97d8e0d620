//! Edition 2: what is printed on the cards of an attempt is read when they
//! are turned face up ("1) REVEAL YOUR ASSASSINATION ATTEMPTS": "All
//! players now reveal all of their cards face-up at the same time"), not
//! when they are played face down ("1) SELECT YOUR TARGET:" "secretly draw
//! an "X""; "Assassination Cards: … played face-down"). Asking a weapon's
//! range or a target's adjustment while the cards lie face down would tell
//! the table which card was played on which target (the question, then the
//! history's line and the pyramid's value). Decide refuses the reveal until
//! every value is known ([`face_up`] names the first one missing), and
//! evolve fills each attempt with them at the reveal, from the same
//! function. Edition 1 read them at the declaration.

use super::box_values::{number, text, ValueKey};
use super::state::{Attempt, Game, ModifierPlay, WeaponPlay};
use crate::refusals::RuleViolation;

/// A Weapon Card played face down (edition 2): its id and the time printed
/// on each card; its range and attributes are read at the reveal (0 and
/// empty until then, never shown: the views show no face-down attempt).
pub fn face_down_weapon(id: &str, cards: Vec<u16>) -> WeaponPlay {
    WeaponPlay {
        id: id.to_string(),
        msr: 0,
        noise: String::new(),
        cause: String::new(),
        time: cards.iter().copied().min().unwrap_or_default(),
        cards: Some(cards),
    }
}

/// A Modifier Card played face down (edition 2): its values are read at
/// the reveal.
pub fn face_down_modifier(card: &str, played_by: u8) -> ModifierPlay {
    ModifierPlay {
        card: card.to_string(),
        msr: 0,
        minutes: 0,
        played_by,
    }
}

/// The attempt with the values printed on its cards, the specialist's
/// weapon and the target's adjustment (an available target's: a target not
/// available is missed), or the refusal asking for the first value the box
/// does not know yet.
pub fn face_up(game: &Game, attempt: &Attempt) -> Result<Attempt, RuleViolation> {
    let values = &game.box_values;
    let mut up = attempt.clone();
    if let Some(weapon) = &mut up.weapon {
        let id = weapon.id.clone();
        weapon.msr = number(values, ValueKey::WeaponMsr(id.clone()))? as u8;
        weapon.noise = text(values, ValueKey::WeaponNoise(id.clone()))?;
        weapon.cause = text(values, ValueKey::WeaponCause(id.clone()))?;
    }
    for modifier in &mut up.modifiers {
        let card = modifier.card.clone();
        modifier.msr = number(values, ValueKey::ModifierMsr(card.clone()))? as i8;
        modifier.minutes = number(values, ValueKey::ModifierMinutes(card))? as i16;
    }
    up.specialist = match (&up.weapon, game.players.get(attempt.player as usize)) {
        (Some(weapon), Some(player)) => {
            text(values, ValueKey::SpecialistWeapon(player.specialist))? == weapon.id
        }
        _ => false,
    };
    if let Some(target) = attempt.target.filter(|t| game.is_available(*t)) {
        number(values, ValueKey::TargetMsr(target))?;
    }
    Ok(up)
}
