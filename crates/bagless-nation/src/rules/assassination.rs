//! "ASSASSINATION PHASE": "1) SELECT YOUR TARGET:" (a target not available
//! makes the player miss their chance: the attempt is kept and missed at
//! the reveal), "2) PLAY A CONTRACT CARD AND ASSASSIN CARD(S) FACE-DOWN:"
//! with "Playing doubles of Weapon Cards:" (+1 MSR) and "Unarmed
//! Assassination:" (base MSR 6, no contract bonus, goes last); then "1)
//! REVEAL YOUR ASSASSINATION ATTEMPTS".
//!
//! Every printed value the attempt needs (the weapon's range and
//! attributes, the modifiers', the target's adjustment, the specialist's
//! weapon) is asked once if unknown: under edition 2 at the reveal, when
//! the cards are face up (`model::face_up`: a question while they lie face
//! down would tell the table the target and the cards); under edition 1 at
//! the declaration.

use super::setup::{weapon_kinds, weapon_kinds_fit, weapon_kinds_known_to};
use super::{check_phase, check_player};
use crate::model::box_values::{is_hhmm, is_slug, number, text, ValueKey, MAX_NAME};
use crate::model::commands::{Command, ContractPlay};
use crate::model::events::Event;
use crate::model::face_up::{face_down_modifier, face_down_weapon, face_up};
use crate::model::state::{Attempt, AttemptStatus, Game, ModifierPlay, Phase, WeaponPlay};
use crate::pack::pack;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use std::collections::BTreeSet;

/// The longest contract objective typed.
pub const MAX_OBJECTIVE: usize = 80;

pub fn declare(game: &Game, command: &Command) -> Result<Vec<Event>, RuleViolation> {
    let Command::DeclareAttempt {
        player,
        target,
        weapon,
        doubled,
        modifiers,
        contract,
        time,
        second_time,
    } = command
    else {
        return Ok(Vec::new());
    };
    let player = *player;
    check_phase(game, Phase::Assassination, Section::AssassinationPhase)?;
    check_player(game, player, Section::AssassinationPhase)?;
    check_target(game, player, *target)?;
    if *doubled && weapon.is_none() {
        return Err(refuse(
            RuleCode::DoubledUnarmed,
            Section::PlayingDoubles,
            "Doubles are two of the same Weapon: an unarmed attempt has none.",
        ));
    }
    if (time.is_some() || second_time.is_some()) && weapon.is_none() {
        return Err(refuse(
            RuleCode::TimeUnarmed,
            Section::UnarmedAssassination,
            "An unarmed attempt has no time of death: it goes last.",
        ));
    }
    if let Some(time) = time.iter().chain(second_time).find(|t| !is_hhmm(**t)) {
        return Err(refuse(
            RuleCode::TimeInvalid,
            Section::TimeOfDeath,
            format!("{time:04} is not a time of day (HHMM)."),
        )
        .with("time", time));
    }
    let cards = card_times(game, weapon.is_some(), *doubled, *time, *second_time)?;
    if game.follows_edition_2() && game.duel.is_none() && contract.is_none() {
        return Err(refuse(
            RuleCode::ContractNeeded,
            Section::PlayAContract,
            "Choose a Contract Card from your hand, along with the Assassin Cards.",
        ));
    }
    if game.follows_edition_3() && game.duel.is_some() && contract.is_some() {
        // Assumption `duel`: the tie duel has no target, so no contract
        // (edition 3; editions 1 and 2 took one and paid nothing for it).
        return Err(refuse(
            RuleCode::ContractInDuel,
            Section::Ties,
            "The tie duel plays no Contract Card.",
        ));
    }
    let max = pack().hand.max_assassin as usize;
    let weapons = weapon.as_ref().map_or(0, |_| 1 + usize::from(*doubled));
    if weapons + modifiers.len() > max {
        return Err(refuse(
            RuleCode::TooManyCards,
            Section::CardManagement,
            format!("A hand holds at most {max} Assassin Cards."),
        )
        .with("max", max));
    }
    if let Some(contract) = contract {
        check_contract(contract)?;
    }
    let (weapon, modifiers, specialist) = if game.follows_edition_2() {
        face_down_cards(game, player, weapon.as_deref(), modifiers, cards)?
    } else {
        read_at_declaration(
            game,
            player,
            *target,
            weapon.as_deref(),
            modifiers,
            *time,
            cards,
        )?
    };
    Ok(vec![Event::AttemptDeclared {
        attempt: Attempt {
            player,
            target: *target,
            weapon,
            doubled: *doubled,
            modifiers,
            contract: contract.clone(),
            specialist,
            order_rolls: Vec::new(),
            status: AttemptStatus::Declared,
            need: None,
            dice: Vec::new(),
            believed: None,
            unread: false,
        },
    }])
}

