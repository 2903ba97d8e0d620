//! Random campaigns for property tests: any sequence of the players'
//! commands on the core box, valid or not. Shared by the core's and the
//! store's property tests (`#[path]`-included).

#![allow(dead_code)]

use bagless_bov::board::{CardKind, EquipSlot, Place};
use bagless_bov::campaign::{AttemptInput, Campaign, Command, Difficulty, Outcome, XpGained};
use bagless_bov::overrides::{OverrideInput, OverrideTarget};
use bagless_bov::Pack;
use chrono::NaiveDate;
use proptest::prelude::*;

pub const ASSASSINS: [&str; 4] = ["alessandra", "bastiano", "claudio", "daria"];

#[derive(Debug, Clone)]
pub enum Step {
    Play {
        outcome: Outcome,
        xp: u32,
        eliminate: Option<usize>,
    },
    ChooseSkill(usize),
    PostponeSkill(usize),
    AddCard {
        kind: CardKind,
        fits: Option<EquipSlot>,
        to: usize,
    },
    Move {
        card: usize,
        to: usize,
    },
    AddChestCard,
    DrawChest(usize),
    SetHealth(usize, u8),
    Join(usize),
    Leave(usize),
    Swap(usize, usize),
    /// The XP typed over what the memories credited.
    OverrideXp(u32),
    Undo,
}

pub fn kind() -> impl Strategy<Value = CardKind> {
    prop_oneof![
        Just(CardKind::BlackEquipment),
        Just(CardKind::GreyEquipment),
        Just(CardKind::Reward),
        Just(CardKind::Chest),
        Just(CardKind::Blueprint),
        Just(CardKind::SpecialEquipment),
    ]
}

pub fn fits() -> impl Strategy<Value = Option<EquipSlot>> {
    prop_oneof![
        2 => Just(None),
        1 => Just(Some(EquipSlot::Melee)),
        1 => Just(Some(EquipSlot::Ranged)),
        1 => Just(Some(EquipSlot::Armor)),
    ]
}

pub fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => (prop_oneof![Just(Outcome::Success), Just(Outcome::Failure)], 0u32..30, proptest::option::of(0usize..4))
            .prop_map(|(outcome, xp, eliminate)| Step::Play { outcome, xp, eliminate }),
        2 => (0usize..16).prop_map(Step::ChooseSkill),
        1 => (0usize..16).prop_map(Step::PostponeSkill),
        3 => (kind(), fits(), 0usize..64).prop_map(|(kind, fits, to)| Step::AddCard { kind, fits, to }),
        6 => (0usize..32, 0usize..64).prop_map(|(card, to)| Step::Move { card, to }),
        1 => Just(Step::AddChestCard),
        2 => (0usize..64).prop_map(Step::DrawChest),
        1 => (0usize..4, 0u8..8).prop_map(|(a, h)| Step::SetHealth(a, h)),
        1 => (0usize..4).prop_map(Step::Join),
        1 => (0usize..4).prop_map(Step::Leave),
        1 => (0usize..4, 0usize..4).prop_map(|(a, b)| Step::Swap(a, b)),
        1 => (0u32..180).prop_map(Step::OverrideXp),
        1 => Just(Step::Undo),
    ]
}

/// Every place a card could be sent, for the assassins of the box.
pub fn places() -> Vec<Place> {
    let mut places = vec![
        Place::VillaEnvelope,
        Place::MainHall,
        Place::Workshop,
        Place::EquipmentDeck,
        Place::EquipmentDiscard,
        Place::ChestDeck,
        Place::RemovedFromGame,
        Place::Box,
    ];
    for assassin in ASSASSINS {
        let assassin = assassin.to_string();
        for slot in [EquipSlot::Melee, EquipSlot::Ranged, EquipSlot::Armor] {
            places.push(Place::Equipped {
                assassin: assassin.clone(),
                slot,
            });
        }
        // Index 5 is the sixth inventory slot: always refused.
        for index in 0..6 {
            places.push(Place::Inventory {
                assassin: assassin.clone(),
                index,
            });
        }
        places.push(Place::Bag { assassin });
    }
    places
}

fn place(i: usize) -> Place {
    let all = places();
    all[i % all.len()].clone()
}

