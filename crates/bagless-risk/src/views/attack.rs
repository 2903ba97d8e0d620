//! What the attack form offers (**2. ATTAQUEZ**), so the panel restates no
//! rule: the force each territory can send (DÉPLACEZ-VOUS), the dice each
//! side rolls this roll (LANCEZ LES DÉS), the attack under way and whether
//! it can go on or retreat, whether attacks are over (ATAQUES
//! SUPPLÉMENTAIRES), and the aptitude cards held for combat (■ CARTES
//! APTITUDE).

use crate::model::commands::TerritoryCount;
use crate::model::ids::{Colour, Territory};
use crate::model::state::{Battle, CardInPlay, Game, Phase};
use crate::rules::attack::battle::may_be_attacked;
use crate::rules::attack::{max_force, MAX_DEFENCE_DICE};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A brotherhood's aptitude cards turned over and kept for a combat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct HeldCards {
    pub colour: Colour,
    /// Their words, in the order held (`PlayAptitude.card` is the place).
    pub cards: Vec<String>,
    /// Whether it may play one now: the attacker, or the defender of the
    /// attack under way.
    pub can_play: bool,
}

/// The enemy territories one territory may attack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Targets {
    pub from: Territory,
    pub to: Vec<Territory>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct AttackView {
    /// The edition of the rules the game is played under (2: the battle as
    /// the seed writes it).
    pub edition: u32,
    /// Whether an attack may be launched or fought on (not while assassins
    /// gained mid-turn are still to be placed).
    pub can_attack: bool,
    /// The attack under way (edition 2): its territories and the force still
    /// fighting, which is also its dice this roll.
    pub battle: Option<Battle>,
    /// The most assassins each of the player's territories can send across
    /// the line (at most 3, one stays on guard); during an attack, only its
    /// force, which cannot change.
    pub forces: Vec<TerritoryCount>,
    /// The dice the attacker rolls beyond its force this roll (aptitude
    /// cards played).
    pub extra_attack_dice: u32,
    /// CHOISISSEZ UN TERRITOIRE: for each territory in `forces`, the enemy
    /// territories joined to it (a border, or a fast-travel route the
    /// players entered) that it may attack; from edition 3 not one
    /// retreated from this turn (ATAQUES SUPPLÉMENTAIRES).
    pub targets: Vec<Targets>,
    /// The dice each enemy territory defends with this roll.
    pub defence_dice: Vec<TerritoryCount>,
    /// Whether the force can retreat (an attack under way).
    pub can_retreat: bool,
    /// Edition 3: a retreat closes the territory attacked for the rest of
    /// the turn (ATAQUES SUPPLÉMENTAIRES: "vous pouvez attaquer d'autres
    /// territoires").
    pub retreat_closes_target: bool,
    /// CHOISISSEZ UN TERRITOIRE ("soit une frontière, soit une voie de
    /// déplacement rapide"): the board's fast-travel routes are not entered
    /// yet, so `targets` names only borders and the routes answered one by
    /// one; the form asks for the list (`fast_travel_routes`) to offer the
    /// rest.
    pub routes_unknown: bool,
    /// Whether more assassins may follow into a conquest (edition 1 only).
    pub can_move_in: bool,
    /// The most that may follow into that conquest (one stays behind);
    /// 0 when none may.
    pub move_in_max: u32,
    /// ■ CARTES APTITUDE: the cards each brotherhood holds for combat.
    pub held: Vec<HeldCards>,
    /// The cards played for the next roll.
    pub cards_in_play: Vec<CardInPlay>,
    /// The exact odds of the attack under way (its force, to the end), the
    /// cards in play for its next roll counted (rules crate's
    /// `attack_odds`); None when no attack is under way.
    pub battle_odds: Option<crate::odds::Odds>,
}

/// Edition 1, after a conquest: the most assassins that may follow the
/// attackers in (the rules' `followed_conquest` and `most_that_may_leave`,
/// as `move_in` checks them), 0 when none may.
fn move_in_max(game: &Game, turn: &crate::model::state::Turn) -> u32 {
    crate::rules::attack::followed_conquest(game, turn).map_or(0, |(from, _)| {
        crate::rules::manoeuvre::most_that_may_leave(game, from)
    })
}

/// The attack form's offer, in the attack phase.
pub fn attack_view(game: &Game) -> Option<AttackView> {
    let turn = game.turn.as_ref().filter(|_| game.phase == Phase::Attack)?;
    let battle = turn.battle.filter(|_| game.follows_edition_2());
    let forces = match battle {
        Some(b) => vec![TerritoryCount {
            territory: b.from,
            count: b.force,
        }],
        None => Territory::all()
            .filter(|t| game.owner(*t) == Some(turn.player))
            .map(|t| TerritoryCount {
                territory: t,
                count: max_force(game, t),
            })
            .filter(|c| c.count > 0)
            .collect(),
    };
    let defence_dice = Territory::all()
        .filter_map(|t| {
            let owner = game.owner(t).filter(|o| *o != turn.player)?;
            let count = game.assassins(t).min(MAX_DEFENCE_DICE) + turn.extra_dice(owner);
            Some(TerritoryCount {
                territory: t,
                count,
            })
        })
        .collect();
    let targets = match battle {
        Some(b) => vec![Targets {
            from: b.from,
            to: vec![b.to],
        }],
        None => forces
            .iter()
            .map(|f| Targets {
                from: f.territory,
                to: Territory::all()
                    .filter(|t| {
                        game.owner(*t).is_some_and(|o| o != turn.player)
                            && game.box_values.connected(f.territory, *t)
                            && !turn.retreated_from.contains(t)
                    })
                    .collect(),
            })
            .collect(),
    };
    let defending = battle.and_then(|b| game.owner(b.to));
    let held = game
        .players
        .iter()
        .filter(|p| !p.aptitude_held.is_empty())
        .map(|p| HeldCards {
            colour: p.colour,
            cards: p.aptitude_held.clone(),
            // From edition 2, no one once the attacks are over.
            can_play: !(turn.attacks_over && game.follows_edition_2())
                && (p.colour == turn.player
                    || Some(p.colour) == defending
                    // Edition 3: before the first roll, a player the
                    // attacker can attack.
                    || (battle.is_none()
                        && game.follows_edition_3()
                        && may_be_attacked(game, turn, p.colour))),
        })
        .collect();
    Some(AttackView {
        edition: game.edition,
        // A battle under way fights on; a new one waits for the assassins
        // still to place (the rules' own check: CAPTURING A NEUTRAL,
        // APTITUDE CARDS).
        can_attack: !turn.attacks_over
            && (battle.is_some()
                || crate::rules::reinforcement::traded_assassins_placed(game, turn).is_ok()),
        battle,
        forces,
        targets,
        extra_attack_dice: turn.extra_dice(turn.player),
        defence_dice,
        can_retreat: battle.is_some(),
        retreat_closes_target: game.follows_edition_3(),
        routes_unknown: game.box_values.fast_travel_routes.is_none(),
        can_move_in: !game.follows_edition_2() && turn.last_conquest.is_some(),
        move_in_max: move_in_max(game, turn),
        held,
        cards_in_play: turn.cards_in_play.clone(),
        battle_odds: battle.and_then(|b| crate::odds::attack_odds(game, b.from, b.to, b.force)),
    })
}
