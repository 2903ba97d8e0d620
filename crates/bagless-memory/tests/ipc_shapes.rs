//! The shapes the app sends and stores: commands and events tagged by
//! `type` in snake_case, box values as plain numbers or guard lines.

use bagless_memory::*;
use serde_json::json;

#[test]
fn commands_and_events_are_tagged_in_snake_case() {
    let command: Command = serde_json::from_value(json!({
        "type": "start_memory", "campaign_id": "c1", "memory": "1.2",
        "assassins": ["ezio", "daria"],
        "box_values": {
            "die.black.hit": 3,
            "reinforcement.2.1.alert.a": {"guard": "elite", "count": 1}
        }
    }))
    .unwrap();
    let Command::StartMemory {
        box_values,
        entrances,
        easy,
        ..
    } = &command
    else {
        panic!("{command:?}");
    };
    assert_eq!(box_values["die.black.hit"], BoxValue::Number(3));
    assert_eq!(
        box_values["reinforcement.2.1.alert.a"],
        BoxValue::Guards(Guards {
            guard: Some(Guard::Elite),
            count: 1
        })
    );
    assert!(entrances.is_empty() && !easy);
    let command: Command = serde_json::from_value(json!({
        "type": "attack",
        "attackers": [{"assassin": "ezio", "weapon": "hidden_blade",
                       "faces": ["hit", "special", "riposte", "blank"],
                       "on_target_square": true}],
        "enemies": ["crossbowman"]
    }))
    .unwrap();
    assert!(matches!(command, Command::Attack { .. }));
    let command: Command =
        serde_json::from_value(json!({"type": "set_entrances", "entrances": ["a", "d"]})).unwrap();
    assert_eq!(
        command,
        Command::SetEntrances {
            entrances: vec![Entrance::A, Entrance::D]
        }
    );
    let event = Event::ReinforcementDiscarded { card: 4 };
    let value = serde_json::to_value(&event).unwrap();
    assert_eq!(value, json!({"type": "reinforcement_discarded", "card": 4}));
    assert_eq!(serde_json::from_value::<Event>(value).unwrap(), event);
    assert_eq!(
        serde_json::to_value(Section::ReinforcementStep).unwrap(),
        json!("<29> Enemy Reinforcement Step")
    );
    assert_eq!(
        serde_json::to_value(Section::AttaqueCoordonnee).unwrap(),
        json!("ATTAQUE COORDONNÉE")
    );
    assert_eq!(
        serde_json::to_value(Step::EndOfTurn).unwrap(),
        json!("end_of_turn")
    );
    assert_eq!(
        serde_json::to_value(Waiting::CardValues { keys: vec![] }).unwrap(),
        json!({"type": "card_values", "keys": []})
    );
}
