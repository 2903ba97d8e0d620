//! The game told back (issue 57): the story's, the evening's and the
//! year's figures checked against the log itself and against the map view,
//! on the committed 20,000-event game, on games played at random (with
//! undo, redo and jumps back), and on a game won by the Sigma card.

use crate::support;

use bagless_game::undo::in_effect;
use bagless_risk::views::told::story::TurnPoint;
use bagless_risk::*;
use chrono::{DateTime, Duration, Utc};
use proptest::prelude::*;
use std::sync::OnceLock;
use std::time::Instant;
use support::random::*;
use support::*;

#[derive(serde::Deserialize)]
struct Export {
    events: Vec<EventEnvelope>,
}

fn long_game() -> &'static [EventEnvelope] {
    static LOG: OnceLock<Vec<EventEnvelope>> = OnceLock::new();
    LOG.get_or_init(|| {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/risk-20000-events.bagless.json"
        );
        let text = std::fs::read_to_string(path).unwrap();
        serde_json::from_str::<Export>(&text).unwrap().events
    })
}

/// The conquests the log records, in effect: (seq, territory, by, from).
fn conquests_of(log: &[EventEnvelope]) -> Vec<(u32, Territory, Colour, Colour)> {
    in_effect(log)
        .into_iter()
        .filter_map(|e| match &e.event {
            Event::TerritoryConquered {
                player,
                territory,
                previous_owner,
                ..
            } => Some((e.seq, *territory, *player, *previous_owner)),
            _ => None,
        })
        .collect()
}

/// What every story of `log` must say of the game `game` it leads to.
fn story_agrees(log: &[EventEnvelope], game: &Game) -> Result<Story, TestCaseError> {
    let story = story_view(log);
    let map = map_view(game);
    let order: Vec<Colour> = story.brotherhoods.iter().map(|b| b.colour).collect();
    prop_assert_eq!(&order, &game.brotherhoods());
    prop_assert_eq!(story.board as usize, game.map.len());
    // Every turn's territories add up to the board's.
    for point in &story.turns {
        prop_assert_eq!(point.territories.iter().sum::<u32>(), story.board);
        prop_assert_eq!(point.territories.len(), order.len());
    }
    // The last point is the board as the map view shows it.
    if let Some(last) = story.turns.last() {
        for (i, colour) in order.iter().enumerate() {
            let player = map.players.iter().find(|p| p.colour == *colour).unwrap();
            prop_assert_eq!(last.territories[i], player.territories);
            prop_assert_eq!(last.assassins[i], player.assassins);
        }
    }
    // The conquests are the log's, seq for seq.
    let marked: Vec<(u32, Territory, Colour, Colour)> = story
        .conquests
        .iter()
        .map(|c| (c.seq, c.territory, c.player, c.previous_owner))
        .collect();
    prop_assert_eq!(marked, conquests_of(log));
    // A point per turn ended, the deal's, and the turn under way's.
    let in_effect = in_effect(log);
    let ended = in_effect
        .iter()
        .filter(|e| matches!(e.event, Event::TurnEnded { .. }))
        .count();
    let open = usize::from(game.turn.is_some() && game.phase != Phase::Over);
    let started = in_effect
        .iter()
        .any(|e| matches!(e.event, Event::TurnStarted { .. }));
    if started {
        prop_assert_eq!(story.turns.len(), 1 + ended + open);
    }
    prop_assert_eq!(story.events as usize, in_effect.len());
    Ok(story)
}

#[test]
fn the_20000_event_story_is_the_logs_in_one_pass() {
    let log = long_game();
    let game = replay(log);
    let started = Instant::now();
    let story = story_view(log);
    let took = started.elapsed();
    println!(
        "the story of 20,000 events in {:.1} ms ({} build): {} turns, {} conquests",
        took.as_secs_f64() * 1000.0,
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        },
        story.turns.len(),
        story.conquests.len()
    );
    assert!(took.as_millis() < 2_000, "{took:?}");
    let story2 = story_agrees(log, &game).unwrap();
    assert_eq!(story, story2);
    // The figures of this game, read off the export (python's Counter of
    // the event types): 1,352 turns ended, the 1,353rd under way; 831
    // conquests; no mission claimed.
    assert_eq!(story.turns.len(), 1 + 1352 + 1);
    assert_eq!(story.turns[0].turn, 0);
    assert_eq!(story.turns[0].territories.iter().sum::<u32>(), 42);
    assert_eq!(story.turns[1352].turn, 1352);
    let last = story.turns.last().unwrap();
    assert_eq!((last.turn, last.in_progress), (1353, true));
    assert_eq!(last.player, Some(Colour::Black));
    assert_eq!(story.conquests.len(), 831);
    assert!(story.missions.is_empty());
    assert_eq!(story.won, None);
    // Conquests are marked on the turn they happened.
    for c in &story.conquests {
        let turn = story.turns.iter().find(|p| p.turn == c.turn).unwrap();
        assert!(c.seq <= turn.seq, "{c:?} after {turn:?}");
    }
}

