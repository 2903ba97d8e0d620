//! What always holds, whatever was played: checked after every event of a
//! log read from a file ([`bagless_game::Rules::invariants`]) and by the
//! property tests over random games (tests/property.rs), so both say the
//! same thing. Cheap: a pass over the players and the 18 targets.

use super::setup::{MAX_PLAYERS, MIN_PLAYERS};
use crate::model::state::{Game, Phase};
use crate::pack::pack;

/// Each broken invariant, in English; empty when all hold.
pub fn invariants(game: &Game) -> Vec<String> {
    let mut broken = Vec::new();
    money(game, &mut broken);
    if game.is_created() {
        pyramid(game, &mut broken);
        seats(game, &mut broken);
        if !(1..=super::again::EDITION).contains(&game.edition) {
            broken.push(format!(
                "the game plays edition {} of the rules",
                game.edition
            ));
        }
    } else if !game.players.is_empty() || !game.targets.is_empty() {
        broken.push("a game not set up has players or targets".to_string());
    }
    broken
}

/// "CASH AND DEBT TOKENS x90": "Cash Tokens (Green) are worth $1,000,
/// while Debt Tokens (Red) are -$1,000." Money is conserved: the bank (a
/// counter, negative for what it paid out), the cash on the targets and
/// the players' cash add up to zero, and so do the bank's debt counter and
/// the players' debt; every amount is whole tokens.
fn money(game: &Game, broken: &mut Vec<String>) {
    let cash: i64 = game.players.iter().map(|p| i64::from(p.cash)).sum::<i64>()
        + game.targets.iter().map(|t| i64::from(t.cash)).sum::<i64>()
        + i64::from(game.bank);
    if cash != 0 {
        broken.push(format!(
            "the bank, the targets and the players' cash add up to ${cash}, not $0"
        ));
    }
    let debt: i64 =
        game.players.iter().map(|p| i64::from(p.debt)).sum::<i64>() + i64::from(game.bank_debt);
    if debt != 0 {
        broken.push(format!(
            "the bank's and the players' debt add up to ${debt}, not $0"
        ));
    }
    let amounts = game
        .players
        .iter()
        .flat_map(|p| [p.cash, p.debt])
        .chain(game.targets.iter().map(|t| t.cash));
    if amounts.into_iter().any(|a| !a.is_multiple_of(1000)) {
        broken.push("an amount is not a whole number of $1,000 tokens".to_string());
    }
}

/// "TARGET HEX TILES x18" and "SETUP": the 18 tiles of the pyramid as the
/// box has them; "ASSASSINATION SUCCESS:" "Remove the Target Hex Tile from
/// the pyramid and place it in front of you": each target is in the
/// pyramid or in front of exactly the player who holds it, once.
fn pyramid(game: &Game, broken: &mut Vec<String>) {
    let tiles = pack().tiles();
    let same = tiles.len() == game.targets.len()
        && tiles.iter().zip(&game.targets).all(|(tile, target)| {
            (tile.id, tile.row, tile.position, tile.value)
                == (target.id, target.row, target.position, target.value)
        });
    if !same {
        broken.push(format!(
            "the pyramid is not the box's {} targets",
            tiles.len()
        ));
    }
    for target in &game.targets {
        let mut hands = game.players.iter().enumerate().flat_map(|(seat, p)| {
            p.tiles
                .iter()
                .filter(|t| **t == target.id)
                .map(move |_| seat)
        });
        let (first, second) = (hands.next(), hands.next());
        let in_place = match target.holder {
            None => first.is_none(),
            Some(holder) => first == Some(holder as usize) && second.is_none(),
        };
        if !in_place {
            broken.push(format!("target {} is not in one place", target.id));
        }
    }
    let in_hands: usize = game.players.iter().map(|p| p.tiles.len()).sum();
    let taken = game.targets.iter().filter(|t| t.holder.is_some()).count();
    if in_hands != taken {
        broken.push(format!(
            "the players hold {in_hands} tiles but {taken} targets are down"
        ));
    }
    let counting = matches!(game.phase, Phase::Count) || game.duel.is_some();
    if counting && !game.all_eliminated() {
        broken.push("the game is counted with targets still in the pyramid".to_string());
    }
}

/// "COMPONENTS" (2 to 6 players), "FIRST PLAYER TOKEN", "ASSASSINATION
/// PHASE" (one attempt per player) and "WINNING THE GAME" / "TIES:" (the
/// winner and the duellists are players; the winner is named once the
/// game is over).
fn seats(game: &Game, broken: &mut Vec<String>) {
    let seats = game.players.len();
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&seats) {
        broken.push(format!("the game has {seats} players"));
    }
    let is_seat = |p: u8| (p as usize) < seats;
    if !is_seat(game.first_player) {
        broken.push(format!(
            "the Player One Token is with player {}",
            game.first_player
        ));
    }
    for (i, attempt) in game.attempts.iter().enumerate() {
        let again = game.attempts[..i]
            .iter()
            .any(|a| a.player == attempt.player);
        if !is_seat(attempt.player) || again {
            broken.push(format!("player {} has no single attempt", attempt.player));
        }
    }
    if let Some(duel) = &game.duel {
        if duel.players.len() < 2 || !duel.players.iter().all(|p| is_seat(*p)) {
            broken.push("the duel is not between tied players".to_string());
        }
    }
    match game.winner {
        Some(w) if !is_seat(w) || game.phase != Phase::Over => {
            broken.push(format!("player {w} is named winner of a game not over"));
        }
        None if game.phase == Phase::Over => {
            broken.push("the game is over with no winner".to_string());
        }
        _ => {}
    }
}
