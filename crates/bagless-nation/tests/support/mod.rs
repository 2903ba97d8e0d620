//! A table for the tests: the log, the game built step by step, and
//! builders for the commands.
#![allow(dead_code)]

pub mod random;

use bagless_game::Envelope;
use bagless_nation::*;
use chrono::{DateTime, Utc};
use std::collections::BTreeMap;

pub struct Table {
    pub log: Vec<Envelope<Event>>,
    pub game: Game,
    pub seed: Option<u64>,
}

pub fn ctx(seed: Option<u64>) -> Context {
    Context {
        now: DateTime::<Utc>::UNIX_EPOCH,
        seed,
    }
}

/// Every printed value the tests need, so nothing is asked unless a test
/// leaves it out: every target adjusted 0; specialist 1 uses the knife,
/// 2 the pistol, 3 the rope, 4 poison, 5 the sniper rifle, 6 sabotage.
pub fn box_values() -> BTreeMap<String, BoxValue> {
    let mut values = BTreeMap::new();
    let mut set = |k: &str, v: BoxValue| {
        values.insert(k.to_string(), v);
    };
    for n in 1..=18 {
        set(&format!("target.{n}.msr"), BoxValue::Number(0));
    }
    for (n, w) in [
        "knife",
        "pistol",
        "rope",
        "poison",
        "sniper_rifle",
        "sabotage",
    ]
    .iter()
    .enumerate()
    {
        set(
            &format!("specialist.{}.weapon", n + 1),
            BoxValue::Text(w.to_string()),
        );
    }
    let num = BoxValue::Number;
    let txt = |s: &str| BoxValue::Text(s.to_string());
    set("weapon.pistol.time", num(1200));
    set("weapon.knife.noise", txt("silent"));
    set("weapon.knife.cause", txt("stab"));
    set("weapon.knife.time", num(1000));
    set("weapon.sniper_rifle.msr", num(2));
    set("weapon.sniper_rifle.noise", txt("loud"));
    set("weapon.sniper_rifle.cause", txt("gunshot"));
    set("weapon.rope.msr", num(3));
    set("weapon.rope.noise", txt("silent"));
    set("weapon.rope.cause", txt("asphyxiation"));
    set("weapon.sabotage.msr", num(3));
    set("weapon.sabotage.time", num(1500));
    set("weapon.poison.msr", num(4));
    set("weapon.poison.noise", txt("silent"));
    set("weapon.poison.cause", txt("poison"));
    set("weapon.poison.time", num(1900));
    set("modifier.stealth.minutes", num(0));
    set("modifier.jammed.msr", num(-1));
    set("modifier.jammed.minutes", num(0));
    set("modifier.early_bird.msr", num(0));
    set("modifier.early_bird.minutes", num(-600));
    values
}

pub const NAMES: [&str; 6] = ["Ada", "Bea", "Cal", "Dee", "Eve", "Fox"];

/// `players` players (specialists 1, 2, ... in seat order), player 0 first,
/// under this crate's edition of the rules.
pub fn create_command(players: usize, storytelling: bool) -> Command {
    Command::CreateGame {
        players: (0..players)
            .map(|i| PlayerSetup {
                name: NAMES[i].to_string(),
                specialist: i as u8 + 1,
            })
            .collect(),
        first_player: Some(0),
        dice: None,
        storytelling,
        box_values: box_values(),
        deal_specialists: None,
        edition: None,
    }
}

/// The same set-up under an older edition of the rules (a game recorded
/// before the seed was read a second time).
pub fn create_command_under(players: usize, storytelling: bool, edition: u32) -> Command {
    let mut command = create_command(players, storytelling);
    if let Command::CreateGame { edition: e, .. } = &mut command {
        *e = Some(edition);
    }
    command
}

/// The time printed on the Weapon Card the tests play of each weapon (the
/// box values above, the Rope and Sniper Rifle of the summary's example).
pub fn printed_time(weapon: &str) -> Option<u16> {
    match weapon {
        "pistol" => Some(1200),
        "knife" => Some(1000),
        "rope" => Some(815),
        "sniper_rifle" => Some(1345),
        "sabotage" => Some(1500),
        "poison" => Some(1900),
        _ => None,
    }
}