#[test]
fn the_20000_event_evening_since_the_epoch_is_the_whole_game_and_after_it_nothing() {
    let log = long_game();
    let story = story_view(log);
    let whole = evening_view(log, DateTime::<Utc>::UNIX_EPOCH);
    assert_eq!(whole.events, 20_000);
    assert_eq!(whole.turns, 1353);
    assert_eq!((whole.first_turn, whole.last_turn), (Some(1), Some(1353)));
    assert_eq!(whole.conquests as usize, story.conquests.len());
    assert_eq!(whole.cards_drawn, 42);
    assert_eq!(whole.rolls, 4017);
    let last = story.turns.last().unwrap();
    for (i, b) in whole.brotherhoods.iter().enumerate() {
        assert_eq!(b.territories_before, 0);
        assert_eq!(b.territories, last.territories[i]);
        assert_eq!(b.assassins, last.assassins[i]);
    }
    let conquests: u32 = whole.brotherhoods.iter().map(|b| b.conquests).sum();
    let lost: u32 = whole.brotherhoods.iter().map(|b| b.lost).sum();
    assert_eq!((conquests, lost), (831, 831));

    let after = log.last().unwrap().recorded_at + Duration::seconds(1);
    let none = evening_view(log, after);
    assert_eq!(
        (none.events, none.turns, none.conquests, none.cards_drawn),
        (0, 0, 0, 0)
    );
    for b in &none.brotherhoods {
        assert_eq!(b.territories_before, b.territories);
        assert_eq!(b.assassins_before, b.assassins);
    }
}

/// `log` with each event recorded a minute after the one before.
fn by_the_minute(mut log: Vec<EventEnvelope>) -> Vec<EventEnvelope> {
    let start = DateTime::<Utc>::UNIX_EPOCH + Duration::days(20_000);
    for (i, envelope) in log.iter_mut().enumerate() {
        envelope.recorded_at = start + Duration::minutes(i as i64);
    }
    log
}

#[test]
fn an_evening_from_the_middle_is_the_rest_of_the_game() {
    let log = by_the_minute(long_game()[..6_000].to_vec());
    let at = 4_000;
    let since = log[at].recorded_at;
    let evening = evening_view(&log, since);
    assert_eq!(evening.events, 2_000);
    let whole = story_view(&log);
    let before = story_view(&log[..at]);
    let conquests_after = whole.conquests.len() - before.conquests.len();
    assert_eq!(evening.conquests as usize, conquests_after);
    assert!(conquests_after > 0);
    let started_after = log[at..]
        .iter()
        .filter(|e| matches!(e.event, Event::TurnStarted { .. }))
        .count();
    assert_eq!(evening.turns as usize, started_after);
    // Before the evening: the board the first 4,000 events left.
    let game = replay(&log[..at]);
    for b in &evening.brotherhoods {
        assert_eq!(
            b.territories_before,
            game.territories_held(b.brotherhood.colour)
        );
    }
}

#[test]
fn a_game_won_by_the_sigma_card_tells_its_winner_and_its_year() {
    let mut table = three_players();
    table.place_all();
    table.ok(Command::Adjust {
        territory: Territory::Alaska,
        owner: Some(Colour::Red),
        assassins: 5,
        reason: "set-up for the test".into(),
    });
    table.ok(Command::Attack {
        from: Territory::Alaska,
        to: Territory::Kamchatka,
        attackers: 1,
        dice: Some(vec![6]),
        defence_dice: Some(vec![1]),
    });
    table.ok(Command::EndTurn {
        card: None,
        sigma: true,
        decline: false,
    });
    let story = story_agrees(&table.log, &table.game).unwrap();
    let won = story.won.clone().unwrap();
    assert_eq!(won.winners, vec![Colour::Red]);
    assert_eq!(won.names, vec!["Ana".to_string()]);
    // The deal, then turn 1 ended: no turn under way once it is over.
    let turns: Vec<(u32, bool)> = story
        .turns
        .iter()
        .map(|p| (p.turn, p.in_progress))
        .collect();
    assert_eq!(turns, vec![(0, false), (1, false)]);
    assert_eq!(story.turns[1].territories, vec![15, 14, 13]);
    assert_eq!(story.conquests.len(), 1);
    assert_eq!(story.conquests[0].territory, Territory::Kamchatka);
    assert_eq!(story.conquests[0].previous_owner, Colour::Black);
    assert_eq!(story.conquests[0].turn, 1);
    let evening = evening_view(&table.log, DateTime::<Utc>::UNIX_EPOCH);
    assert_eq!(evening.won, story.won);

    let unfinished = replay(&long_game()[..3_000]);
    let year = year_view([("Sigma", &table.game), ("Long", &unfinished)]);
    assert_eq!((year.games, year.finished), (2, 1));
    assert_eq!(
        year.turns,
        1 + unfinished.players.iter().map(|p| p.turns).sum::<u32>()
    );
    let wins: Vec<(&str, u32, u32)> = year
        .players
        .iter()
        .map(|p| (p.name.as_str(), p.games, p.wins))
        .collect();
    assert_eq!(wins, vec![("Ana", 2, 1), ("Bruno", 2, 0), ("Chloé", 2, 0)]);
    assert_eq!(year.played[0].winners, vec!["Ana".to_string()]);
    assert!(!year.played[1].over);
}

