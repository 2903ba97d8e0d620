//! A campaign on the table, for the refusal tests: the real box's pack
//! (campaigns/core/pack.json, or Roma's), a campaign made of real commands,
//! and the steps the players take between memories once the HQ is open
//! (`#[path]`-included by the refusals_*.rs tests).

#![allow(dead_code)]

use bagless_bov::board::{CardKind, EquipSlot, Place};
use bagless_bov::campaign::{
    decide, evolve, AttemptInput, Campaign, Command, Context, Difficulty, Event, Outcome, XpGained,
};
use bagless_bov::hq::{keys, AllyKind, DiceInput, HqPhase, ResolutionInput, Spot};
use bagless_bov::{Pack, RuleCode, RuleViolation};
use chrono::{NaiveDate, TimeZone, Utc};

pub fn pack(box_id: &str) -> Pack {
    match box_id {
        "core" => Pack::from_json(
            "campaigns/core/pack.json",
            include_str!("../../../../campaigns/core/pack.json"),
        ),
        "roma" => Pack::from_json(
            "campaigns/roma/pack.json",
            include_str!("../../../../campaigns/roma/pack.json"),
        ),
        other => panic!("no box {other}"),
    }
    .unwrap()
}

/// The evening the tests are played: 20 November 2026, 21:00 UTC.
pub fn ctx() -> Context {
    Context {
        now: Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap(),
    }
}

pub fn tonight() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 20).unwrap()
}

/// An attempt as the players tell it: no XP, no sticker, played tonight.
pub fn attempt(memory: &str, outcome: Outcome) -> AttemptInput {
    AttemptInput {
        memory: memory.into(),
        outcome,
        difficulty: Difficulty::Normal,
        xp: XpGained::default(),
        sync_met: false,
        stickers: vec![],
        played_on: tonight(),
        notes: String::new(),
        eliminated: vec![],
    }
}

pub fn add_card(name: &str, kind: CardKind, fits: Option<EquipSlot>, to: Place) -> Command {
    Command::AddCard {
        name: name.into(),
        kind,
        fits,
        health_bonus: u8::from(fits == Some(EquipSlot::Armor)),
        removal_mark: false,
        to,
    }
}

pub fn move_card(card: &str, to: Place) -> Command {
    Command::MoveCard {
        card: card.into(),
        to,
        chest: None,
    }
}

pub fn assign(miniature: &str, spot: Spot) -> Command {
    Command::AssignMiniature {
        miniature: miniature.into(),
        spot: Some(spot),
    }
}

pub fn set_value(key: String, value: u32) -> Command {
    Command::SetHqValue { key, value }
}

pub fn inventory(assassin: &str, index: u8) -> Place {
    Place::Inventory {
        assassin: assassin.into(),
        index,
    }
}

pub fn equipped(assassin: &str, slot: EquipSlot) -> Place {
    Place::Equipped {
        assassin: assassin.into(),
        slot,
    }
}

/// A resolution step where nothing is healed, built or bought, and each
/// die of the command room shows 1 ★.
pub fn plain_resolution(dice: usize) -> ResolutionInput {
    ResolutionInput {
        heal: vec![],
        build: false,
        paid: vec![],
        kept: vec![],
        dice: DiceInput::Entered {
            stars: vec![1; dice],
        },
    }
}

pub fn codes(violations: &[RuleViolation]) -> Vec<RuleCode> {
    violations.iter().map(|v| v.code).collect()
}

/// ★ each contract asks for, in these tests.
pub const CONTRACT_STARS: u32 = 3;

pub struct Table {
    pub pack: Pack,
    pub state: Campaign,
    /// Every event recorded, in order, to be decided again as a file would
    /// be ([`Table::believed`]).
    pub log: Vec<Event>,
}

impl Table {
    /// A campaign of `box_id` with these assassins, created by the players.
    pub fn new(box_id: &str, assassins: &[&str]) -> Table {
        let mut table = Table {
            pack: pack(box_id),
            state: Campaign::default(),
            log: Vec::new(),
        };
        table.run(Command::Create {
            name: "Venice".into(),
            pack_id: box_id.into(),
            assassins: assassins.iter().map(|s| s.to_string()).collect(),
        });
        table
    }

