//! The game told back (issue 57): the story's money round by round is the
//! state's at each round's end, its targets the log's, its final money the
//! end count's; an evening from the epoch is the whole game, one from after
//! the last entry is nothing; nothing the table does not see is told.

use crate::support;

use bagless_game::Envelope;
use bagless_nation::*;
use chrono::{DateTime, Duration, Utc};
use proptest::prelude::*;
use support::random::*;
use support::*;

/// The log written one minute apart from 20:00 on 1 March 2026.
fn timed(log: &[Envelope<Event>]) -> Vec<Envelope<Event>> {
    log.iter()
        .enumerate()
        .map(|(i, e)| Envelope {
            recorded_at: start() + Duration::minutes(i as i64),
            ..e.clone()
        })
        .collect()
}

fn start() -> DateTime<Utc> {
    "2026-03-01T20:00:00Z".parse().unwrap()
}

/// Three players to the end: every target down, the hit lists shown
/// (player 2 earning a bonus), the count closed.
pub fn finished_game() -> Table {
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
    for player in [0, 1] {
        table.run(Command::RevealHitList {
            player,
            entries: vec![],
        });
    }
    table.run(Command::CloseCount);
    table
}

/// The table's money (its scoreboard) after the log's first `len` events.
fn scoreboard_after(log: &[Envelope<Event>], len: usize) -> Vec<(u32, u32, u32, i32)> {
    scoreboard(&replay(&log[..len]))
        .iter()
        .map(|l| (l.cash, l.debt, l.tiles_value, l.running))
        .collect()
}

fn money_of(point: &RoundPoint) -> Vec<(u32, u32, u32, i32)> {
    point
        .money
        .iter()
        .map(|m| (m.cash, m.debt, m.tiles_value, m.running))
        .collect()
}

#[test]
fn a_story_told_to_the_end_is_the_log_and_the_end_count() {
    let table = finished_game();
    let told = story(&table.log);
    assert_eq!(told.phase, Phase::Over);
    assert_eq!(told.players, vec!["Ada", "Bea", "Cal"]);
    // The start, then each round to the last.
    let rounds: Vec<u32> = told.rounds.iter().map(|p| p.round).collect();
    assert_eq!(rounds, (0..=table.game.round).collect::<Vec<_>>());
    assert!(told.rounds.iter().all(|p| p.ended));
    assert_eq!(told.rounds[0].money[0].cash, pack::pack().starting_cash);
    // Each round's money is the state's once its last entry was applied.
    for point in &told.rounds {
        assert_eq!(
            money_of(point),
            scoreboard_after(&table.log, point.seq as usize),
            "round {}",
            point.round
        );
    }
    let last = told.rounds.last().unwrap();
    assert_eq!(last.seq as usize, table.log.len());
    // The final money is the end count's, explained term by term.
    let count = end_count(&table.game).unwrap();
    assert_eq!(told.end_count.as_ref(), Some(&count));
    for (m, line) in last.money.iter().zip(&count.lines) {
        assert_eq!(
            (m.cash, m.debt, m.tiles_value),
            (line.cash, line.debt, line.tiles_value)
        );
        assert_eq!(m.running + line.bonuses as i32, line.total);
    }
    assert_eq!(count.lines[2].bonuses, 20_000);
    assert_eq!(told.winner, table.game.winner);
    // The targets are the log's eliminations, in order, each in its round.
    let eliminated: Vec<(u32, u8, u8)> = table
        .log
        .iter()
        .filter_map(|e| match e.event {
            Event::TargetEliminated { target, player, .. } => Some((e.seq, player, target)),
            _ => None,
        })
        .collect();
    let told_targets: Vec<(u32, u8, u8)> = told
        .targets
        .iter()
        .map(|t| (t.seq, t.player, t.target))
        .collect();
    assert_eq!(told_targets, eliminated);
    assert_eq!(told.targets.len(), 18);
    for t in &told.targets {
        let round = replay(&table.log[..t.seq as usize - 1]).round;
        assert_eq!(t.round, round);
        let before = scoreboard_after(&table.log, t.seq as usize - 1)[t.player as usize].3;
        let after = scoreboard_after(&table.log, t.seq as usize)[t.player as usize].3;
        assert_eq!(t.gained, after - before);
        assert_eq!(t.value, table.target(t.target).value);
    }
}

