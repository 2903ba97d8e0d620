//! Property: any sequence of assignments and resolutions keeps every
//! building within its capacity, never loses or duplicates a card or a
//! miniature, and undoing a whole resolution gives back the exact state
//! from before it.

use bagless_bov::assassins::check_invariants;
use bagless_bov::board::{CardKind, Place};
use bagless_bov::campaign::{
    decide, last_undoable, replay_log, AttemptInput, Campaign, Command, Context, Difficulty,
    EventEnvelope, Outcome, XpGained,
};
use bagless_bov::hq::{keys, miniatures, AllyKind, DiceInput, Heal, Keep, ResolutionInput, Spot};
use bagless_bov::{Event, Pack};
use chrono::{NaiveDate, TimeZone, Utc};
use proptest::prelude::*;

const SPOTS: [Spot; 6] = [
    Spot::Memory,
    Spot::HospitalRed,
    Spot::HospitalWhite,
    Spot::Workshop,
    Spot::Shop,
    Spot::CommandRoom,
];

#[derive(Debug, Clone)]
enum Step {
    Assign(usize, Option<usize>),
    FirstLayout,
    Confirm,
    Play(bool, Option<usize>),
    Resolve {
        heal: u8,
        build: bool,
        pay: usize,
        keep: usize,
        stars: Vec<u8>,
        roll: Option<u64>,
    },
    AddCard(usize),
    Undo,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        5 => (0usize..16, proptest::option::weighted(0.9, 0usize..6)).prop_map(|(m, s)| Step::Assign(m, s)),
        3 => Just(Step::FirstLayout),
        3 => Just(Step::Confirm),
        3 => (any::<bool>(), proptest::option::weighted(0.2, 0usize..4)).prop_map(|(w, e)| Step::Play(w, e)),
        4 => (0u8..4, any::<bool>(), 0usize..8, 0usize..8, prop::collection::vec(0u8..3, 0..8), proptest::option::of(any::<u64>()))
            .prop_map(|(heal, build, pay, keep, stars, roll)| Step::Resolve { heal, build, pay, keep, stars, roll }),
        2 => (0usize..3).prop_map(Step::AddCard),
        1 => Just(Step::Undo),
    ]
}

fn ctx() -> Context {
    Context {
        now: Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap(),
    }
}

fn push(log: &mut Vec<EventEnvelope>, events: Vec<Event>) {
    for event in events {
        let seq = log.len() as u32 + 1;
        log.push(EventEnvelope {
            seq,
            recorded_at: ctx().now,
            event,
            by: None,
        });
    }
}

fn attempt(memory: &str, success: bool, eliminated: Vec<String>) -> Command {
    Command::RecordAttempt(AttemptInput {
        memory: memory.into(),
        outcome: if success {
            Outcome::Success
        } else {
            Outcome::Failure
        },
        difficulty: Difficulty::Normal,
        xp: XpGained::default(),
        sync_met: false,
        stickers: vec![],
        played_on: NaiveDate::from_ymd_opt(2026, 11, 1).unwrap(),
        notes: String::new(),
        eliminated,
    })
}

/// A campaign with the HQ just unlocked, every card value known.
fn start(pack: &Pack, log: &mut Vec<EventEnvelope>) {
    let run = |log: &mut Vec<EventEnvelope>, command: Command| {
        let events = decide(&replay_log(log), pack, &command, &ctx()).unwrap();
        push(log, events);
    };
    run(
        log,
        Command::Create {
            name: "P".into(),
            pack_id: "core".into(),
            assassins: vec!["alessandra".into(), "bastiano".into(), "claudio".into()],
        },
    );
    for memory in ["0.1", "0.2", "0.3", "0.4"] {
        run(log, attempt(memory, true, vec![]));
    }
    run(
        log,
        Command::UnlockHq {
            ally: AllyKind::Courtesans,
        },
    );
    let state = replay_log(log);
    let mut values = vec![(keys::blueprint_cost("flying-machine"), 2)];
    for n in 1..=30 {
        values.push((keys::contract_stars(n), 1 + n % 4));
        values.push((keys::contract_level(n), 1 + (n / 2).min(3)));
    }
    for mini in miniatures(&state) {
        for building in ["workshop", "shop", "command_room"] {
            values.push((keys::brown(&mini, building, None), 1));
        }
        for level in 0..=4 {
            values.push((keys::brown(&mini, "hospital", Some(level)), 2));
        }
    }
    for (key, value) in values {
        run(log, Command::SetHqValue { key, value });
    }
}

