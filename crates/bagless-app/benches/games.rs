//! The other games' commands, through `bagless-app`, on a real SQLite file:
//! a game of RISK Assassin's Creed played by a simple bot for about 20,000
//! events (the "300 turns"), written as one log, then
//!
//! - `risk_open`: the map of that game opened (the target: under 10 ms);
//! - `risk_place_undo`: one assassin placed then the placement undone,
//!   each answered with the map;
//! - `risk_odds`: the exact odds of 30 assassins against 20.

use bagless_app::{App, AppDirs, RiskCommand as Command};
use bagless_game::Envelope;
use bagless_risk::{decide, evolve, map_view, Colour, Context, Event, Game, Phase, Seat};
use chrono::{TimeZone, Utc};
use criterion::{criterion_group, criterion_main, Criterion};
use std::path::Path;

/// Events in the long game.
const EVENTS: usize = 20_000;

fn clock() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, 21, 0, 0).unwrap()
}

/// A long game played by a bot: each turn it places its assassins one by
/// one on its strongest front, attacks up to three times from there, then
/// ends its turn. It stops at a placement with assassins still to place.
struct Bot {
    game: Game,
    log: Vec<Envelope<Event>>,
    seed: u64,
}

impl Bot {
    /// Decides and applies one command; false when the rules refuse it.
    fn run(&mut self, command: Command) -> bool {
        self.seed += 1;
        let ctx = Context {
            now: clock(),
            seed: Some(self.seed),
        };
        match decide(&self.game, &command, &ctx) {
            Ok(events) => {
                for event in events {
                    evolve(&mut self.game, &event);
                    self.log.push(Envelope {
                        seq: self.log.len() as u32 + 1,
                        recorded_at: clock(),
                        event,
                    });
                }
                true
            }
            Err(_) => false,
        }
    }
}

fn long_game() -> Vec<Envelope<Event>> {
    let mut bot = Bot {
        game: Game::default(),
        log: Vec::new(),
        seed: 1,
    };
    let mut setup = serde_json::to_value(support_setup()).unwrap();
    setup["sigma"] = false.into();
    assert!(bot.run(serde_json::from_value(setup).unwrap()));
    assert!(bot.run(Command::DealTerritories { deal: None }));
    assert!(bot.run(Command::DealCards {
        fragments: None,
        neutral_stacks: None
    }));
    let mut attacks = 0;
    loop {
        let view = map_view(&bot.game);
        let me = view.current;
        let mine = |t: &bagless_risk::model::ids::Territory| {
            view.territories.iter().find(|v| v.id == *t).unwrap()
        };
        // The own territory with the most assassins that borders an enemy.
        let front = view
            .territories
            .iter()
            .filter(|t| t.owner == me)
            .filter(|t| t.neighbours.iter().any(|n| mine(n).owner != me))
            .max_by_key(|t| t.assassins);
        match bot.game.phase {
            Phase::Placement if view.pool > 0 => {
                if bot.log.len() >= EVENTS {
                    break;
                }
                let target = front.map(|t| t.id).unwrap_or(view.territories[0].id);
                if !bot.run(Command::Place {
                    territory: target,
                    count: 1,
                }) {
                    break;
                }
            }
            Phase::Placement => {
                attacks = 0;
                if !bot.run(Command::EndPlacement) {
                    break;
                }
            }
            Phase::Attack => {
                let attack = front
                    .filter(|t| t.assassins > 1 && attacks < 3)
                    .and_then(|t| {
                        let to = t.neighbours.iter().find(|n| mine(n).owner != me)?;
                        Some(Command::Attack {
                            from: t.id,
                            to: *to,
                            attackers: (t.assassins - 1).min(3) as u8,
                            dice: None,
                            defence_dice: None,
                        })
                    });
                attacks += 1;
                let done = match attack {
                    Some(command) => bot.run(command),
                    None => false,
                };
                if !done && !bot.run(Command::EndAttacks) {
                    break;
                }
            }
            Phase::Manoeuvre => {
                if !bot.run(Command::EndTurn {
                    card: None,
                    sigma: false,
                }) {
                    break;
                }
            }
            _ => break,
        }
    }
    bot.log
}

fn support_setup() -> Command {
    let board = bagless_risk::pack::board();
    let mut values: Vec<bagless_risk::BoxValue> = bagless_risk::Territory::all()
        .filter(|t| board.territory(*t).crests.is_none())
        .map(|territory| bagless_risk::BoxValue::Crests {
            territory,
            crests: 1,
        })
        .collect();
    values.extend(
        bagless_risk::Region::all().map(|region| bagless_risk::BoxValue::RegionBonus {
            region,
            assassins: board.region(region).suggested_bonus,
        }),
    );
    Command::CreateGame {
        players: [
            ("Ana", Colour::Red),
            ("Bruno", Colour::Grey),
            ("Chloé", Colour::Black),
        ]
        .map(|(name, colour)| Seat {
            name: name.into(),
            colour,
        })
        .to_vec(),
        sigma: false,
        box_values: values,
    }
}

fn app_with_long_game(dir: &Path) -> (App, String, usize) {
    let log = long_game();
    let events = log.len();
    let mut library =
        bagless_store::Library::open(&dir.join("bagless.sqlite"), &dir.join("backups"), clock())
            .unwrap();
    library
        .insert_game_log::<bagless_app::games::risk::Risk>("long", "A long game", &log)
        .unwrap();
    drop(library);
    let app = App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        clock,
    );
    (app, "long".to_string(), events)
}

fn games(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let (app, id, events) = app_with_long_game(dir.path());
    let map = app.risk_open(&id).unwrap();
    println!(
        "risk: a game of {events} events, turn {}, {:?}",
        map.view.turn, map.view.phase
    );
    c.bench_function("risk_open", |b| b.iter(|| app.risk_open(&id).unwrap()));
    let place_on = map
        .view
        .territories
        .iter()
        .find(|t| t.owner == map.view.current)
        .unwrap()
        .id;
    c.bench_function("risk_place_undo", |b| {
        b.iter(|| {
            app.risk_act(
                &id,
                Command::Place {
                    territory: place_on,
                    count: 1,
                },
            )
            .unwrap();
            app.risk_undo(&id).unwrap()
        })
    });
    c.bench_function("risk_odds_30_vs_20", |b| b.iter(|| app.risk_odds(30, 20)));
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = games
}
criterion_main!(benches);
