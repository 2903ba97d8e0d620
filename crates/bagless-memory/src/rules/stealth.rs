//! "ALERT STATE", "INCOGNITO AND EXPOSED", "DETECTION TEST", and the
//! assassins' condition ("CRITICAL CONDITION", "ELIMINATED", "USE A FAST
//! TRAVEL STATION").

use super::chance::Dice;
use super::reinforcement::not_incognito;
use super::turn::cube_for;
use super::{able, assassin, check_count, end::all_eliminated};
use crate::model::box_values::{number, DieFace, ValueKey};
use crate::model::commands::Command;
use crate::model::events::Event;
use crate::model::state::{Detection, Game};
use crate::model::types::{AlertBy, Condition, CubeSource, DetectionFace, EndReason, ExposedBy};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};

/// The most detection dice one test rolls (4 guards entering, 4 bodies).
pub const MAX_DETECTION_DICE: u8 = 16;

/// The alert state token flipped by hand: on for what Bagless does not
/// see (a card, a restricted area); off only with "a specific card" ("The
/// only way to stop the alert state is to play a specific card").
pub fn set_alert(game: &Game, on: bool) -> Result<Vec<Event>, RuleViolation> {
    if game.alert == on {
        return Err(refuse(
            RuleCode::AlertSame,
            Section::AlertState,
            "The alert state token is on that side already.",
        ));
    }
    Ok(vec![Event::AlertSet { on }])
}

/// A red base clipped or taken off. "Any assassin/ally who becomes exposed
/// immediately triggers the alert state."
/// Edition 2: only an assassin on the map and standing is exposed
/// ("CRITICAL CONDITION": "remove their red base from the map"; "Assassins
/// who have left the map cannot do anything, nor are they affected by
/// anything").
pub fn set_exposed(game: &Game, id: &str, exposed: bool) -> Result<Vec<Event>, RuleViolation> {
    let section = Section::IncognitoAndExposed;
    let a = assassin(game, id, section)?;
    if exposed && game.follows_edition_2() {
        if a.condition == Condition::LeftMap {
            return Err(not_affected(id));
        }
        able(game, id, section)?;
    }
    if a.exposed == exposed {
        return Err(refuse(
            RuleCode::StatusSame,
            section,
            format!("{id} is so already."),
        )
        .with("assassin", id));
    }
    let mut events = vec![Event::StatusSet {
        assassin: id.to_string(),
        exposed,
    }];
    if exposed && !game.alert {
        events.push(Event::AlertTriggered {
            cause: AlertBy::Exposure,
        });
    }
    Ok(events)
}

/// The detection die's 6 faces, from those asked once: the icon that
/// exposes at once first, then the one that exposes in alert, then blank.
pub(crate) fn detection_die(game: &Game) -> Result<[DetectionFace; 6], RuleViolation> {
    let detected = number(&game.box_values, ValueKey::Die(DieFace::DetectionDetected))?;
    let in_alert = number(&game.box_values, ValueKey::Die(DieFace::DetectionInAlert))?;
    Ok(std::array::from_fn(|i| {
        let r = i as i32 + 1;
        if r <= detected {
            DetectionFace::Detected
        } else if r <= detected + in_alert {
            DetectionFace::DetectedInAlert
        } else {
            DetectionFace::Blank
        }
    }))
}

/// "DETECTION TEST": "No icons: the assassin stays incognito"; "1+ [the
/// first icon]: the assassin becomes exposed and the alert state
/// immediately becomes [red]"; "1+ [the second icon]: the assassin becomes
/// exposed only if the alert state is already [red]". The test for bodies
/// removed sets the alert on the same faces (an assumption:
/// campaigns/README.md).
pub(crate) fn detection_test(
    game: &Game,
    id: Option<&str>,
    count: u8,
    faces: Option<&[DetectionFace]>,
    dice: &mut Dice,
) -> Result<Vec<Event>, RuleViolation> {
    let section = Section::DetectionTest;
    if let Some(id) = id {
        if able(game, id, section)?.exposed {
            return Err(not_incognito(id));
        }
    }
    if game.follows_edition_3() {
        check_test_due(game, id, count)?;
    }
    if count == 0 || count > MAX_DETECTION_DICE {
        return Err(refuse(
            RuleCode::DiceRange,
            section,
            format!("A detection test rolls 1 to {MAX_DETECTION_DICE} dice."),
        )
        .with("min", 1)
        .with("max", MAX_DETECTION_DICE));
    }
    let (faces, by_bagless) = match faces {
        Some(faces) => {
            check_count(faces, usize::from(count), section)?;
            (faces.to_vec(), false)
        }
        None => {
            let die = detection_die(game)?;
            (dice.roll(&die, usize::from(count), section)?, true)
        }
    };
    let detected = faces.contains(&DetectionFace::Detected)
        || (game.alert && faces.contains(&DetectionFace::DetectedInAlert));
    let mut events = vec![Event::DetectionRolled {
        detection: Detection {
            assassin: id.map(str::to_string),
            faces,
            by_bagless,
            alert_before: game.alert,
            detected,
        },
    }];
    if detected {
        if let Some(id) = id {
            events.push(Event::AssassinExposed {
                assassin: id.to_string(),
                cause: ExposedBy::Detection,
            });
        }
        if !game.alert {
            events.push(Event::AlertTriggered {
                cause: if id.is_some() {
                    AlertBy::Exposure
                } else {
                    AlertBy::Bodies
                },
            });
        }
    }
    Ok(events)
}

