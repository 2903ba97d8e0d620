//! The seed read a second time (issue 30, corrections 11 and 12), played
//! from edition 2 of the rules: "TIME OF DEATH" belongs to each Weapon Card
//! played, a Contract Card goes with every attempt ("2) PLAY A CONTRACT
//! CARD AND ASSASSIN CARD(S) FACE-DOWN:"), a hit-list bonus is taken as
//! printed ("TOP SECRET HIT LIST CARDS x20"). A game recorded under edition
//! 1 keeps the older readings until its next clean point, between two
//! rounds, where the edition step moves it on (an entry, undone like any
//! other, and decided again from a file).

use crate::support;

use bagless_game::{decide_log_again, Envelope, Rules, Why};
use bagless_nation::*;
use chrono::{DateTime, Utc};
use support::*;

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

/// Two players on the bottom row with every target's adjustment 0.
fn at_the_assassination_phase(table: &mut Table) {
    table.end_intel();
}

// ---------------------------------------------------------------------------
// 11. TIME OF DEATH: the time printed on each card.

/// "TIME OF DEATH" "The time printed on a Weapon Card indicates the time of
/// day an assassination attempt takes place." Two Rope cards print two
/// times: the card played at 0815 goes before the one at 1345, with no
/// roll for a tie the weapon type would have made.
#[test]
fn time_of_death_is_the_time_printed_on_the_card_played() {
    let mut table = Table::new(2);
    table.play(&[
        Try::new(0, 3, "rope").time(1345),
        Try::new(1, 3, "rope").time(815),
    ]);
    let view = table_view(&table.game);
    assert_eq!(view.attempts[0].time, Some(1345));
    assert_eq!(view.attempts[1].time, Some(815));
    assert_eq!(view.waiting, Waiting::Resolve { players: vec![1] });
    let weapon = table.game.attempt(0).unwrap().weapon.clone().unwrap();
    assert_eq!(weapon.cards, Some(vec![1345]));
}

/// "TIME OF DEATH": a Weapon Card played is entered with the time it
/// prints; the weapon's kind does not give it (copies print different
/// times), so a card without its time is refused, naming the heading.
#[test]
fn time_of_death_a_card_without_its_time_is_refused() {
    let mut table = Table::new(2);
    at_the_assassination_phase(&mut table);
    // The test box knows a Pistol time (1200): it is not the card's.
    let refusal = table.refused(Try::new(0, 1, "pistol").no_time().cmd());
    assert_eq!(refusal.code, RuleCode::TimeCount);
    assert_eq!(refusal.section, Section::TimeOfDeath);
    assert_eq!(refusal.params["count"], "1");
    assert!(table_view(&table.game).offers.card_times);
}

/// "TIME OF DEATH": a Weapon Card prints a time of day (HHMM): 2359 is
/// taken, a minute of 60 or an hour of 24 is not a time and is refused,
/// naming the heading.
#[test]
fn time_of_death_a_time_is_a_time_of_day() {
    for time in [1260u16, 2400] {
        let mut table = Table::new(2);
        at_the_assassination_phase(&mut table);
        let refusal = table.refused(Try::new(0, 1, "pistol").time(time).cmd());
        assert_eq!(refusal.code, RuleCode::TimeInvalid, "{time}");
        assert_eq!(refusal.section, Section::TimeOfDeath);
    }
    let mut table = Table::new(2);
    at_the_assassination_phase(&mut table);
    table.run(Try::new(0, 1, "pistol").time(2359).cmd());
}