    pub fn core(assassins: &[&str]) -> Table {
        Table::new("core", assassins)
    }

    /// A campaign of the core box created under edition 1 of the rules, as
    /// every campaign recorded before editions were kept.
    pub fn edition_1(assassins: &[&str]) -> Table {
        Table::of_edition(1, assassins)
    }

    /// A campaign of the core box created under edition 2 of the rules,
    /// as every campaign created before edition 3.
    pub fn edition_2(assassins: &[&str]) -> Table {
        Table::of_edition(2, assassins)
    }

    /// A campaign of the core box created under `edition` of the rules.
    pub fn of_edition(edition: u32, assassins: &[&str]) -> Table {
        let pack = pack("core");
        let assassins: Vec<String> = assassins.iter().map(|s| s.to_string()).collect();
        let events = bagless_bov::rules::creation::decide_create(
            &pack, "Venice", "core", &assassins, edition,
        )
        .unwrap();
        Table {
            state: events.iter().fold(Campaign::default(), evolve),
            pack,
            log: events,
        }
    }

    pub fn decide(&self, command: &Command) -> Result<Vec<Event>, Vec<RuleViolation>> {
        decide(&self.state, &self.pack, command, &ctx())
    }

    pub fn run(&mut self, command: Command) -> Vec<Event> {
        let events = self
            .decide(&command)
            .unwrap_or_else(|v| panic!("{command:?} refused: {v:?}"));
        let state = std::mem::take(&mut self.state);
        self.state = events.iter().fold(state, evolve);
        self.log.extend(events.iter().cloned());
        events
    }

    /// The campaign's history decided again entry by entry, as an import or
    /// the library's deep check does (`bagless_game::decide_log_again`).
    pub fn believed(&self) -> Result<Campaign, bagless_game::Disbelieved> {
        let log: Vec<bagless_bov::campaign::EventEnvelope> = self
            .log
            .iter()
            .enumerate()
            .map(|(i, event)| bagless_bov::campaign::EventEnvelope {
                seq: i as u32 + 1,
                recorded_at: ctx().now,
                event: event.clone(),
                by: None,
            })
            .collect();
        bagless_game::decide_log_again::<Campaign>(&log)
    }

    /// Every rule the command breaks.
    pub fn refusals(&self, command: Command) -> Vec<RuleViolation> {
        match self.decide(&command) {
            Ok(events) => panic!("{command:?} was accepted: {events:?}"),
            Err(violations) => violations,
        }
    }

    /// The one rule the command breaks.
    pub fn refusal(&self, command: Command) -> RuleViolation {
        let mut violations = self.refusals(command);
        assert_eq!(violations.len(), 1, "one refusal expected: {violations:?}");
        violations.remove(0)
    }

    /// Records an attempt, the skill choices it waits for put off first.
    pub fn play(&mut self, memory: &str, outcome: Outcome, eliminated: &[&str]) {
        for (assassin, level) in self.state.pending_skill_choices(&self.pack) {
            self.run(Command::PostponeSkill { assassin, level });
        }
        let mut input = attempt(memory, outcome);
        input.eliminated = eliminated.iter().map(|s| s.to_string()).collect();
        self.run(Command::RecordAttempt(input));
    }

    /// Adds a card by name and gives back its id.
    pub fn add(
        &mut self,
        name: &str,
        kind: CardKind,
        fits: Option<EquipSlot>,
        to: Place,
    ) -> String {
        self.run(add_card(name, kind, fits, to));
        self.id_of(name)
    }

    pub fn id_of(&self, name: &str) -> String {
        self.state
            .ledger
            .cards
            .values()
            .find(|c| c.card.name == name)
            .unwrap_or_else(|| panic!("no card {name}"))
            .card
            .id
            .clone()
    }

    pub fn phase(&self) -> HqPhase {
        self.state.hq.as_ref().expect("the HQ is open").phase
    }

    /// Memories 0.1 to 0.4 won (the assassins in `eliminated` eliminated in
    /// 0.4), the HQ unlocked with the mercenaries, and the numbers its cards
    /// print typed in as the players meet them: each contract asks for
    /// [`CONTRACT_STARS`] ★ and shows level I on its back, each brown card
    /// gives one die in the command room.
    pub fn hq_unlocked(assassins: &[&str], eliminated: &[&str]) -> Table {
        Table::hq_unlocked_from(Table::core(assassins), eliminated)
    }

