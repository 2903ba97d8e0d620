//! A table for the tests: the log, the memory built step by step, and
//! builders for the commands.
#![allow(dead_code)]

pub mod moves;

use bagless_game::Envelope;
use bagless_memory::*;
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

pub const ASSASSINS: [&str; 4] = ["ezio", "daria", "fabio", "sofia"];

pub fn num(n: i32) -> BoxValue {
    BoxValue::Number(n)
}

pub fn guards(guard: Option<Guard>, count: u8) -> BoxValue {
    BoxValue::Guards(Guards { guard, count })
}

/// The example column of <29> ("If the Alert State is [red] (right
/// column), place: 1 Elite Guard ... Entrance A, 1 Crossbowman ...
/// Entrance B, 1 Crossbowman ... Entrance C, No Enemies ... Entrance D"),
/// and a calm column of 1 Crossbowman at A, nothing at B, 1 Elite at C and
/// 2 Crossbowmen at D, for every card of `assassins`.
pub fn card_values(assassins: usize) -> BTreeMap<String, BoxValue> {
    let mut values = BTreeMap::new();
    for card in 1..=8 {
        let mut set = |col: &str, e: &str, v: BoxValue| {
            values.insert(format!("reinforcement.{assassins}.{card}.{col}.{e}"), v);
        };
        set("alert", "a", guards(Some(Guard::Elite), 1));
        set("alert", "b", guards(Some(Guard::Crossbowman), 1));
        set("alert", "c", guards(Some(Guard::Crossbowman), 1));
        set("alert", "d", guards(None, 0));
        set("calm", "a", guards(Some(Guard::Crossbowman), 1));
        set("calm", "b", guards(None, 0));
        set("calm", "c", guards(Some(Guard::Elite), 1));
        set("calm", "d", guards(Some(Guard::Crossbowman), 2));
    }
    values
}

/// The dice, enemies and weapons the tests use: the assassin die has 2
/// hit faces (1–2), 1 special (3), 2 riposte (4–5) and a blank (6); the
/// black die 3 hits (1–3); the detection die 1 of each icon (1, 2).
pub fn box_values() -> BTreeMap<String, BoxValue> {
    let mut values = BTreeMap::new();
    for (k, v) in [
        ("die.assassin.hit", 2),
        ("die.assassin.special", 1),
        ("die.assassin.riposte", 2),
        ("die.black.hit", 3),
        ("die.detection.detected", 1),
        ("die.detection.detected_in_alert", 1),
        ("enemy.crossbowman.health", 1),
        ("enemy.crossbowman.dice", 1),
        ("enemy.elite.health", 3),
        ("enemy.elite.dice", 2),
        ("enemy.elite.ranged", 0),
        ("enemy.agile.health", 1),
        ("enemy.agile.dice", 1),
        ("weapon.hidden_blade.dice", 2),
        ("weapon.hidden_blade.exposes", 0),
        ("weapon.hidden_blade.alerts", 0),
        ("weapon.sword.dice", 3),
        ("weapon.sword.exposes", 1),
        ("weapon.sword.alerts", 0),
        ("weapon.pistol.dice", 2),
        ("weapon.pistol.exposes", 1),
        ("weapon.pistol.alerts", 1),
        ("weapon.throwing_knife.dice", 1),
        ("weapon.throwing_knife.exposes", 0),
        ("weapon.throwing_knife.alerts", 0),
    ] {
        values.insert(k.to_string(), num(v));
    }
    values
}

/// `assassins` assassins in memory 1.1, entrances A to D, every value
/// known.
pub fn start_command(assassins: usize) -> Command {
    let mut values = box_values();
    values.extend(card_values(assassins));
    Command::StartMemory {
        campaign_id: "campaign-1".into(),
        memory: "1.1".into(),
        assassins: ASSASSINS[..assassins]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        box_values: values,
        entrances: Entrance::ALL.to_vec(),
        easy: false,
        edition: None,
    }
}

/// `command` played under edition `edition` of the rules (a memory
/// recorded under an older reading).
pub fn under_edition(mut command: Command, edition: u32) -> Command {
    if let Command::StartMemory { edition: e, .. } = &mut command {
        *e = Some(edition);
    }
    command
}

