//! A table for the rules tests: a log, the game it holds, and set-ups.
#![allow(dead_code)]

use bagless_risk::*;
use chrono::{DateTime, Utc};

pub mod battle;
pub mod random;

pub fn ctx(seed: u64) -> Context {
    Context {
        now: DateTime::<Utc>::UNIX_EPOCH,
        seed: Some(seed),
    }
}

pub fn no_seed() -> Context {
    Context {
        now: DateTime::<Utc>::UNIX_EPOCH,
        seed: None,
    }
}

/// The crests of every card the pack does not know: 1 each, 2 for a few.
pub fn crests() -> Vec<BoxValue> {
    Territory::all()
        .filter(|t| bagless_risk::pack::board().territory(*t).crests.is_none())
        .map(|t| BoxValue::Crests {
            territory: t,
            crests: if matches!(t, Territory::China | Territory::Brazil) {
                2
            } else {
                1
            },
        })
        .collect()
}

/// Every region's bonus (the classic values).
pub fn region_bonuses() -> Vec<BoxValue> {
    Region::all()
        .map(|r| BoxValue::RegionBonus {
            region: r,
            assassins: bagless_risk::pack::board().region(r).suggested_bonus,
        })
        .collect()
}

pub const COLOURS: [Colour; 5] = [
    Colour::Red,
    Colour::Grey,
    Colour::Black,
    Colour::White,
    Colour::Blue,
];

pub fn seats(n: usize) -> Vec<Seat> {
    ["Ana", "Bruno", "Chloé", "Dev", "Emma"]
        .iter()
        .zip(COLOURS)
        .take(n)
        .map(|(name, colour)| Seat {
            name: name.to_string(),
            colour,
        })
        .collect()
}

pub struct Table {
    pub log: Vec<EventEnvelope>,
    pub game: Game,
    pub seed: u64,
}

impl Table {
    pub fn new() -> Table {
        Table {
            log: Vec::new(),
            game: Game::default(),
            seed: 1,
        }
    }

    /// Decides and, if accepted, records and applies.
    pub fn run(&mut self, command: Command) -> Result<Vec<Event>, RuleViolation> {
        self.seed = self.seed.wrapping_add(1);
        let events = decide(&self.game, &command, &ctx(self.seed))?;
        self.record(events.clone());
        Ok(events)
    }

    pub fn ok(&mut self, command: Command) -> Vec<Event> {
        let shown = format!("{command:?}");
        self.run(command)
            .unwrap_or_else(|e| panic!("{shown} refused: {} {:?}", e.code, e.params))
    }

    /// The refusal, checking the game is untouched and the refusal names
    /// a code and a section.
    pub fn refused(&mut self, command: Command) -> RuleViolation {
        let before = self.game.clone();
        let refusal = self.run(command).expect_err("refused");
        assert_eq!(self.game, before);
        assert!(!refusal.section.heading().is_empty());
        refusal
    }

    pub fn record(&mut self, events: Vec<Event>) {
        for event in events {
            let seq = self.log.len() as u32 + 1;
            evolve(&mut self.game, &event);
            self.log.push(EventEnvelope {
                seq,
                recorded_at: DateTime::<Utc>::UNIX_EPOCH,
                event,
                by: None,
            });
        }
    }

    /// The log decided again as an import decides it: the game it gives,
    /// or the first entry not believed.
    pub fn decided_again(&self) -> Result<Game, bagless_game::Disbelieved> {
        bagless_game::decide_log_again::<Game>(&self.log)
    }

    pub fn current(&self) -> Colour {
        self.game.current().expect("a turn")
    }

    /// Places every new assassin on the first territory the player holds,
    /// the neutral's 3 too, and ends the placement.
    pub fn place_all(&mut self) {
        let player = self.current();
        let pool = self.game.turn.as_ref().unwrap().pool();
        if pool > 0 {
            let t = Territory::all()
                .find(|t| self.game.owner(*t) == Some(player))
                .unwrap();
            self.ok(Command::Place {
                territory: t,
                count: pool,
            });
        }
        let turn = self.game.turn.clone().unwrap();
        if bagless_risk::rules::two_players::neutral_due(&self.game, &turn) {
            let t = Territory::all()
                .find(|t| self.game.owner(*t).is_some_and(|o| self.game.is_neutral(o)))
                .unwrap();
            self.ok(Command::ReinforceNeutral {
                placements: vec![TerritoryCount {
                    territory: t,
                    count: 3,
                }],
            });
        }
        self.ok(Command::EndPlacement);
    }
}

