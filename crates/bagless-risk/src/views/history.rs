//! The history's words: each event as a catalogue key (`risk.history.<type>`)
//! and the params its sentence uses, for the timeline.

use crate::model::box_values::BoxValue;
use crate::model::events::Event;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct HistoryWords {
    /// The event's type, as serde spells it ("dice_rolled").
    pub key: String,
    /// Its fields: ids and numbers as written, lists joined by ", ".
    pub params: BTreeMap<String, String>,
}

fn word(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Array(items) => items.iter().map(word).collect::<Vec<_>>().join(", "),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// The words for one event.
pub fn history_words(event: &Event) -> HistoryWords {
    let value = serde_json::to_value(event).unwrap_or(Value::Null);
    let mut params = BTreeMap::new();
    let mut key = String::new();
    if let Value::Object(fields) = value {
        for (name, v) in fields {
            if name == "type" {
                key = word(&v);
            } else {
                params.insert(name, word(&v));
            }
        }
    }
    if let Event::CardsDealt { fragments, .. } = event {
        // MISE EN PLACE 6: "Regardez-les, mais ne les dévoilez pas aux
        // autres joueurs": how many each got, not which.
        let counts: Vec<String> = fragments
            .iter()
            .map(|hand| format!("{} {}", hand.colour.id(), hand.fragments.len()))
            .collect();
        params.insert("fragments".into(), counts.join(", "));
    }
    // MISE EN PLACE 6: "Regardez-les, mais ne les dévoilez pas aux autres
    // joueurs": a fragment's mission is entered as it is claimed (or with the
    // game), and the history names no fragment before its claim — nor its
    // territories, which would name it.
    match event {
        Event::BoxValueSet {
            value: BoxValue::Mission { .. },
        } => {
            params.insert("value".into(), "mission".into());
        }
        Event::GameCreated { box_values, .. } => {
            let missions = box_values
                .iter()
                .filter(|v| matches!(v, BoxValue::Mission { .. }))
                .count();
            params.insert(
                "box_values".into(),
                format!("{} ({missions} missions)", box_values.len()),
            );
        }
        _ => {}
    }
    if let Event::TurnStarted { reinforcements, .. } = event {
        let lines: Vec<String> = reinforcements
            .iter()
            .map(|r| {
                let v = serde_json::to_value(r).unwrap_or(Value::Null);
                let kind = v.get("kind").map(word).unwrap_or_default();
                format!("{kind} {}", r.assassins())
            })
            .collect();
        params.insert("reinforcements".into(), lines.join(", "));
    }
    HistoryWords { key, params }
}
