//! Issue 55 (a fresh reader's FORM item): every number field of the
//! memory's forms takes its fewest and most from the view, and the view
//! takes them from the rules: `decide` accepts the most and refuses one
//! more, field by field, each test naming the heading it keeps.

use crate::support;

use bagless_memory::views::bounds::FieldBounds;
use bagless_memory::*;
use support::*;

/// Whether `decide` takes `command` now (nothing recorded).
fn takes(table: &Table, command: &Command) -> bool {
    decide(&table.game, command, &ctx(Some(7))).is_ok()
}

fn spend(assassin: &str, count: u8) -> Command {
    Command::SpendCubes {
        assassin: assassin.to_string(),
        count,
    }
}

fn own(table: &Table, id: &str) -> FieldBounds {
    play_view(&table.game)
        .assassins
        .into_iter()
        .find(|a| a.id == id)
        .expect("an assassin of the memory")
        .spend
}

/// ASSASSIN ACTIONS: "COMPLETING AN OBJECTIVE (1-3 [cubes])", the saved
/// one added; 3. ENEMY PHASE: "You can use 1 saved [cube] before or after
/// one of these enemy steps". The spend field takes 1 to the most the
/// rules take for that assassin now.
#[test]
fn assassin_actions_a_spend_takes_the_view_s_bounds() {
    let mut table = Table::new(3);
    table.advance_to(Step::Assassin);
    let b = own(&table, "ezio");
    assert_eq!((b.fewest, b.most), (1, 3));
    assert!(takes(&table, &spend("ezio", b.most)));
    assert!(!takes(&table, &spend("ezio", b.most + 1)));
    assert!(!takes(&table, &spend("ezio", b.fewest - 1)));

    // SAVE 1: the saved cube pays too, 4 at most in one action.
    table.run(Command::SaveCube {
        assassin: "ezio".into(),
    });
    let b = own(&table, "ezio");
    assert_eq!(b.most, 3);
    table.run(Command::Adjust {
        assassin: "ezio".into(),
        cubes: 3,
        saved: true,
        reason: "a cube forgotten".into(),
    });
    let b = own(&table, "ezio");
    assert_eq!(b.most, 4);
    assert!(takes(&table, &spend("ezio", b.most)));
    assert!(!takes(&table, &spend("ezio", b.most + 1)));

    // In an enemy step, the saved cube alone.
    table.advance_to(Step::Movement);
    let b = own(&table, "ezio");
    assert_eq!(b.most, 1);
    assert!(takes(&table, &spend("ezio", b.most)));
    assert!(!takes(&table, &spend("ezio", b.most + 1)));
    // Nothing saved: none.
    let b = own(&table, "daria");
    assert_eq!(b.most, 0);
    assert!(!takes(&table, &spend("daria", b.fewest)));
}

/// CRITICAL CONDITION: "They cannot do anything": one laid down is
/// offered no spend.
#[test]
fn critical_condition_a_spend_is_offered_to_no_one_laid_down() {
    let mut table = Table::new(3);
    table.advance_to(Step::Assassin);
    table.run(Command::SetCondition {
        assassin: "daria".into(),
        condition: Condition::Critical,
    });
    let b = own(&table, "daria");
    assert!(b.most < b.fewest);
    assert!(!takes(&table, &spend("daria", b.fewest)));
}

/// EVENT PHASE: "Place 3 [cubes] on the grouped slots of each assassin's
/// board": a correction sets 0 to 3 cubes there.
#[test]
fn event_phase_a_correction_s_cubes_take_the_view_s_bounds() {
    let table = Table::new(3);
    let b = play_view(&table.game).offers.adjust_cubes;
    let adjust = |cubes| Command::Adjust {
        assassin: "ezio".into(),
        cubes,
        saved: true,
        reason: "a slip".into(),
    };
    assert_eq!((b.fewest, b.most), (0, 3));
    assert!(takes(&table, &adjust(b.most)));
    assert!(takes(&table, &adjust(b.fewest)));
    assert!(!takes(&table, &adjust(b.most + 1)));
}

