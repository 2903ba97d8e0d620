//! The third reading's findings (issue 55), under edition 3 of the rules:
//! "1) REVEAL YOUR ASSASSINATION ATTEMPTS" "All players now reveal all of
//! their cards face-up at the same time": the reveal waits for every
//! player's attempt or pass, and the forms offer only what the rules
//! accept. Edition 2 keeps its readings (pinned below).

use crate::support;

use bagless_game::{decide_log_again, Rules};
use bagless_nation::rules::seats::seat_command;
use bagless_nation::views::seat::seat_view;
use bagless_nation::*;
use support::*;

/// "All players now reveal all of their cards face-up at the same time":
/// a player still choosing (on their phone, or at the table) is waited
/// for, not passed over; each plays an attempt or says they pass, and a
/// pass is taken back like an attempt.
#[test]
fn reveal_your_attempts_the_reveal_waits_for_each_players_attempt_or_pass() {
    let mut table = Table::new(3);
    table.end_intel();
    table.run(Try::new(0, 1, "pistol").cmd());
    table.run(Try::new(1, 2, "knife").cmd());
    assert_eq!(table_view(&table.game).offers.awaited, vec![2]);
    let refusal = table.refused(Command::Reveal);
    assert_eq!(refusal.code, RuleCode::AttemptsAwaited);
    assert_eq!(refusal.section, Section::RevealYourAttempts);
    assert_eq!(refusal.params["players"], "2");
    // Cal passes from their own phone; the table sees it.
    let asked = Command::PassAttempt { player: 0 };
    table.run(seat_command(2, asked).expect("a pass is a seat's"));
    let view = table_view(&table.game);
    assert!(view.players[2].passed && !view.players[2].declared);
    // Taken back, Cal is waited for again.
    table.run(Command::WithdrawAttempt { player: 2 });
    assert!(!table_view(&table.game).players[2].passed);
    assert_eq!(
        table.refused(Command::Reveal).code,
        RuleCode::AttemptsAwaited
    );
    // Passing takes back a face-down attempt: Bea changes her mind.
    table.run(Command::PassAttempt { player: 2 });
    table.run(Command::PassAttempt { player: 1 });
    assert!(table.game.attempt(1).is_none());
    assert!(table_view(&table.game).offers.awaited.is_empty());
    let events = table.run(Command::Reveal);
    assert_eq!(events, vec![Event::AttemptsRevealed]);
    assert_eq!(table.game.attempts.len(), 1);
    let lines = history(&table.log);
    assert!(lines.iter().any(|l| l.key == "attempt_passed"));
    assert_eq!(decide_log_again::<Game>(&table.log).unwrap(), table.game);
    // The next round waits for everyone again.
    table.resolve(0, &[6]);
    table.run(Command::EndRound);
    assert!(table.game.passed.is_empty());
}

/// "TIES:" "The tied players do the following": only they are waited for,
/// and only they may pass.
#[test]
fn ties_the_reveal_waits_only_for_the_tied_players() {
    let mut table = Table::new(3);
    crate::end_rules::tie_players_zero_and_two(&mut table);
    table.end_intel();
    let refusal = table.refused(Command::PassAttempt { player: 1 });
    assert_eq!(
        (refusal.code, refusal.section),
        (RuleCode::NotInDuel, Section::Ties)
    );
    table.run(Try::duel(0, "poison").cmd());
    let refusal = table.refused(Command::Reveal);
    assert_eq!(refusal.params["players"], "2");
    table.run(Command::PassAttempt { player: 2 });
    table.run(Command::Reveal);
    assert_eq!(table.game.phase, Phase::Reveal);
}

/// Edition 2 (a game recorded before the third reading) revealed whatever
/// was on the table, and keeps doing so until its next clean point, where
/// the edition step moves it to edition 3.
#[test]
fn an_edition_2_game_reveals_without_waiting_until_its_edition_step() {
    let mut table = Table::under(3, 2);
    table.end_intel();
    table.run(Try::new(0, 1, "pistol").cmd());
    assert!(table_view(&table.game).offers.awaited.is_empty());
    table.run(Command::Reveal);
    assert_eq!(table.game.phase, Phase::Reveal);
    assert_eq!(table.game.edition_step(), None);
    table.resolve(0, &[1]);
    table.run(Command::EndRound);
    let step = vec![Event::EditionChanged { from: 2, to: 3 }];
    assert_eq!(table.game.edition_step(), Some(step.clone()));
    table.push(&step);
    table.end_intel();
    table.run(Try::new(0, 1, "pistol").cmd());
    assert_eq!(
        table.refused(Command::Reveal).code,
        RuleCode::AttemptsAwaited
    );
    assert_eq!(decide_log_again::<Game>(&table.log).unwrap(), table.game);
}

