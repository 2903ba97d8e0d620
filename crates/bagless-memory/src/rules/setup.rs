//! "SETUP": the memory begins with its assassins (1 to 4) and "the 8
//! reinforcement cards that have an icon that matches the total number of
//! assassins in play", shuffled; the enemy entrances on the map; the box's
//! values asked once; and "DIFFICULTY LEVEL", chosen "before starting a
//! memory or during play".

use super::again::EDITION;
use super::chance::Dice;
use super::check_text;
use crate::model::box_values::{check_entry, BoxValue};
use crate::model::commands::Command;
use crate::model::events::Event;
use crate::model::state::{Game, REINFORCEMENT_CARDS};
use crate::model::types::Entrance;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use std::collections::{BTreeMap, BTreeSet};

pub const MIN_ASSASSINS: usize = 1;
pub const MAX_ASSASSINS: usize = 4;
pub const MAX_CAMPAIGN_ID: usize = 64;
pub const MAX_MEMORY: usize = 16;
pub const MAX_ASSASSIN_ID: usize = 40;

pub(crate) fn start(
    game: &Game,
    command: &Command,
    dice: &mut Dice,
) -> Result<Vec<Event>, RuleViolation> {
    let Command::StartMemory {
        campaign_id,
        memory,
        assassins,
        box_values,
        entrances,
        easy,
        edition,
    } = command
    else {
        return Ok(Vec::new());
    };
    let section = Section::Setup;
    if game.is_started() {
        return Err(refuse(
            RuleCode::AlreadyStarted,
            section,
            "The memory is already set up.",
        ));
    }
    let edition = edition.unwrap_or(EDITION);
    if !(1..=EDITION).contains(&edition) {
        return Err(refuse(
            RuleCode::EditionUnknown,
            Section::SavingTheGame,
            format!("Bagless plays editions 1 to {EDITION} of these rules, not {edition}."),
        )
        .with("edition", edition)
        .with("max", EDITION));
    }
    check_text(campaign_id, "campaign", MAX_CAMPAIGN_ID, section)?;
    check_text(memory, "memory", MAX_MEMORY, section)?;
    if !(MIN_ASSASSINS..=MAX_ASSASSINS).contains(&assassins.len()) {
        return Err(refuse(
            RuleCode::AssassinCount,
            section,
            format!("A memory is played by {MIN_ASSASSINS} to {MAX_ASSASSINS} assassins."),
        )
        .with("min", MIN_ASSASSINS)
        .with("max", MAX_ASSASSINS));
    }
    let mut seen = BTreeSet::new();
    for id in assassins {
        check_text(id, "assassin", MAX_ASSASSIN_ID, section)?;
        if !seen.insert(id) {
            return Err(refuse(
                RuleCode::AssassinTwice,
                section,
                format!("{id} is in play once."),
            )
            .with("assassin", id));
        }
    }
    check_entrances(entrances)?;
    let mut kept = BTreeMap::new();
    for (key, value) in box_values {
        let (parsed, value) = check_entry(&kept, key, value)?;
        kept.insert(parsed.id(), value);
    }
    let mut pile: Vec<u8> = (1..=REINFORCEMENT_CARDS).collect();
    dice.shuffle(&mut pile, section)?;
    let mut entrances = entrances.clone();
    entrances.sort();
    Ok(vec![Event::MemoryStarted {
        campaign_id: campaign_id.trim().to_string(),
        memory: memory.trim().to_string(),
        assassins: assassins.clone(),
        box_values: kept,
        entrances,
        easy: *easy,
        pile,
        edition,
    }])
}

fn check_entrances(entrances: &[Entrance]) -> Result<(), RuleViolation> {
    let mut seen = BTreeSet::new();
    for e in entrances {
        if !seen.insert(*e) {
            return Err(refuse(
                RuleCode::EntranceTwice,
                Section::ReinforcementStep,
                "Each entrance token is on the map once.",
            )
            .with_id("entrance", e));
        }
    }
    Ok(())
}

/// Something printed in the box, remembered from now on.
pub fn set_box_value(
    game: &Game,
    key: &str,
    value: &BoxValue,
) -> Result<Vec<Event>, RuleViolation> {
    let (parsed, value) = check_entry(&game.box_values, key, value)?;
    Ok(vec![Event::BoxValueSet {
        key: parsed.id(),
        value,
    }])
}

/// The enemy entrance tokens on the map ("Ignore any reinforcements
/// associated with enemy entrances that are not on the map").
pub fn set_entrances(game: &Game, entrances: &[Entrance]) -> Result<Vec<Event>, RuleViolation> {
    check_entrances(entrances)?;
    let mut sorted = entrances.to_vec();
    sorted.sort();
    if sorted == game.entrances {
        return Err(refuse(
            RuleCode::EntrancesSame,
            Section::ReinforcementStep,
            "Those are the entrances on the map already.",
        ));
    }
    Ok(vec![Event::EntrancesSet { entrances: sorted }])
}

/// "DIFFICULTY LEVEL": "You can choose the game's difficulty level (normal
/// or easy) before starting a memory or during play."
pub fn set_difficulty(game: &Game, easy: bool) -> Result<Vec<Event>, RuleViolation> {
    if game.easy == easy {
        return Err(refuse(
            RuleCode::DifficultySame,
            Section::DifficultyLevel,
            "That is the difficulty already.",
        ));
    }
    Ok(vec![Event::DifficultySet { easy }])
}
