//! The shapes the app sends and stores: commands and events tagged by
//! `type` in snake_case, box values as plain numbers or words.

use bagless_nation::*;
use serde_json::json;

#[test]
fn commands_and_events_are_tagged_in_snake_case() {
    let command: Command = serde_json::from_value(json!({
        "type": "resolve", "player": 1, "dice": [2, 5], "believed": null
    }))
    .unwrap();
    assert_eq!(
        command,
        Command::Resolve {
            player: 1,
            dice: Some(vec![2, 5]),
            believed: None
        }
    );
    let command: Command = serde_json::from_value(json!({
        "type": "set_box_value", "key": "weapon.rope.cause", "value": "asphyxiation"
    }))
    .unwrap();
    assert!(matches!(
        command,
        Command::SetBoxValue {
            value: BoxValue::Text(_),
            ..
        }
    ));
    let command: Command = serde_json::from_value(json!({
        "type": "set_box_value", "key": "target.1.msr", "value": -1
    }))
    .unwrap();
    assert!(matches!(
        command,
        Command::SetBoxValue {
            value: BoxValue::Number(-1),
            ..
        }
    ));
    let event = Event::TargetRaised { target: 4 };
    let value = serde_json::to_value(&event).unwrap();
    assert_eq!(value, json!({"type": "target_raised", "target": 4}));
    assert_eq!(serde_json::from_value::<Event>(value).unwrap(), event);
    assert_eq!(
        serde_json::to_value(Section::ConflictingTargets).unwrap(),
        json!("Conflicting Targets:")
    );
}