/// "Playing doubles of Weapon Cards:" "In the case of players attempting
/// to assassinate the same Target, the Weapon card with the earlier time is
/// counted." Two Ropes printing 1345 and 0815 count 0815, before a Knife
/// at 1000; a double needs both cards' times.
#[test]
fn playing_doubles_the_weapon_card_with_the_earlier_time_is_counted() {
    let mut table = Table::new(2);
    at_the_assassination_phase(&mut table);
    let mut one_time = Try::new(0, 1, "rope").time(1345).doubled();
    one_time.second_time = None;
    let refusal = table.refused(one_time.cmd());
    assert_eq!(refusal.code, RuleCode::TimeCount);
    assert_eq!(refusal.params["count"], "2");
    table.run(
        Try::new(0, 1, "rope")
            .time(1345)
            .doubled()
            .second_time(815)
            .cmd(),
    );
    table.run(Try::new(1, 1, "knife").time(1000).cmd());
    table.reveal();
    let view = table_view(&table.game);
    assert_eq!(view.attempts[0].time, Some(815));
    assert_eq!(view.attempts[0].card_times, vec![1345, 815]);
    assert_eq!(view.waiting, Waiting::Resolve { players: vec![0] });
    let weapon = table.game.attempt(0).unwrap().weapon.clone().unwrap();
    assert_eq!((weapon.time, weapon.cards), (815, Some(vec![1345, 815])));
}

/// "Unarmed Assassination:" "without playing a Weapon Card": no card, no
/// time printed, neither a first nor a second one.
#[test]
fn unarmed_assassination_has_no_card_time() {
    let mut table = Table::new(2);
    at_the_assassination_phase(&mut table);
    let mut unarmed = Try::unarmed(0, 1);
    unarmed.second_time = Some(900);
    assert_eq!(table.refused(unarmed.cmd()).code, RuleCode::TimeUnarmed);
    table.run(Try::unarmed(0, 1).cmd());
}

// ---------------------------------------------------------------------------
// 12. A Contract Card with every attempt; a hit-list bonus as printed.

/// "2) PLAY A CONTRACT CARD AND ASSASSIN CARD(S) FACE-DOWN:" "Player's
/// choose a Contract Card from their hand, along with a Weapon Card and any
/// other cards": an attempt without a contract is refused, an unarmed one
/// too ("the player receives no Contract bonuses", so a contract is
/// played); "TIES:" plays "Assassin Cards" only, so the duel needs none.
#[test]
fn play_a_contract_card_with_each_attempt() {
    let mut table = Table::new(2);
    at_the_assassination_phase(&mut table);
    assert!(table_view(&table.game).offers.contract_needed);
    let refusal = table.refused(Try::new(0, 1, "pistol").no_contract().cmd());
    assert_eq!(refusal.code, RuleCode::ContractNeeded);
    assert_eq!(refusal.section, Section::PlayAContract);
    let refusal = table.refused(Try::unarmed(1, 2).no_contract().cmd());
    assert_eq!(refusal.code, RuleCode::ContractNeeded);
    table.run(Try::new(0, 1, "pistol").cmd());
    table.run(Try::unarmed(1, 2).cmd());
}

/// "TOP SECRET HIT LIST CARDS x20" "they will earn bonus Cash towards their
/// end total as shown on the card": a bonus of $25,000 is taken and
/// counted (no cap of Bagless's own); a bonus is still whole Cash Tokens.
#[test]
fn hit_list_bonus_is_taken_as_printed() {
    let mut table = Table::new(2);
    table.play_to_the_end();
    assert_eq!(table_view(&table.game).offers.max_bonus, None);
    let taken = table.game.players[0].tiles[0];
    let refusal = table.refused(Command::RevealHitList {
        player: 0,
        entries: vec![HitListEntry {
            target: taken,
            bonus: 2500,
        }],
    });
    assert_eq!(refusal.code, RuleCode::BonusThousands);
    assert_eq!(refusal.section, Section::HitListCards);
    table.run(Command::RevealHitList {
        player: 0,
        entries: vec![HitListEntry {
            target: taken,
            bonus: 25_000,
        }],
    });
    table.run(Command::RevealHitList {
        player: 1,
        entries: vec![],
    });
    let count = end_count(&table.game).unwrap();
    assert_eq!(count.lines[0].bonuses, 25_000);
}

// ---------------------------------------------------------------------------
// Edition 1 kept, the edition step, and a file decided again.

