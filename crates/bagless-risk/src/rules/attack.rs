//! **2. ATTAQUEZ**: CHOISISSEZ UN TERRITOIRE, DÉPLACEZ-VOUS, LANCEZ LES DÉS,
//! COMBAT, ATAQUES SUPPLÉMENTAIRES.
//!
//! - From a territory the player holds, at an enemy one joined by a border
//!   or a fast-travel route.
//! - "jusqu'à 3 Assassins par attaque et vous devez laisser au moins 1
//!   Assassin": one die per attacking assassin (1 to 3); the defender rolls
//!   one die per assassin, at most 2.
//! - "Associez les dés, du plus élevé au plus faible": each pair the
//!   attacker wins costs the defender one assassin, each pair "meilleurs ou
//!   équivalents" for the defender costs the attacker one.
//! - When the defenders are all gone, the territory is taken and the
//!   attackers still standing cross into it.
//! - "Si vous êtes battu et que vous perdez tous vos Assassins lors d'une
//!   attaque, vous ne pouvez plus lancer d'autres attaques."
//!
//! - Edition 3: "Si vous sortez victorieux de l'assaut ou si vous battez en
//!   retraite, vous pouvez attaquer d'autres territoires": a territory
//!   retreated from is not attacked again that turn.
//!
//! Edition 1 (games recorded before edition 2) chose 1 to 3 dice at every
//! roll from the territory, so losses were replaced, let more follow a
//! conquest ([`move_in`]) and was beaten when the territory was down to its
//! guard. From edition 2 ([`battle`]), the force that crosses fights on
//! alone until the territory falls, it retreats or it is lost.

use super::chance::Chance;
use super::{after, end, own, playing};
use crate::model::box_values::{needed, route_key};
use crate::model::events::Event;
use crate::model::ids::Territory;
use crate::model::state::{Game, Phase, Turn};
use crate::pack::board;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use rand::Rng;

pub mod battle;

/// LANCEZ LES DÉS: the faces a die shows, entered from the table or rolled.
pub const DIE_FACES: std::ops::RangeInclusive<u8> = 1..=6;

/// LANCEZ LES DÉS: the most dice each side rolls.
pub const MAX_ATTACK_DICE: u32 = 3;
pub const MAX_DEFENCE_DICE: u32 = 2;

/// ATAQUES SUPPLÉMENTAIRES read as printed: "Si vous êtes battu et que vous
/// perdez tous vos Assassins lors d'une attaque, vous ne pouvez plus lancer
/// d'autres attaques" — once the player is beaten the turn's attacks are
/// over. Edition 1: beaten when an attack leaves the attacking territory
/// with its last guard and the defender standing; from edition 2: when the
/// force across the line is lost whole (the state marks it). `false` reads
/// it as classic RISK does (only that territory cannot go on).
pub const BEATEN_ENDS_ATTACKS: bool = true;

/// One roll asked for.
#[derive(Debug, Clone, Copy)]
pub struct Roll<'a> {
    pub from: Territory,
    pub to: Territory,
    pub attackers: u8,
    pub dice: Option<&'a [u8]>,
    pub defence_dice: Option<&'a [u8]>,
}

/// COMBAT: the faces sorted highest first, paired, ties to the defender.
/// Returns (attacker losses, defender losses).
pub fn combat(attack: &[u8], defence: &[u8]) -> (u32, u32) {
    let mut a = attack.to_vec();
    let mut d = defence.to_vec();
    a.sort_unstable_by(|x, y| y.cmp(x));
    d.sort_unstable_by(|x, y| y.cmp(x));
    a.iter().zip(d.iter()).fold(
        (0, 0),
        |(al, dl), (x, y)| {
            if x > y {
                (al, dl + 1)
            } else {
                (al + 1, dl)
            }
        },
    )
}

pub(crate) fn attacking(game: &Game) -> Result<crate::model::state::Turn, RuleViolation> {
    let turn = playing(game)?;
    if game.phase != Phase::Attack {
        return Err(refuse(
            RuleCode::AttackPhaseOnly,
            Section::Attack,
            "Attacks come after the placement and before the manoeuvre.",
        ));
    }
    Ok(turn.clone())
}

/// A side's faces as entered or recorded: its number of dice, each 1 to 6.
fn checked(faces: &[u8], count: u32, side: &str) -> Result<Vec<u8>, RuleViolation> {
    if faces.len() != count as usize {
        return Err(refuse(
            RuleCode::DiceCount,
            Section::RollTheDice,
            format!("The {side} rolls {count} dice."),
        )
        .with("side", side)
        .with("expected", count));
    }
    if let Some(face) = faces.iter().find(|f| !DIE_FACES.contains(*f)) {
        return Err(refuse(
            RuleCode::DieFace,
            Section::RollTheDice,
            "A die shows 1 to 6.",
        )
        .with("face", face));
    }
    Ok(faces.to_vec())
}

