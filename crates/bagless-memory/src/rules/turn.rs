//! "GAME TURN": 1. EVENT PHASE (3 cubes each), 2. ASSASSIN PHASE (cubes
//! spent; "At the end of the phase, remove any [cubes] left in the 3
//! grouped slots ... (not saved [cubes])"), 3. ENEMY PHASE ("You can use 1
//! saved [cube] before or after one of these steps": 1. ENEMY
//! REINFORCEMENT, 2. ENEMY MOVEMENT, 3. ENEMY COMBAT), 4. END OF TURN
//! PHASE. Also "ASSASSIN ACTIONS", "SAVE 1", and the cubes corrected.

use super::{able, assassin, end, wrong_step};
use crate::model::events::Event;
use crate::model::state::{Game, CUBES_PER_TURN};
use crate::model::types::{CubeSource, Step};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};

pub const MAX_REASON: usize = 200;
/// The most cubes one action costs ("COMPLETING AN OBJECTIVE (1-3"), a
/// saved cube added.
pub const MAX_SPEND: u8 = 4;

/// On to the next step of the game turn.
pub fn advance(game: &Game) -> Result<Vec<Event>, RuleViolation> {
    let turn = game.turn;
    let next = game.step.next();
    let mut events = Vec::new();
    match game.step {
        Step::Assassin => {
            events.push(Event::StepAdvanced { turn, step: next });
            if game.assassins.iter().any(|a| a.cubes > 0) {
                events.push(Event::UnusedCubesRemoved);
            }
        }
        Step::Reinforcement => {
            let Some(card) = game.this_turns_card() else {
                return Err(refuse(
                    RuleCode::DrawFirst,
                    Section::EnemyReinforcement,
                    "Draw 1 reinforcement card first.",
                ));
            };
            if card.placed.is_none() {
                return Err(refuse(
                    RuleCode::PlaceFirst,
                    Section::EnemyReinforcement,
                    "Place the guards of the card first.",
                ));
            }
            events.push(Event::StepAdvanced { turn, step: next });
            events.push(Event::ReinforcementDiscarded { card: card.card });
        }
        Step::Combat => {
            events.push(Event::StepAdvanced { turn, step: next });
            if !game.follows_edition_2() {
                events.extend(end::end_of_turn(game));
            }
        }
        Step::EndOfTurn => {
            // Edition 2, "ELIMINATED": "before the end of the next game
            // turn": the END OF TURN PHASE is played (a heal, a skill card
            // "at any time") before those still in critical condition
            // since an earlier turn are eliminated, as it ends.
            let eliminated = if game.follows_edition_2() {
                end::end_of_turn(game)
            } else {
                Vec::new()
            };
            let failed = eliminated
                .iter()
                .any(|e| matches!(e, Event::MemoryFailed { .. }));
            // Edition 3: a memory that fails as turn T ends has played T
            // turns ("A MEMORY IS FAILED AS SOON AS: All assassins have
            // been eliminated"): no turn T + 1 begins. Nor when the
            // eliminations leave no one on the map and 1+ assassin gone
            // through a fast travel station ("A MEMORY IS SUCCESSFUL AS
            // SOON AS ... the game turn ends immediately"): the players
            // declare the success at turn T (the objectives are theirs).
            let succeeded = !eliminated.is_empty() && end::success_after(game, &eliminated);
            let stays = game.follows_edition_3() && (failed || succeeded);
            if stays {
                events.push(Event::StepAdvanced {
                    turn,
                    step: Step::EndOfTurn,
                });
            } else {
                events.push(Event::StepAdvanced {
                    turn: turn + 1,
                    step: next,
                });
            }
            events.extend(eliminated);
            if !(failed || stays) {
                events.push(Event::CubesPlaced { turn: turn + 1 });
            }
        }
        Step::Event | Step::Movement => events.push(Event::StepAdvanced { turn, step: next }),
        Step::NotStarted | Step::Over => return Err(wrong_step(game, Section::GameTurn)),
    }
    Ok(events)
}

