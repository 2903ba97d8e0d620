//! ALERT STATE, INCOGNITO AND EXPOSED and DETECTION TEST.

use crate::support;

use bagless_memory::*;
use support::*;

use DetectionFace::{Blank as None_, Detected, DetectedInAlert};

/// "ALERT STATE": a toggle; "The only way to stop the alert state is to
/// play a specific card" — turned off by hand, never by itself.
#[test]
fn alert_state_is_a_toggle_that_says_what_triggers_it() {
    let mut table = Table::new(2);
    let view = play_view(&table.game);
    assert!(!view.alert);
    assert!(view.alert_triggers.contains(&"alert.exposed".to_string()));
    assert!(view
        .alert_triggers
        .contains(&"alert.stops_by_card_only".to_string()));
    table.run(Command::SetAlert { on: true });
    let refusal = table.refused(Command::SetAlert { on: true });
    assert_eq!(refusal.code, RuleCode::AlertSame);
    assert_eq!(refusal.section, Section::AlertState);
    table.advance_to(Step::EndOfTurn);
    table.advance();
    assert!(table.game.alert, "the alert stays on from turn to turn");
    table.run(Command::SetAlert { on: false });
    assert!(!table.game.alert);
}

/// "INCOGNITO AND EXPOSED": "Any assassin/ally who becomes exposed
/// immediately triggers the alert state"; "Only the assassins/allies who
/// triggered the alert become exposed".
#[test]
fn incognito_and_exposed_exposure_triggers_the_alert() {
    let mut table = Table::new(2);
    let events = table.run(Command::SetExposed {
        assassin: "daria".into(),
        exposed: true,
    });
    assert!(events.contains(&Event::AlertTriggered {
        cause: AlertBy::Exposure
    }));
    assert!(table.game.alert);
    assert!(!table.assassin("ezio").exposed);
    let refusal = table.refused(Command::SetExposed {
        assassin: "daria".into(),
        exposed: true,
    });
    assert_eq!(refusal.code, RuleCode::StatusSame);
    assert_eq!(refusal.section, Section::IncognitoAndExposed);
    // Incognito again ("must move to a square without any enemies"): the
    // alert stays.
    table.run(Command::SetExposed {
        assassin: "daria".into(),
        exposed: false,
    });
    assert!(table.game.alert);
}

/// "INCOGNITO AND EXPOSED": "If the assassin does not move or use any
/// cards, they remain exposed, even if there are no enemies left on their
/// square or on the map." Ezio's sword exposes him and eliminates the only
/// enemy of the square: he stays exposed through the enemy phase, the end
/// of the turn and the next turn, until the players take the red base off
/// (a move to a square without enemies, or a card).
#[test]
fn incognito_and_exposed_stays_exposed_with_no_enemy_left() {
    let mut table = Table::new(2);
    table.advance();
    table.attack(
        vec![attacker("ezio", "sword", &[Hit, Blank, Blank])],
        &["agile"],
    );
    table.run(Command::AssignHits {
        hits: None,
        bonus_hits: 0,
    });
    assert!(table.game.attack.as_ref().unwrap().enemies[0].eliminated);
    assert!(table.assassin("ezio").exposed);
    for _ in 0..7 {
        table.advance_to(table.game.step.next());
        assert!(table.assassin("ezio").exposed, "at {:?}", table.game.step);
    }
    assert_eq!(table.game.turn, 2);
    table.run(Command::SetExposed {
        assassin: "ezio".into(),
        exposed: false,
    });
    assert!(!table.assassin("ezio").exposed);
}

/// "DETECTION TEST": "No icons: The assassin stays incognito"; "1+ [the
/// first icon]: The assassin becomes exposed and the alert state
/// immediately becomes [red]".
#[test]
fn detection_test_exposes_on_the_first_icon() {
    let mut table = Table::new(2);
    table.arrives("ezio", 2);
    table.run(Command::DetectionTest {
        assassin: Some("ezio".into()),
        dice: 2,
        faces: Some(vec![None_, DetectedInAlert]),
    });
    assert!(
        !table.assassin("ezio").exposed,
        "the second icon needs the alert"
    );
    assert!(!table.game.alert);
    table.arrives("ezio", 2);
    let events = table.run(Command::DetectionTest {
        assassin: Some("ezio".into()),
        dice: 2,
        faces: Some(vec![Detected, None_]),
    });
    assert!(events.contains(&Event::AssassinExposed {
        assassin: "ezio".into(),
        cause: ExposedBy::Detection
    }));
    assert!(table.game.alert);
    let refusal = table.refused(Command::DetectionTest {
        assassin: Some("ezio".into()),
        dice: 1,
        faces: None,
    });
    assert_eq!(refusal.code, RuleCode::NotIncognito);
    assert_eq!(refusal.section, Section::DetectionTest);
}