/// A side's faces: entered from the table, or rolled by Bagless (with the
/// seed, or as a file recorded them); and whether Bagless rolled them.
fn faces(
    entered: Option<&[u8]>,
    count: u32,
    side: &str,
    rolled: &mut Option<rand::rngs::StdRng>,
    chance: Chance,
) -> Result<(Vec<u8>, bool), RuleViolation> {
    if let Some(faces) = entered {
        return Ok((checked(faces, count, side)?, false));
    }
    if let Some(faces) = chance.faces(side == "attack") {
        return Ok((checked(faces, count, side)?, true));
    }
    if rolled.is_none() {
        *rolled = Some(chance.rng(0, Section::RollTheDice)?);
    }
    let faces = match rolled.as_mut() {
        Some(r) => (0..count).map(|_| r.random_range(DIE_FACES)).collect(),
        None => Vec::new(),
    };
    Ok((faces, true))
}

pub(crate) fn attack(game: &Game, roll: Roll, chance: Chance) -> Result<Vec<Event>, RuleViolation> {
    let turn = attacking(game)?;
    if BEATEN_ENDS_ATTACKS && turn.attacks_over {
        return Err(refuse(
            RuleCode::AttacksOver,
            Section::AdditionalAttacks,
            "Beaten in an attack, the player cannot launch more attacks this turn.",
        ));
    }
    let Roll { from, to, .. } = roll;
    let attackers = u32::from(roll.attackers);
    let under_way = turn.battle.filter(|_| game.follows_edition_2());
    let defender = match under_way {
        Some(battle) => battle::going_on(game, battle, from, to, attackers)?,
        None => {
            super::reinforcement::traded_assassins_placed(game, &turn)?;
            launched(game, &turn, from, to, attackers)?
        }
    };
    let (attack_count, defence_count, pairs) = if game.follows_edition_2() {
        battle::dice(game, &turn, to, defender, attackers)
    } else {
        let defence = game.assassins(to).min(MAX_DEFENCE_DICE);
        (attackers, defence, attackers.min(defence))
    };
    let mut rolled = None;
    let (attack, a_rolled) = faces(roll.dice, attack_count, "attack", &mut rolled, chance)?;
    let (defence, d_rolled) = faces(
        roll.defence_dice,
        defence_count,
        "defence",
        &mut rolled,
        chance,
    )?;
    let (attacker_losses, defender_losses) = paired(&attack, &defence, pairs as usize);
    let mut sorted_attack = attack;
    let mut sorted_defence = defence;
    sorted_attack.sort_unstable_by(|x, y| y.cmp(x));
    sorted_defence.sort_unstable_by(|x, y| y.cmp(x));
    let mut events = vec![Event::DiceRolled {
        player: turn.player,
        defender,
        from,
        to,
        attack: sorted_attack,
        defence: sorted_defence,
        attacker_losses,
        defender_losses,
        by_bagless: a_rolled || d_rolled,
    }];
    if defender_losses >= game.assassins(to) {
        events.push(Event::TerritoryConquered {
            player: turn.player,
            from,
            territory: to,
            previous_owner: defender,
            moved_in: attackers - attacker_losses,
        });
        let next = after(game, &events);
        events.extend(end::after_conquest(&next, turn.player, defender));
    }
    Ok(events)
}

/// COMBAT over the first `pairs` pairs only (edition 2: a card's extra die
/// is rolled and the best faces paired, the pairs staying one per assassin
/// engaged). Returns (attacker losses, defender losses).
pub fn paired(attack: &[u8], defence: &[u8], pairs: usize) -> (u32, u32) {
    let mut a = attack.to_vec();
    let mut d = defence.to_vec();
    a.sort_unstable_by(|x, y| y.cmp(x));
    d.sort_unstable_by(|x, y| y.cmp(x));
    a.truncate(pairs);
    d.truncate(pairs);
    combat(&a, &d)
}