/// The cards of an attempt as edition 1 read them: every value printed
/// on them, the specialist's weapon and the target's adjustment looked up
/// (and asked) at the declaration.
fn read_at_declaration(
    game: &Game,
    player: u8,
    target: Option<u8>,
    weapon: Option<&str>,
    modifiers: &[String],
    time: Option<u16>,
    cards: Option<Vec<u16>>,
) -> Result<(Option<WeaponPlay>, Vec<ModifierPlay>, bool), RuleViolation> {
    let weapon = match weapon {
        Some(id) => Some(weapon_play(game, id, time, cards)?),
        None => None,
    };
    let modifiers = modifiers
        .iter()
        .map(|card| modifier_play(game, card, player))
        .collect::<Result<Vec<_>, _>>()?;
    let specialist = match &weapon {
        Some(w) => {
            let specialist = game.players[player as usize].specialist;
            text(&game.box_values, ValueKey::SpecialistWeapon(specialist))? == w.id
        }
        None => false,
    };
    if let Some(t) = target.filter(|t| game.is_available(*t)) {
        number(&game.box_values, ValueKey::TargetMsr(t))?;
    }
    Ok((weapon, modifiers, specialist))
}

/// Edition 2: the cards lie face down ("Assassination Cards: … played
/// face-down"; the target is marked "secretly"), so nothing printed on them
/// is asked now: the names are checked, and the values are read at the
/// reveal (`model::face_up`), where a question tells the table nothing.
fn face_down_cards(
    game: &Game,
    player: u8,
    weapon: Option<&str>,
    modifiers: &[String],
    cards: Option<Vec<u16>>,
) -> Result<(Option<WeaponPlay>, Vec<ModifierPlay>, bool), RuleViolation> {
    let weapon = match weapon {
        Some(id) => {
            check_card_name(id, Section::WeaponCards)?;
            let mut kinds = weapon_kinds_known_to(game, player);
            kinds.insert(id.to_string());
            weapon_kinds_fit(kinds.len())?;
            Some(face_down_weapon(id, cards.unwrap_or_default()))
        }
        None => None,
    };
    let modifiers = modifiers
        .iter()
        .map(|card| {
            check_card_name(card, Section::ModifierCards)?;
            Ok(face_down_modifier(card, player))
        })
        .collect::<Result<Vec<_>, RuleViolation>>()?;
    Ok((weapon, modifiers, false))
}

/// "1) SELECT YOUR TARGET:" a target of the pyramid; in the duel
/// ("TIES:") only the tied players, and no target.
fn check_target(game: &Game, player: u8, target: Option<u8>) -> Result<(), RuleViolation> {
    match (&game.duel, target) {
        (Some(duel), _) if !duel.players.contains(&player) => Err(refuse(
            RuleCode::NotInDuel,
            Section::Ties,
            "Only the tied players duel.",
        )
        .with("player", player)),
        (Some(_), Some(_)) => Err(refuse(
            RuleCode::DuelNoTarget,
            Section::Ties,
            "In the duel the tied players attempt to assassinate one another, not a target.",
        )),
        (None, None) => Err(refuse(
            RuleCode::TargetNeeded,
            Section::SelectYourTarget,
            "Mark the target on the Targeting Map.",
        )),
        (None, Some(t)) if game.target(t).is_none() => Err(refuse(
            RuleCode::TargetUnknown,
            Section::SelectYourTarget,
            format!("The pyramid has targets 1 to 18, not {t}."),
        )
        .with("target", t)),
        _ => Ok(()),
    }
}

fn check_card_name(card: &str, section: Section) -> Result<(), RuleViolation> {
    if is_slug(card) {
        Ok(())
    } else {
        Err(refuse(
            RuleCode::CardName,
            section,
            format!("A card is named in lowercase letters, digits and _, at most {MAX_NAME}."),
        )
        .with("max", MAX_NAME))
    }
}