/// "1+ [the second icon]: The assassin becomes exposed only if the alert
/// state is already [red]".
#[test]
fn detection_test_second_icon_exposes_only_in_alert() {
    let mut table = Table::new(2);
    table.run(Command::SetAlert { on: true });
    table.arrives("daria", 3);
    table.run(Command::DetectionTest {
        assassin: Some("daria".into()),
        dice: 3,
        faces: Some(vec![None_, DetectedInAlert, None_]),
    });
    assert!(table.assassin("daria").exposed);
    let detection = table.game.detection.clone().unwrap();
    assert!(detection.detected && detection.alert_before && !detection.by_bagless);
    table.arrives("ezio", 3);
    let refusal = table.refused(Command::DetectionTest {
        assassin: Some("ezio".into()),
        dice: 3,
        faces: Some(vec![None_]),
    });
    assert_eq!(refusal.code, RuleCode::DiceCount);
    assert_eq!(refusal.params["count"], "3");
}

/// "Each involved player rolls as many dice as there are enemies on the
/// square of their assassin/ally": read (`memory_bounds`), a test rolls 1
/// to `MAX_DETECTION_DICE` dice (4 guards entering, each rolling for each of
/// 4 bodies). In a memory of edition 1, where the dice are not those of a
/// test due, a test of 0 dice is refused, and one of 1 more than the most,
/// each on its own, naming "DETECTION TEST"; one of the most is rolled.
#[test]
fn detection_test_rolls_1_to_the_most_dice() {
    use bagless_memory::rules::stealth::MAX_DETECTION_DICE;
    let mut table = Table::edition_1(2);
    let test = |dice: u8| Command::DetectionTest {
        assassin: Some("ezio".into()),
        dice,
        faces: Some(vec![None_; usize::from(dice)]),
    };
    for dice in [0, MAX_DETECTION_DICE + 1] {
        let refusal = table.refused(test(dice));
        assert_eq!(refusal.code, RuleCode::DiceRange, "{dice} dice");
        assert_eq!(refusal.section, Section::DetectionTest);
        assert_eq!(refusal.params["min"], "1");
        assert_eq!(refusal.params["max"], MAX_DETECTION_DICE.to_string());
    }
    table.run(test(MAX_DETECTION_DICE));
    let detection = table.game.detection.clone().unwrap();
    assert_eq!(detection.faces.len(), usize::from(MAX_DETECTION_DICE));
    assert!(!detection.detected);
    assert!(!table.assassin("ezio").exposed);
}

/// "Similarly, any enemies who move to a square containing any
/// assassins/allies who are incognito immediately perform 1 detection
/// test"; "1+ [the second icon]: The assassin becomes exposed only if the
/// alert state is already [red]". Read (`memory_detection_due`): the tests
/// one entry calls for are rolled one after another; when the first turns
/// the alert on, the alert is "already" red for the next, whose second
/// icon exposes. Rolled the other way round, the second icon comes first,
/// in calm, and exposes no one.
#[test]
fn detection_test_of_one_entry_rolled_one_after_another() {
    let roll = |table: &mut Table, id: &str, face| {
        table.run(Command::DetectionTest {
            assassin: Some(id.into()),
            dice: 2,
            faces: Some(vec![face, None_]),
        });
    };
    for (first, second) in [("ezio", "daria"), ("daria", "ezio")] {
        let mut table = Table::new(2);
        table.advance_to(Step::Movement);
        table.run(Command::EnterSquare {
            entrance: None,
            enemies: 1,
            bodies: 0,
            entering: 1,
            incognito: vec!["ezio".into(), "daria".into()],
        });
        let face = |id: &str| {
            if id == "ezio" {
                Detected
            } else {
                DetectedInAlert
            }
        };
        roll(&mut table, first, face(first));
        roll(&mut table, second, face(second));
        let exposed = |id: &str| table.assassin(id).exposed;
        if first == "ezio" {
            assert!(exposed("ezio") && exposed("daria"), "the alert already red");
        } else {
            assert!(
                exposed("ezio") && !exposed("daria"),
                "calm when daria rolled"
            );
        }
        assert!(table.game.alert);
    }
}

/// The detection test for bodies removed ("perform a detection test for
/// those bodies"): the dice the entry said, rolled by Bagless; found, the
/// alert is set.
#[test]
fn detection_test_for_bodies_rolled_by_bagless() {
    let mut table = Table::with(start_command(2), Some(3));
    table.run(Command::EnterSquare {
        entrance: None,
        enemies: 1,
        bodies: 3,
        entering: 4,
        incognito: vec![],
    });
    let dice = table.game.entry.as_ref().unwrap().body_dice;
    table.run(Command::DetectionTest {
        assassin: None,
        dice,
        faces: None,
    });
    let detection = table.game.detection.clone().unwrap();
    assert_eq!(detection.faces.len(), 9);
    assert!(detection.by_bagless);
    assert_eq!(detection.detected, detection.faces.contains(&Detected));
    assert_eq!(table.game.alert, detection.detected);
}