/// A game recorded under edition 1 plays as it did: the weapon's time when
/// none is typed, no contract needed, no second card's time, a bonus of at
/// most $20,000.
#[test]
fn an_edition_1_game_keeps_the_older_readings() {
    let mut table = Table::under(2, 1);
    assert_eq!(table.game.edition, 1);
    let view = table_view(&table.game);
    assert!(!view.offers.contract_needed && !view.offers.card_times);
    assert_eq!(view.offers.max_bonus, Some(20_000));
    table.end_intel();
    let refusal = table.refused(
        Try::new(0, 1, "rope")
            .time(900)
            .doubled()
            .second_time(800)
            .cmd(),
    );
    assert_eq!(refusal.code, RuleCode::TimeCount);
    table.run(Try::new(0, 1, "pistol").sent_by_edition_1().cmd());
    let weapon = table.game.attempt(0).unwrap().weapon.clone().unwrap();
    assert_eq!((weapon.time, weapon.cards), (1200, None));
    let mut table = Table::under(2, 1);
    table.play_to_the_end();
    let taken = table.game.players[0].tiles[0];
    let refusal = table.refused(Command::RevealHitList {
        player: 0,
        entries: vec![HitListEntry {
            target: taken,
            bonus: 25_000,
        }],
    });
    assert_eq!(refusal.code, RuleCode::BonusInvalid);
    assert_eq!(refusal.params["max"], "20000");
}

/// "TOP SECRET HIT LIST CARDS x20": "they will earn bonus Cash towards
/// their end total as shown on the card". Under edition 1 a card shows at
/// most $20,000: a bonus of exactly $20,000 is taken and counted.
#[test]
fn top_secret_hit_list_cards_an_edition_1_bonus_of_twenty_thousand_is_taken() {
    let mut table = Table::under(2, 1);
    table.play_to_the_end();
    let taken = table.game.players[0].tiles[0];
    table.run(Command::RevealHitList {
        player: 0,
        entries: vec![HitListEntry {
            target: taken,
            bonus: 20_000,
        }],
    });
    table.run(Command::RevealHitList {
        player: 1,
        entries: vec![],
    });
    assert_eq!(end_count(&table.game).unwrap().lines[0].bonuses, 20_000);
}

/// The edition step is due only at a clean point, between two rounds (the
/// Intel Phase, or the count before any Hit List is shown), and only for a
/// game of an older edition; taken, it is an entry that undo takes back.
#[test]
fn the_edition_step_comes_between_two_rounds_and_is_undone_like_any_entry() {
    assert_eq!(Table::new(2).game.edition_step(), None);
    let mut table = Table::under(2, 1);
    let step = vec![Event::EditionChanged { from: 1, to: 3 }];
    assert_eq!(table.game.edition_step(), Some(step.clone()));
    table.end_intel();
    assert_eq!(table.game.edition_step(), None);
    table.run(Try::new(0, 1, "pistol").sent_by_edition_1().cmd());
    table.reveal();
    assert_eq!(table.game.edition_step(), None);
    table.resolve(0, &[1]);
    table.run(Command::EndRound);
    assert_eq!(table.game.edition_step(), Some(step.clone()));
    table.push(&step);
    assert_eq!(table.game.played_edition(), 3);
    table.end_intel();
    let refusal = table.refused(Try::new(0, 1, "pistol").sent_by_edition_1().cmd());
    assert_eq!(refusal.code, RuleCode::TimeCount);
    // Undone: the game is edition 1 again, the step due once more.
    let mut table = Table::under(2, 1);
    table.push(&step);
    table.undo().unwrap();
    assert_eq!(table.game.edition, 1);
    assert_eq!(table.game.edition_step(), Some(step));
    let line = history(&table.log)
        .into_iter()
        .find(|l| l.key == "edition_changed")
        .unwrap();
    assert_eq!(
        (&line.params["from"][..], &line.params["to"][..]),
        ("1", "3")
    );
}

