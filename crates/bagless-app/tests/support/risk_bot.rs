//! A game of RISK Assassin's Creed played by a simple bot, for the long
//! game of `make bench` and of the IPC speed spec's fixture: each turn it
//! places its assassins one by one on its strongest front, attacks up to
//! three times from there, then ends its turn. It stops at a placement
//! with assassins still to place once the log holds `events` events.
#![allow(dead_code)]

use bagless_app::RiskCommand as Command;
use bagless_game::Envelope;
use bagless_risk::{decide, evolve, map_view, Colour, Context, Event, Game, Phase, Seat};
use chrono::{DateTime, Utc};

struct Bot {
    game: Game,
    log: Vec<Envelope<Event>>,
    seed: u64,
    at: DateTime<Utc>,
}

impl Bot {
    /// Decides and applies one command; false when the rules refuse it.
    fn run(&mut self, command: Command) -> bool {
        self.seed += 1;
        let ctx = Context {
            now: self.at,
            seed: Some(self.seed),
        };
        match decide(&self.game, &command, &ctx) {
            Ok(events) => {
                for event in events {
                    evolve(&mut self.game, &event);
                    self.log.push(Envelope {
                        seq: self.log.len() as u32 + 1,
                        recorded_at: self.at,
                        event,
                        by: None,
                    });
                }
                true
            }
            Err(_) => false,
        }
    }
}

pub fn long_game(events: usize, at: DateTime<Utc>) -> Vec<Envelope<Event>> {
    let mut bot = Bot {
        game: Game::default(),
        log: Vec::new(),
        seed: 1,
        at,
    };
    let mut setup = serde_json::to_value(setup()).unwrap();
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
                if bot.log.len() >= events {
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
                    decline: false,
                }) {
                    break;
                }
            }
            _ => break,
        }
    }
    bot.log
}

pub fn setup() -> Command {
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
        edition: None,
    }
}