/// ENEMIES: "There can never be more than 4 enemies and/or bodies on a
/// square": a reinforcement card's line brings 0 to 4 guards.
#[test]
fn enemies_a_card_s_guard_count_takes_the_view_s_bounds() {
    let table = Table::new(3);
    let b = play_view(&table.game).offers.guards;
    let line = |count| Command::SetBoxValue {
        key: "reinforcement.2.1.calm.a".into(),
        value: guards(Some(Guard::Elite), count),
    };
    assert_eq!((b.fewest, b.most), (0, 4));
    assert!(takes(&table, &line(b.most)));
    assert!(!takes(&table, &line(b.most + 1)));
}

/// USE A WEAPON, ATTACK: "Roll as many assassin dice as shown on the
/// weapon's card": a face shows on at most the dice a known weapon rolls,
/// else on at most the 10 a weapon may roll (assumption `memory_bounds`).
#[test]
fn attack_the_faces_entered_take_the_view_s_bounds() {
    let mut table = Table::new(3);
    table.advance_to(Step::Assassin);
    let offers = play_view(&table.game).offers;
    let blade = offers
        .weapon_dice
        .iter()
        .find(|w| w.weapon == "hidden_blade")
        .expect("the hidden blade's dice are known")
        .dice;
    let hits = |weapon: &str, n: u8| {
        attack_command(
            vec![attacker("ezio", weapon, &vec![Hit; usize::from(n)])],
            &["elite"],
        )
    };
    assert_eq!(blade, 2);
    assert!(takes(&table, &hits("hidden_blade", blade)));
    assert!(!takes(&table, &hits("hidden_blade", blade + 1)));

    // A weapon whose dice the box has not said: up to the view's most.
    for (key, value) in [("weapon.musket.exposes", 1), ("weapon.musket.alerts", 1)] {
        table.run(Command::SetBoxValue {
            key: key.into(),
            value: num(value),
        });
    }
    let faces = offers.faces;
    assert!(play_view(&table.game)
        .offers
        .weapon_dice
        .iter()
        .all(|w| w.weapon != "musket"));
    assert_eq!((faces.fewest, faces.most), (0, 10));
    assert!(takes(&table, &hits("musket", faces.most)));
    assert!(!takes(&table, &hits("musket", faces.most + 1)));
}

fn assign(hits: Option<Vec<u8>>, bonus_hits: u8) -> Command {
    Command::AssignHits { hits, bonus_hits }
}

/// WEAPON'S SPECIAL ABILITY: "[special] = 1 [hit] and triggers the
/// weapon's special ability"; "Add the effect of the special ability to
/// the current attack": its hits take 0 to 10 (assumption
/// `memory_bounds`) once a [special] was rolled, none else; and ASSIGN:
/// one enemy is given at most every hit of the attack.
#[test]
fn weapons_special_ability_the_bonus_and_the_hits_take_the_view_s_bounds() {
    let mut table = Table::new(3);
    table.advance_to(Step::Assassin);
    table.attack(
        vec![attacker("ezio", "hidden_blade", &[Hit, Special])],
        &["elite"],
    );
    let attack = play_view(&table.game).attack.expect("an attack");
    let (bonus, hits) = (attack.bonus, attack.hits);
    assert_eq!((bonus.fewest, bonus.most), (0, 10));
    assert!(takes(&table, &assign(None, bonus.most)));
    assert!(!takes(&table, &assign(None, bonus.most + 1)));
    assert_eq!((hits.fewest, hits.most), (0, 12));
    assert!(takes(&table, &assign(Some(vec![hits.most]), bonus.most)));
    assert!(!takes(
        &table,
        &assign(Some(vec![hits.most + 1]), bonus.most)
    ));
    table.run(assign(None, 0));

    // No [special] rolled: no hits added, and those rolled at most.
    table.attack(
        vec![attacker("daria", "hidden_blade", &[Hit, Hit])],
        &["elite"],
    );
    let attack = play_view(&table.game).attack.expect("an attack");
    let (bonus, hits) = (attack.bonus, attack.hits);
    assert_eq!((bonus.fewest, bonus.most), (0, 0));
    assert!(takes(&table, &assign(None, bonus.most)));
    assert!(!takes(&table, &assign(None, bonus.most + 1)));
    assert_eq!(hits.most, 2);
    assert!(takes(&table, &assign(Some(vec![hits.most]), 0)));
    assert!(!takes(&table, &assign(Some(vec![hits.most + 1]), 0)));
}