/// "WINNING THE GAME": "Once all of the Targets have been assassinated,
/// the players total up" — the count, before any Hit List card is shown,
/// is a point between two readings of the rules like the Intel Phase: an
/// older game's edition step is due there, and no longer once a card is
/// shown.
#[test]
fn winning_the_game_the_edition_step_is_due_at_the_count_before_any_hit_list() {
    let mut table = Table::under(2, 1);
    table.play_to_the_end();
    assert_eq!(table.game.phase, Phase::Count);
    let step = vec![Event::EditionChanged { from: 1, to: 3 }];
    assert_eq!(table.game.edition_step(), Some(step));
    table.run(Command::RevealHitList {
        player: 0,
        entries: vec![],
    });
    assert_eq!(table.game.edition_step(), None);
}

/// "STARTING THE GAME" under an edition Bagless plays: 1 to 3.
#[test]
fn an_edition_bagless_does_not_play_is_refused() {
    for edition in [0, 4] {
        let mut table = Table::empty();
        let refusal = table.refused(create_command_under(2, false, edition));
        assert_eq!(refusal.code, RuleCode::EditionUnknown);
        assert_eq!(refusal.section, Section::SavingTheGame);
    }
}

/// A log an older Bagless wrote has no edition on its creation: it is
/// edition 1, decided again without a refusal, and gives the same game.
#[test]
fn a_log_without_an_edition_is_edition_1_and_believed() {
    let mut table = Table::under(2, 1);
    table.end_intel();
    table.run(Try::new(0, 1, "pistol").sent_by_edition_1().cmd());
    table.run(Try::unarmed(1, 2).sent_by_edition_1().cmd());
    table.reveal();
    let mut json = serde_json::to_value(events(&table)).unwrap();
    json[0].as_object_mut().unwrap().remove("edition");
    let old: Vec<Event> = serde_json::from_value(json).unwrap();
    assert_eq!(old, events(&table));
    let game = decide_log_again::<Game>(&file(old)).unwrap();
    assert_eq!(game, table.game);
    assert_eq!(game.edition, 1);
}

/// The edition step read from a file is believed where it was due, and
/// refused where it was not (mid-round, or a game already of the edition).
#[test]
fn an_edition_step_in_a_file_is_decided_again() {
    let step = Event::EditionChanged { from: 1, to: 2 };
    let mut table = Table::under(2, 1);
    table.push(std::slice::from_ref(&step));
    table.end_intel();
    table.run(Try::new(0, 1, "pistol").cmd());
    assert_eq!(decide_log_again::<Game>(&table.log).unwrap(), table.game);

    let mut table = Table::under(2, 1);
    table.end_intel();
    let mut log = events(&table);
    log.push(step.clone());
    let refused = decide_log_again::<Game>(&file(log)).unwrap_err();
    assert_eq!(refused.seq, 3);
    assert!(matches!(refused.why, Why::Refused { .. }));

    let table = Table::new(2);
    let mut log = events(&table);
    log.push(step);
    let refused = decide_log_again::<Game>(&file(log)).unwrap_err();
    assert_eq!(refused.seq, 2);
}

/// A step read from a file goes from the game's edition to a later one
/// Bagless plays: an edition-1 game stepping "from 2", to its own edition,
/// or past Bagless's, is not believed; from 1 to 2 (an older Bagless) or
/// to 3 (today's), it is.
#[test]
fn an_edition_step_in_a_file_names_the_games_edition_and_one_bagless_plays() {
    let table = Table::under(2, 1);
    for (from, to, believed) in [
        (1, 2, true),
        (1, 3, true),
        (2, 3, false),
        (1, 1, false),
        (1, 4, false),
        (0, 3, false),
    ] {
        let mut log = events(&table);
        log.push(Event::EditionChanged { from, to });
        let again = decide_log_again::<Game>(&file(log));
        assert_eq!(again.is_ok(), believed, "{from} -> {to}: {again:?}");
        if let Ok(game) = again {
            assert_eq!(game.edition, to);
        }
    }
}