/// The time printed on each Weapon Card played, under edition 2: "TIME
/// OF DEATH" "The time printed on a Weapon Card indicates the time of day
/// an assassination attempt takes place", one per card, two for a double
/// ("the Weapon card with the earlier time is counted"). Under edition 1
/// one time per weapon, typed only where the card differs (`None`).
fn card_times(
    game: &Game,
    armed: bool,
    doubled: bool,
    time: Option<u16>,
    second_time: Option<u16>,
) -> Result<Option<Vec<u16>>, RuleViolation> {
    let count = |count: usize| {
        refuse(
            RuleCode::TimeCount,
            Section::TimeOfDeath,
            format!("Enter the time printed on each Weapon Card played: {count}."),
        )
        .with("count", count)
    };
    if !game.follows_edition_2() {
        return match second_time {
            Some(_) => Err(count(1)),
            None => Ok(None),
        };
    }
    if !armed {
        return Ok(None);
    }
    match (time, second_time, doubled) {
        (Some(first), None, false) => Ok(Some(vec![first])),
        (Some(first), Some(second), true) => Ok(Some(vec![first, second])),
        _ => Err(count(1 + usize::from(doubled))),
    }
}

/// "WEAPON ATTRIBUTES": the weapon's range, time and two attributes. The
/// time is the earlier of the cards' under edition 2, else the one typed
/// or the weapon's.
fn weapon_play(
    game: &Game,
    id: &str,
    time: Option<u16>,
    cards: Option<Vec<u16>>,
) -> Result<WeaponPlay, RuleViolation> {
    check_card_name(id, Section::WeaponCards)?;
    let mut kinds = weapon_kinds(game);
    kinds.insert(id.to_string());
    weapon_kinds_fit(kinds.len())?;
    let values = &game.box_values;
    let msr = number(values, ValueKey::WeaponMsr(id.into()))? as u8;
    let time = match (&cards, time) {
        (Some(cards), _) => cards.iter().copied().min().unwrap_or_default(),
        (None, Some(t)) => t,
        (None, None) => number(values, ValueKey::WeaponTime(id.into()))? as u16,
    };
    Ok(WeaponPlay {
        id: id.to_string(),
        msr,
        noise: text(values, ValueKey::WeaponNoise(id.into()))?,
        cause: text(values, ValueKey::WeaponCause(id.into()))?,
        time,
        cards,
    })
}

/// "MODIFIER CARDS x50": the MSR and time a modifier changes.
pub fn modifier_play(
    game: &Game,
    card: &str,
    played_by: u8,
) -> Result<ModifierPlay, RuleViolation> {
    check_card_name(card, Section::ModifierCards)?;
    let values = &game.box_values;
    Ok(ModifierPlay {
        card: card.to_string(),
        msr: number(values, ValueKey::ModifierMsr(card.into()))? as i8,
        minutes: number(values, ValueKey::ModifierMinutes(card.into()))? as i16,
        played_by,
    })
}

/// "CONTRACT CARDS x40": an objective and its attribute icons, none twice.
fn check_contract(contract: &ContractPlay) -> Result<(), RuleViolation> {
    if contract.objective.chars().count() > MAX_OBJECTIVE
        || contract.objective.chars().any(char::is_control)
    {
        return Err(refuse(
            RuleCode::ContractTooLong,
            Section::ContractCards,
            format!("An objective has at most {MAX_OBJECTIVE} characters."),
        )
        .with("max", MAX_OBJECTIVE));
    }
    let mut seen = BTreeSet::new();
    for attribute in contract.positive.iter().chain(&contract.negative) {
        if !is_slug(attribute) {
            return Err(refuse(
                RuleCode::ContractAttribute,
                Section::ContractCards,
                format!("{attribute:?} is not an attribute."),
            )
            .with(
                "attribute",
                attribute.chars().take(MAX_NAME).collect::<String>(),
            ));
        }
        if !seen.insert(attribute) {
            return Err(refuse(
                RuleCode::ContractAttributeTwice,
                Section::ContractCards,
                format!("{attribute} is shown once on a contract."),
            )
            .with("attribute", attribute));
        }
    }
    Ok(())
}