#[test]
fn an_evening_from_the_epoch_is_the_whole_game_and_after_the_last_entry_nothing() {
    let table = finished_game();
    let log = timed(&table.log);
    let told = story(&log);
    let whole = evening(&log, DateTime::<Utc>::UNIX_EPOCH);
    assert!(whole.set_up && whole.over);
    assert_eq!(whole.winner, table.game.winner);
    assert_eq!(whole.targets, told.targets);
    assert_eq!(whole.rounds, (1..=table.game.round).collect::<Vec<_>>());
    assert_eq!(whole.rounds_ended, table.game.round);
    let entries = bagless_game::undo::in_effect(&log)
        .iter()
        .filter(|e| bagless_game::undo::Logged::is_entry(&e.event))
        .count();
    assert_eq!(whole.entries as usize, entries);
    let first = &told.rounds[0].money;
    let last = &told.rounds.last().unwrap().money;
    for (((m, a), b), name) in whole.money.iter().zip(first).zip(last).zip(&told.players) {
        assert_eq!((&m.name, m.from, m.to), (name, a.running, b.running));
        assert_eq!(m.gained, b.running - a.running);
    }
    let after = log.last().unwrap().recorded_at + Duration::seconds(1);
    let nothing = evening(&log, after);
    assert_eq!(nothing.entries, 0);
    assert!(nothing.rounds.is_empty() && nothing.targets.is_empty() && nothing.money.is_empty());
    assert!(!nothing.over && !nothing.set_up);
}

#[test]
fn an_evening_from_the_middle_tells_what_was_played_since() {
    let table = finished_game();
    let log = timed(&table.log);
    let split = log
        .iter()
        .position(|e| matches!(e.event, Event::RoundEnded { round: 3, .. }))
        .unwrap();
    let since = log[split + 1].recorded_at;
    let told = evening(&log, since);
    assert!(!told.set_up);
    assert_eq!(told.rounds[0], 3);
    let whole = story(&log);
    let later: Vec<_> = whole
        .targets
        .iter()
        .filter(|t| t.seq as usize > split + 1)
        .cloned()
        .collect();
    assert_eq!(told.targets, later);
    let before = scoreboard_after(&log, split + 1);
    for m in &told.money {
        assert_eq!(m.from, before[m.seat as usize].3);
    }
}

/// "END OF ROUND": "The game continues until all Targets have been
/// eliminated." An evening that stops before the last target falls tells
/// no end of the game and no winner; the evening the game ends tells it.
#[test]
fn end_of_round_an_evening_of_a_game_still_played_tells_no_end() {
    let mut table = Table::new(3);
    table.play(&[Try::new(0, 1, "pistol")]);
    table.resolve(0, &[6]);
    let log = timed(&table.log);
    let told = evening(&log, DateTime::<Utc>::UNIX_EPOCH);
    assert!(told.set_up && told.entries > 0);
    assert!(!told.over);
    assert_eq!(told.winner, None);
    let finished = finished_game();
    let told = evening(&timed(&finished.log), DateTime::<Utc>::UNIX_EPOCH);
    assert!(told.over);
    assert_eq!(told.winner, finished.game.winner);
}

/// Two tables alike but for what the table does not see: the same story.
#[test]
fn nothing_hidden_is_told_before_the_end() {
    let secret = |bonus: u32, target: u8| {
        let mut table = Table::new(3);
        table.run(Command::KeepHitList {
            player: 1,
            entries: vec![HitListEntry { target: 7, bonus }],
        });
        table.end_intel();
        table.run(Try::new(0, target, "pistol").cmd());
        table
    };
    let (a, b) = (secret(10_000, 1), secret(2_000, 2));
    assert_eq!(a.game.phase, Phase::Assassination);
    assert_ne!(a.log, b.log);
    assert_eq!(story(&a.log), story(&b.log));
    assert_eq!(
        evening(&a.log, DateTime::<Utc>::UNIX_EPOCH),
        evening(&b.log, DateTime::<Utc>::UNIX_EPOCH)
    );
    assert!(story(&a.log).end_count.is_none());
    let text = serde_json::to_string(&story(&a.log)).unwrap();
    assert!(!text.contains("10000") && !text.contains("hit_list"));
}

