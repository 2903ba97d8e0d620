//! Overrides: a number typed over what the rules computed (a house rule, a
//! mistake made at the table and noticed later). Always allowed, always
//! recorded as its own entry with the value it replaced and the players'
//! reason, so the history shows it for what it is.

use crate::model::campaign::{Campaign, Event};
pub use crate::model::override_types::{OverrideInput, OverrideTarget};
use crate::model::pack::Pack;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};

/// The highest HQ level a contract card's back shows.
pub const MAX_HQ_LEVEL: u8 = 4;
pub const MAX_REASON_CHARS: usize = 200;

/// The value the rules (and earlier overrides) give now.
pub fn current(state: &Campaign, pack: &Pack, target: OverrideTarget) -> u32 {
    match target {
        OverrideTarget::Xp => state.xp(pack),
        OverrideTarget::HqLevel => u32::from(state.hq_level),
    }
}

pub fn decide(
    state: &Campaign,
    pack: &Pack,
    input: &OverrideInput,
) -> Result<Vec<Event>, Vec<RuleViolation>> {
    let reason = input.reason.trim().to_string();
    if reason.chars().count() > MAX_REASON_CHARS {
        return Err(vec![refuse(
            RuleCode::OverrideReasonTooLong,
            Section::Campaign,
            format!("Keep the reason under {MAX_REASON_CHARS} characters."),
        )
        .with("max", MAX_REASON_CHARS)]);
    }
    let max = match input.target {
        OverrideTarget::Xp => {
            if state.attempts.is_empty() {
                return Err(vec![refuse(
                    RuleCode::OverrideXpTooEarly,
                    Section::Campaign,
                    "Record a memory first: there is no XP to correct yet.",
                )]);
            }
            pack.xp_track.max
        }
        OverrideTarget::HqLevel => {
            if state.hq.is_none() {
                return Err(vec![refuse(
                    RuleCode::OverrideHqLocked,
                    Section::Headquarters,
                    "The HQ is not unlocked yet: it has no level to correct.",
                )]);
            }
            u32::from(MAX_HQ_LEVEL)
        }
    };
    if input.value > max {
        return Err(vec![refuse(
            RuleCode::OverrideTooHigh,
            Section::Campaign,
            format!("That number is at most {max}."),
        )
        .with("max", max)]);
    }
    if input.target == OverrideTarget::Xp {
        // The level marks reached stay reached: the track cannot go back
        // below one (undo the entry that reached it instead).
        let floor = pack
            .xp_track
            .levels
            .iter()
            .filter(|mark| state.levels_reached.contains_key(&mark.level))
            .map(|mark| (mark.level, mark.xp))
            .max_by_key(|(_, xp)| *xp);
        if let Some((level, xp)) = floor {
            if input.value < xp {
                return Err(vec![refuse(
                    RuleCode::OverrideBelowLevel,
                    Section::LevelingUpAndSkills,
                    format!(
                        "Level {} is reached at {xp} XP: undo the entry that reached it to go lower.",
                        crate::model::campaign::roman(level)
                    ),
                )
                .with("level", crate::model::campaign::roman(level))
                .with("xp", xp)]);
            }
        }
    }
    let from = current(state, pack, input.target);
    if input.value == from {
        return Err(vec![refuse(
            RuleCode::OverrideSame,
            Section::Campaign,
            format!("It is already {from}: nothing to correct."),
        )
        .with("value", from)]);
    }
    let mut events = vec![Event::ValueOverridden {
        target: input.target,
        from,
        to: input.value,
        reason,
    }];
    if input.target == OverrideTarget::Xp {
        // Raising the XP past a mark reaches that level, as a memory would.
        let after_memory = state.attempts.last().map_or("", |a| a.memory.as_str());
        events.extend(crate::rules::memories::levels_crossed(
            pack,
            from,
            input.value,
            after_memory,
        ));
    }
    Ok(events)
}

pub fn evolve(state: &mut Campaign, target: OverrideTarget, from: u32, to: u32) {
    match target {
        OverrideTarget::Xp => {
            let change = i64::from(to) - i64::from(from);
            state.xp_correction = (i64::from(state.xp_correction) + change)
                .clamp(i64::from(i32::MIN), i64::from(i32::MAX))
                as i32;
        }
        OverrideTarget::HqLevel => {
            state.hq_level = u8::try_from(to).unwrap_or(MAX_HQ_LEVEL).min(MAX_HQ_LEVEL);
        }
    }
}