    /// [`Table::hq_unlocked`] from the campaign `table` just created.
    pub fn hq_unlocked_from(mut table: Table, eliminated: &[&str]) -> Table {
        for memory in ["0.1", "0.2", "0.3"] {
            table.play(memory, Outcome::Success, &[]);
        }
        table.play("0.4", Outcome::Success, eliminated);
        table.run(Command::UnlockHq {
            ally: AllyKind::Mercenaries,
        });
        for contract in 1..=24 {
            table.run(set_value(keys::contract_stars(contract), CONTRACT_STARS));
            table.run(set_value(keys::contract_level(contract), 1));
        }
        for n in 1..=4 {
            for miniature in [format!("apprentice-{n}"), format!("ally-{n}")] {
                table.run(set_value(keys::brown(&miniature, "command_room", None), 1));
            }
        }
        table
    }

    /// FIRST ASSIGNMENT 1 and 5: the eliminated on red hospital spaces, an
    /// apprentice in the memory group for each, the other assassins, Ezio
    /// and one mercenary with them; then 1 caregiver, 1 worker, 1 in the
    /// shop if any is left and the rest in the command room.
    pub fn first_assignment(&mut self) {
        let mut apprentices = (1..=4).map(|n| format!("apprentice-{n}"));
        for assassin in self.state.assassins.clone() {
            if self.state.roster[&assassin].eliminated {
                self.run(assign(&assassin, Spot::HospitalRed));
                self.run(assign(&apprentices.next().unwrap(), Spot::Memory));
            } else {
                self.run(assign(&assassin, Spot::Memory));
            }
        }
        self.run(assign("ezio", Spot::Memory));
        self.run(assign("ally-1", Spot::Memory));
        let mut group: Vec<String> = apprentices.collect();
        group.extend(["ally-2", "ally-3", "ally-4"].map(String::from));
        // "Shop: Place 1 … there if you have any left".
        let third = if group.len() >= 4 {
            Spot::Shop
        } else {
            Spot::CommandRoom
        };
        let spots = [Spot::HospitalWhite, Spot::Workshop, third];
        for (i, miniature) in group.iter().enumerate() {
            let spot = spots.get(i).copied().unwrap_or(Spot::CommandRoom);
            self.run(assign(miniature, spot));
        }
    }

    /// ASSIGNMENTS: MEMORY 1.2 ONWARD, plainly: the eliminated in the
    /// hospital with an apprentice out for each, everyone else in the
    /// memory group but two apprentices-or-fewer in the workshop and three
    /// mercenaries in the command room.
    pub fn later_assignment(&mut self) {
        let mut apprentices = (1..=4).map(|n| format!("apprentice-{n}"));
        for assassin in self.state.assassins.clone() {
            if self.state.roster[&assassin].eliminated {
                self.run(assign(&assassin, Spot::HospitalRed));
                self.run(assign(&apprentices.next().unwrap(), Spot::Memory));
            } else {
                self.run(assign(&assassin, Spot::Memory));
            }
        }
        self.run(assign("ezio", Spot::Memory));
        for apprentice in apprentices {
            self.run(assign(&apprentice, Spot::Workshop));
        }
        self.run(assign("ally-1", Spot::Memory));
        for ally in ["ally-2", "ally-3", "ally-4"] {
            self.run(assign(ally, Spot::CommandRoom));
        }
    }

    /// The assignment step, the memory won, and a resolution step where
    /// nothing is healed, built or bought and the contract is fulfilled.
    pub fn play_with_hq(&mut self, memory: &str, outcome: Outcome) {
        if self.phase() == HqPhase::Assignment {
            if self.state.villa_retired() {
                self.later_assignment();
            } else {
                self.first_assignment();
            }
            self.run(Command::ConfirmAssignment);
        }
        self.play(memory, outcome, &[]);
        self.resolve_plainly();
    }

    pub fn resolve_plainly(&mut self) {
        let dice = self.state.hq.as_ref().unwrap().count(Spot::CommandRoom);
        self.run(Command::ResolveHq(plain_resolution(dice)));
    }
}