#[test]
fn a_year_counts_the_games_and_the_wins_by_name() {
    let won = finished_game();
    let winner = won.game.winner.unwrap() as usize;
    let running = Table::new(2);
    let told = year([&won.game, &won.game, &running.game, &Game::default()]);
    assert_eq!((told.games, told.finished), (3, 2));
    let name = &won.game.players[winner].name;
    assert_eq!(&told.players[0].name, name);
    let played = if winner < 2 { 3 } else { 2 };
    assert_eq!((told.players[0].wins, told.players[0].played), (2, played));
    let wins: u32 = told.players.iter().map(|p| p.wins).sum();
    assert_eq!(wins, 2);
    let connor = told.players.iter().find(|p| p.name == "Cal").unwrap();
    assert_eq!((connor.played, connor.finished), (2, 2));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random games, undos among them: the story's last money is the
    /// state's, its targets those the players hold; an evening's money runs
    /// from the state before its first entry to the state now, and two
    /// evenings split anywhere add up to the whole.
    #[test]
    fn random_games_told_back_agree_with_the_state(
        players in 2usize..=5,
        seed in any::<u64>(),
        split in any::<prop::sample::Index>(),
        steps in proptest::collection::vec(
            prop_oneof![
                12 => (any::<u8>(), any::<u8>(), any::<u8>(), any::<u8>())
                    .prop_map(|(o, a, b, c)| Step::Cmd(o, a, b, c)),
                1 => Just(Step::Undo),
            ],
            0..200,
        ),
    ) {
        let mut table = Table::new(players);
        for (i, step) in steps.into_iter().enumerate() {
            table.seed = Some(seed.wrapping_add(i as u64));
            match step {
                Step::Cmd(op, a, b, c) => {
                    let command = command(&table.game, op, a, b, c);
                    if let Ok(events) = decide(&table.game, &command, &ctx(table.seed)) {
                        table.push(&events);
                    }
                }
                _ => {
                    let _ = table.undo();
                }
            }
        }
        let log = timed(&table.log);
        let told = story(&log);
        let now: Vec<i32> = scoreboard(&table.game).iter().map(|l| l.running).collect();
        let last: Vec<i32> = told.rounds.last().unwrap().money.iter().map(|m| m.running).collect();
        prop_assert_eq!(&last, &now);
        let held: usize = table.game.players.iter().map(|p| p.tiles.len()).sum();
        prop_assert_eq!(told.targets.len(), held);
        let whole = evening(&log, DateTime::<Utc>::UNIX_EPOCH);
        prop_assert_eq!(&whole.targets, &told.targets);
        let at = log[split.index(log.len())].recorded_at;
        let part = evening(&log, at);
        let first: Vec<&Envelope<Event>> = bagless_game::undo::in_effect(&log)
            .into_iter()
            .filter(|e| e.recorded_at < at)
            .collect();
        let mut before = Game::default();
        for e in &first {
            evolve(&mut before, &e.event);
        }
        if first.is_empty() {
            // Set up that evening: its money runs from the starting cash.
            evolve(&mut before, &log[0].event);
        }
        for m in &part.money {
            let from = scoreboard(&before).get(m.seat as usize).map_or(0, |l| l.running);
            prop_assert_eq!(m.from, from);
            prop_assert_eq!(m.to, now[m.seat as usize]);
            prop_assert_eq!(whole.money[m.seat as usize].gained, (m.from - whole.money[m.seat as usize].from) + m.gained);
        }
        let both = told.targets.iter().filter(|t| t.recorded_at.parse::<DateTime<Utc>>().unwrap() >= at).count();
        prop_assert_eq!(part.targets.len(), both);
    }
}
