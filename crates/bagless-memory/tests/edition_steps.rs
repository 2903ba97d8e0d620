//! The edition steps an earlier Bagless recorded, decided again (issue 55,
//! a fresh reader's finding E1): "A history an earlier Bagless recorded is
//! never called broken: it is decided under the reading it was played
//! with". Each build stepped its older memories to its own edition at the
//! start of a game turn (edition 2's builds 1 to 2, edition 3's 1 or 2 to
//! 3): such a step is believed, the turn after it is decided under the
//! edition it names, and the memory steps on to Bagless's at its next
//! clean point. A step backwards, to an edition Bagless does not know, or
//! within a turn is refused. And the view at such a clean point offers
//! what the next command is decided under (finding F1): the edition step
//! the app writes with it taken first.

use crate::support;

use bagless_game::{decide_log_again, Rules, Why};
use bagless_memory::views::play::play_view;
use bagless_memory::*;
use chrono::{DateTime, Utc};
use support::*;

const EDITION: u32 = <Game as Rules>::EDITION;

/// A memory of 2 recorded under `from`, at the start of turn 2 ("GAME
/// TURN": "1. EVENT PHASE" begins it), turn 1 played.
fn at_turn_2(from: u32) -> Table {
    let mut t = Table::with(under_edition(start_command(2), from), None);
    t.advance_to(Step::EndOfTurn);
    t.advance();
    assert_eq!((t.game.turn, t.game.step), (2, Step::Event));
    assert!(t.game.at_clean_point());
    t
}

/// The memory as a build of edition `to` left it: at turn 2's start it
/// wrote `EditionChanged { from, to }` with the players' next command.
fn stepped_by_an_older_build(from: u32, to: u32) -> Table {
    let mut t = at_turn_2(from);
    t.push(&[Event::EditionChanged { from, to }]);
    t
}

fn leave(id: &str) -> Command {
    Command::SetCondition {
        assassin: id.into(),
        condition: Condition::LeftMap,
    }
}

fn back(id: &str) -> Command {
    Command::SetCondition {
        assassin: id.into(),
        condition: Condition::OnMap,
    }
}

/// What the memory decides about a recorded step to `to`, from where it is.
fn step_decided(game: &Game, from: u32, to: u32) -> Result<Vec<Event>, RuleViolation> {
    game.decide_again(
        &[Event::EditionChanged { from, to }],
        DateTime::<Utc>::UNIX_EPOCH,
    )
}

/// Every step an older build could have recorded (1→2 by edition 2's, 1→3
/// and 2→3 by edition 3's, 1→4 and 3→4 by today's) is believed; the turn
/// after it is decided under the edition it names ("USE A FAST TRAVEL
/// STATION": leaving costs its cube from edition 2; "Go to the next
/// memory" or "Return to the game" chosen as the assassin leaves from
/// edition 3, a later return refused); the next game turn's start steps on
/// to Bagless's edition, and the whole log is believed.
#[test]
fn a_step_an_older_build_recorded_is_believed_and_the_memory_steps_on() {
    for (from, to) in [(1, 2), (1, 3), (2, 3), (3, 4), (1, 4)] {
        let mut t = stepped_by_an_older_build(from, to);
        assert_eq!(t.game.edition, to, "{from}->{to}");
        assert_eq!(
            bagless_game::Rules::edition_step(&t.game).is_some(),
            to < EDITION,
            "{from}->{to}: still due at the same clean point until Bagless's edition"
        );
        t.advance();
        let cubes = t.assassin("ezio").cubes;
        t.run(leave("ezio"));
        assert_eq!(
            cubes - t.assassin("ezio").cubes,
            u8::from(to >= 2),
            "{from}->{to}: leaving costs a cube from edition 2"
        );
        t.run(Command::SetAlert { on: true });
        if to >= 3 {
            assert_eq!(
                t.refused(back("ezio")).code,
                RuleCode::LeftForGood,
                "{from}->{to}"
            );
        } else {
            t.run(back("ezio"));
        }
        t.advance_to(Step::EndOfTurn);
        t.advance();
        assert_eq!((t.game.turn, t.game.step), (3, Step::Event));
        let next = bagless_game::Rules::edition_step(&t.game);
        if to < EDITION {
            assert_eq!(
                next,
                Some(vec![Event::EditionChanged {
                    from: to,
                    to: EDITION
                }]),
                "{from}->{to}"
            );
            t.push(&next.unwrap());
        } else {
            assert_eq!(next, None, "{from}->{to}");
        }
        t.advance();
        assert_eq!(t.game.edition, EDITION);
        let game = decide_log_again::<Game>(&t.log)
            .unwrap_or_else(|e| panic!("{from}->{to}: {e} ({:?})", e.why));
        assert_eq!(game, t.game, "{from}->{to}");
    }
}