/// Every table's log is decided again when the table is put away, so every
/// rules test also shows that a log Bagless writes is believed on import,
/// and gives the same game.
impl Drop for Table {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        match self.decided_again() {
            Ok(game) => assert!(game == replay(&self.log), "decided again, the game differs"),
            Err(disbelieved) => panic!("the log is not believed: {disbelieved}"),
        }
    }
}

/// A game of `n` players (3 to 5) created with every box value known and
/// the territories dealt by `owner`, then the cards dealt by Bagless.
pub fn game_with(n: usize, owner: impl Fn(Territory) -> Colour) -> Table {
    game_under(n, owner, None)
}

/// [`game_with`] played under `edition` of the rules (None: the latest).
pub fn game_under(n: usize, owner: impl Fn(Territory) -> Colour, edition: Option<u32>) -> Table {
    let mut table = Table::new();
    let mut values = crests();
    values.extend(region_bonuses());
    table.ok(Command::CreateGame {
        players: seats(n),
        sigma: true,
        box_values: values,
        edition,
    });
    let deal = Territory::all()
        .map(|t| DealtCard {
            territory: t,
            owner: owner(t),
            crests: None,
        })
        .collect();
    table.ok(Command::DealTerritories { deal: Some(deal) });
    table.ok(Command::DealCards {
        fragments: None,
        neutral_stacks: None,
    });
    table
}

/// Three players, the territories dealt in turn (14 each).
pub fn three_players() -> Table {
    game_with(3, |t| COLOURS[t.index() % 3])
}

/// [`three_players`] under the first edition of the rules (the battle as
/// Bagless read it before edition 2: dice topped up, a move-in).
pub fn three_players_edition_1() -> Table {
    game_under(3, |t| COLOURS[t.index() % 3], Some(1))
}

/// A 3-player deal (14 each) where red holds `red` and grey holds `grey`;
/// the rest go to whoever has fewest, black first, red last.
pub fn deal(red: &[Territory], grey: &[Territory]) -> impl Fn(Territory) -> Colour {
    let mut owners = std::collections::BTreeMap::new();
    let mut counts = [0usize; 3];
    for t in red {
        owners.insert(*t, Colour::Red);
        counts[0] += 1;
    }
    for t in grey {
        owners.insert(*t, Colour::Grey);
        counts[1] += 1;
    }
    for t in Territory::all() {
        if owners.contains_key(&t) {
            continue;
        }
        let seat = [2usize, 1, 0]
            .into_iter()
            .filter(|s| counts[*s] < 14)
            .min_by_key(|s| counts[*s])
            .unwrap();
        counts[seat] += 1;
        owners.insert(t, COLOURS[seat]);
    }
    move |t| owners[&t]
}

/// MISE EN PLACE as entered at the table, 3 players: red and grey dealt
/// these territories first (`deal`), and the memory fragments 1 and 2 to
/// red, 3 and 4 to grey, 5 and 6 to black.
pub fn dealt_with_fragments(red: &[Territory], grey: &[Territory]) -> Table {
    fragments_dealt(deal(red, grey), None)
}

/// MISE EN PLACE as entered at the table, 3 players, in rules `edition`
/// (None: the current one): each territory to `owner`'s, and the memory
/// fragments 1 and 2 to red, 3 and 4 to grey, 5 and 6 to black.
pub fn fragments_dealt(owner: impl Fn(Territory) -> Colour, edition: Option<u32>) -> Table {
    let mut table = Table::new();
    let mut values = crests();
    values.extend(region_bonuses());
    table.ok(Command::CreateGame {
        players: seats(3),
        sigma: true,
        box_values: values,
        edition,
    });
    let dealt = Territory::all()
        .map(|t| DealtCard {
            territory: t,
            owner: owner(t),
            crests: None,
        })
        .collect();
    table.ok(Command::DealTerritories { deal: Some(dealt) });
    let hand = |colour, fragments| FragmentHand { colour, fragments };
    table.ok(Command::DealCards {
        fragments: Some(vec![
            hand(Colour::Red, vec![1, 2]),
            hand(Colour::Grey, vec![3, 4]),
            hand(Colour::Black, vec![5, 6]),
        ]),
        neutral_stacks: None,
    });
    table
}
