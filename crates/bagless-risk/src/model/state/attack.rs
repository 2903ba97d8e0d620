//! [`evolve`] for **2. ATTAQUEZ** (a child of `state`, so it uses the
//! game's own ways of adding and taking off assassins).

use super::{Battle, CardInPlay, Game, Holding, LastRoll, Phase};
use crate::model::events::Event;

/// **2. ATTAQUEZ**: LANCEZ LES DÉS, COMBAT, S'EMPARER D'UNE FACTION
/// D'ASSASSINS NEUTRE; from edition 2 the force across the line
/// (DÉPLACEZ-VOUS) and the aptitude cards played in combat.
pub(super) fn evolve(game: &mut Game, event: &Event) {
    match event {
        Event::DiceRolled { .. } => dice_rolled(game, event),
        Event::TerritoryConquered {
            player,
            from,
            territory,
            moved_in,
            ..
        } => {
            game.record_loss(*territory, *player);
            let held_since = game.held_since(*player);
            let edition_2 = game.follows_edition_2();
            game.remove(*from, *moved_in, 1);
            game.map.insert(
                *territory,
                Holding {
                    owner: *player,
                    assassins: (*moved_in).max(1),
                    held_since,
                },
            );
            if let Some(turn) = game.turn.as_mut() {
                turn.conquered = true;
                // Edition 2: the survivors hold it; no more follow them in.
                turn.last_conquest = (!edition_2).then_some((*from, *territory));
                turn.battle = None;
                if let Some(roll) = turn
                    .last_roll
                    .as_mut()
                    .filter(|r| r.from == *from && r.to == *territory)
                {
                    roll.conquered = true;
                }
            }
        }
        Event::NeutralCardsCaptured { neutral, by, cards } => {
            game.neutral_stacks.remove(neutral);
            let edition_2 = game.follows_edition_2();
            if let Some(p) = game.player_mut(*by) {
                p.cards.extend(cards.iter().copied());
                if edition_2 {
                    p.captured.extend(cards.iter().copied());
                }
            }
        }
        Event::MovedIn {
            from, to, count, ..
        } => {
            game.remove(*from, *count, 1);
            game.add(*to, *count);
            if let Some(turn) = game.turn.as_mut() {
                turn.last_conquest = None;
            }
        }
        // The force never left the count of its territory: it is back. The
        // cards played for the roll that never came were played in that
        // combat: they are spent with it (aptitude_in_combat), as when the
        // attacks end. Retreats exist only from edition 2.
        // Edition 3: "vous pouvez attaquer d'autres territoires" — not the
        // one retreated from, this turn.
        Event::Retreated { to, .. } => {
            let edition_2 = game.follows_edition_2();
            let edition_3 = game.follows_edition_3();
            if let Some(turn) = game.turn.as_mut() {
                turn.battle = None;
                if edition_2 {
                    turn.cards_in_play.clear();
                }
                if edition_3 && !turn.retreated_from.contains(to) {
                    turn.retreated_from.push(*to);
                }
            }
        }
        Event::AptitudePlayed {
            player,
            card,
            extra_die,
        } => {
            if let Some(p) = game.player_mut(*player) {
                if let Some(at) = p.aptitude_held.iter().position(|c| c == card) {
                    p.aptitude_held.remove(at);
                }
            }
            if let Some(turn) = game.turn.as_mut() {
                turn.cards_in_play.push(CardInPlay {
                    player: *player,
                    card: card.clone(),
                    extra_die: *extra_die,
                });
            }
        }
        Event::AttacksEnded { .. } => {
            game.phase = Phase::Manoeuvre;
            if let Some(turn) = game.turn.as_mut() {
                turn.last_conquest = None;
                turn.battle = None;
                turn.cards_in_play.clear();
            }
        }
        _ => {}
    }
}

/// LANCEZ LES DÉS, COMBAT: the losses taken off. Edition 1: beaten when the
/// attacking territory is down to its guard. Edition 2: the roll's force
/// (every roll's: its dice, less the attacker's cards' extra dice) loses its dead, and
/// is beaten when none is left ("si vous perdez tous vos Assassins lors
/// d'une attaque").
fn dice_rolled(game: &mut Game, event: &Event) {
    let Event::DiceRolled {
        player,
        from,
        to,
        attack,
        defence,
        attacker_losses,
        defender_losses,
        ..
    } = event
    else {
        return;
    };
    let defender = game.owner(*to);
    let edition_3 = game.follows_edition_3();
    game.remove(*from, *attacker_losses, 1);
    game.remove(*to, *defender_losses, 0);
    let defenders_left = game.assassins(*to) > 0;
    let edition_2 = game.follows_edition_2();
    let beaten_1 = game.assassins(*from) <= 1 && defenders_left;
    let Some(turn) = game.turn.as_mut() else {
        return;
    };
    turn.last_conquest = None;
    turn.last_roll = Some(LastRoll {
        from: *from,
        to: *to,
        attack: attack.clone(),
        defence: defence.clone(),
        attacker_losses: *attacker_losses,
        defender_losses: *defender_losses,
        conquered: false,
    });
    if !edition_2 {
        if beaten_1 {
            turn.attacks_over = true;
        }
        return;
    }
    // The roll's dice number the force and the attacker's cards' extra dice:
    // `rules/attack.rs::attack`, the only writer of a roll, throws no other
    // count (and a battle under way takes no roll from or to elsewhere, nor
    // of another force), so the force is read from the dice in every roll.
    let force = (attack.len() as u32)
        .saturating_sub(turn.extra_dice(*player))
        .saturating_sub(*attacker_losses);
    // The two sides' cards served in this roll. Edition 3: a card played
    // before the first roll by a player not attacked stays for the roll
    // where they defend, and is spent when the attacks end.
    turn.cards_in_play
        .retain(|c| edition_3 && c.player != *player && Some(c.player) != defender);
    turn.battle = (force > 0).then_some(Battle {
        from: *from,
        to: *to,
        force,
    });
    if force == 0 && defenders_left {
        turn.attacks_over = true;
    }
}