/// CHOISISSEZ UN TERRITOIRE, DÉPLACEZ-VOUS: a new attack, from a territory
/// of the player's at an enemy one joined to it, with 1 to 3 assassins
/// and one left on guard. Returns the defender.
fn launched(
    game: &Game,
    turn: &crate::model::state::Turn,
    from: Territory,
    to: Territory,
    attackers: u32,
) -> Result<crate::model::ids::Colour, RuleViolation> {
    own(
        game,
        turn.player,
        from,
        RuleCode::AttackFromNotYours,
        Section::ChooseATerritory,
    )?;
    let Some(defender) = game.owner(to).filter(|o| *o != turn.player) else {
        return Err(refuse(
            RuleCode::AttackOwnTerritory,
            Section::ChooseATerritory,
            "Attack an enemy territory.",
        )
        .with_id("territory", to));
    };
    if turn.retreated_from.contains(&to) {
        // Edition 3: "Si vous sortez victorieux de l'assaut ou si vous battez
        // en retraite, vous pouvez attaquer d'autres territoires": a fresh
        // force at the same territory would refill the losses LANCEZ LES DÉS
        // says are not replaced.
        return Err(refuse(
            RuleCode::RetreatedFrom,
            Section::AdditionalAttacks,
            "After a retreat, attack other territories: not the one retreated from, this turn.",
        )
        .with_id("territory", to));
    }
    if !board().borders(from, to) {
        match game.box_values.route(from, to) {
            Some(true) => {}
            None => return Err(needed(Section::ChooseATerritory, route_key(from, to), 1)),
            Some(false) => {
                return Err(refuse(
                    RuleCode::NotConnected,
                    Section::ChooseATerritory,
                    "You cannot attack a territory not joined to yours by a border or a fast-travel route.",
                )
                .with_id("from", from)
                .with_id("to", to))
            }
        }
    }
    let max = max_force(game, from);
    if max == 0 {
        return Err(refuse(
            RuleCode::AttackNeedsTwo,
            Section::MoveAcross,
            "At least 1 assassin stays on guard: attack from a territory with 2 or more.",
        )
        .with_id("territory", from));
    }
    if attackers == 0 || attackers > max {
        return Err(refuse(
            RuleCode::AttackDiceCount,
            Section::MoveAcross,
            format!("Attack with 1 to {max} assassins, leaving 1 on guard."),
        )
        .with("max", max));
    }
    Ok(defender)
}

/// DÉPLACEZ-VOUS: the most assassins `from` can send across the line: "jusqu'à
/// 3 Assassins par attaque et vous devez laisser au moins 1 Assassin".
pub fn max_force(game: &Game, from: Territory) -> u32 {
    game.assassins(from).saturating_sub(1).min(MAX_ATTACK_DICE)
}

/// Edition 1, after a conquest: the fewest more assassins a move-in sends
/// after the attackers (the most: the rules' `most_that_may_leave` of the
/// territory they came from, each territory keeping one).
pub const FEWEST_FOLLOWING: u32 = 1;

/// Edition 1: the conquest more assassins may follow into (from, to), while
/// both territories are still the player's; `None` when none may (from
/// edition 2 never: the force that crossed holds what it took).
pub fn followed_conquest(game: &Game, turn: &Turn) -> Option<(Territory, Territory)> {
    turn.last_conquest.filter(|(f, t)| {
        !game.follows_edition_2()
            && game.owner(*f) == Some(turn.player)
            && game.owner(*t) == Some(turn.player)
    })
}

/// After a conquest, more assassins may follow the attackers in (each
/// territory keeps one).
pub fn move_in(game: &Game, count: u32) -> Result<Vec<Event>, RuleViolation> {
    let turn = attacking(game)?;
    if game.follows_edition_2() {
        return Err(refuse(
            RuleCode::NoMoveIn,
            Section::MoveAcross,
            "The assassins who crossed the line hold the territory they conquered; more move only in the manoeuvre.",
        ));
    }
    let Some((from, to)) = followed_conquest(game, &turn) else {
        return Err(refuse(
            RuleCode::MoveInNothingConquered,
            Section::Combat,
            "Assassins follow into a territory just conquered.",
        ));
    };
    let max = super::manoeuvre::most_that_may_leave(game, from);
    if count < FEWEST_FOLLOWING || count > max {
        return Err(refuse(
            RuleCode::MoveInTooMany,
            Section::Combat,
            format!("Move {FEWEST_FOLLOWING} to {max} more assassins, leaving 1 behind."),
        )
        .with("max", max));
    }
    Ok(vec![Event::MovedIn {
        player: turn.player,
        from,
        to,
        count,
    }])
}

pub fn end_attacks(game: &Game) -> Result<Vec<Event>, RuleViolation> {
    let turn = attacking(game)?;
    Ok(vec![Event::AttacksEnded {
        player: turn.player,
    }])
}

#[cfg(test)]
mod tests {
    use super::combat;

    #[test]
    fn combat_pairs_highest_first_ties_to_the_defender() {
        // EXEMPLE DE COMBAT: 6 bat 4, 3 bat 2 → la grise perd 2.
        assert_eq!(combat(&[3, 6, 1], &[2, 4]), (0, 2));
        // "Si la Confrérie grise avait obtenu un résultat égal ou supérieur à 3".
        assert_eq!(combat(&[3, 6, 1], &[3, 4]), (1, 1));
        assert_eq!(combat(&[5], &[5, 1]), (1, 0));
        assert_eq!(combat(&[2, 2], &[1]), (0, 1));
    }
}
