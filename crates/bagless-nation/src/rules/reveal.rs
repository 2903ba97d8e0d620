//! "REVEAL PHASE": "2) PLAY REVEAL CARDS" and "3) RESOLVE ASSASSINATION
//! ATTEMPTS" with the MSR ("Determining the MSR of an Assassination
//! Attempt:", see [`crate::odds`]), the optional "STORYTELLING" vote, then
//! "ASSASSINATION SUCCESS:" (the tile, the cash on it, a token per matching
//! or contradicting attribute, the later contracts on it discarded) or
//! "ASSASSINATION FAILURE:" ($1,000 from the bank on the target). In the
//! tie duel ("TIES:") the first success wins.

use super::assassination::{modifier_play, values_read};
use super::conflicts::{check_turn, ordered};
use super::{check_phase, check_player, faces, Dice};
use crate::model::events::Event;
use crate::model::state::{Attempt, AttemptStatus, Game, Phase};
use crate::odds::{explain, succeeds, Outcome};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};

/// "STORYTELLING": "+$2,000 if you successfully eliminate the target"
/// when the majority did not believe the plot.
pub const STORY_BONUS: u32 = 2000;

fn pending_attempt(game: &Game, player: u8, section: Section) -> Result<&Attempt, RuleViolation> {
    let attempt = game.attempt(player).ok_or_else(|| {
        refuse(
            RuleCode::AttemptUnknown,
            section,
            "That player made no attempt this round.",
        )
        .with("player", player)
    })?;
    if !attempt.is_pending() {
        return Err(refuse(
            RuleCode::AttemptSettled,
            section,
            "That attempt is already settled.",
        )
        .with("player", player));
    }
    Ok(attempt)
}

/// "2) PLAY REVEAL CARDS": a modifier on an attempt not yet rolled.
pub fn play_modifier(
    game: &Game,
    player: u8,
    card: &str,
    played_by: u8,
) -> Result<Vec<Event>, RuleViolation> {
    check_phase(game, Phase::Reveal, Section::PlayRevealCards)?;
    check_player(game, player, Section::PlayRevealCards)?;
    check_player(game, played_by, Section::PlayRevealCards)?;
    pending_attempt(game, player, Section::PlayRevealCards)?;
    if game.follows_edition_2() {
        reveal_cards_in_their_step(game, played_by)?;
    }
    let modifier = modifier_play(game, card, played_by)?;
    Ok(vec![Event::ModifierPlayed { player, modifier }])
}

/// Edition 2: Reveal Cards are played in their step, "2) PLAY REVEAL
/// CARDS", before "3) RESOLVE ASSASSINATION ATTEMPTS" begins (a roll for
/// the order or a roll made); in the tie duel only by the tied players
/// ("TIES:" "The tied players do the following: … 4. Reveal Phase: Reveal
/// your Assassin Cards and play any applicable Reveal Cards").
fn reveal_cards_in_their_step(game: &Game, played_by: u8) -> Result<(), RuleViolation> {
    if game
        .duel
        .as_ref()
        .is_some_and(|d| !d.players.contains(&played_by))
    {
        return Err(refuse(
            RuleCode::NotInDuel,
            Section::Ties,
            "Only the tied players play Reveal Cards in the duel.",
        )
        .with("player", played_by));
    }
    if resolving_begun(game) {
        return Err(refuse(
            RuleCode::ResolvingBegun,
            Section::PlayRevealCards,
            "Reveal Cards are played before the attempts are resolved; resolving has begun.",
        ));
    }
    Ok(())
}

/// "3) RESOLVE ASSASSINATION ATTEMPTS" has begun: a roll for the order or
/// a roll made (or a target fallen first).
pub fn resolving_begun(game: &Game) -> bool {
    game.attempts.iter().any(|a| {
        !a.order_rolls.is_empty()
            || matches!(
                a.status,
                AttemptStatus::Succeeded | AttemptStatus::Failed | AttemptStatus::Discarded
            )
    })
}

