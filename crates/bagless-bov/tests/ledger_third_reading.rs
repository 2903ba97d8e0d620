//! Ledger lines the third reading (issue 55, item 10) found cited to a
//! test that did not check them: each sentence here with the test that
//! does.

use crate::table;

use bagless_bov::board::{CardKind, EquipSlot, Place};
use bagless_bov::board_view::{board_view, AssassinStatus};
use bagless_bov::campaign::{Command, Outcome};
use table::{attempt, equipped, move_card, Table};

/// BOSS: "The number in the hexagon next to the boss's name is the amount
/// of XP you gain at the end of the memory after eliminating them": a
/// success counts it on the track; a synchronized memory (REPLAYING A
/// MEMORY: "Only receive XP from mandatory objectives") does not.
#[test]
fn a_boss_s_xp_counts_on_the_track_at_the_end_of_a_won_memory() {
    let mut table = Table::core(&["alessandra"]);
    let mut won = attempt("0.1", Outcome::Success);
    won.xp.boss = 4;
    table.run(Command::RecordAttempt(won));
    assert_eq!(table.state.xp(&table.pack), 4);
    for _ in 0..2 {
        let mut lost = attempt("0.2", Outcome::Failure);
        lost.xp.boss = 4;
        lost.xp.mandatory = 1;
        table.run(Command::RecordAttempt(lost));
    }
    assert!(table.state.is_done("0.2"), "synchronized");
    assert_eq!(table.state.xp(&table.pack), 5, "the boss's 4 not counted");
}

/// ASSASSIN APPRENTICES: "On the [melee], [ranged], [armor] and [?] slots,
/// the cards chosen from those available to you (usually those of the
/// eliminated assassin or those in the villa/HQ)": while an apprentice
/// stands in, the eliminated assassin's board takes cards from the villa
/// and keeps its own.
#[test]
fn the_apprentice_s_slots_take_the_eliminated_assassin_s_cards_or_the_villa_s() {
    let mut table = Table::core(&["alessandra", "bastiano"]);
    let blade = table.add(
        "Hidden Blade",
        CardKind::BlackEquipment,
        Some(EquipSlot::Melee),
        equipped("bastiano", EquipSlot::Melee),
    );
    let bow = table.add(
        "Crossbow",
        CardKind::BlackEquipment,
        Some(EquipSlot::Ranged),
        Place::VillaEnvelope,
    );
    table.play("0.1", Outcome::Success, &["bastiano"]);
    let board = board_view("c", &table.state, &table.pack);
    let bastiano = board.assassins.iter().find(|a| a.id == "bastiano").unwrap();
    assert_eq!(bastiano.status, AssassinStatus::Eliminated);
    table.run(move_card(&bow, equipped("bastiano", EquipSlot::Ranged)));
    let on_board: Vec<&String> = table
        .state
        .ledger
        .on_board_of("bastiano")
        .map(|c| &c.card.id)
        .collect();
    assert_eq!(on_board.len(), 2, "the blade kept, the crossbow taken");
    assert!(on_board.contains(&&blade) && on_board.contains(&&bow));
}

/// INJURED: "An assassin/ally is injured when they have lost any [health]
/// but still have at least 1 [health]"; FULL HEALTH: "An assassin/ally who
/// has all their [health] is in full health".
#[test]
fn injured_is_any_health_lost_with_at_least_1_left() {
    let mut table = Table::core(&["alessandra"]);
    let status = |table: &Table| board_view("c", &table.state, &table.pack).assassins[0].status;
    assert_eq!(status(&table), AssassinStatus::FullHealth);
    for (health, expected) in [
        (2, AssassinStatus::Injured),
        (1, AssassinStatus::Injured),
        (0, AssassinStatus::Critical),
        (3, AssassinStatus::FullHealth),
    ] {
        table.run(Command::SetHealth {
            assassin: "alessandra".into(),
            health,
        });
        assert_eq!(status(&table), expected, "{health}");
    }
}