/// The detection die's faces are not in the summary: asked once.
#[test]
fn detection_test_die_faces_asked_once() {
    let mut command = start_command(1);
    if let Command::StartMemory { box_values, .. } = &mut command {
        box_values.remove("die.detection.detected");
    }
    let mut table = Table::with(command, Some(1));
    table.arrives("ezio", 2);
    let refusal = table.refused(Command::DetectionTest {
        assassin: Some("ezio".into()),
        dice: 2,
        faces: None,
    });
    assert_eq!(refusal.code, RuleCode::ValueNeeded);
    assert_eq!(refusal.params["key"], "die.detection.detected");
    assert_eq!(refusal.section, Section::DetectionTest);
    let refusal = table.refused(Command::SetBoxValue {
        key: "die.detection.detected".into(),
        value: num(6),
    });
    assert_eq!(refusal.code, RuleCode::FacesTooMany);
    assert_eq!(refusal.params["max"], "5");
    table.run(Command::SetBoxValue {
        key: "die.detection.detected".into(),
        value: num(2),
    });
    table.run(Command::DetectionTest {
        assassin: Some("ezio".into()),
        dice: 2,
        faces: None,
    });
}

/// Bagless's dice for the bodies of a square 4 guards enter, its 4 bodies
/// removed (16 dice: "Each Agile rolls 1 die for each Body", seed 001), with `seed`,
/// the box's detection die bearing `detected` faces of the first icon and
/// `in_alert` of the second.
fn bagless_rolls(detected: i32, in_alert: i32, seed: u64) -> Vec<DetectionFace> {
    let mut command = start_command(2);
    if let Command::StartMemory { box_values, .. } = &mut command {
        box_values.insert("die.detection.detected".into(), num(detected));
        box_values.insert("die.detection.detected_in_alert".into(), num(in_alert));
    }
    let mut table = Table::with(command, Some(seed));
    table.run(Command::EnterSquare {
        entrance: None,
        enemies: 0,
        bodies: 4,
        entering: 4,
        incognito: vec![],
    });
    let dice = table.game.entry.as_ref().unwrap().body_dice;
    assert_eq!(dice, 16);
    table.run(Command::DetectionTest {
        assassin: None,
        dice,
        faces: None,
    });
    table.game.detection.clone().unwrap().faces
}

/// The detection die's 6 faces, from the 1 to the 6, read back from
/// Bagless's rolls (`support::die_read_back`).
fn detection_die(detected: i32, in_alert: i32) -> Vec<DetectionFace> {
    die_read_back(
        |counts, seed| bagless_rolls(counts[0], counts[1], seed),
        &[detected, in_alert],
        Detected,
    )
}

/// "DETECTION TEST": the die shows the icon that exposes at once, the one
/// that exposes "only if the alert state is already [red]", and no icon;
/// their counts are the box's. Bagless's die bears them in that order:
/// with 1 face of the first icon and 4 of the second, the 1 is the first
/// icon, the 2 to the 5 the second, the 6 blank; with 2 and 1, the 1 and 2
/// the first, the 3 the second, the 4 to the 6 blank.
#[test]
fn detection_test_die_bears_the_second_icon_after_the_first() {
    assert_eq!(
        detection_die(1, 4),
        [
            Detected,
            DetectedInAlert,
            DetectedInAlert,
            DetectedInAlert,
            DetectedInAlert,
            None_
        ]
    );
    assert_eq!(
        detection_die(2, 1),
        [Detected, Detected, DetectedInAlert, None_, None_, None_]
    );
}

/// Not in the seeds, Bagless's own: the detection die's faces entered
/// ("die.detection.detected" and "die.detection.detected_in_alert") are 6
/// at most together: 5 beside 1 is taken, 6 beside 1 refused.
#[test]
fn detection_test_die_faces_total_6_at_most() {
    let mut table = Table::new(1);
    let set = |n| Command::SetBoxValue {
        key: "die.detection.detected".into(),
        value: num(n),
    };
    let refusal = table.refused(set(6));
    assert_eq!(refusal.code, RuleCode::FacesTooMany);
    assert_eq!(refusal.params["max"], "5");
    table.run(set(5));
    assert_eq!(table.game.box_values["die.detection.detected"], num(5));
}

/// "INCOGNITO AND EXPOSED": "Any assassin/ally who becomes exposed
/// immediately triggers the alert state": only becoming exposed while the
/// map is calm triggers it. Daria exposed while calm writes the alert;
/// made incognito again once the alert is off, she writes none; Ezio
/// exposed while the map is already in alert writes none either.
#[test]
fn incognito_and_exposed_only_an_exposure_while_calm_triggers_the_alert() {
    let alerted = |events: &[Event]| {
        events
            .iter()
            .filter(|e| matches!(e, Event::AlertTriggered { .. }))
            .count()
    };
    let exposed = |id: &str, exposed: bool| Command::SetExposed {
        assassin: id.into(),
        exposed,
    };
    let mut table = Table::new(2);
    assert_eq!(alerted(&table.run(exposed("daria", true))), 1);
    table.run(Command::SetAlert { on: false });
    assert!(!table.game.alert);
    assert_eq!(alerted(&table.run(exposed("daria", false))), 0);
    assert!(!table.game.alert);
    table.run(Command::SetAlert { on: true });
    assert_eq!(alerted(&table.run(exposed("ezio", true))), 0);
    assert!(table.game.alert);
}
