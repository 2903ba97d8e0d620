//! An assassin's own screen on its phone (issue 32; HIT LIST CARDS: the
//! hit lists stay secret until the end count): each seat's view carries
//! its own line of the table and its own hit list, never another's.

use crate::support;
use bagless_nation::views::seat::{seat_view, seats};
use bagless_nation::*;
use support::*;

#[test]
fn a_seat_sees_its_own_hit_list_and_never_another_players() {
    let mut table = Table::new(3);
    table.play_to_the_end();
    let taken = table.game.players[2].tiles[0];
    table.run(Command::RevealHitList {
        player: 2,
        entries: vec![HitListEntry {
            target: taken,
            bonus: 20_000,
        }],
    });
    table.run(Command::RevealHitList {
        player: 0,
        entries: vec![],
    });
    assert_eq!(seats(&table.game).len(), 3);
    for (seat, name) in seats(&table.game) {
        let view = seat_view(&table.game, seat).unwrap();
        assert_eq!((view.player.seat, &view.player.name), (seat, &name));
        assert_eq!(
            view.hit_list,
            table.game.players[usize::from(seat)].hit_list
        );
        let json = serde_json::to_string(&view).unwrap();
        if seat != 2 {
            assert!(
                !json.contains("20000"),
                "seat {seat} sees player 2's bonus: {json}"
            );
        }
    }
    assert_eq!(seat_view(&table.game, 1).unwrap().hit_list, None);
    assert!(seat_view(&table.game, 3).is_none());
}
