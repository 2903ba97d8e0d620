//! An assassin's own screen during a memory in play (issue 32): each seat
//! is an assassin playing the memory; it carries the turn, its step, the
//! alert and the reinforcement card drawn (public to the table), and its
//! own assassin's cubes and condition, never another's.

use crate::support::{start_command, Table};
use bagless_memory::views::seat::{seat_view, seats};
use bagless_memory::{Command, Step};

#[test]
fn each_seat_carries_the_turn_and_its_own_assassin_only() {
    let mut table = Table::with(start_command(2), Some(7));
    table.advance_to(Step::Reinforcement);
    table.run(Command::DrawReinforcement { card: None });
    assert!(seat_view(&table.game, &seats(&table.game)[0])
        .unwrap()
        .reinforcement
        .is_some());
    let ids = seats(&table.game);
    assert_eq!(ids.len(), 2);
    let shared = bagless_memory::play_view(&table.game);
    for id in &ids {
        let view = seat_view(&table.game, id).unwrap();
        assert_eq!(&view.assassin.id, id);
        assert_eq!(
            (view.turn, view.step, view.alert),
            (shared.turn, shared.step, shared.alert)
        );
        assert_eq!(view.reinforcement, shared.reinforcement);
        let text = serde_json::to_string(&view).unwrap();
        for other in ids.iter().filter(|other| *other != id) {
            assert!(
                !text.contains(&format!("\"{other}\"")),
                "{id}'s seat carries {other}"
            );
        }
    }
    assert!(seat_view(&table.game, "nobody").is_none());
}