/// "ASSASSIN ACTIONS": cubes spent on an action. In the assassin phase the
/// grouped cubes go first, then the saved one; in an enemy step only the
/// saved cube can be used, 1 at a time.
pub fn spend_cubes(game: &Game, id: &str, count: u8) -> Result<Vec<Event>, RuleViolation> {
    let section = if game.step.is_enemy() {
        Section::EnemyPhase
    } else {
        Section::AssassinPhase
    };
    if game.step != Step::Assassin && !game.step.is_enemy() {
        return Err(wrong_step(game, section));
    }
    let a = able(game, id, section)?;
    let max = if game.step.is_enemy() { 1 } else { MAX_SPEND };
    if count == 0 || count > max {
        return Err(refuse(
            RuleCode::CubeCount,
            section,
            format!("An action here costs 1 to {max} cubes."),
        )
        .with("max", max));
    }
    let grouped = if game.step.is_enemy() { 0 } else { a.cubes };
    let available = grouped + u8::from(a.saved);
    if count > available {
        return Err(no_cube(id, section));
    }
    Ok(vec![Event::CubesSpent {
        assassin: id.to_string(),
        grouped: count.min(grouped),
        saved: count > grouped,
    }])
}

pub fn no_cube(id: &str, section: Section) -> RuleViolation {
    refuse(
        RuleCode::NoCube,
        section,
        format!("{id} has no cube left to spend."),
    )
    .with("assassin", id)
}

/// The cube an action of one cube is paid with, in this step.
pub fn cube_for(game: &Game, id: &str, section: Section) -> Result<CubeSource, RuleViolation> {
    let a = able(game, id, section)?;
    match game.step {
        Step::Assassin if a.cubes > 0 => Ok(CubeSource::Grouped),
        Step::Assassin | Step::Reinforcement | Step::Movement | Step::Combat if a.saved => {
            Ok(CubeSource::Saved)
        }
        Step::Assassin | Step::Reinforcement | Step::Movement | Step::Combat => {
            Err(no_cube(id, section))
        }
        _ => Err(wrong_step(game, section)),
    }
}

/// "SAVE 1": "When you save 1 of your 3 [cubes], place it on the slot with
/// the + icon on your board. Each assassin can save 1 [cube] at most."
pub fn save_cube(game: &Game, id: &str) -> Result<Vec<Event>, RuleViolation> {
    let section = Section::Save;
    if game.step != Step::Assassin {
        return Err(wrong_step(game, section));
    }
    if !game.can_save() {
        return Err(refuse(
            RuleCode::SaveNotYet,
            section,
            "The 4th cube is placed from memory 0.3 onward.",
        )
        .with("memory", &game.memory));
    }
    let a = able(game, id, section)?;
    if a.saved {
        return Err(refuse(
            RuleCode::SaveFull,
            section,
            format!("{id} has saved a cube already."),
        )
        .with("assassin", id));
    }
    if a.cubes == 0 {
        return Err(no_cube(id, section));
    }
    Ok(vec![Event::CubeSaved {
        assassin: id.to_string(),
    }])
}

/// A mistake at the table: an assassin's cubes and saved cube set.
pub fn adjust(
    game: &Game,
    id: &str,
    cubes: u8,
    saved: bool,
    reason: &str,
) -> Result<Vec<Event>, RuleViolation> {
    let section = Section::GameTurn;
    let a = assassin(game, id, section)?;
    if cubes > CUBES_PER_TURN {
        return Err(refuse(
            RuleCode::CubeCount,
            section,
            format!("The grouped slots hold {CUBES_PER_TURN} cubes."),
        )
        .with("max", CUBES_PER_TURN));
    }
    check_reason(reason, section)?;
    if a.cubes == cubes && a.saved == saved {
        return Err(refuse(RuleCode::AdjustSame, section, "Nothing changes."));
    }
    Ok(vec![Event::Adjusted {
        assassin: id.to_string(),
        cubes,
        saved,
        was_cubes: a.cubes,
        was_saved: a.saved,
        reason: reason.trim().to_string(),
    }])
}

pub fn check_reason(reason: &str, section: Section) -> Result<(), RuleViolation> {
    if reason.trim().is_empty() {
        return Err(refuse(
            RuleCode::ReasonEmpty,
            section,
            "Say why it is corrected.",
        ));
    }
    if reason.chars().count() > MAX_REASON {
        return Err(refuse(
            RuleCode::ReasonTooLong,
            section,
            format!("A reason has at most {MAX_REASON} characters."),
        )
        .with("max", MAX_REASON));
    }
    Ok(())
}
