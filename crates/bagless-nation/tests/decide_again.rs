//! Every file decided again (`bagless_game::decide_log_again`): a log the
//! rules wrote (random games, undo, redo and going back included) is
//! believed and gives the same game; a log edited by hand (a count, an
//! amount, a die's face, a derived event removed or moved) is refused,
//! naming the entry.

use crate::support;

use bagless_game::undo::Logged;
use bagless_game::{decide_log_again, Disbelieved, Envelope, Why};
use bagless_nation::*;
use chrono::{DateTime, Utc};
use proptest::prelude::*;
use support::random::{command, Step};
use support::*;

fn believed(log: &[Envelope<Event>]) -> Result<Game, Disbelieved> {
    decide_log_again::<Game>(log)
}

/// The events as a file holds them, numbered from 1.
fn file(events: Vec<Event>) -> Vec<Envelope<Event>> {
    (1..)
        .zip(events)
        .map(|(seq, event)| Envelope {
            seq,
            recorded_at: DateTime::<Utc>::UNIX_EPOCH,
            event,
            by: None,
        })
        .collect()
}

fn events(table: &Table) -> Vec<Event> {
    table.log.iter().map(|e| e.event.clone()).collect()
}

/// Where the events of a game first differ from another's, as a seq.
fn seq_of(log: &[Event], event: &Event) -> u32 {
    log.iter().position(|e| e == event).unwrap() as u32 + 1
}

// ---------------------------------------------------------------------------
// Random games, as the players play them.

#[derive(Debug, Clone)]
enum Move {
    Step(Step),
    /// Going back to the entry this far back among those in effect.
    JumpBack(u8),
    /// The step to this crate's edition of the rules, as the app writes
    /// it with the next command at a clean point (when one is due).
    EditionStep,
}

/// How the Player One Token is given: chosen, the players' dice, or
/// Bagless's (with its re-rolls of a tie).
fn creation(players: usize, storytelling: bool, first: u8, top: u8) -> Command {
    creation_under(players, storytelling, first, top, None)
}

/// [`creation`] under the edition given (none: this crate's).
fn creation_under(
    players: usize,
    storytelling: bool,
    first: u8,
    top: u8,
    edition: Option<u32>,
) -> Command {
    let mut command = match edition {
        Some(edition) => create_command_under(players, storytelling, edition),
        None => create_command(players, storytelling),
    };
    if let Command::CreateGame {
        first_player, dice, ..
    } = &mut command
    {
        match first % 3 {
            0 => *first_player = Some(top % players as u8),
            1 => {
                *first_player = None;
                let seat = top as usize % players;
                *dice = Some(
                    (0..players)
                        .map(|p| if p == seat { 6 } else { 1 + (p % 5) as u8 })
                        .collect(),
                );
            }
            _ => *first_player = None,
        }
    }
    command
}

fn play(players: usize, storytelling: bool, first: (u8, u8), seed: u64, moves: Vec<Move>) -> Table {
    play_under(None, players, storytelling, first, seed, moves)
}

fn play_under(
    edition: Option<u32>,
    players: usize,
    storytelling: bool,
    first: (u8, u8),
    seed: u64,
    moves: Vec<Move>,
) -> Table {
    let mut table = Table::empty();
    table.seed = Some(seed);
    table.run(creation_under(
        players,
        storytelling,
        first.0,
        first.1,
        edition,
    ));
    for (i, step) in moves.into_iter().enumerate() {
        table.seed = Some(seed.wrapping_add(i as u64 + 1));
        match step {
            Move::Step(Step::Cmd(op, a, b, c)) => {
                let command = command(&table.game, op, a, b, c);
                let _ = table.try_run(command);
            }
            Move::Step(Step::Undo) => {
                let _ = table.undo();
            }
            Move::Step(Step::UndoRedo) => {
                if table.undo().is_ok() {
                    table.redo().expect("redo after undo");
                }
            }
            Move::EditionStep => {
                if let Some(events) = bagless_game::Rules::edition_step(&table.game) {
                    table.push(&events);
                }
            }
            Move::JumpBack(back) => {
                let in_effect: Vec<u32> = bagless_game::undo::in_effect(&table.log)
                    .into_iter()
                    .filter(|e| e.event.is_entry() && !e.event.is_creation())
                    .map(|e| e.seq)
                    .collect();
                if let Some(seq) = in_effect.iter().rev().nth(back as usize % 4) {
                    if let Ok(events) = decide_jump_back(&table.log, *seq) {
                        table.push(&events);
                        table.game = replay(&table.log);
                    }
                }
            }
        }
    }
    table
}

