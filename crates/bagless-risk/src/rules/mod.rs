//! The rules, one module per heading of the rules summary, and [`decide`],
//! which sends each command to its module.
//!
//! - `setup`: MISE EN PLACE (and its 2-player steps);
//! - `reinforcement`: 1. PLACEZ VOS ASSASSINS, CONTRÔLER DES TERRITOIRES,
//!   CONTRÔLER DES RÉGIONS;
//! - `cards`: ÉCHANGER DES CARTES, ACCOMPLIR DES MISSIONS, CARTES APTITUDE;
//! - `attack`: 2. ATTAQUEZ, CHOISISSEZ UN TERRITOIRE, DÉPLACEZ-VOUS, LANCEZ
//!   LES DÉS, COMBAT, ATAQUES SUPPLÉMENTAIRES;
//! - `manoeuvre`: 3. MANŒUVREZ VOTRE CONFRÉRIE;
//! - `end`: 4. TIREZ UNE CARTE SI VOUS LE POUVEZ, COMMENT GAGNER ?,
//!   VARIANTES DE JEU;
//! - `two_players`: PARTIE À 2 JOUEURS, S'EMPARER D'UNE FACTION D'ASSASSINS
//!   NEUTRE;
//! - `seats`: what a brotherhood asks from its own phone (ACCOMPLIR DES
//!   MISSIONS), turned into the command the window would send;
//! - `adjust`: corrections at the table (SAVING THE GAME, Bagless's own);
//! - `undo`: undo and redo (SAVING THE GAME);
//! - `chance`: where the dice, the deal and the cards Bagless draws come
//!   from (the seed, or a file's record of them);
//! - `again`: an entry read from a file decided again (`bagless_game::Rules`);
//! - `invariants`: what holds after every event.

pub mod adjust;
mod again;
pub mod attack;
pub mod cards;
pub(crate) mod chance;
pub mod end;
mod invariants;
pub mod manoeuvre;
pub mod reinforcement;
pub mod seats;
pub mod setup;
pub mod two_players;
pub mod undo;

use crate::model::commands::Command;
use crate::model::events::Event;
use crate::model::ids::Colour;
use crate::model::state::{evolve, Game, Phase, Turn};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use chance::Chance;
use chrono::{DateTime, Utc};

/// What a decision may use beyond the game: the time, and the seed Bagless
/// rolls dice and deals cards with (a fresh one each command, from the app).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Context {
    pub now: DateTime<Utc>,
    pub seed: Option<u64>,
}

/// Decides a command: the events it gives, or why it is refused. Pure.
pub fn decide(game: &Game, command: &Command, ctx: &Context) -> Result<Vec<Event>, RuleViolation> {
    decide_with(game, command, Chance::Seed(ctx.seed))
}