/// Who may play a Reveal Card now (edition 2: none once resolving has
/// begun; in the tie duel only the tied players); nobody while no attempt
/// waits for its roll.
pub fn reveal_card_players(game: &Game) -> Vec<u8> {
    let open = game.phase == Phase::Reveal
        && game.attempts.iter().any(Attempt::is_pending)
        && !(game.follows_edition_2() && resolving_begun(game));
    (0..game.players.len() as u8)
        .filter(|p| {
            open && (!game.follows_edition_2() || reveal_cards_in_their_step(game, *p).is_ok())
        })
        .collect()
}

/// The tokens a success earns: one per weapon attribute the contract
/// shows, cash if positive, debt if negative; none unarmed.
pub fn attribute_tokens(attempt: &Attempt) -> (u32, u32) {
    let (Some(weapon), Some(contract)) = (&attempt.weapon, &attempt.contract) else {
        return (0, 0);
    };
    let mut tokens = (0, 0);
    for attribute in [&weapon.noise, &weapon.cause] {
        if contract.positive.contains(attribute) {
            tokens.0 += 1;
        }
        if contract.negative.contains(attribute) {
            tokens.1 += 1;
        }
    }
    tokens
}

pub fn resolve(
    game: &Game,
    player: u8,
    entered: Option<&[u8]>,
    believed: Option<bool>,
    dice: &mut Dice,
) -> Result<Vec<Event>, RuleViolation> {
    check_phase(game, Phase::Reveal, Section::ResolveAttempts)?;
    check_player(game, player, Section::ResolveAttempts)?;
    let attempt = pending_attempt(game, player, Section::ResolveAttempts)?;
    values_read(game)?;
    check_turn(game, attempt)?;
    match (game.storytelling, believed) {
        (true, None) => {
            return Err(refuse(
                RuleCode::VoteNeeded,
                Section::Storytelling,
                "The other players vote on the story before the roll.",
            ))
        }
        (false, Some(_)) => {
            return Err(refuse(
                RuleCode::VoteNotInPlay,
                Section::Storytelling,
                "The storytelling vote is not in play in this game.",
            ))
        }
        _ => {}
    }
    let msr = explain(game, attempt, believed);
    let rolled = if msr.outcome == Outcome::Roll {
        let section = if msr.dice == 2 {
            Section::SpecialistCards
        } else {
            Section::ResolveAttempts
        };
        faces(entered, msr.dice as usize, dice, section)?
    } else {
        if entered.is_some_and(|d| !d.is_empty()) {
            return Err(refuse(
                RuleCode::DiceNotNeeded,
                Section::Msr,
                "This attempt succeeds or fails automatically: no die is rolled.",
            ));
        }
        Vec::new()
    };
    let success = succeeds(msr.need, &rolled);
    let mut events = vec![Event::AttemptResolved {
        player,
        need: msr.need,
        dice: rolled,
        success,
        believed,
    }];
    let Some(target) = attempt.target else {
        // "TIES:" the first success assassinates the opposing players; if
        // all fail, the duel starts again from the Intel Phase.
        if success {
            events.push(Event::GameWon { player });
        } else if ordered(game, None).len() == 1 {
            let round = game.duel.as_ref().map_or(1, |d| d.round + 1);
            events.push(Event::DuelRoundBegan { round });
        }
        return Ok(events);
    };
    if !success {
        events.push(Event::TargetRaised { target });
        return Ok(events);
    }
    let (cash_tokens, debt_tokens) = attribute_tokens(attempt);
    events.push(Event::TargetEliminated {
        target,
        player,
        collected: game.target(target).map_or(0, |t| t.cash),
        cash_tokens,
        debt_tokens,
        story_bonus: if believed == Some(false) {
            STORY_BONUS
        } else {
            0
        },
    });
    for other in ordered(game, Some(target)) {
        if other.player != player {
            events.push(Event::AttemptDiscarded {
                player: other.player,
                target,
            });
        }
    }
    let left = game.targets.iter().filter(|t| t.holder.is_none()).count();
    if left == 1 {
        events.push(Event::AllTargetsEliminated);
        // "At the end of the game": the cards kept on the phones are
        // turned over for the count.
        events.extend(game.hit_lists_kept.iter().map(|(player, entries)| {
            Event::HitListTurnedOver {
                player: *player,
                entries: entries.clone(),
            }
        }));
    }
    Ok(events)
}
