//! "SETUP" and "STARTING THE GAME": the players (2 to 6) with their
//! specialist ("SPECIALIST CARDS x6"), the 18 targets in their pyramid,
//! 2 cash tokens each, and the Player One Token to the highest die
//! ("FIRST PLAYER TOKEN"). Also the box's values asked once
//! ("COMPONENTS").

use super::again::EDITION;
use super::{faces, Dice};
use crate::model::box_values::{check_entry, check_name, BoxValue, ValueKey};
use crate::model::commands::{Command, PlayerSetup};
use crate::model::events::Event;
use crate::model::state::Game;
use crate::pack::pack;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use std::collections::BTreeSet;

pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 6;

pub fn create(
    game: &Game,
    command: &Command,
    dice: &mut Dice,
) -> Result<Vec<Event>, RuleViolation> {
    let Command::CreateGame {
        players,
        first_player,
        dice: entered,
        storytelling,
        box_values,
        deal_specialists,
        edition,
    } = command
    else {
        return Ok(Vec::new());
    };
    if game.is_created() {
        return Err(refuse(
            RuleCode::AlreadyCreated,
            Section::StartingTheGame,
            "The game is already set up.",
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
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players.len()) {
        return Err(refuse(
            RuleCode::PlayerCount,
            Section::Components,
            format!("Assassin Nation is played by {MIN_PLAYERS} to {MAX_PLAYERS} players."),
        )
        .with("min", MIN_PLAYERS)
        .with("max", MAX_PLAYERS));
    }
    let mut names = BTreeSet::new();
    let mut specialists = BTreeSet::new();
    for player in players {
        check_name(&player.name, Section::StartingTheGame)?;
        if !names.insert(player.name.trim().to_lowercase()) {
            return Err(refuse(
                RuleCode::NameTwice,
                Section::StartingTheGame,
                format!("Two players are called {}.", player.name),
            )
            .with("name", &player.name));
        }
        if *deal_specialists == Some(true) {
            continue;
        }
        if !pack().specialists.contains(&player.specialist) {
            return Err(refuse(
                RuleCode::SpecialistUnknown,
                Section::SpecialistCards,
                format!(
                    "There are six specialist cards, 1 to 6, not {}.",
                    player.specialist
                ),
            )
            .with("specialist", player.specialist));
        }
        if !specialists.insert(player.specialist) {
            return Err(refuse(
                RuleCode::SpecialistTaken,
                Section::SpecialistCards,
                format!(
                    "Specialist {} is dealt to one player only.",
                    player.specialist
                ),
            )
            .with("specialist", player.specialist));
        }
    }
    for (key, value) in box_values {
        check_entry(key, value)?;
    }
    check_weapon_kinds(box_values.keys().map(String::as_str))?;
    let mut players = players.clone();
    let specialist_rolls = if *deal_specialists == Some(true) {
        deal(&mut players, dice)?
    } else {
        Vec::new()
    };
    let (first_player, first_rolls) =
        first_player_token(players.len(), *first_player, entered, dice)?;
    Ok(vec![Event::GameCreated {
        players,
        specialist_rolls,
        first_player,
        first_rolls,
        storytelling: *storytelling,
        box_values: box_values.clone(),
        edition,
    }])
}

/// "STARTING THE GAME": "Each player is randomly assigned one Specialist
/// card": Bagless rolls a die for each player in seat order, the face the
/// card dealt (a card already dealt is rolled again); the faces rolled,
/// in order, are recorded.
fn deal(players: &mut [PlayerSetup], dice: &mut Dice) -> Result<Vec<u8>, RuleViolation> {
    let cards = &pack().specialists;
    let mut rolls = Vec::new();
    let mut dealt = BTreeSet::new();
    for player in players.iter_mut() {
        // A fair die deals a card left quickly; the bound only keeps this
        // total (then the lowest card left is dealt).
        let mut card = None;
        for _ in 0..64 {
            let face = faces(None, 1, dice, Section::SpecialistCards)?[0];
            rolls.push(face);
            if cards.contains(&face) && !dealt.contains(&face) {
                card = Some(face);
                break;
            }
        }
        let card = card
            .or_else(|| cards.iter().copied().find(|c| !dealt.contains(c)))
            .unwrap_or_default();
        dealt.insert(card);
        player.specialist = card;
    }
    Ok(rolls)
}

/// "STARTING THE GAME": "Have each player roll a die, the player who rolls
/// the highest will be assigned the Player One Token." Entered dice must
/// name one highest; Bagless re-rolls its own ties among the tied players
/// (0 marks a player who did not roll again).
fn first_player_token(
    count: usize,
    chosen: Option<u8>,
    entered: &Option<Vec<u8>>,
    dice: &mut Dice,
) -> Result<(u8, Vec<Vec<u8>>), RuleViolation> {
    if let Some(player) = chosen {
        if entered.is_some() {
            return Err(refuse(
                RuleCode::DiceNotNeeded,
                Section::StartingTheGame,
                "The Player One Token is given: no die is needed.",
            ));
        }
        if player as usize >= count {
            return Err(refuse(
                RuleCode::FirstPlayerUnknown,
                Section::FirstPlayerToken,
                format!("There is no player {player}."),
            )
            .with("player", player));
        }
        return Ok((player, Vec::new()));
    }
    if let Some(entered) = entered {
        let faces = faces(Some(entered), count, dice, Section::StartingTheGame)?;
        let top = faces.iter().max().copied().unwrap_or(0);
        let highest: Vec<usize> = (0..count).filter(|i| faces[*i] == top).collect();
        if highest.len() != 1 {
            return Err(refuse(
                RuleCode::FirstRollTie,
                Section::StartingTheGame,
                "Two players rolled the highest: they roll again.",
            ));
        }
        return Ok((highest[0] as u8, vec![faces]));
    }
    let mut contenders: Vec<usize> = (0..count).collect();
    let mut rolls = Vec::new();
    // A fair die ends the ties quickly; the bound only keeps this total.
    for _ in 0..64 {
        let rolled = faces(None, contenders.len(), dice, Section::StartingTheGame)?;
        let mut row = vec![0u8; count];
        for (seat, face) in contenders.iter().zip(&rolled) {
            row[*seat] = *face;
        }
        rolls.push(row);
        let top = rolled.iter().max().copied().unwrap_or(0);
        contenders = contenders
            .iter()
            .zip(&rolled)
            .filter(|(_, f)| **f == top)
            .map(|(s, _)| *s)
            .collect();
        if contenders.len() == 1 {
            return Ok((contenders[0] as u8, rolls));
        }
    }
    Ok((contenders[0] as u8, rolls))
}

/// "WEAPON CARDS x60": "There are 9 different Weapon Cards".
fn check_weapon_kinds<'a>(keys: impl Iterator<Item = &'a str>) -> Result<(), RuleViolation> {
    let mut kinds: BTreeSet<String> = pack().weapons.iter().map(|w| w.id.clone()).collect();
    for key in keys {
        if let Some(
            ValueKey::WeaponMsr(w)
            | ValueKey::WeaponTime(w)
            | ValueKey::WeaponNoise(w)
            | ValueKey::WeaponCause(w),
        ) = ValueKey::parse(key)
        {
            kinds.insert(w);
        }
    }
    weapon_kinds_fit(kinds.len())
}

pub fn weapon_kinds_fit(kinds: usize) -> Result<(), RuleViolation> {
    let max = pack().weapon_kinds;
    if kinds > max as usize {
        return Err(refuse(
            RuleCode::WeaponKindsFull,
            Section::WeaponCards,
            format!("There are {max} different weapons in the box."),
        )
        .with("max", max));
    }
    Ok(())
}

/// The weapons the game knows of: the pack's, those the players named,
/// and (edition 2) those played face down, known before their values.
pub fn weapon_kinds(game: &Game) -> BTreeSet<String> {
    let mut kinds = weapon_kinds_named(game);
    for attempt in &game.attempts {
        if let Some(weapon) = &attempt.weapon {
            kinds.insert(weapon.id.clone());
        }
    }
    kinds
}

/// The pack's weapons and those the players named (their values entered).
fn weapon_kinds_named(game: &Game) -> BTreeSet<String> {
    let mut kinds: BTreeSet<String> = pack().weapons.iter().map(|w| w.id.clone()).collect();
    for key in game.box_values.keys() {
        if let Some(
            ValueKey::WeaponMsr(w)
            | ValueKey::WeaponTime(w)
            | ValueKey::WeaponNoise(w)
            | ValueKey::WeaponCause(w),
        ) = ValueKey::parse(key)
        {
            kinds.insert(w);
        }
    }
    kinds
}

/// The weapons `player` knows of when it plays its cards face down: the
/// pack's, those the players named, and its own attempt's — never another
/// player's face-down Weapon Card ("2) PLAY A CONTRACT CARD AND ASSASSIN
/// CARD(S) FACE-DOWN"), which a refusal would otherwise give away; the
/// kinds those add are counted at the reveal (`assassination::reveal`).
pub fn weapon_kinds_known_to(game: &Game, player: u8) -> BTreeSet<String> {
    let mut kinds = weapon_kinds_named(game);
    if let Some(weapon) = game.attempt(player).and_then(|a| a.weapon.as_ref()) {
        kinds.insert(weapon.id.clone());
    }
    kinds
}

/// A name or number printed in the box, remembered from now on.
pub fn set_box_value(
    game: &Game,
    key: &str,
    value: &BoxValue,
) -> Result<Vec<Event>, RuleViolation> {
    let parsed = check_entry(key, value)?;
    if let ValueKey::WeaponMsr(w)
    | ValueKey::WeaponTime(w)
    | ValueKey::WeaponNoise(w)
    | ValueKey::WeaponCause(w) = &parsed
    {
        let mut kinds = weapon_kinds(game);
        kinds.insert(w.clone());
        weapon_kinds_fit(kinds.len())?;
    }
    Ok(vec![Event::BoxValueSet {
        key: parsed.id(),
        value: value.clone(),
    }])
}
