//! The dice's faces as the box values give them, read back from the rolls
//! Bagless makes.

use crate::support;

use crate::attack_rules::attack_now;
use bagless_memory::*;
use support::*;

/// Bagless's roll of a sword of 10 dice with `seed`, the box's assassin
/// die bearing `counts` faces of the hit, the special and the riposte.
fn bagless_attack_rolls(counts: &[i32], seed: u64) -> Vec<AssassinFace> {
    let mut command = start_command(1);
    if let Command::StartMemory { box_values, .. } = &mut command {
        let keys = [
            "die.assassin.hit",
            "die.assassin.special",
            "die.assassin.riposte",
        ];
        for (key, count) in keys.iter().zip(counts) {
            box_values.insert(key.to_string(), num(*count));
        }
        box_values.insert("weapon.sword.dice".into(), num(10));
    }
    let mut table = Table::with(command, Some(seed));
    table.advance();
    let rolled = AttackerInput {
        assassin: "ezio".into(),
        weapon: "sword".into(),
        faces: None,
        on_target_square: true,
    };
    table.attack(vec![rolled], &["elite"]);
    let roll = attack_now(&table).attackers.remove(0);
    assert!(roll.by_bagless);
    assert_eq!(roll.faces.len(), 10);
    roll.faces
}

/// "2. ATTACK": "Roll as many assassin dice as shown on the weapon's
/// card": the die shows "[hit] = 1 hit", "[special] = 1 and triggers the
/// weapon's special ability", "X = Failure and enemy retaliation", and no
/// icon; their counts are the box's. Bagless's die bears them in that
/// order, read back from its rolls (`support::die_read_back`): with 1 hit
/// face, 2 special and 1 riposte, the 1 is a hit, the 2 and 3 special, the
/// 4 a riposte, the 5 and 6 blank; with 2, 3 and 1, the 1 and 2 hits, the
/// 3 to 5 special, the 6 a riposte.
#[test]
fn attack_assassin_die_bears_hits_then_special_then_riposte() {
    assert_eq!(
        die_read_back(bagless_attack_rolls, &[1, 2, 1], Hit),
        [Hit, Special, Special, Riposte, Blank, Blank]
    );
    assert_eq!(
        die_read_back(bagless_attack_rolls, &[2, 3, 1], Hit),
        [Hit, Hit, Special, Special, Special, Riposte]
    );
}

/// Bagless's roll of the black dice with `seed`, the box's black die
/// bearing `counts[0]` hit faces: Ezio's sword rolls a riposte at an elite
/// who stands and retaliates with 10 black dice, all his.
fn bagless_black_rolls(counts: &[i32], seed: u64) -> Vec<BlackFace> {
    let mut command = start_command(1);
    if let Command::StartMemory { box_values, .. } = &mut command {
        box_values.insert("die.black.hit".into(), num(counts[0]));
        box_values.insert("enemy.elite.dice".into(), num(10));
    }
    let mut table = Table::with(command, Some(seed));
    table.advance();
    table.attack(
        vec![attacker("ezio", "sword", &[Riposte, Blank, Blank])],
        &["elite"],
    );
    table.run(Command::AssignHits {
        hits: None,
        bonus_hits: 0,
    });
    let events = table.run(Command::RollRiposte { hits: None });
    let Some(Event::RiposteRolled { shares }) = events.first() else {
        panic!("no riposte rolled: {events:?}");
    };
    assert_eq!(shares.len(), 1);
    assert_eq!(shares[0].faces.len(), 10);
    let hits = shares[0].faces.iter().filter(|f| **f == BlackFace::Hit);
    assert_eq!(shares[0].hits, Some(hits.count() as u8), "[hit] = 1 hit");
    shares[0].faces.clone()
}

/// "3. ENEMY COMBAT", "2. ATTACK": "take as many black dice as shown on
/// each attacking enemy's card ... Then roll the dice for each targeted
/// assassin/ally: [hit] = 1 hit. [X] = Fail."; the count of hit faces is
/// the box's. Bagless's black die bears the hit faces first, then the
/// fails, read back from its rolls (`support::die_read_back`): with 2 hit
/// faces, the 1 and 2 are hits, the 3 to 6 fails; with 4, the 1 to 4 hits,
/// the 5 and 6 fails. The hits each share takes are its hit faces rolled.
#[test]
fn enemy_combat_black_die_bears_hits_then_fails() {
    use BlackFace::{Fail, Hit};
    assert_eq!(
        die_read_back(bagless_black_rolls, &[2], Hit),
        [Hit, Hit, Fail, Fail, Fail, Fail]
    );
    assert_eq!(
        die_read_back(bagless_black_rolls, &[4], Hit),
        [Hit, Hit, Hit, Hit, Fail, Fail]
    );
}
