//! An assassin's own screen on its player's phone (issue 32): each seat is
//! one of the campaign's assassins and carries that assassin's board only
//! (its health, equipment, skills), never another's; an assassin the
//! campaign has not has no seat.

use crate::table::Table;
use bagless_bov::views::seat::{seat_view, seats};

#[test]
fn each_seat_carries_its_own_assassin_board_only() {
    let table = Table::core(&["claudio", "daria"]);
    let listed = seats(&table.state, &table.pack);
    assert_eq!(
        listed.iter().map(|(id, _)| id.as_str()).collect::<Vec<_>>(),
        ["claudio", "daria"]
    );
    for (id, name) in &listed {
        let view = seat_view(&table.state, &table.pack, id).unwrap();
        assert_eq!((&view.assassin.id, &view.assassin.name), (id, name));
        assert!(view.assassin.health > 0 && view.assassin.max_health > 0);
        let text = serde_json::to_string(&view).unwrap();
        for (other, _) in listed.iter().filter(|(other, _)| other != id) {
            assert!(
                !text.contains(&format!("\"{other}\"")),
                "{id}'s seat carries {other}"
            );
        }
    }
    assert!(seat_view(&table.state, &table.pack, "ezio").is_none());
}
