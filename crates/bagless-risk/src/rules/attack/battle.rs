//! Edition 2 of the battle, as the seed writes it:
//!
//! - DÉPLACEZ-VOUS: "Vous pouvez envoyer jusqu'à 3 Assassins par attaque et
//!   vous devez laisser au moins 1 Assassin qui monte la garde sur votre
//!   territoire. […] la bataille dure jusqu'à la conquête dudit territoire
//!   ou jusqu'au retrait de l'attaquant": the force chosen at the first roll
//!   fights on ([`going_on`]) until the territory falls, it retreats
//!   ([`retreat`]) or it is lost.
//! - LANCEZ LES DÉS: "Si vous perdez 1 Assassin et que vous poursuivez
//!   l'attaque avec 2, vous n'utiliserez que 2 dés": one die per assassin of
//!   the force, never topped up from the territory it left.
//! - ATAQUES SUPPLÉMENTAIRES: "Si vous êtes battu et que vous perdez tous vos
//!   Assassins lors d'une attaque, vous ne pouvez plus lancer d'autres
//!   attaques" (the state marks it when the force is lost whole).
//! - ■ CARTES APTITUDE: "si vous l'avez fait et que vous l'avez conservée,
//!   vous pourrez vous en servir lors d'un combat" ([`play_aptitude`]).

use super::{attacking, MAX_DEFENCE_DICE};
use crate::model::events::Event;
use crate::model::ids::{Colour, Territory};
use crate::model::state::{Battle, Game, Turn};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};

/// Refuses what edition 1 does not know.
fn edition_2(game: &Game, section: Section) -> Result<(), RuleViolation> {
    if game.follows_edition_2() {
        Ok(())
    } else {
        Err(refuse(
            RuleCode::NotThisEdition,
            section,
            "This game is played under the first edition of Bagless's reading: it moves to the new one at the start of the next turn.",
        ))
    }
}

/// The next roll of the battle under way: the same territories, and the
/// force's dice, one per assassin still fighting. Returns the defender.
pub(super) fn going_on(
    game: &Game,
    battle: Battle,
    from: Territory,
    to: Territory,
    attackers: u32,
) -> Result<Colour, RuleViolation> {
    if (from, to) != (battle.from, battle.to) {
        return Err(refuse(
            RuleCode::BattleUnderWay,
            Section::ChooseATerritory,
            "One territory at a time, from one territory at a time: fight on or retreat first.",
        )
        .with_id("from", battle.from)
        .with_id("to", battle.to));
    }
    if attackers != battle.force {
        return Err(refuse(
            RuleCode::ForceDice,
            Section::RollTheDice,
            format!(
                "The force still fighting is {}: it rolls {} dice, its losses are not replaced.",
                battle.force, battle.force
            ),
        )
        .with("force", battle.force));
    }
    let player = game.current();
    game.owner(to)
        .filter(|o| Some(*o) != player)
        .ok_or_else(|| {
            refuse(
                RuleCode::AttackOwnTerritory,
                Section::ChooseATerritory,
                "Attack an enemy territory.",
            )
            .with_id("territory", to)
        })
}

/// LANCEZ LES DÉS: the dice each side rolls and the pairs compared: one die
/// per assassin of the force and per defender (at most 2), each card played
/// for this roll giving its side one die more, the pairs staying one per
/// assassin engaged.
pub(super) fn dice(
    game: &Game,
    turn: &Turn,
    to: Territory,
    defender: Colour,
    force: u32,
) -> (u32, u32, u32) {
    let defence = game.assassins(to).min(MAX_DEFENCE_DICE);
    (
        force + turn.extra_dice(turn.player),
        defence + turn.extra_dice(defender),
        force.min(defence),
    )
}

/// Edition 3, ■ CARTES APTITUDE: whether `player` holds a territory the
/// attacker can attack now (a force can leave a territory joined to it, and
/// it was not retreated from this turn), so may defend before the first roll.
pub fn may_be_attacked(game: &Game, turn: &Turn, player: Colour) -> bool {
    player != turn.player
        && Territory::all().any(|to| {
            game.owner(to) == Some(player)
                && !turn.retreated_from.contains(&to)
                && Territory::all().any(|from| {
                    game.owner(from) == Some(turn.player)
                        && super::max_force(game, from) > 0
                        && game.box_values.connected(from, to)
                })
        })
}

/// DÉPLACEZ-VOUS: "jusqu'au retrait de l'attaquant" — the force comes back.
pub fn retreat(game: &Game) -> Result<Vec<Event>, RuleViolation> {
    let turn = attacking(game)?;
    edition_2(game, Section::MoveAcross)?;
    let Some(battle) = turn.battle else {
        return Err(refuse(
            RuleCode::NoBattle,
            Section::MoveAcross,
            "No attack is under way to retreat from.",
        ));
    };
    Ok(vec![Event::Retreated {
        player: turn.player,
        from: battle.from,
        to: battle.to,
        force: battle.force,
    }])
}

/// ■ CARTES APTITUDE: a card held since its reveal, played for the next
/// roll by the attacker, or by the defender of the battle under way.
pub fn play_aptitude(
    game: &Game,
    player: Colour,
    card: u32,
    extra_die: bool,
) -> Result<Vec<Event>, RuleViolation> {
    let turn = attacking(game)?;
    edition_2(game, Section::AptitudeCards)?;
    if turn.attacks_over {
        // ATAQUES SUPPLÉMENTAIRES: no combat is left to serve in.
        return Err(refuse(
            RuleCode::AttacksOver,
            Section::AdditionalAttacks,
            "Beaten in an attack, the player cannot launch more attacks this turn: no combat is left for a card.",
        ));
    }
    let defends = match turn.battle {
        Some(b) => game.owner(b.to) == Some(player),
        // Edition 3: "Que vous attaquiez ou que vous défendiez" — before the
        // first roll too, by a player the attacker can attack now.
        None => game.follows_edition_3() && may_be_attacked(game, &turn, player),
    };
    if player != turn.player && !defends {
        return Err(refuse(
            RuleCode::AptitudeNotInCombat,
            Section::AptitudeCards,
            "An aptitude card serves in a combat: the attacker's, or the defender's (from edition 3, before the first roll too, by a player the attacker can attack).",
        )
        .with_id("colour", player));
    }
    let held = game
        .player(player)
        .and_then(|p| p.aptitude_held.get(card as usize))
        .ok_or_else(|| {
            refuse(
                RuleCode::AptitudeNotHeld,
                Section::AptitudeCards,
                "Only a card turned over in a placement and kept serves in a combat.",
            )
            .with("card", card)
        })?;
    Ok(vec![Event::AptitudePlayed {
        player,
        card: held.clone(),
        extra_die,
    }])
}