/// MISE EN PLACE: a game whose territories are dealt (steps 3 and 4) but
/// not its cards (steps 6 and 7) has no turn yet; its story is the board as
/// dealt, turn 0 with no player, 14 territories each. Before the deal, the
/// story has no point. Found by cargo-mutants.
#[test]
fn a_game_dealt_before_its_first_turn_tells_the_deal_as_turn_0() {
    let mut table = Table::new();
    let mut values = crests();
    values.extend(region_bonuses());
    table.ok(Command::CreateGame {
        players: seats(3),
        sigma: true,
        box_values: values,
        edition: None,
    });
    let story = story_view(&table.log);
    assert_eq!((story.board, story.turns.len()), (0, 0));
    table.ok(Command::DealTerritories { deal: None });
    assert_eq!(table.game.turn, None);
    let story = story_agrees(&table.log, &table.game).unwrap();
    assert_eq!(story.board, 42);
    let dealt = table.log.last().unwrap().seq;
    assert_eq!(story.turns.len(), 1, "one point, the deal's");
    // Each brotherhood's assassins, counted on the map.
    let on_map: Vec<u32> = story
        .brotherhoods
        .iter()
        .map(|b| {
            (table.game.map.values())
                .filter(|h| h.owner == b.colour)
                .map(|h| h.assassins)
                .sum()
        })
        .collect();
    assert_eq!(on_map.len(), 3);
    assert_eq!(
        story.turns,
        vec![TurnPoint {
            turn: 0,
            player: None,
            seq: dealt,
            territories: vec![14, 14, 14],
            assassins: on_map,
            in_progress: false,
        }]
    );
}

/// ACCOMPLIR DES MISSIONS: red holds Great Britain from the deal and
/// memory fragment 1 ("Aidez Jacob et Evie à éliminer Crawford Starrick":
/// Great Britain held 3 turns, 8 assassins), and claims it on its 4th turn.
#[test]
fn a_mission_claimed_is_marked_on_its_turn() {
    use Territory::*;
    let mut table = dealt_with_fragments(&[GreatBritain], &[Iceland]);
    for _ in 0..9 {
        table.place_all();
        table.ok(Command::EndTurn {
            card: None,
            sigma: false,
            decline: false,
        });
    }
    assert_eq!(table.current(), Colour::Red);
    table.ok(Command::ClaimFragment { fragment: 1 });
    let claimed = table.log.last().unwrap().seq;
    let story = story_agrees(&table.log, &table.game).unwrap();
    assert_eq!(story.missions.len(), 1);
    let mission = &story.missions[0];
    assert_eq!(
        (
            mission.turn,
            mission.seq,
            mission.player,
            mission.fragment,
            mission.assassins
        ),
        (10, claimed, Colour::Red, 1, 8)
    );
    assert!(mission.name.is_some());
    let last: &TurnPoint = story.turns.last().unwrap();
    assert_eq!((last.turn, last.in_progress), (10, true));
    let evening = evening_view(&table.log, DateTime::<Utc>::UNIX_EPOCH);
    assert_eq!(evening.missions, story.missions);
    assert_eq!(evening.turns, 10);
}

/// The current player (in the attack phase) takes `to` from `from`: 10
/// assassins against 1, the dice given.
fn take(table: &mut Table, from: Territory, to: Territory) -> Vec<Event> {
    let owner = table.game.owner(to).unwrap();
    for (territory, assassins) in [(from, 10), (to, 1)] {
        if table.game.assassins(territory) != assassins {
            table.ok(Command::Adjust {
                territory,
                owner: None,
                assassins,
                reason: "set-up for the test".into(),
            });
        }
    }
    assert_ne!(table.game.owner(from), Some(owner));
    table.ok(Command::Attack {
        from,
        to,
        attackers: 3,
        dice: Some(vec![6, 5, 4]),
        defence_dice: Some(vec![1]),
    })
}

