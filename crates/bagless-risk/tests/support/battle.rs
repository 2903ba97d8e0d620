//! The battle's set-ups and commands, shared by the battle's tests.
#![allow(dead_code)]

use super::*;

/// Three players (red: Alaska, Alberta…; grey: Northwest Territory…;
/// black: Kamchatka…), red in the attack phase with 10 in Alaska.
pub fn attacking() -> Table {
    attacking_under(None)
}

/// [`attacking`] under `edition` of the rules (None: the latest).
pub fn attacking_under(edition: Option<u32>) -> Table {
    let mut table = game_under(3, |t| COLOURS[t.index() % 3], edition);
    table.place_all();
    set(&mut table, Territory::Alaska, Colour::Red, 10);
    table
}

pub fn attack(
    from: Territory,
    to: Territory,
    attackers: u8,
    dice: &[u8],
    defence: &[u8],
) -> Command {
    Command::Attack {
        from,
        to,
        attackers,
        dice: Some(dice.to_vec()),
        defence_dice: Some(defence.to_vec()),
    }
}

pub fn set(table: &mut Table, territory: Territory, owner: Colour, assassins: u32) {
    if table.game.owner(territory) != Some(owner) || table.game.assassins(territory) != assassins {
        table.ok(Command::Adjust {
            territory,
            owner: Some(owner),
            assassins,
            reason: "set-up for the test".into(),
        });
    }
}

/// 4. TIREZ UNE CARTE SI VOUS LE POUVEZ, as the form sends it with nothing entered.
pub fn end_turn() -> Command {
    serde_json::from_str(r#"{"type":"end_turn"}"#).expect("a command")
}

pub fn battle(table: &Table) -> Option<bagless_risk::model::state::Battle> {
    table.game.turn.as_ref().and_then(|t| t.battle)
}