/// The Contract Card played when a test does not choose one: no attribute
/// icon the tests' weapons show, so it earns nothing.
pub fn plain_contract() -> ContractPlay {
    ContractPlay {
        objective: "Quiet Retirement".into(),
        positive: Vec::new(),
        negative: Vec::new(),
    }
}

impl Table {
    pub fn empty() -> Table {
        Table {
            log: Vec::new(),
            game: Game::default(),
            seed: None,
        }
    }

    /// A game of `players` in its first Intel Phase.
    pub fn new(players: usize) -> Table {
        let mut table = Table::empty();
        table.run(create_command(players, false));
        table
    }

    /// A game of `players` recorded under edition `edition` of the rules.
    pub fn under(players: usize, edition: u32) -> Table {
        let mut table = Table::empty();
        table.run(create_command_under(players, false, edition));
        table
    }

    pub fn with_storytelling(players: usize) -> Table {
        let mut table = Table::empty();
        table.run(create_command(players, true));
        table
    }

    pub fn push(&mut self, events: &[Event]) {
        for event in events {
            let seq = self.log.len() as u32 + 1;
            self.log.push(Envelope {
                seq,
                recorded_at: DateTime::<Utc>::UNIX_EPOCH,
                event: event.clone(),
                by: None,
            });
            evolve(&mut self.game, event);
        }
    }

    pub fn try_run(&mut self, command: Command) -> Result<Vec<Event>, RuleViolation> {
        let events = decide(&self.game, &command, &ctx(self.seed))?;
        self.push(&events);
        Ok(events)
    }

    #[track_caller]
    pub fn run(&mut self, command: Command) -> Vec<Event> {
        match self.try_run(command.clone()) {
            Ok(events) => events,
            Err(refusal) => panic!("{command:?} refused: {refusal:?}"),
        }
    }

    /// The refusal, checking that it changed nothing.
    #[track_caller]
    pub fn refused(&mut self, command: Command) -> RuleViolation {
        let before = self.game.clone();
        let len = self.log.len();
        let refusal = self
            .try_run(command.clone())
            .expect_err(&format!("{command:?} was accepted"));
        assert_eq!(self.game, before);
        assert_eq!(self.log.len(), len);
        refusal
    }

    pub fn undo(&mut self) -> Result<(), RuleViolation> {
        let events = decide_undo(&self.log)?;
        self.push(&events);
        self.game = replay(&self.log);
        Ok(())
    }

    pub fn redo(&mut self) -> Result<(), RuleViolation> {
        let events = decide_redo(&self.log)?;
        self.push(&events);
        self.game = replay(&self.log);
        Ok(())
    }

    pub fn end_intel(&mut self) {
        self.run(Command::EndIntel);
    }

    /// The players who have not played say they pass (edition 3: the
    /// reveal waits for each player's attempt or pass), then the reveal.
    pub fn reveal(&mut self) -> Vec<Event> {
        self.pass_the_rest();
        self.run(Command::Reveal)
    }

    /// Edition 3: the cards turned face up (the players still to choose
    /// passing), then the question the table must answer before a roll:
    /// the refusal of the first attempt's roll.
    #[track_caller]
    pub fn asked(&mut self) -> RuleViolation {
        self.reveal();
        let player = self
            .game
            .attempts
            .iter()
            .find(|a| a.is_pending())
            .unwrap()
            .player;
        self.refused(Command::Resolve {
            player,
            dice: Some(vec![6]),
            believed: None,
        })
    }

    /// Every player still to choose passes (edition 3).
    pub fn pass_the_rest(&mut self) {
        if !self.game.follows_edition_3() {
            return;
        }
        let seats = self.game.players.len() as u8;
        for player in 0..seats {
            let in_play = self
                .game
                .duel
                .as_ref()
                .is_none_or(|d| d.players.contains(&player));
            if in_play && !self.game.has_chosen(player) {
                self.run(Command::PassAttempt { player });
            }
        }
    }

    pub fn resolve(&mut self, player: u8, dice: &[u8]) -> Vec<Event> {
        self.run(Command::Resolve {
            player,
            dice: Some(dice.to_vec()),
            believed: None,
        })
    }

    /// Attempts all declared (Intel ended first if need be), then revealed.
    pub fn play(&mut self, attempts: &[Try]) {
        if self.game.phase == Phase::Intel {
            self.end_intel();
        }
        for attempt in attempts {
            self.run(attempt.cmd());
        }
        self.reveal();
    }

