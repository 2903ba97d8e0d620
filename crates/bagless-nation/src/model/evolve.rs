//! [`evolve`], the one place the game changes, one function per heading of
//! the rules summary. Total: events are facts already decided; one that
//! names something absent changes nothing. Money is counted as in
//! [`super::state`]: the bank is a counter, so the bank, the cash on the
//! targets and the players' cash always add up to zero ("CASH AND DEBT
//! TOKENS x90").

use super::events::Event;
use super::face_up::face_up;
use super::state::{Attempt, AttemptStatus, Duel, Game, Phase, Player, Target};
use crate::pack::pack;

fn player_mut(game: &mut Game, player: u8) -> Option<&mut Player> {
    game.players.get_mut(player as usize)
}

fn attempt_mut(game: &mut Game, player: u8) -> Option<&mut Attempt> {
    game.attempts.iter_mut().find(|a| a.player == player)
}

fn target_mut(game: &mut Game, id: u8) -> Option<&mut Target> {
    game.targets.iter_mut().find(|t| t.id == id)
}

/// Applies one event. Undo markers change nothing here: undoing is
/// replaying the events in effect.
pub fn evolve(game: &mut Game, event: &Event) {
    match event {
        Event::GameCreated { .. } => starting_the_game(game, event),
        Event::EditionChanged { to, .. } => game.edition = *to,
        Event::BoxValueSet { key, value } => {
            game.box_values.insert(key.clone(), value.clone());
            read_face_up(game);
        }
        Event::CardsBought { player, count } => purchase(game, *player, *count),
        Event::IntelEnded => game.phase = Phase::Assassination,
        Event::AttemptDeclared { .. }
        | Event::AttemptWithdrawn { .. }
        | Event::AttemptPassed { .. }
        | Event::AttemptsRevealed
        | Event::AttemptMissed { .. } => assassination_phase(game, event),
        Event::ModifierPlayed { .. }
        | Event::OrderRolled { .. }
        | Event::AttemptResolved { .. }
        | Event::AttemptDiscarded { .. } => reveal_phase(game, event),
        Event::TargetEliminated { .. } => assassination_success(game, event),
        Event::TargetRaised { target } => {
            // "ASSASSINATION FAILURE:" a Cash Token from the bank.
            if let Some(t) = target_mut(game, *target) {
                t.cash += 1000;
                game.bank -= 1000;
            }
        }
        Event::AllTargetsEliminated
        | Event::RoundEnded { .. }
        | Event::HitListRevealed { .. }
        | Event::HitListKept { .. }
        | Event::HitListTurnedOver { .. }
        | Event::CountClosed { .. }
        | Event::GameWon { .. }
        | Event::DuelBegan { .. }
        | Event::DuelRoundBegan { .. } => end_of_round(game, event),
        Event::Adjusted { .. } | Event::TargetAdjusted { .. } => cash_and_debt_tokens(game, event),
        Event::EntryUndone { .. } | Event::EntryRedone { .. } => {}
    }
}

/// "STARTING THE GAME": the pyramid set up, each player's starting cash
/// from the bank.
fn starting_the_game(game: &mut Game, event: &Event) {
    let Event::GameCreated {
        players,
        first_player,
        first_rolls,
        storytelling,
        box_values,
        edition,
        ..
    } = event
    else {
        return;
    };
    let cash = pack().starting_cash;
    *game = Game {
        edition: *edition,
        phase: Phase::Intel,
        round: 1,
        players: players
            .iter()
            .map(|p| Player {
                name: p.name.clone(),
                specialist: p.specialist,
                cash,
                debt: 0,
                tiles: Vec::new(),
                hit_list: None,
            })
            .collect(),
        targets: pack()
            .tiles()
            .into_iter()
            .map(|t| Target {
                id: t.id,
                row: t.row,
                position: t.position,
                value: t.value,
                cash: 0,
                holder: None,
            })
            .collect(),
        first_player: *first_player,
        first_rolls: first_rolls.clone(),
        storytelling: *storytelling,
        bank: -((cash as i32) * players.len() as i32),
        box_values: box_values.clone(),
        ..Game::default()
    };
}

/// "3) PURCHASE EQUIPMENT / CONTRACTS": Cash Tokens to the bank.
fn purchase(game: &mut Game, player: u8, count: u32) {
    if let Some(p) = player_mut(game, player) {
        let paid = count.saturating_mul(1000).min(p.cash);
        p.cash -= paid;
        game.bank += paid as i32;
    }
}

/// "ASSASSINATION PHASE" and "1) REVEAL YOUR ASSASSINATION ATTEMPTS".
fn assassination_phase(game: &mut Game, event: &Event) {
    match event {
        Event::AttemptDeclared { attempt } => {
            game.attempts.retain(|a| a.player != attempt.player);
            game.passed.retain(|p| *p != attempt.player);
            game.attempts.push(attempt.clone());
        }
        Event::AttemptWithdrawn { player } => {
            game.attempts.retain(|a| a.player != *player);
            game.passed.retain(|p| p != player);
        }
        Event::AttemptPassed { player } => {
            game.attempts.retain(|a| a.player != *player);
            if !game.passed.contains(player) {
                game.passed.push(*player);
            }
        }
        Event::AttemptsRevealed => {
            game.phase = Phase::Reveal;
            if game.follows_edition_2() {
                // Edition 2: the values printed on the cards are read now
                // that they are face up (decide asked for every one).
                // Edition 3: those the box does not know yet are asked now,
                // the cards face up; the attempt is read once they are.
                for attempt in &mut game.attempts {
                    attempt.unread = true;
                }
                read_face_up(game);
            }
            for attempt in &mut game.attempts {
                attempt.status = AttemptStatus::Revealed;
            }
        }
        Event::AttemptMissed { player, .. } => {
            if let Some(a) = attempt_mut(game, *player) {
                a.status = AttemptStatus::Missed;
            }
        }
        _ => {}
    }
}

