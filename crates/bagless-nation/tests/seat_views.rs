//! An assassin's own screen on its phone (issue 32; TOP SECRET HIT LIST
//! CARDS: "Players can look at this card, but should keep it secret from
//! the other players"): each seat's view carries its own line of the table
//! and its own hit list, never another's.

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
        if seat != 2 {
            assert_ne!(
                view.hit_list, table.game.players[2].hit_list,
                "seat {seat} sees player 2's hit list"
            );
        }
    }
    assert_eq!(seat_view(&table.game, 1).unwrap().hit_list, None);
    assert!(seat_view(&table.game, 3).is_none());
}

/// ASSASSINATION PHASE ("secretly draw an 'X'", the cards "face-down"): a
/// seat sees its own attempt while the others see it declared only, and
/// not whether another aims at the same target (that is the reveal's).
#[test]
fn a_seat_sees_its_own_face_down_attempt_and_no_other() {
    let mut table = Table::new(3);
    table.end_intel();
    table.run(Try::new(0, 1, "pistol").cmd());
    table.run(Try::new(1, 1, "knife").cmd());
    let zero = seat_view(&table.game, 0).unwrap();
    let own = zero.attempt.expect("seat 0 sees its attempt");
    assert_eq!((own.player, own.target), (0, Some(1)));
    assert!(
        !own.conflict,
        "another attempt on the same target is the reveal's"
    );
    assert_eq!(
        seat_view(&table.game, 1).unwrap().attempt.unwrap().player,
        1
    );
    assert!(seat_view(&table.game, 2).unwrap().attempt.is_none());
    table.reveal();
    assert!(seat_view(&table.game, 0).unwrap().attempt.unwrap().conflict);
}