    /// Every target down: each target +5, so every armed attempt succeeds
    /// without a roll; player `i` takes the `i`-th available target, round
    /// after round, until the count.
    pub fn play_to_the_end(&mut self) {
        for n in 1..=18 {
            self.run(Command::SetBoxValue {
                key: format!("target.{n}.msr"),
                value: BoxValue::Number(5),
            });
        }
        while self.game.phase != Phase::Count {
            self.end_intel();
            let available: Vec<u8> = (1..=18).filter(|t| self.game.is_available(*t)).collect();
            let tries: Vec<Try> = available
                .iter()
                .take(self.game.players.len())
                .enumerate()
                .map(|(p, t)| Try::new(p as u8, *t, "sniper_rifle"))
                .collect();
            for t in &tries {
                self.run(t.cmd());
            }
            self.reveal();
            for t in &tries {
                self.run(Command::Resolve {
                    player: t.player,
                    dice: None,
                    believed: None,
                });
            }
            if self.game.phase == Phase::Reveal {
                self.run(Command::EndRound);
            }
        }
    }

    pub fn cash(&self, player: u8) -> u32 {
        self.game.players[player as usize].cash
    }

    pub fn target(&self, id: u8) -> &Target {
        self.game.target(id).unwrap()
    }
}

/// An attempt to declare.
#[derive(Debug, Clone)]
pub struct Try {
    pub player: u8,
    pub target: Option<u8>,
    pub weapon: Option<String>,
    pub doubled: bool,
    pub modifiers: Vec<String>,
    pub contract: Option<ContractPlay>,
    pub time: Option<u16>,
    pub second_time: Option<u16>,
}

impl Try {
    /// An attempt as the form sends it: the time printed on the card played
    /// (the tests' [`printed_time`]) and a Contract Card with no matching
    /// icon ([`plain_contract`]).
    pub fn new(player: u8, target: u8, weapon: &str) -> Try {
        Try {
            player,
            target: Some(target),
            weapon: Some(weapon.to_string()),
            doubled: false,
            modifiers: Vec::new(),
            contract: Some(plain_contract()),
            time: printed_time(weapon),
            second_time: None,
        }
    }

    pub fn unarmed(player: u8, target: u8) -> Try {
        Try {
            weapon: None,
            time: None,
            ..Try::new(player, target, "")
        }
    }

    /// A duel attempt ("TIES:" Assassin Cards only: no contract).
    pub fn duel(player: u8, weapon: &str) -> Try {
        Try {
            target: None,
            contract: None,
            ..Try::new(player, 1, weapon)
        }
    }

    /// Two of the same Weapon, the second card printing the same time as
    /// the first unless [`Try::second_time`] says otherwise.
    pub fn doubled(mut self) -> Try {
        self.doubled = true;
        self.second_time = self.time;
        self
    }

    pub fn second_time(mut self, time: u16) -> Try {
        self.second_time = Some(time);
        self
    }

    /// As an older Bagless sent it (edition 1): no time typed unless the
    /// card differs, no second card's time, the contract left out.
    pub fn sent_by_edition_1(mut self) -> Try {
        self.time = None;
        self.second_time = None;
        self.contract = None;
        self
    }

    pub fn no_contract(mut self) -> Try {
        self.contract = None;
        self
    }

    pub fn no_time(mut self) -> Try {
        self.time = None;
        self.second_time = None;
        self
    }

    pub fn modifier(mut self, card: &str) -> Try {
        self.modifiers.push(card.to_string());
        self
    }

    pub fn time(mut self, time: u16) -> Try {
        self.time = Some(time);
        self
    }

    pub fn contract(mut self, positive: &[&str], negative: &[&str]) -> Try {
        self.contract = Some(ContractPlay {
            objective: "Public Execution".into(),
            positive: positive.iter().map(|s| s.to_string()).collect(),
            negative: negative.iter().map(|s| s.to_string()).collect(),
        });
        self
    }

    pub fn cmd(&self) -> Command {
        Command::DeclareAttempt {
            player: self.player,
            target: self.target,
            weapon: self.weapon.clone(),
            doubled: self.doubled,
            modifiers: self.modifiers.clone(),
            contract: self.contract.clone(),
            time: self.time,
            second_time: self.second_time,
        }
    }
}