/// "2) PLAY REVEAL CARDS" comes before "3) RESOLVE ASSASSINATION
/// ATTEMPTS"; "TIES:" "4. Reveal Phase: Reveal your Assassin Cards and
/// play any applicable Reveal Cards" (the tied players): the form offers a
/// Reveal Card only while the rules accept one, and "played by" only a
/// player who may play it.
#[test]
fn play_reveal_cards_the_form_is_offered_only_while_the_rules_accept_it() {
    let mut table = Table::new(2);
    assert!(table_view(&table.game).offers.reveal_cards_by.is_empty());
    table.play(&[Try::new(0, 1, "pistol"), Try::new(1, 2, "knife")]);
    assert_eq!(table_view(&table.game).offers.reveal_cards_by, vec![0, 1]);
    table.resolve(0, &[6]);
    // Resolving has begun: no Reveal Card, and none offered.
    assert!(table_view(&table.game).offers.reveal_cards_by.is_empty());
    let refusal = table.refused(Command::PlayModifier {
        player: 1,
        card: "jammed".into(),
        played_by: 0,
    });
    assert_eq!(refusal.code, RuleCode::ResolvingBegun);

    let mut table = Table::new(3);
    crate::end_rules::tie_players_zero_and_two(&mut table);
    table.end_intel();
    table.run(Try::duel(0, "poison").cmd());
    table.run(Try::duel(2, "knife").cmd());
    table.reveal();
    let offered = table_view(&table.game).offers.reveal_cards_by;
    assert_eq!(offered, vec![0, 2]);
    for by in 0..3u8 {
        let played = table.try_run(Command::PlayModifier {
            player: 0,
            card: "jammed".into(),
            played_by: by,
        });
        assert_eq!(played.is_ok(), offered.contains(&by), "played by {by}");
        if played.is_ok() {
            table.undo().unwrap();
        }
    }
}

/// "TIES:" the attempt form is offered on the phone of a tied player only,
/// and only in the Assassination Phase.
#[test]
fn ties_the_attempt_form_is_offered_on_a_tied_players_phone_only() {
    let mut table = Table::new(3);
    assert!(!seat_view(&table.game, 0).unwrap().can_declare);
    table.end_intel();
    assert!((0..3).all(|s| seat_view(&table.game, s).unwrap().can_declare));
    let mut table = Table::new(3);
    crate::end_rules::tie_players_zero_and_two(&mut table);
    table.end_intel();
    let offered: Vec<bool> = (0..3)
        .map(|s| seat_view(&table.game, s).unwrap().can_declare)
        .collect();
    assert_eq!(offered, vec![true, false, true]);
    let refused = table.refused(Try::duel(1, "pistol").cmd());
    assert_eq!(refused.code, RuleCode::NotInDuel);
}

/// Edition 3: only what a roll to come needs is asked once the cards are
/// face up: an attempt missed (its target not available) rolls nothing,
/// so nothing printed on its cards is asked; a value is asked within the
/// bounds Bagless takes (`value_bounds`).
#[test]
fn reveal_phase_nothing_is_asked_for_an_attempt_that_will_not_be_rolled() {
    let mut command = create_command(2, false);
    if let Command::CreateGame { box_values, .. } = &mut command {
        box_values.remove("target.2.msr");
    }
    let mut table = Table::empty();
    table.run(command);
    table.end_intel();
    // Target 12 is not available: the garrote's attempt is missed.
    table.run(Try::new(0, 12, "garrote").time(2230).cmd());
    table.run(Try::new(1, 2, "pistol").cmd());
    assert!(table_view(&table.game).offers.awaited.is_empty());
    table.reveal();
    assert_eq!(table.game.attempt(0).unwrap().status, AttemptStatus::Missed);
    let asked = table_view(&table.game).asks.expect("target 2's adjustment");
    assert_eq!(asked.key, "target.2.msr");
    assert_eq!((asked.min, asked.max), (Some(-5), Some(5)));
    table.run(Command::SetBoxValue {
        key: asked.key,
        value: BoxValue::Number(1),
    });
    assert_eq!(table_view(&table.game).asks, None);
    table.resolve(1, &[6, 6]);
    // Nobody is awaited outside the Assassination Phase.
    table.run(Command::EndRound);
    assert!(table_view(&table.game).offers.awaited.is_empty());
}

/// Edition 1 (a game recorded before the second reading) let Reveal Cards
/// be played while resolving: its form stays offered while an attempt
/// waits for its roll.
#[test]
fn an_edition_1_game_offers_reveal_cards_while_resolving() {
    let mut table = Table::under(2, 1);
    table.play(&[
        Try::new(0, 1, "pistol").sent_by_edition_1(),
        Try::new(1, 2, "knife").sent_by_edition_1(),
    ]);
    table.resolve(0, &[6]);
    assert_eq!(table_view(&table.game).offers.reveal_cards_by, vec![0, 1]);
    table.resolve(1, &[6]);
    assert!(table_view(&table.game).offers.reveal_cards_by.is_empty());
}

/// A player who passed and then plays an attempt has played it (the pass
/// is gone); another player's pass stands (mutation testing found the
/// declaration's clearing of the pass untested).
#[test]
fn reveal_your_attempts_an_attempt_played_after_a_pass_replaces_it() {
    let mut table = Table::new(2);
    table.end_intel();
    table.run(Command::PassAttempt { player: 0 });
    table.run(Command::PassAttempt { player: 1 });
    table.run(Try::new(1, 2, "knife").cmd());
    let view = table_view(&table.game);
    assert!(view.players[0].passed);
    assert!(!view.players[1].passed && view.players[1].declared);
    table.run(Command::Reveal);
    assert_eq!(table.game.attempts.len(), 1);
}