/// [`decide`], drawing what Bagless draws from `chance`: the seed, or the
/// draws a file recorded for an entry decided again.
pub(crate) fn decide_with(
    game: &Game,
    command: &Command,
    chance: Chance,
) -> Result<Vec<Event>, RuleViolation> {
    match command {
        Command::CreateGame {
            players,
            sigma,
            box_values,
            edition,
        } => setup::create(game, players, *sigma, box_values, *edition),
        Command::SetBoxValue { value } => setup::set_box_value(game, value),
        Command::DealTerritories { deal } => setup::deal_territories(game, deal.as_deref(), chance),
        Command::DealCards {
            fragments,
            neutral_stacks,
        } => setup::deal_cards(
            game,
            fragments.as_deref(),
            neutral_stacks.as_deref(),
            chance,
        ),
        Command::Place { territory, count } => reinforcement::place(game, *territory, *count),
        Command::TradeCards { cards: traded } => cards::trade(game, traded),
        Command::ClaimFragment { fragment } => cards::claim_fragment(game, *fragment),
        Command::RevealAptitude {
            gain,
            losses,
            reason,
        } => cards::reveal_aptitude(game, *gain, losses, reason),
        Command::ReinforceNeutral { placements } => {
            two_players::reinforce_neutral(game, placements)
        }
        Command::EndPlacement => reinforcement::end_placement(game),
        Command::Attack {
            from,
            to,
            attackers,
            dice,
            defence_dice,
        } => attack::attack(
            game,
            attack::Roll {
                from: *from,
                to: *to,
                attackers: *attackers,
                dice: dice.as_deref(),
                defence_dice: defence_dice.as_deref(),
            },
            chance,
        ),
        Command::MoveIn { count } => attack::move_in(game, *count),
        Command::Retreat => attack::battle::retreat(game),
        Command::PlayAptitude {
            player,
            card,
            extra_die,
        } => attack::battle::play_aptitude(game, *player, *card, *extra_die),
        Command::UseAptitude { card, gain } => cards::use_aptitude(game, *card, *gain),
        Command::EndAttacks => attack::end_attacks(game),
        Command::Manoeuvre { from, to, count } => manoeuvre::manoeuvre(game, *from, *to, *count),
        Command::EndTurn {
            card,
            sigma,
            decline,
        } => end::end_turn(
            game,
            end::TurnEnd {
                card: *card,
                sigma: *sigma,
                decline: *decline,
            },
            chance,
        ),
        Command::Adjust {
            territory,
            owner,
            assassins,
            reason,
        } => adjust::adjust(game, *territory, *owner, *assassins, reason),
    }
}

/// The game once `events` are applied to a copy of it: what a command's
/// later events are worked out from.
pub(crate) fn after(game: &Game, events: &[Event]) -> Game {
    let mut next = game.clone();
    for event in events {
        evolve(&mut next, event);
    }
    next
}

/// The turn under way, refusing when the game is not being played.
pub(crate) fn playing(game: &Game) -> Result<&Turn, RuleViolation> {
    match game.phase {
        Phase::NotCreated => Err(refuse(
            RuleCode::NotCreated,
            Section::SetUp,
            "The game has not been set up.",
        )),
        Phase::DealingTerritories | Phase::DealingCards => Err(refuse(
            RuleCode::DealNotNow,
            Section::SetUp,
            "The set-up is not finished.",
        )),
        Phase::Over => Err(refuse(
            RuleCode::GameOver,
            Section::HowToWin,
            "The game is over.",
        )),
        Phase::Placement | Phase::Attack | Phase::Manoeuvre => {
            game.turn.as_ref().ok_or_else(|| {
                refuse(
                    RuleCode::DealNotNow,
                    Section::SetUp,
                    "The set-up is not finished.",
                )
            })
        }
    }
}

/// The turn, in the placement phase (1. PLACEZ VOS ASSASSINS).
pub(crate) fn placing(game: &Game, section: Section) -> Result<&Turn, RuleViolation> {
    let turn = playing(game)?;
    if game.phase != Phase::Placement {
        return Err(refuse(
            RuleCode::PlacementOnly,
            section,
            "That is done in the placement phase, at the start of the turn.",
        ));
    }
    Ok(turn)
}

/// Refuses a territory the player does not hold.
pub(crate) fn own(
    game: &Game,
    player: Colour,
    territory: crate::model::ids::Territory,
    code: RuleCode,
    section: Section,
) -> Result<(), RuleViolation> {
    if game.owner(territory) == Some(player) {
        Ok(())
    } else {
        Err(refuse(
            code,
            section,
            format!("{} is not the player's territory.", territory.id()),
        )
        .with_id("territory", territory))
    }
}

/// Longest reason accepted for an aptitude card or a correction.
pub const MAX_REASON: usize = 200;

pub(crate) fn reason(reason: &str, section: Section) -> Result<String, RuleViolation> {
    let trimmed = reason.trim();
    if trimmed.is_empty()
        || trimmed.chars().count() > MAX_REASON
        || trimmed.chars().any(char::is_control)
    {
        return Err(refuse(
            RuleCode::ReasonNeeded,
            section,
            format!("Give a reason, up to {MAX_REASON} characters."),
        )
        .with("max", MAX_REASON));
    }
    Ok(trimmed.to_string())
}