/// Edition 3, "DETECTION TEST": a test is rolled for what a square
/// entered calls for ("As soon as an incognito assassin/ally moves to a
/// square containing any enemies, perform a detection test"; "any enemies
/// who move to a square containing any assassins/allies who are incognito
/// immediately perform 1 detection test"), once ("1 detection test": a
/// test that found no one is not rolled again), with its dice ("as many
/// dice as there are enemies on the square of their assassin/ally";
/// "Each Agile rolls 1 die for each Body").
fn check_test_due(game: &Game, id: Option<&str>, count: u8) -> Result<(), RuleViolation> {
    let due = game
        .pending_tests
        .iter()
        .find(|t| t.assassin.as_deref() == id);
    let Some(test) = due else {
        return Err(refuse(
            RuleCode::TestNotDue,
            Section::DetectionTest,
            "No detection test is due: say first which square was entered (1 detection test each).",
        )
        .with("assassin", id.unwrap_or_default()));
    };
    if test.dice != count {
        return Err(refuse(
            RuleCode::DiceCount,
            Section::DetectionTest,
            format!("{} dice are rolled here.", test.dice),
        )
        .with("count", test.dice));
    }
    Ok(())
}

/// Edition 3, "DETECTION TEST": "perform a detection test before doing
/// anything else": while a test is due, no action is taken and the game
/// turn does not go on (a test is never dropped by moving on); more
/// squares may be entered first ("After performing all enemy movements,
/// resolve detection tests"), and the corrections stay open.
pub fn check_tests_rolled(game: &Game, command: &Command) -> Result<(), RuleViolation> {
    if !game.follows_edition_3() || game.pending_tests.is_empty() {
        return Ok(());
    }
    let blocked = matches!(
        command,
        Command::Advance
            | Command::SpendCubes { .. }
            | Command::SaveCube { .. }
            | Command::Attack { .. }
            | Command::DrawReinforcement { .. }
            | Command::PlaceReinforcements
            | Command::SetCondition {
                condition: Condition::LeftMap,
                ..
            }
    );
    if !blocked {
        return Ok(());
    }
    Err(refuse(
        RuleCode::TestsPending,
        Section::DetectionTest,
        "Roll the detection tests due first.",
    )
    .with("count", game.pending_tests.len()))
}

/// An assassin laid down ("CRITICAL CONDITION"), healed back onto the map,
/// gone through a fast travel station or back, or eliminated ("Assassins
/// who cannot leave a map are also eliminated"). When none is left, the
/// memory is failed.
pub fn set_condition(
    game: &Game,
    id: &str,
    condition: Condition,
) -> Result<Vec<Event>, RuleViolation> {
    let section = match condition {
        Condition::Critical | Condition::OnMap => Section::CriticalCondition,
        Condition::LeftMap => Section::UseAFastTravelStation,
        Condition::Eliminated => Section::Eliminated,
    };
    let a = assassin(game, id, section)?;
    if a.condition == Condition::Eliminated {
        return Err(refuse(
            RuleCode::EliminatedFinal,
            Section::Eliminated,
            format!("{id} has been eliminated: an apprentice plays the next memory."),
        )
        .with("assassin", id));
    }
    if a.condition == condition {
        return Err(refuse(
            RuleCode::ConditionSame,
            section,
            format!("{id} is so already."),
        )
        .with("assassin", id));
    }
    let paid = if game.follows_edition_2() {
        fast_travel(game, id, condition)?
    } else {
        None
    };
    let mut events = vec![Event::ConditionSet {
        assassin: id.to_string(),
        condition,
        paid,
    }];
    let after = game.assassins.iter().map(|other| {
        if other.id == id {
            condition
        } else {
            other.condition
        }
    });
    if all_eliminated(after) {
        events.push(Event::MemoryFailed {
            reason: EndReason::AllEliminated,
        });
    }
    Ok(events)
}

/// Edition 2, "USE A FAST TRAVEL STATION (1 [cube])": "Any assassin on a
/// square containing a fast travel station can spend 1 [cube] to leave
/// the map" — an action, so only by an assassin who can act ("CRITICAL
/// CONDITION": "They cannot do anything"), paid like any action of 1 cube
/// (the saved one in an enemy step). "Assassins who have left the map
/// cannot do anything, nor are they affected by anything": they only come
/// back ("Return to the game for 0"). The cube paid, when leaving.
fn fast_travel(
    game: &Game,
    id: &str,
    condition: Condition,
) -> Result<Option<CubeSource>, RuleViolation> {
    let a = assassin(game, id, Section::UseAFastTravelStation)?;
    if a.condition == Condition::LeftMap && condition != Condition::OnMap {
        return Err(not_affected(id));
    }
    // Edition 3: "You then have 2 options: Go to the next memory ... or
    // Return to the game for 0": the choice is made as they leave, so a
    // return is the entry right after the leaving (the red base left on
    // the square: back incognito), never a later one.
    let choosing = game.just_left.as_deref() == Some(id);
    if a.condition == Condition::LeftMap && game.follows_edition_3() && !choosing {
        return Err(refuse(
            RuleCode::LeftForGood,
            Section::UseAFastTravelStation,
            format!("{id} went to the next memory: the return is chosen when leaving."),
        )
        .with("assassin", id));
    }
    if condition != Condition::LeftMap {
        return Ok(None);
    }
    cube_for(game, id, Section::UseAFastTravelStation).map(Some)
}

/// "Assassins who have left the map cannot do anything, nor are they
/// affected by anything."
pub fn not_affected(id: &str) -> RuleViolation {
    refuse(
        RuleCode::NotAffected,
        Section::UseAFastTravelStation,
        format!("{id} has left the map: nothing affects them there."),
    )
    .with("assassin", id)
}