/// A recorded step backwards, to the edition played, or to one Bagless
/// does not know is refused, and the log disbelieved at that entry; a
/// step whose `from` is not the memory's edition is not what the rules
/// give.
#[test]
fn a_step_backwards_or_to_an_unknown_edition_is_refused() {
    let t = at_turn_2(3);
    for to in [1, 2, 3] {
        let refused = step_decided(&t.game, 3, to).expect_err("a step back");
        assert_eq!(refused.code, RuleCode::EditionNotDue, "3->{to}");
        assert_eq!(refused.section, Section::SavingTheGame);
    }
    let refused = step_decided(&t.game, 3, EDITION + 1).expect_err("an unknown edition");
    assert_eq!(refused.code, RuleCode::EditionUnknown);
    for to in [2, EDITION + 1] {
        let mut t = at_turn_2(3);
        t.push(&[Event::EditionChanged { from: 3, to }]);
        let seq = t.log.last().unwrap().seq;
        let disbelieved = decide_log_again::<Game>(&t.log).expect_err("believed");
        assert_eq!(disbelieved.seq, seq, "3->{to}");
        assert!(
            matches!(disbelieved.why, Why::Refused { .. }),
            "3->{to}: {:?}",
            disbelieved.why
        );
    }
    let mut t = at_turn_2(2);
    t.push(&[Event::EditionChanged { from: 1, to: 3 }]);
    let disbelieved = decide_log_again::<Game>(&t.log).expect_err("from edition 1?");
    assert_eq!(disbelieved.why, Why::Differs);
}

/// A recorded step within a game turn (here its assassin phase, or with
/// an entry's detection test due) is refused: never a turn played under
/// two readings.
#[test]
fn a_step_not_at_the_start_of_a_game_turn_is_refused() {
    let mut t = at_turn_2(2);
    t.advance();
    assert_eq!(t.game.step, Step::Assassin);
    let refused = step_decided(&t.game, 2, 3).expect_err("within a turn");
    assert_eq!(refused.code, RuleCode::EditionNotDue);
    t.push(&[Event::EditionChanged { from: 2, to: 3 }]);
    let seq = t.log.last().unwrap().seq;
    let disbelieved = decide_log_again::<Game>(&t.log).expect_err("believed");
    assert_eq!(disbelieved.seq, seq);

    let mut t = Table::with(under_edition(start_command(2), 3), None);
    t.advance();
    t.arrives("ezio", 2);
    assert!(!t.game.pending_tests.is_empty());
    assert_eq!(
        step_decided(&t.game, 3, 4).expect_err("a test due").code,
        RuleCode::EditionNotDue
    );
}

/// At the start of turn 2 of an edition-2 memory, Ezio having gone through
/// a fast travel station in turn 1: the view does not offer him a return,
/// which the next command, decided after the edition step ("Go to the next
/// memory" or "Return to the game" chosen as he left), is refused. Within
/// the turn, edition 2's late return is still offered.
#[test]
fn the_offers_at_an_older_memorys_turn_start_are_the_new_editions() {
    let mut t = Table::with(under_edition(start_command(2), 2), None);
    t.advance();
    t.run(leave("ezio"));
    t.run(Command::SetAlert { on: true });
    let ezio = |t: &Table| {
        play_view(&t.game)
            .assassins
            .into_iter()
            .find(|a| a.id == "ezio")
            .unwrap()
    };
    assert!(ezio(&t).conditions.contains(&Condition::OnMap));
    t.advance_to(Step::EndOfTurn);
    t.advance();
    assert!(t.game.at_clean_point());
    assert!(!ezio(&t).conditions.contains(&Condition::OnMap));
    let step = bagless_game::Rules::edition_step(&t.game).expect("due");
    t.push(&step);
    assert_eq!(t.refused(back("ezio")).code, RuleCode::LeftForGood);
}

/// At the start of turn 2 of an edition-1 memory, Daria in critical
/// condition: the view does not offer her red-base switch, which the next
/// command, decided under Bagless's edition ("Assassins in critical
/// condition ... cannot do anything"), is refused. Within turn 1, edition
/// 1 offers it.
#[test]
fn the_red_base_switch_at_an_edition_1_memorys_turn_start() {
    let mut t = Table::edition_1(2);
    t.advance();
    t.run(Command::SetCondition {
        assassin: "daria".into(),
        condition: Condition::Critical,
    });
    let daria = |t: &Table| play_view(&t.game).assassins[1].clone();
    assert_eq!(daria(&t).id, "daria");
    assert!(daria(&t).status_switch, "edition 1, within the turn");
    t.advance_to(Step::EndOfTurn);
    t.advance();
    assert_eq!(t.assassin("daria").condition, Condition::Critical);
    assert!(!daria(&t).status_switch);
    let step = bagless_game::Rules::edition_step(&t.game).expect("due");
    t.push(&step);
    let refused = t.refused(Command::SetExposed {
        assassin: "daria".into(),
        exposed: true,
    });
    assert_eq!(refused.code, RuleCode::AssassinCannotAct);
}

/// The reminder of the card's column follows the memory's edition:
/// edition 4's "select the column that corresponds to the alert state" as
/// the card is drawn (`column_drawn`), editions 1 to 3's as the guards are
/// placed (`column`).
#[test]
fn the_reinforcement_reminder_follows_the_edition() {
    for (edition, key, other) in [
        (1, "reinforcement.column", "reinforcement.column_drawn"),
        (3, "reinforcement.column", "reinforcement.column_drawn"),
        (4, "reinforcement.column_drawn", "reinforcement.column"),
    ] {
        let mut t = Table::with(under_edition(start_command(2), edition), None);
        t.advance_to(Step::Reinforcement);
        let reminders = play_view(&t.game).reminders;
        assert!(reminders.iter().any(|k| k == key), "edition {edition}");
        assert!(!reminders.iter().any(|k| k == other), "edition {edition}");
    }
}