fn command(state: &Campaign, pack: &Pack, step: &Step) -> Vec<Command> {
    let minis = miniatures(state);
    let hq = state.hq.as_ref().unwrap();
    match step {
        Step::Assign(m, s) => vec![Command::AssignMiniature {
            miniature: minis[m % minis.len()].clone(),
            spot: s.map(|s| SPOTS[s]),
        }],
        Step::FirstLayout => {
            let mut commands = Vec::new();
            let mut apprentices = (1..=4).map(|n| format!("apprentice-{n}"));
            let mut assign = |m: String, spot: Spot| {
                commands.push(Command::AssignMiniature {
                    miniature: m,
                    spot: Some(spot),
                })
            };
            for a in &state.assassins {
                if state.roster[a].eliminated {
                    assign(a.clone(), Spot::HospitalRed);
                    assign(apprentices.next().unwrap(), Spot::Memory);
                } else {
                    assign(a.clone(), Spot::Memory);
                }
            }
            assign("ezio".into(), Spot::Memory);
            assign("ally-1".into(), Spot::Memory);
            let mut rest: Vec<String> = apprentices.collect();
            rest.extend((2..=4).map(|n| format!("ally-{n}")));
            let group = rest.len();
            let mut rest = rest.into_iter();
            assign(rest.next().unwrap(), Spot::HospitalWhite);
            assign(rest.next().unwrap(), Spot::Workshop);
            if group >= 4 {
                assign(rest.next().unwrap(), Spot::Shop);
            }
            for m in rest {
                assign(m, Spot::CommandRoom);
            }
            commands
        }
        Step::Confirm => vec![Command::ConfirmAssignment],
        Step::Play(win, eliminate) => {
            let memory = state.next_memory(pack).unwrap_or("4.5").to_string();
            let eliminated = eliminate
                .map(|i| vec![state.assassins[i % state.assassins.len()].clone()])
                .unwrap_or_default();
            vec![attempt(&memory, *win, eliminated)]
        }
        Step::Resolve {
            heal,
            build,
            pay,
            keep,
            stars,
            roll,
        } => {
            let payable: Vec<String> = state
                .ledger
                .cards
                .values()
                .filter(|c| {
                    c.card.kind == CardKind::BlackEquipment
                        && (c.place.is_on_board() || c.place == Place::MainHall)
                })
                .map(|c| c.card.id.clone())
                .collect();
            let deck: Vec<String> = state
                .ledger
                .at(&Place::EquipmentDeck)
                .map(|c| c.card.id.clone())
                .collect();
            vec![Command::ResolveHq(ResolutionInput {
                heal: hq
                    .at(Spot::HospitalRed)
                    .map(|a| Heal {
                        assassin: a.clone(),
                        health: state.roster[a].health.saturating_add(*heal),
                    })
                    .collect(),
                build: *build,
                paid: payable.iter().take(*pay % 3).cloned().collect(),
                kept: deck
                    .iter()
                    .take(*keep % 3)
                    .map(|card| Keep {
                        card: card.clone(),
                        to: Place::MainHall,
                    })
                    .collect(),
                dice: match roll {
                    Some(seed) => DiceInput::Roll { seed: Some(*seed) },
                    None => DiceInput::Entered {
                        stars: stars.clone(),
                    },
                },
            })]
        }
        Step::AddCard(to) => vec![Command::AddCard {
            name: "Card".into(),
            kind: CardKind::BlackEquipment,
            fits: None,
            health_bonus: 0,
            removal_mark: *to == 0,
            to: [
                Place::EquipmentDeck,
                Place::MainHall,
                Place::Inventory {
                    assassin: "alessandra".into(),
                    index: 0,
                },
            ][*to]
                .clone(),
        }],
        Step::Undo => vec![],
    }
}

fn check(state: &Campaign, card_count: usize) -> Result<(), String> {
    check_invariants(state)?;
    if state.ledger.cards.len() != card_count {
        return Err(format!(
            "{} cards, {card_count} expected",
            state.ledger.cards.len()
        ));
    }
    let hq = state.hq.as_ref().ok_or("the HQ vanished")?;
    let minis = miniatures(state);
    for mini in hq.spots.keys() {
        if !minis.contains(mini) {
            return Err(format!(
                "{mini} is placed but not a miniature of the campaign"
            ));
        }
    }
    for spot in SPOTS {
        if let Some(capacity) = spot.capacity() {
            if hq.count(spot) > capacity {
                return Err(format!(
                    "{} miniatures in the {}",
                    hq.count(spot),
                    spot.word()
                ));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn the_hq_keeps_its_capacities_and_every_card_and_miniature(
        steps in prop::collection::vec(step(), 1..80),
    ) {
        let pack = Pack::from_json("core", include_str!("../../../campaigns/core/pack.json")).unwrap();
        let mut log = Vec::new();
        start(&pack, &mut log);
        let mut cards = replay_log(&log).ledger.cards.len();
        for step in &steps {
            let state = replay_log(&log);
            if let Step::Undo = step {
                if let Some(seq) = last_undoable(&log) {
                    // Never undo past the HQ's opening: the tests need it.
                    if !matches!(log[seq as usize - 1].event, Event::HqUnlocked { .. } | Event::HqValueSet { .. }) {
                        push(&mut log, vec![Event::EntryUndone { seq }]);
                        cards = replay_log(&log).ledger.cards.len();
                    }
                }
                continue;
            }
            for command in command(&state, &pack, step) {
                let state = replay_log(&log);
                match decide(&state, &pack, &command, &ctx()) {
                    Ok(events) => {
                        let resolved = matches!(command, Command::ResolveHq(_));
                        if matches!(command, Command::AddCard { .. }) {
                            cards += 1;
                        }
                        let seq = log.len() as u32 + 1;
                        push(&mut log, events);
                        let after = replay_log(&log);
                        prop_assert_eq!(check(&after, cards), Ok(()), "after {:?}", command);
                        if resolved {
                            // Undo the whole resolution: the exact prior state.
                            let mut undone = log.clone();
                            push(&mut undone, vec![Event::EntryUndone { seq }]);
                            prop_assert_eq!(&replay_log(&undone), &state);
                        }
                    }
                    Err(violations) => prop_assert!(!violations.is_empty()),
                }
            }
        }
    }
}