/// The order the form lists the players in for their attempts: clockwise
/// from the Player One Token, as the seed orders the Black Market pick
/// ("Starting with the player with the Player One Token… continue with the
/// next player clockwise"); the seed gives no order for the attempts
/// themselves (targets are marked secretly), and decide enforces none. In
/// the duel ("TIES:") only the tied players.
pub fn play_order(game: &Game) -> Vec<u8> {
    let seats = game.players.len() as u8;
    (0..seats)
        .map(|i| (game.first_player + i) % seats)
        .filter(|p| game.duel.as_ref().is_none_or(|d| d.players.contains(p)))
        .collect()
}

/// Takes back a face-down attempt, or a pass.
pub fn withdraw(game: &Game, player: u8) -> Result<Vec<Event>, RuleViolation> {
    check_phase(game, Phase::Assassination, Section::AssassinationPhase)?;
    check_player(game, player, Section::AssassinationPhase)?;
    if !game.has_chosen(player) {
        return Err(refuse(
            RuleCode::AttemptUnknown,
            Section::AssassinationPhase,
            "That player has no attempt on the table.",
        )
        .with("player", player));
    }
    Ok(vec![Event::AttemptWithdrawn { player }])
}

/// Edition 3: the players the reveal waits for, in the Assassination
/// Phase: neither an attempt on the table nor a pass.
pub fn awaited(game: &Game) -> Vec<u8> {
    if game.phase != Phase::Assassination || !game.follows_edition_3() {
        return Vec::new();
    }
    play_order(game)
        .into_iter()
        .filter(|p| !game.has_chosen(*p))
        .collect()
}

/// Seats as a refusal's param.
fn join(players: &[u8]) -> String {
    players
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The player makes no attempt this round (a face-down attempt of theirs
/// taken back); in the duel only a tied player.
pub fn pass(game: &Game, player: u8) -> Result<Vec<Event>, RuleViolation> {
    check_phase(game, Phase::Assassination, Section::AssassinationPhase)?;
    check_player(game, player, Section::AssassinationPhase)?;
    if !play_order(game).contains(&player) {
        return Err(refuse(
            RuleCode::NotInDuel,
            Section::Ties,
            "Only the tied players duel.",
        )
        .with("player", player));
    }
    Ok(vec![Event::AttemptPassed { player }])
}

/// Edition 3: the values printed on the face-up cards of the attempts still
/// to resolve, asked before any roll (the first one missing); nothing is
/// asked while the cards lie face down.
pub fn values_read(game: &Game) -> Result<(), RuleViolation> {
    for attempt in game.attempts.iter().filter(|a| a.unread && a.is_pending()) {
        face_up(game, attempt)?;
    }
    Ok(())
}

/// "1) REVEAL YOUR ASSASSINATION ATTEMPTS": every card face-up at once; a
/// target marked but not available is missed ("1) SELECT YOUR TARGET:").
pub fn reveal(game: &Game) -> Result<Vec<Event>, RuleViolation> {
    check_phase(game, Phase::Assassination, Section::RevealYourAttempts)?;
    if game.follows_edition_3() {
        // "All players now reveal all of their cards": each player's
        // attempt, or their pass, is awaited (a player still choosing on
        // their phone is not passed over).
        let awaited = awaited(game);
        if !awaited.is_empty() {
            return Err(refuse(
                RuleCode::AttemptsAwaited,
                Section::RevealYourAttempts,
                "All players reveal their cards at the same time: some have not played or passed yet.",
            )
            .with("players", join(&awaited)));
        }
        weapon_kinds_fit(weapon_kinds(game).len())?;
        // The values printed on the cards are asked once they are face up
        // (`values_read`), never while they can still be taken back.
    } else if game.follows_edition_2() {
        // The kinds the face-down Weapon Cards add, counted now that they
        // are face up (each was checked against those its player knew).
        weapon_kinds_fit(weapon_kinds(game).len())?;
        // The values printed on the cards, asked now that they are face up.
        for attempt in &game.attempts {
            face_up(game, attempt)?;
        }
    }
    let mut events = vec![Event::AttemptsRevealed];
    if let (Some(duel), true) = (&game.duel, game.attempts.is_empty()) {
        // "TIES:" nobody attempted: every tied player survives, the duel
        // starts again.
        events.push(Event::DuelRoundBegan {
            round: duel.round + 1,
        });
    }
    for attempt in &game.attempts {
        if let Some(target) = attempt.target.filter(|t| !game.is_available(*t)) {
            events.push(Event::AttemptMissed {
                player: attempt.player,
                target,
            });
        }
    }
    Ok(events)
}