/// The attempts face up whose printed values were not all known: each
/// read as soon as the box knows them.
fn read_face_up(game: &mut Game) {
    let up: Vec<Option<Attempt>> = game
        .attempts
        .iter()
        .map(|a| a.unread.then(|| face_up(game, a).ok()).flatten())
        .collect();
    for (attempt, up) in game.attempts.iter_mut().zip(up) {
        if let Some(up) = up {
            *attempt = Attempt {
                unread: false,
                ..up
            };
        }
    }
}

/// "REVEAL PHASE": the reveal cards, "TIME OF DEATH" and the rolls.
fn reveal_phase(game: &mut Game, event: &Event) {
    match event {
        Event::ModifierPlayed { player, modifier } => {
            if let Some(a) = attempt_mut(game, *player) {
                a.modifiers.push(modifier.clone());
            }
        }
        Event::OrderRolled { players, faces, .. } => {
            for (player, face) in players.iter().zip(faces) {
                if let Some(a) = attempt_mut(game, *player) {
                    a.order_rolls.push(*face);
                }
            }
        }
        Event::AttemptResolved {
            player,
            need,
            dice,
            success,
            believed,
        } => {
            if let Some(a) = attempt_mut(game, *player) {
                a.status = if *success {
                    AttemptStatus::Succeeded
                } else {
                    AttemptStatus::Failed
                };
                a.need = Some(*need);
                a.dice = dice.clone();
                a.believed = *believed;
            }
        }
        Event::AttemptDiscarded { player, .. } => {
            if let Some(a) = attempt_mut(game, *player) {
                a.status = AttemptStatus::Discarded;
            }
        }
        _ => {}
    }
}

/// "ASSASSINATION SUCCESS:" the tile and the cash on it to the player, a
/// token per matching attribute and the storytelling bonus from the bank.
fn assassination_success(game: &mut Game, event: &Event) {
    let Event::TargetEliminated {
        target,
        player,
        collected: _,
        cash_tokens,
        debt_tokens,
        story_bonus,
    } = event
    else {
        return;
    };
    if game.players.get(*player as usize).is_none() {
        return;
    }
    let Some(t) = target_mut(game, *target) else {
        return;
    };
    if t.holder.is_some() {
        return;
    }
    t.holder = Some(*player);
    let on_target = std::mem::take(&mut t.cash);
    // Saturating: evolve is total, even on an imported log's numbers.
    let paid = cash_tokens
        .saturating_mul(1000)
        .saturating_add(*story_bonus);
    let debt = debt_tokens.saturating_mul(1000);
    game.bank = game
        .bank
        .saturating_sub(paid.try_into().unwrap_or(i32::MAX));
    game.bank_debt = game
        .bank_debt
        .saturating_sub(debt.try_into().unwrap_or(i32::MAX));
    if let Some(p) = player_mut(game, *player) {
        p.cash = p.cash.saturating_add(on_target).saturating_add(paid);
        p.debt = p.debt.saturating_add(debt);
        p.tiles.push(*target);
    }
}

/// "END OF ROUND", "WINNING THE GAME" and "TIES:".
fn end_of_round(game: &mut Game, event: &Event) {
    match event {
        Event::AllTargetsEliminated => {
            game.phase = Phase::Count;
            game.attempts.clear();
            game.passed.clear();
        }
        Event::RoundEnded {
            round,
            first_player,
        } => {
            game.round = *round;
            game.first_player = *first_player;
            game.phase = Phase::Intel;
            game.attempts.clear();
            game.passed.clear();
        }
        Event::HitListRevealed { player, entries }
        | Event::HitListTurnedOver { player, entries } => {
            if let Some(p) = player_mut(game, *player) {
                p.hit_list = Some(entries.clone());
            }
        }
        Event::HitListKept { player, entries } => {
            game.hit_lists_kept.insert(*player, entries.clone());
        }
        Event::CountClosed { totals } => game.totals = Some(totals.clone()),
        Event::GameWon { player } => {
            game.winner = Some(*player);
            game.phase = Phase::Over;
        }
        Event::DuelBegan { players } => {
            game.duel = Some(Duel {
                players: players.clone(),
                round: 1,
            });
            game.phase = Phase::Intel;
            game.attempts.clear();
            game.passed.clear();
        }
        Event::DuelRoundBegan { round } => {
            if let Some(duel) = &mut game.duel {
                duel.round = *round;
            }
            game.phase = Phase::Intel;
            game.attempts.clear();
            game.passed.clear();
        }
        _ => {}
    }
}

/// "CASH AND DEBT TOKENS x90": a correction; the bank takes or gives the
/// difference.
fn cash_and_debt_tokens(game: &mut Game, event: &Event) {
    match event {
        Event::Adjusted {
            player, cash, debt, ..
        } => {
            let Some(p) = player_mut(game, *player) else {
                return;
            };
            let (was_cash, was_debt) = (p.cash, p.debt);
            p.cash = *cash;
            p.debt = *debt;
            game.bank += was_cash as i32 - *cash as i32;
            game.bank_debt += was_debt as i32 - *debt as i32;
        }
        Event::TargetAdjusted { target, cash, .. } => {
            let Some(t) = target_mut(game, *target) else {
                return;
            };
            let was = t.cash;
            t.cash = *cash;
            game.bank += was as i32 - *cash as i32;
        }
        _ => {}
    }
}