/// The command a step stands for in `state`; `None` for an undo.
pub fn command(state: &Campaign, pack: &Pack, step: &Step) -> Option<Command> {
    let next = state.next_memory(pack).unwrap_or("4.5").to_string();
    let pending = state.pending_skill_choices(pack);
    let assassin = |i: usize| ASSASSINS[i % 4].to_string();
    Some(match step {
        Step::Play {
            outcome,
            xp,
            eliminate,
        } => Command::RecordAttempt(AttemptInput {
            memory: next,
            outcome: *outcome,
            difficulty: Difficulty::Normal,
            xp: XpGained {
                mandatory: if *outcome == Outcome::Success { *xp } else { 0 },
                ..Default::default()
            },
            sync_met: false,
            stickers: vec![],
            played_on: NaiveDate::from_ymd_opt(2026, 11, 1).unwrap(),
            notes: String::new(),
            eliminated: eliminate.map(|i| vec![assassin(i)]).unwrap_or_default(),
        }),
        Step::ChooseSkill(i) => {
            let (assassin, level) = pending
                .get(i % pending.len().max(1))
                .cloned()
                .unwrap_or((assassin(*i), 1));
            Command::ChooseSkill {
                assassin,
                level,
                name: format!("Skill {i}"),
                hq_level_required: (i % 3 == 0).then_some(2),
            }
        }
        Step::PostponeSkill(i) => {
            let (assassin, level) = pending
                .get(i % pending.len().max(1))
                .cloned()
                .unwrap_or((assassin(*i), 2));
            Command::PostponeSkill { assassin, level }
        }
        Step::AddCard { kind, fits, to } => Command::AddCard {
            name: format!("Card {to}"),
            kind: *kind,
            fits: *fits,
            health_bonus: u8::from(*fits == Some(EquipSlot::Armor)),
            removal_mark: to % 2 == 0,
            to: place(*to),
        },
        Step::Move { card, to } => {
            let ids: Vec<&String> = state.ledger.cards.keys().collect();
            let card = ids
                .get(card % ids.len().max(1))
                .map(|s| s.to_string())
                .unwrap_or_else(|| "no-such-card".into());
            Command::MoveCard {
                card,
                to: place(*to),
                chest: None,
            }
        }
        Step::AddChestCard => Command::AddCard {
            name: format!("Chest card {}", state.ledger.chest_deck.len() + 1),
            kind: CardKind::Chest,
            fits: None,
            health_bonus: 0,
            removal_mark: false,
            to: Place::ChestDeck,
        },
        Step::DrawChest(to) => Command::DrawChestCard {
            to: Place::Inventory {
                assassin: ASSASSINS[to % 4].to_string(),
                index: (to / 4 % 6) as u8,
            },
        },
        Step::SetHealth(a, health) => Command::SetHealth {
            assassin: assassin(*a),
            health: *health,
        },
        Step::Join(a) => Command::JoinAssassin {
            assassin: assassin(*a),
        },
        Step::Leave(a) => Command::LeaveAssassin {
            assassin: assassin(*a),
        },
        Step::Swap(a, b) => Command::SwapAssassin {
            leaving: assassin(*a),
            joining: assassin(*b),
        },
        Step::OverrideXp(value) => Command::Override(OverrideInput {
            target: OverrideTarget::Xp,
            value: *value,
            reason: String::new(),
        }),
        Step::Undo => return None,
    })
}

/// What must hold after every step, valid or refused.
pub fn check(state: &Campaign, pack: &Pack) -> Result<(), String> {
    bagless_bov::assassins::check_invariants(state)?;
    if state.level() != pack.level_for(state.xp(pack)) {
        return Err(format!("level {} for {} XP", state.level(), state.xp(pack)));
    }
    for assassin in &state.assassins {
        let board: Vec<_> = state.ledger.on_board_of(assassin).collect();
        let inventory = board
            .iter()
            .filter(|c| matches!(c.place, Place::Inventory { .. }))
            .count();
        if inventory > 5 {
            return Err(format!("{assassin} holds {inventory} inventory cards"));
        }
        let entry = &state.roster[assassin];
        if entry.eliminated && entry.health != 0 {
            return Err(format!(
                "{assassin} eliminated with {} health",
                entry.health
            ));
        }
    }
    if state.assassins.is_empty() || state.assassins.len() > 4 {
        return Err(format!("{} assassins in play", state.assassins.len()));
    }
    Ok(())
}