/// ÉCHANGER DES CARTES: "Vous pouvez les échanger contre des Assassins au
/// début de votre tour" — red trades Alaska (2 Blasons) and Argentine (1)
/// for 4 assassins at the start of its 3rd turn (turn 7), then takes
/// black's last territory (MISE EN PLACE 2: "Jouez dans le sens des
/// aiguilles d'une montre", black has no more turns). The evening since
/// that turn began counts the one trade, its 2 cards and 4 assassins, and
/// tells black's elimination by red, as the game's story does.
#[test]
fn an_evening_counts_its_trades_and_tells_a_brotherhood_eliminated() {
    use Territory::*;
    let mut table = three_players();
    let end = |card| Command::EndTurn {
        card,
        sigma: false,
        decline: false,
    };
    let pass = |table: &mut Table| {
        table.place_all();
        table.ok(end(None));
    };
    for card in [Alaska, Argentina] {
        assert_eq!(table.current(), Colour::Red);
        table.place_all();
        take(&mut table, Alaska, NorthwestTerritory);
        table.ok(Command::Adjust {
            territory: NorthwestTerritory,
            owner: Some(Colour::Grey),
            assassins: 1,
            reason: "given back".into(),
        });
        table.ok(end(Some(card)));
        pass(&mut table);
        pass(&mut table);
    }
    assert_eq!(table.current(), Colour::Red);
    let since = table
        .log
        .iter()
        .rposition(|e| matches!(e.event, Event::TurnStarted { .. }))
        .unwrap();
    table.ok(Command::TradeCards {
        cards: vec![Alaska, Argentina],
    });
    table.place_all();
    let black: Vec<Territory> = Territory::all()
        .filter(|t| table.game.owner(*t) == Some(Colour::Black) && *t != Kamchatka)
        .collect();
    for t in black {
        table.ok(Command::Adjust {
            territory: t,
            owner: Some(Colour::Grey),
            assassins: 1,
            reason: "set-up for the test".into(),
        });
    }
    assert_eq!(table.game.owner(Kamchatka), Some(Colour::Black));
    let events = take(&mut table, Alaska, Kamchatka);
    assert!(events.contains(&Event::BrotherhoodEliminated {
        colour: Colour::Black,
        by: Colour::Red
    }));
    let eliminated = table
        .log
        .iter()
        .find(|e| matches!(e.event, Event::BrotherhoodEliminated { .. }))
        .unwrap()
        .seq;
    table.ok(end(None));

    let story = story_agrees(&table.log, &table.game).unwrap();
    let told: Vec<(u32, u32, Colour, Colour)> = story
        .eliminations
        .iter()
        .map(|e| (e.turn, e.seq, e.colour, e.by))
        .collect();
    assert_eq!(told, vec![(7, eliminated, Colour::Black, Colour::Red)]);

    let log = by_the_minute(table.log.clone());
    let evening = evening_view(&log, log[since].recorded_at);
    assert_eq!((evening.first_turn, evening.last_turn), (Some(7), Some(8)));
    assert_eq!(
        (
            evening.trades,
            evening.cards_traded,
            evening.trade_assassins
        ),
        (1, 2, 4)
    );
    assert_eq!(evening.eliminations, story.eliminations);
    // The whole game: the same one trade, the same elimination.
    let whole = evening_view(&table.log, DateTime::<Utc>::UNIX_EPOCH);
    assert_eq!((whole.trades, whole.cards_traded), (1, 2));
    assert_eq!(whole.eliminations, story.eliminations);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// For any game played at random (undo, redo and jumps back among
    /// the commands): every turn's territories add up to the board's,
    /// the last turn is the map view's, the conquests are the log's in
    /// effect, and the evening since the epoch counts them all.
    #[test]
    fn any_game_tells_its_story_as_the_map_and_the_log_say(
        players in 2usize..=5,
        deal_seed in any::<u64>(),
        steps in steps(),
    ) {
        let mut table = dealt(players, deal_seed, true);
        for step in steps {
            match step {
                Step::Command(kind, n) => {
                    let command = command(&table.game, kind, n);
                    let _ = table.run(command);
                }
                other => {
                    table.step_back_or_forth(&other);
                }
            }
        }
        let story = story_agrees(&table.log, &table.game)?;
        let evening = evening_view(&table.log, DateTime::<Utc>::UNIX_EPOCH);
        prop_assert_eq!(evening.conquests as usize, story.conquests.len());
        prop_assert_eq!(evening.missions, story.missions);
        if let Some(last) = story.turns.last() {
            let now: Vec<u32> = evening.brotherhoods.iter().map(|b| b.territories).collect();
            prop_assert_eq!(&now, &last.territories);
        }
    }
}