/// An incognito assassin arriving on a square holding `enemies` (edition
/// 3: an entry with no guard entering).
pub fn arrival(id: &str, enemies: u8) -> Command {
    Command::EnterSquare {
        entrance: None,
        enemies,
        bodies: 0,
        entering: 0,
        incognito: vec![id.to_string()],
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

    /// A memory of `assassins`, turn 1's event phase.
    pub fn new(assassins: usize) -> Table {
        let mut table = Table::empty();
        table.run(start_command(assassins));
        table
    }

    /// A memory of `assassins` played under edition 1 of the rules (the
    /// readings before issue 30), turn 1's event phase.
    pub fn edition_1(assassins: usize) -> Table {
        let mut table = Table::empty();
        table.run(under_edition(start_command(assassins), 1));
        table
    }

    /// A memory started with `command`, Bagless rolling with `seed`.
    pub fn with(command: Command, seed: Option<u64>) -> Table {
        let mut table = Table::empty();
        table.seed = seed;
        table.run(command);
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
        assert!(!refusal.section.heading().is_empty());
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

    /// Goes back to one of the last 6 entries in effect (`pick` counted
    /// from the newest), when something came after it: its seq.
    pub fn jump_back(&mut self, pick: u8) -> Option<u32> {
        let stack = bagless_game::undo::UndoStack::of(&self.log);
        let in_effect: Vec<u32> = stack
            .entries
            .iter()
            .copied()
            .filter(|seq| stack.is_in_effect(*seq))
            .collect();
        let back = usize::from(pick) % in_effect.len().clamp(1, 6);
        let seq = *in_effect.iter().rev().nth(back)?;
        let events = decide_jump_back(&self.log, seq).ok()?;
        self.push(&events);
        self.game = replay(&self.log);
        Some(seq)
    }

    /// Edition 3, "DETECTION TEST": "As soon as an incognito
    /// assassin/ally moves to a square containing any enemies, perform a
    /// detection test": `id` arrives on a square holding `enemies`.
    pub fn arrives(&mut self, id: &str, enemies: u8) -> Vec<Event> {
        self.run(arrival(id, enemies))
    }

    pub fn advance(&mut self) -> Vec<Event> {
        self.run(Command::Advance)
    }

    /// Advances until the step is `step`.
    pub fn advance_to(&mut self, step: Step) {
        while self.game.step != step {
            if self.game.step == Step::Reinforcement {
                self.reinforce(None);
            }
            self.advance();
        }
    }

    /// Draws (the card entered, or Bagless's top of the pile) and places.
    pub fn reinforce(&mut self, card: Option<u8>) {
        if self.game.this_turns_card().is_none() {
            if card.is_none() && self.seed.is_none() {
                let top = self.game.deck.pile.first().copied();
                self.run(Command::DrawReinforcement {
                    card: top.or_else(|| self.game.deck.discard.first().copied()),
                });
            } else {
                self.run(Command::DrawReinforcement { card });
            }
        }
        if self
            .game
            .this_turns_card()
            .is_some_and(|r| r.placed.is_none())
        {
            self.run(Command::PlaceReinforcements);
        }
    }

    pub fn assassin(&self, id: &str) -> &AssassinState {
        self.game.assassin(id).unwrap()
    }

    pub fn attack(&mut self, attackers: Vec<AttackerInput>, enemies: &[&str]) -> Vec<Event> {
        self.run(attack_command(attackers, enemies))
    }
}

pub fn attack_command(attackers: Vec<AttackerInput>, enemies: &[&str]) -> Command {
    Command::Attack {
        attackers,
        enemies: enemies.iter().map(|e| e.to_string()).collect(),
    }
}

/// An attacker on the target square with the faces rolled at the table.
pub fn attacker(assassin: &str, weapon: &str, faces: &[AssassinFace]) -> AttackerInput {
    AttackerInput {
        assassin: assassin.to_string(),
        weapon: weapon.to_string(),
        faces: Some(faces.to_vec()),
        on_target_square: true,
    }
}

/// The same attacker aiming at a nearby square.
pub fn from_afar(mut input: AttackerInput) -> AttackerInput {
    input.on_target_square = false;
    input
}

#[allow(unused_imports)]
pub use AssassinFace::{Blank, Hit, Riposte, Special};

/// A die's 6 faces, from the 1 to the 6, read back from Bagless's rolls:
/// `rolled(counts, seed)` is what Bagless rolls with `seed` when the box
/// gives the die `counts` faces of each icon (in the order its keys are
/// asked), `first` the first icon. The same seed rolls the same numbers
/// whatever the die bears, so each die rolled is read again on dice of 1 to
/// 5 faces of the first icon and no other (a die that came up k shows the
/// icon on those of k such faces or more, whatever the die shows else);
/// seeds are taken until all 6 faces came up.
pub fn die_read_back<F: Copy + PartialEq + std::fmt::Debug>(
    rolled: impl Fn(&[i32], u64) -> Vec<F>,
    counts: &[i32],
    first: F,
) -> Vec<F> {
    let mut die: [Option<F>; 6] = [None; 6];
    for seed in 0..20 {
        let faces = rolled(counts, seed);
        let marks: Vec<Vec<F>> = (1..=5)
            .map(|k| {
                let mut first_only = vec![0; counts.len()];
                first_only[0] = k;
                rolled(&first_only, seed)
            })
            .collect();
        for (j, face) in faces.iter().enumerate() {
            let up = marks.iter().filter(|m| m[j] != first).count();
            assert!(die[up].is_none_or(|f| f == *face), "face {} twice", up + 1);
            die[up] = Some(*face);
        }
        if die.iter().all(Option::is_some) {
            return die.iter().flatten().copied().collect();
        }
    }
    panic!("not every face came up: {die:?}");
}
