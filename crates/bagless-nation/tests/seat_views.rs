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

/// The seat's action from its phone (issue 32): always its own player's
/// attempt ("2) PLAY A CONTRACT CARD AND ASSASSIN CARD(S) FACE-DOWN"), face
/// down on the table's view until "1) REVEAL YOUR ASSASSINATION ATTEMPTS:
/// All players now reveal all of their cards face-up at the same time".
#[test]
fn three_seats_choose_on_their_phones_and_the_table_reveals_them_together() {
    use bagless_nation::rules::seats::seat_command;
    let mut table = Table::new(3);
    table.end_intel();
    for (seat, weapon) in [(0u8, "pistol"), (1, "knife"), (2, "poison")] {
        // Whatever player the phone names, the seat's own is taken.
        let asked = Try::new(2 - seat, 1 + seat, weapon).cmd();
        let command = seat_command(seat, asked).expect("an attempt is a seat's");
        assert!(matches!(command, Command::DeclareAttempt { player, .. } if player == seat));
        table.run(command);
        // Face down: the table counts who has played, shows no attempt.
        let shared = views::table::table_view(&table.game);
        assert!(shared.attempts.is_empty());
        assert_eq!(
            shared.players.iter().filter(|p| p.declared).count(),
            usize::from(seat) + 1
        );
    }
    // A phone asks nothing else.
    assert_eq!(seat_command(0, Command::Reveal), None);
    // Taken back and played again, from the phone (offered while the
    // seat has an attempt face down, as withdraw_attempt accepts it).
    assert!(seat_view(&table.game, 2).unwrap().can_withdraw);
    table.run(seat_command(2, Command::WithdrawAttempt { player: 0 }).unwrap());
    assert!(seat_view(&table.game, 2).unwrap().attempt.is_none());
    assert!(!seat_view(&table.game, 2).unwrap().can_withdraw);
    table.run(Try::new(2, 3, "poison").cmd());
    table.reveal();
    let shared = views::table::table_view(&table.game);
    assert_eq!(shared.attempts.len(), 3, "revealed together");
    // Face up: nothing is taken back.
    assert!(!seat_view(&table.game, 2).unwrap().can_withdraw);
}

/// "2) PLAY A CONTRACT CARD AND ASSASSIN CARD(S) FACE-DOWN": whether a
/// player's weapon is accepted never depends on another player's
/// face-down Weapon Card (a refusal on a phone would give it away); the
/// box's 9 kinds (WEAPON CARDS) are counted at the reveal.
#[test]
fn a_face_down_weapon_of_another_player_is_not_given_away_by_a_refusal() {
    let mut table = Table::new(3);
    for w in ["axe", "bomb"] {
        table.run(Command::SetBoxValue {
            key: format!("weapon.{w}.msr"),
            value: BoxValue::Number(3),
        });
    }
    table.end_intel();
    // 8 kinds known; player 0's face-down crossbow makes 9.
    let played = |player, target, weapon: &str| {
        Try {
            time: Some(900),
            ..Try::new(player, target, weapon)
        }
        .cmd()
    };
    table.run(played(0, 1, "crossbow"));
    // Player 1's dart would be a 10th kind, but player 1 cannot know it:
    // accepted face down, like any other name.
    table.run(played(1, 2, "dart"));
    table.run(Command::PassAttempt { player: 2 });
    let refusal = table.refused(Command::Reveal);
    assert_eq!(refusal.code, RuleCode::WeaponKindsFull);
    // The table finds the mistake at the reveal; taken back and played
    // again, the attempts are revealed together.
    table.run(Command::WithdrawAttempt { player: 1 });
    table.run(played(1, 2, "crossbow"));
    // 9 kinds: the reveal goes on, then asks what the crossbow's card prints.
    let asked = table.asked();
    assert_eq!(asked.code, RuleCode::ValueNeeded);
    assert_eq!(asked.params["weapon"], "crossbow");
}

/// TOP SECRET HIT LIST CARDS x20: "Players can look at this card, but
/// should keep it secret from the other players. … At the end of the game,
/// if a player has successfully eliminated any of the Targets on their Hit
/// List, they will earn bonus Cash": a card kept on a player's phone while
/// the game is played is in no view of the table, no other seat's view and
/// no history line, may be corrected, and is turned over when the last
/// target falls; at the count a card is shown there instead.
#[test]
fn a_hit_list_kept_on_a_phone_stays_off_the_table_and_is_turned_over_at_the_count() {
    use bagless_nation::rules::seats::seat_command;
    use bagless_nation::views::history::history;
    let mut table = Table::new(3);
    let first = vec![HitListEntry {
        target: 2,
        bonus: 4000,
    }];
    let card = vec![
        HitListEntry {
            target: 1,
            bonus: 3000,
        },
        HitListEntry {
            target: 5,
            bonus: 7000,
        },
    ];
    let before = views::table::table_view(&table.game);
    // From seat 1's phone, whatever player it names; then corrected.
    for entries in [first, card.clone()] {
        let asked = Command::KeepHitList { player: 0, entries };
        table.run(seat_command(1, asked).expect("a hit list is a seat's"));
    }
    let own = seat_view(&table.game, 1).unwrap();
    assert_eq!(own.hit_list_kept.as_ref(), Some(&card));
    assert!(own.hit_list.is_none() && own.hit_list_keepable);
    // The table knows only that it is kept: its view is the one before
    // but for that.
    let mut shared = views::table::table_view(&table.game);
    let kept: Vec<bool> = shared.players.iter().map(|p| p.hit_list_kept).collect();
    assert_eq!(kept, [false, true, false]);
    shared.players[1].hit_list_kept = false;
    assert_eq!(shared, before);
    for other in [0, 2] {
        let view = seat_view(&table.game, other).unwrap();
        assert!(view.hit_list_kept.is_none() && view.hit_list.is_none());
    }
    // Its history lines name the player, nothing of the card.
    let kept: Vec<_> = history(&table.log)
        .into_iter()
        .filter(|l| l.key == "hit_list_kept")
        .collect();
    assert_eq!(kept.len(), 2);
    for line in kept {
        assert_eq!(
            line.params.keys().collect::<Vec<_>>(),
            ["player"],
            "{line:?}"
        );
    }
    // A wrong card is refused as at the count.
    let twice = Command::KeepHitList {
        player: 1,
        entries: vec![card[0].clone(), card[0].clone()],
    };
    assert_eq!(table.refused(twice).code, RuleCode::HitListTargetTwice);

    // The last target falls: the card is turned over, in the same step.
    table.play_to_the_end();
    assert_eq!(table.game.players[1].hit_list.as_ref(), Some(&card));
    let count = views::end_count::end_count(&table.game).expect("the count");
    assert_eq!(count.missing_hit_lists, [0, 2]);
    // Shown: the table no longer says it is kept on the phone.
    assert!(views::table::table_view(&table.game)
        .players
        .iter()
        .all(|p| !p.hit_list_kept));
    assert!(history(&table.log)
        .iter()
        .any(|l| l.key == "hit_list_turned_over" && l.params["count"] == "2"));
    // At the count a card is shown, not kept.
    let late = table.refused(Command::KeepHitList {
        player: 0,
        entries: vec![],
    });
    assert_eq!(
        (late.code, late.section),
        (RuleCode::WrongPhase, Section::HitListCards)
    );
    assert!(!seat_view(&table.game, 0).unwrap().hit_list_keepable);
}
