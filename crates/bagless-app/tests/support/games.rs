//! Set-ups of the other games for the app's tests.
#![allow(dead_code)]

use bagless_app::{NationCommand, RiskCommand};
use bagless_risk::{BoxValue, Colour, Region, Seat, Territory};

/// Assassin Nation for 3 players (SETUP), every printed value the game
/// needs given, so nothing is asked.
pub fn nation_setup() -> NationCommand {
    let mut values = serde_json::Map::new();
    for n in 1..=18 {
        values.insert(format!("target.{n}.msr"), 0.into());
    }
    for (n, weapon) in ["knife", "pistol", "rope"].iter().enumerate() {
        values.insert(format!("specialist.{}.weapon", n + 1), (*weapon).into());
    }
    serde_json::from_value(serde_json::json!({
        "type": "create_game",
        "players": [
            { "name": "Ada", "specialist": 1 },
            { "name": "Bo", "specialist": 2 },
            { "name": "Cy", "specialist": 3 },
        ],
        "first_player": 0,
        "dice": null,
        "storytelling": false,
        "box_values": values,
    }))
    .expect("a set-up command")
}

pub fn nation(json: serde_json::Value) -> NationCommand {
    serde_json::from_value(json).expect("a command")
}

/// RISK Assassin's Creed for 3 brotherhoods (MISE EN PLACE), with the
/// crests of every card and the regions' bonuses given.
pub fn risk_setup() -> RiskCommand {
    let board = bagless_risk::pack::board();
    let mut values: Vec<BoxValue> = Territory::all()
        .filter(|t| board.territory(*t).crests.is_none())
        .map(|territory| BoxValue::Crests {
            territory,
            crests: 1,
        })
        .collect();
    values.extend(Region::all().map(|region| BoxValue::RegionBonus {
        region,
        assassins: board.region(region).suggested_bonus,
    }));
    RiskCommand::CreateGame {
        players: [
            ("Ana", Colour::Red),
            ("Bruno", Colour::Grey),
            ("Chloé", Colour::Black),
        ]
        .map(|(name, colour)| Seat {
            name: name.into(),
            colour,
        })
        .to_vec(),
        sigma: true,
        box_values: values,
        edition: None,
    }
}

pub fn risk(json: serde_json::Value) -> RiskCommand {
    serde_json::from_value(json).expect("a command")
}

/// A memory of Brotherhood of Venice started for `campaign_id` (GAME
/// TURN), the map's entrances A and B.
pub fn memory_setup(
    campaign_id: &str,
    memory: &str,
    assassins: &[&str],
) -> bagless_app::MemoryCommand {
    serde_json::from_value(serde_json::json!({
        "type": "start_memory",
        "campaign_id": campaign_id,
        "memory": memory,
        "assassins": assassins,
        "box_values": {},
        "entrances": ["a", "b"],
        "easy": false,
    }))
    .expect("a start")
}

pub fn memory(json: serde_json::Value) -> bagless_app::MemoryCommand {
    serde_json::from_value(json).expect("a command")
}