fn moves() -> impl Strategy<Value = Vec<Move>> {
    proptest::collection::vec(
        prop_oneof![
                24 => (any::<u8>(), any::<u8>(), any::<u8>(), any::<u8>())
                    .prop_map(|(o, a, b, c)| Move::Step(Step::Cmd(o, a, b, c))),
                2 => Just(Move::Step(Step::Undo)),
                2 => Just(Move::Step(Step::UndoRedo)),
                1 => any::<u8>().prop_map(Move::JumpBack),
                1 => Just(Move::EditionStep),
        ],
        0..360,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A log the rules wrote is believed, and decided again gives the game
    /// the players built, under either edition of the rules and across the
    /// edition step.
    #[test]
    fn a_game_played_through_decide_is_believed_and_gives_the_same_game(
        edition in prop_oneof![Just(None), Just(Some(1u32)), Just(Some(2u32)), Just(Some(3u32))],
        players in 2usize..=6,
        storytelling in any::<bool>(),
        first in (any::<u8>(), any::<u8>()),
        seed in any::<u64>(),
        moves in moves(),
    ) {
        let table = play_under(edition, players, storytelling, first, seed, moves);
        let again = believed(&table.log);
        prop_assert!(again.is_ok(), "{}", again.unwrap_err());
        prop_assert_eq!(again.unwrap(), table.game);
    }

    /// Any derived event taken out of a log the rules wrote is missed, and
    /// the entry it followed is named.
    #[test]
    fn a_derived_event_removed_names_its_entry(
        players in 2usize..=6,
        seed in any::<u64>(),
        moves in moves(),
        pick in any::<prop::sample::Index>(),
    ) {
        let table = play(players, false, (2, 0), seed, moves);
        let log = events(&table);
        let derived: Vec<usize> = (0..log.len()).filter(|i| log[*i].is_derived()).collect();
        prop_assume!(!derived.is_empty());
        let removed = derived[pick.index(derived.len())];
        let entry = (0..removed).rev().find(|i| log[*i].is_entry()).unwrap();
        let mut tampered = log.clone();
        tampered.remove(removed);
        let refused = believed(&file(tampered)).unwrap_err();
        prop_assert_eq!(refused.seq, entry as u32 + 1);
        prop_assert_eq!(refused.why, Why::Differs);
    }

    /// A die's face changed to one on the other side of the MSR (or to a
    /// face no die shows) is named by its entry.
    #[test]
    fn a_die_face_changed_names_its_entry(
        players in 2usize..=6,
        seed in any::<u64>(),
        moves in moves(),
        pick in any::<prop::sample::Index>(),
    ) {
        let table = play(players, false, (0, 0), seed, moves);
        let log = events(&table);
        let rolled: Vec<usize> = (0..log.len())
            .filter(|i| matches!(&log[*i], Event::AttemptResolved { dice, .. } if !dice.is_empty()))
            .collect();
        prop_assume!(!rolled.is_empty());
        let at = rolled[pick.index(rolled.len())];
        let mut tampered = log.clone();
        let Event::AttemptResolved { need, dice, success, .. } = &mut tampered[at] else {
            unreachable!()
        };
        let flipped = if *success { 0 } else { 6 };
        let top = dice.iter().copied().max().unwrap_or(0);
        dice.iter_mut().for_each(|d| *d = flipped.max(1));
        // A face that cannot turn the result (need below 2 or above 6):
        // no die shows 0.
        if (*success && *need <= 1) || (!*success && *need > 6) || top == flipped.max(1) {
            dice.iter_mut().for_each(|d| *d = 0);
        }
        let refused = believed(&file(tampered)).unwrap_err();
        prop_assert_eq!(refused.seq, at as u32 + 1);
    }
}

// ---------------------------------------------------------------------------
// A game edited by hand.

/// Three players: player 0 buys a card; player 1's knife (1000) and
/// player 0's pistol (1200) go after target 1, player 2 after target 2
/// unarmed; the knife fails, the pistol succeeds, player 2's fists fail.
fn a_round() -> Table {
    let mut table = Table::new(3);
    table.run(Command::BuyCards {
        player: 0,
        count: 1,
    });
    table.play(&[
        Try::new(0, 1, "pistol").contract(&["loud", "gunshot"], &[]),
        Try::new(1, 1, "knife"),
        Try::unarmed(2, 2),
    ]);
    table.resolve(1, &[1]);
    table.resolve(0, &[5]);
    table.resolve(2, &[2]);
    table.run(Command::EndRound);
    table
}

#[test]
fn a_round_played_is_believed() {
    let table = a_round();
    assert_eq!(believed(&table.log).unwrap(), table.game);
}

/// "STARTING THE GAME" begins every game: of a round's entries only the
/// game's creation is one (an export whose first entry is not it is refused
/// as not starting with a new game, and undo never takes it back).
#[test]
fn only_the_game_created_begins_a_game() {
    let table = a_round();
    let creations: Vec<u32> = table
        .log
        .iter()
        .filter(|e| e.event.is_creation())
        .map(|e| e.seq)
        .collect();
    assert_eq!(creations, vec![table.log[0].seq]);
    assert!(matches!(table.log[0].event, Event::GameCreated { .. }));
}

/// A count changed: more cards bought than the cash pays for is refused
/// by its rule ("3) PURCHASE EQUIPMENT / CONTRACTS").
#[test]
fn a_count_changed_is_refused_by_its_rule() {
    let mut log = events(&a_round());
    let at = log
        .iter()
        .position(|e| matches!(e, Event::CardsBought { .. }))
        .unwrap();
    log[at] = Event::CardsBought {
        player: 0,
        count: 500,
    };
    let refused = believed(&file(log)).unwrap_err();
    assert_eq!(refused.seq, at as u32 + 1);
    assert!(matches!(&refused.why, Why::Refused { message: why, .. } if why.contains("500 cards")));
}

/// An amount changed: the tokens a success earns, or the cash collected.
#[test]
fn an_amount_changed_is_named_by_its_entry() {
    let log = events(&a_round());
    let at = log
        .iter()
        .position(|e| matches!(e, Event::TargetEliminated { .. }))
        .unwrap();
    for tamper in [
        |e: &mut Event| {
            if let Event::TargetEliminated { cash_tokens, .. } = e {
                *cash_tokens += 1;
            }
        },
        |e: &mut Event| {
            if let Event::TargetEliminated { collected, .. } = e {
                *collected = 9000;
            }
        },
    ] {
        let mut tampered = log.clone();
        tamper(&mut tampered[at]);
        let refused = believed(&file(tampered)).unwrap_err();
        // The entry is the roll before it.
        assert_eq!((refused.seq, refused.why), (at as u32, Why::Differs));
    }
    // A correction's amount that is not whole tokens.
    let mut table = a_round();
    table.run(Command::Adjust {
        player: 2,
        cash: 3000,
        debt: 0,
        reason: "miscounted".into(),
    });
    let mut tampered = events(&table);
    let last = tampered.len() - 1;
    if let Event::Adjusted { cash, .. } = &mut tampered[last] {
        *cash = 3500;
    }
    let refused = believed(&file(tampered)).unwrap_err();
    assert_eq!(refused.seq, last as u32 + 1);
    assert!(matches!(refused.why, Why::Refused { .. }));
}

/// A die's face changed: the knife's 1 made a 6 with the failure kept, a
/// face no die shows, and the first player's dice changed.
#[test]
fn a_die_face_changed_is_named_by_its_entry() {
    let log = events(&a_round());
    let knife = log
        .iter()
        .position(|e| matches!(e, Event::AttemptResolved { player: 1, .. }))
        .unwrap();
    for face in [6, 7] {
        let mut tampered = log.clone();
        if let Event::AttemptResolved { dice, .. } = &mut tampered[knife] {
            *dice = vec![face];
        }
        let refused = believed(&file(tampered)).unwrap_err();
        assert_eq!(refused.seq, knife as u32 + 1);
        let refused_by_rule =
            matches!(&refused.why, Why::Refused { message: why, .. } if why.contains("not 7"));
        assert_eq!(refused_by_rule, face == 7, "{refused}");
    }

    let mut table = Table::empty();
    table.run(creation(3, false, 1, 1));
    let mut tampered = events(&table);
    if let Event::GameCreated { first_rolls, .. } = &mut tampered[0] {
        first_rolls[0].swap(0, 1);
    }
    let refused = believed(&file(tampered)).unwrap_err();
    assert_eq!((refused.seq, refused.why), (1, Why::Differs));
}

/// Bagless's re-rolls of a tie for the Player One Token are taken from
/// the log and must be faces a die shows, in the rules' order.
#[test]
fn the_player_one_token_rerolls_are_checked() {
    let rerolled = (0..200u64)
        .find_map(|seed| {
            let mut table = Table::empty();
            table.seed = Some(seed);
            table.run(creation(6, false, 2, 0));
            let Event::GameCreated { first_rolls, .. } = &table.log[0].event else {
                unreachable!()
            };
            (first_rolls.len() > 1).then_some(table)
        })
        .expect("a tie within 200 seeds");
    assert_eq!(believed(&rerolled.log).unwrap(), rerolled.game);
    let log = events(&rerolled);
    let tampers: [fn(&mut Vec<Vec<u8>>); 3] = [
        // A face no die shows.
        |rolls| {
            let last = rolls.last_mut().unwrap();
            let rolled = last.iter().position(|f| *f != 0).unwrap();
            last[rolled] = 9;
        },
        // A player who was not tied rolls again.
        |rolls| {
            let last = rolls.last_mut().unwrap();
            if let Some(out) = last.iter().position(|f| *f == 0) {
                last[out] = 6;
            } else {
                last.push(1);
            }
        },
        // The re-roll left out.
        |rolls| {
            rolls.pop();
        },
    ];
    for tamper in tampers {
        let mut tampered = log.clone();
        if let Event::GameCreated { first_rolls, .. } = &mut tampered[0] {
            tamper(first_rolls);
        }
        assert_eq!(believed(&file(tampered)).unwrap_err().seq, 1);
    }
}

/// A derived event removed, or moved past the next entry.
#[test]
fn a_derived_event_removed_or_moved_is_named_by_its_entry() {
    let log = events(&a_round());
    let raised = seq_of(&log, &Event::TargetRaised { target: 1 }) as usize - 1;
    let mut removed = log.clone();
    removed.remove(raised);
    let refused = believed(&file(removed)).unwrap_err();
    assert_eq!((refused.seq, refused.why), (raised as u32, Why::Differs));

    // The failure's $1,000 moved after the next roll.
    let mut moved = log.clone();
    let event = moved.remove(raised);
    moved.insert(raised + 1, event);
    let refused = believed(&file(moved)).unwrap_err();
    assert_eq!((refused.seq, refused.why), (raised as u32, Why::Differs));

    // A derived event before any entry follows from nothing.
    let mut orphan = log.clone();
    orphan.insert(0, Event::TargetRaised { target: 1 });
    assert_eq!(believed(&file(orphan)).unwrap_err().why, Why::Orphan);
}

/// Entries moved out of the rules' order: a roll before its reveal, or the
/// conflict's second attempt rolled first.
#[test]
fn an_entry_moved_is_refused_by_its_rule() {
    let log = events(&a_round());
    let revealed = seq_of(&log, &Event::AttemptsRevealed) as usize - 1;
    let mut early = log.clone();
    let event = early.remove(revealed);
    early.insert(revealed + 2, event);
    let refused = believed(&file(early)).unwrap_err();
    assert_eq!(refused.seq, revealed as u32 + 1);
    assert!(matches!(refused.why, Why::Refused { .. }));

    let knife = log
        .iter()
        .position(|e| matches!(e, Event::AttemptResolved { player: 1, .. }))
        .unwrap();
    let mut swapped = log.clone();
    // The knife's roll and its $1,000 moved after the pistol's roll.
    let knife_events: Vec<Event> = swapped.drain(knife..knife + 2).collect();
    let after = swapped
        .iter()
        .position(|e| matches!(e, Event::AttemptResolved { player: 0, .. }))
        .unwrap();
    for (i, event) in knife_events.into_iter().enumerate() {
        swapped.insert(after + 1 + i, event);
    }
    let refused = believed(&file(swapped)).unwrap_err();
    assert_eq!(refused.seq, knife as u32 + 1);
    assert!(
        matches!(&refused.why, Why::Refused { message: why, .. } if why.contains("earlier")),
        "{refused}"
    );
}

/// The invariants hold for a game played, and name what breaks.
#[test]
fn invariants_name_what_breaks() {
    let mut game = a_round().game;
    assert!(invariants(&game).is_empty());
    game.players[0].cash += 1000;
    game.targets[5].holder = Some(2);
    let broken = invariants(&game);
    assert!(
        broken.iter().any(|b| b.contains("add up to $1000")),
        "{broken:?}"
    );
    assert!(broken.iter().any(|b| b.contains("target 6")), "{broken:?}");
}

/// "TARGET HEX TILES x18": the pyramid is the box's 18 tiles, each where
/// the box puts it with its value. A pyramid of the right size with one
/// tile's value changed is named as broken, and the game's rules answer the
/// same through the shared `Rules` door (which checks a file decided again).
#[test]
fn invariants_name_a_pyramid_with_a_tile_changed() {
    let mut game = a_round().game;
    assert!(<Game as bagless_game::Rules>::invariants(&game).is_empty());
    game.targets[4].value += 1000;
    let broken = invariants(&game);
    assert!(
        broken
            .iter()
            .any(|b| b.contains("the pyramid is not the box's 18 targets")),
        "{broken:?}"
    );
    assert_eq!(<Game as bagless_game::Rules>::invariants(&game), broken);
}

/// "WINNING THE GAME": the count comes once every target is down. A game
/// counted while targets are still in the pyramid is named as broken; one
/// playing its rounds is not.
#[test]
fn invariants_name_a_count_with_targets_still_in_the_pyramid() {
    let mut game = a_round().game;
    assert!(!game.all_eliminated());
    assert!(invariants(&game).is_empty());
    game.phase = Phase::Count;
    let broken = invariants(&game);
    assert!(
        broken
            .iter()
            .any(|b| b.contains("counted with targets still in the pyramid")),
        "{broken:?}"
    );
}

/// "SETUP" lays out the pyramid and "STARTING THE GAME" seats the players:
/// a game not yet created holds neither, and one that holds players or
/// targets is named as broken.
#[test]
fn invariants_name_players_or_targets_in_a_game_not_set_up() {
    assert!(invariants(&Game::default()).is_empty());
    let round = a_round().game;
    let with_players = Game {
        players: round.players.clone(),
        ..Game::default()
    };
    let with_targets = Game {
        targets: round.targets.clone(),
        ..Game::default()
    };
    for game in [with_players, with_targets] {
        let broken = invariants(&game);
        assert!(
            broken
                .iter()
                .any(|b| b == "a game not set up has players or targets"),
            "{broken:?}"
        );
    }
}

/// "ASSASSINATION PHASE", "1) SELECT YOUR TARGET:" each player makes one
/// attempt a round, or "misses their chance to make an Assassination
/// attempt for the round". A round with a player's attempt twice, or an
/// attempt by no seat at the table, is named as broken; the round as
/// played is not.
#[test]
fn invariants_name_a_player_with_two_attempts_or_an_attempt_by_no_seat() {
    let mut table = Table::new(3);
    table.play(&[Try::unarmed(0, 1), Try::unarmed(1, 2), Try::unarmed(2, 3)]);
    let game = table.game.clone();
    assert_eq!(game.attempts.len(), 3);
    assert!(invariants(&game).is_empty(), "{:?}", invariants(&game));
    let mut twice = game.clone();
    twice.attempts.push(twice.attempts[0].clone());
    let mut no_seat = game.clone();
    no_seat.attempts[2].player = 3;
    for (game, player) in [(twice, 0), (no_seat, 3)] {
        let broken = invariants(&game);
        assert!(
            broken
                .iter()
                .any(|b| *b == format!("player {player} has no single attempt")),
            "{broken:?}"
        );
    }
}
