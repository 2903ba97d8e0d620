//! The headquarters: unlocking it, the assignment step before each memory,
//! the resolution step after it (hospital, workshop, shop, command room),
//! the contract deck and the HQ level (HEADQUARTERS, FIRST ASSIGNMENT,
//! ASSIGNMENTS: MEMORY 1.2 ONWARD, CONTRACT CARDS, HQ RESOLUTION STEP).
//!
//! Numbers printed on cards that are not public (brown-card outputs,
//! contract values, the level on each contract's back, blueprint costs) are
//! asked of the players the first time they matter: a command that needs one
//! is refused with `value_needed` naming it, and `SetHqValue` remembers it.
//!
//! The HQ's types are in `hq_types.rs`, re-exported here.

use crate::model::board::{CardKind, Place};
use crate::model::campaign::{Campaign, Event};
pub use crate::model::hq_types::{
    miniature_kind, AllyKind, DiceInput, Heal, HqPhase, HqState, Keep, MiniatureKind,
    ResolutionInput, Spot, ALLIES, APPRENTICES, EZIO,
};
use crate::model::pack::Pack;
pub use crate::model::value_keys::{keys, MAX_VALUE};
use crate::model::value_keys::{Building, ValueKey};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
pub use crate::rules::hospital::in_hospital;
pub use crate::rules::hq_resolution::{decide_resolve, hq_die, SHOP_DRAWS};
use std::collections::BTreeMap;

/// Every miniature of the HQ, assassins in play first.
pub fn miniatures(state: &Campaign) -> Vec<String> {
    let mut all: Vec<String> = state.assassins.clone();
    all.push(EZIO.to_string());
    all.extend((1..=APPRENTICES).map(|n| format!("apprentice-{n}")));
    all.extend((1..=ALLIES).map(|n| format!("ally-{n}")));
    all
}

fn no_hq() -> RuleViolation {
    refuse(
        RuleCode::HqLocked,
        Section::Headquarters,
        "The HQ is not unlocked yet: it opens after memory 0.4.",
    )
}

// Each code is written out where it is made: tests/rule_codes.rs lists them
// for the UI's message catalogue.
fn wrong_phase(expected: HqPhase) -> RuleViolation {
    match expected {
        HqPhase::Assignment => refuse(
            RuleCode::HqNotAssigning,
            Section::Headquarters,
            "The assignment step comes before a memory, after the last resolution step.",
        ),
        HqPhase::Memory => refuse(
            RuleCode::HqAssignmentDue,
            Section::Headquarters,
            "Do the HQ assignment step before playing the next memory.",
        ),
        HqPhase::Resolution => refuse(
            RuleCode::HqNotResolving,
            Section::Headquarters,
            "The resolution step comes after a memory is played.",
        ),
    }
}

pub(crate) fn hq_in(state: &Campaign, phase: HqPhase) -> Result<&HqState, Vec<RuleViolation>> {
    let hq = state.hq.as_ref().ok_or_else(|| vec![no_hq()])?;
    if hq.phase != phase {
        return Err(vec![wrong_phase(phase)]);
    }
    Ok(hq)
}

/// The HQ opens after this pack's memory (0.4 in the core box).
pub fn decide_unlock(
    state: &Campaign,
    pack: &Pack,
    ally: AllyKind,
) -> Result<Vec<Event>, Vec<RuleViolation>> {
    let Some(after) = pack.board.hq_after.as_deref() else {
        return Err(vec![refuse(
            RuleCode::HqNone,
            Section::Headquarters,
            "This box has no headquarters.",
        )]);
    };
    if state.hq.is_some() {
        return Err(vec![refuse(
            RuleCode::HqUnlocked,
            Section::Headquarters,
            "The HQ is already unlocked.",
        )]);
    }
    if !state.is_done(after) {
        return Err(vec![refuse(
            RuleCode::HqTooEarly,
            Section::Headquarters,
            format!("The HQ opens after memory {after}."),
        )
        .with("memory", after)]);
    }
    Ok(vec![Event::HqUnlocked { ally }])
}

pub fn decide_value(
    state: &Campaign,
    key: &str,
    value: u32,
) -> Result<Vec<Event>, Vec<RuleViolation>> {
    if state.hq.is_none() {
        return Err(vec![no_hq()]);
    }
    let Some(asked) = ValueKey::parse(key) else {
        return Err(vec![refuse(
            RuleCode::ValueKey,
            Section::Headquarters,
            "That is not a number Bagless asks for.",
        )]);
    };
    let max = asked.max();
    if value > max {
        return Err(vec![refuse(
            RuleCode::ValueTooLarge,
            Section::Headquarters,
            format!("That number is at most {max}."),
        )
        .with("max", max)]);
    }
    Ok(vec![Event::HqValueSet {
        key: key.to_string(),
        value,
    }])
}

/// Puts a miniature on a spot (or takes it off with `None`), within the
/// capacities and the spots each kind may use.
pub fn decide_assign(
    state: &Campaign,
    pack: &Pack,
    miniature: &str,
    spot: Option<Spot>,
) -> Result<Vec<Event>, Vec<RuleViolation>> {
    let hq = hq_in(state, HqPhase::Assignment)?;
    if !miniatures(state).iter().any(|m| m == miniature) {
        return Err(vec![refuse(
            RuleCode::MiniatureUnknown,
            Section::Headquarters,
            "That miniature is not in this campaign.",
        )]);
    }
    let kind = miniature_kind(miniature);
    if let Some(spot) = spot {
        // Edition 2: from 1.2 on, "Assign allies and assassin apprentices
        // from the headquarters group in the buildings of your choice":
        // Ezio is an ally; whether his brown card lets him work in a
        // building is asked once (ASSIGNMENTS: MEMORY 1.2 ONWARD 5).
        let ezio_works = kind == MiniatureKind::Ezio && hq.first_done && state.follows_edition_2();
        let allowed = match spot {
            Spot::Memory => true,
            Spot::HospitalRed => kind == MiniatureKind::Assassin,
            _ => matches!(kind, MiniatureKind::Apprentice | MiniatureKind::Ally) || ezio_works,
        };
        if !allowed {
            let message = match spot {
                Spot::HospitalRed => "Only assassins lie on the red hospital spaces.".to_string(),
                _ => format!(
                    "Only apprentices and {} work in the {}.",
                    ally_word(hq.ally),
                    spot.word()
                ),
            };
            return Err(vec![refuse(
                RuleCode::SpotKind,
                Section::Assignments,
                message,
            )
            .with_id("spot", spot)
            .with_id("ally", hq.ally)]);
        }
        if let Some(capacity) = spot.capacity() {
            let already_there = hq.spots.get(miniature) == Some(&spot);
            if !already_there && hq.count(spot) >= capacity {
                return Err(vec![refuse(
                    RuleCode::SpotFull,
                    Section::Assignments,
                    format!("The {} holds at most {capacity} miniatures.", spot.word()),
                )
                .with_id("spot", spot)
                .with("capacity", capacity)]);
            }
        }
        if spot == Spot::HospitalRed {
            crate::rules::hospital::check_patient(state, pack, hq, miniature)?;
        }
        if state.follows_edition_6() && !hq.first_done {
            check_first_layout_room(state, hq, miniature, kind, spot)?;
        }
        if let Some(building) = spot.building().filter(|_| ezio_works) {
            if hq
                .value(&ValueKey::EzioWorks(building))
                .map_err(|v| vec![v])?
                == 0
            {
                return Err(vec![refuse(
                    RuleCode::EzioNoWork,
                    Section::AssignmentsFromMemory12,
                    format!(
                        "Ezio's brown card gives him no work in the {}.",
                        spot.word()
                    ),
                )
                .with_id("spot", spot)]);
            }
        }
        if state.roster.get(miniature).is_some_and(|a| a.eliminated) && spot != Spot::HospitalRed {
            return Err(vec![refuse(
                RuleCode::EliminatedToHospital,
                Section::Assignments,
                "An eliminated assassin goes on a red hospital space.",
            )]);
        }
    }
    Ok(vec![Event::MiniatureAssigned {
        miniature: miniature.to_string(),
        spot,
    }])
}

fn ally_word(ally: AllyKind) -> &'static str {
    match ally {
        AllyKind::Mercenaries => "mercenaries",
        AllyKind::Courtesans => "courtesans",
    }
}

/// Ends the assignment step: every rule of the step is checked at once.
pub fn decide_confirm(state: &Campaign, pack: &Pack) -> Result<Vec<Event>, Vec<RuleViolation>> {
    let hq = hq_in(state, HqPhase::Assignment)?;
    let mut violations = Vec::new();
    let all = miniatures(state);
    // From 1.2 on Ezio may stay at the HQ: he works in no building, so left
    // out of the memory group he simply stays (ASSIGNMENTS: MEMORY 1.2
    // ONWARD 4, "those who will stay at HQ").
    let unplaced: Vec<&String> = all
        .iter()
        .filter(|m| !hq.spots.contains_key(*m))
        .filter(|m| !(hq.first_done && m.as_str() == EZIO))
        .collect();
    if !unplaced.is_empty() {
        violations.push(
            refuse(
                RuleCode::MiniaturesUnplaced,
                Section::Assignments,
                format!(
                    "Every miniature goes to the memory group or a building ({} left).",
                    unplaced.len()
                ),
            )
            .with("count", unplaced.len()),
        );
    }
    // Ezio is in the memory group at the first assignment only; from 1.2
    // on the players split their miniatures freely (ASSIGNMENTS: MEMORY 1.2
    // ONWARD 4).
    if !hq.first_done && hq.spots.get(EZIO) != Some(&Spot::Memory) {
        violations.push(refuse(
            RuleCode::EzioMemory,
            Section::FirstAssignment,
            "Ezio Auditore plays in the memory group.",
        ));
    }
    let in_hospital = hq.count(Spot::HospitalRed);
    let apprentices_out = hq
        .at(Spot::Memory)
        .filter(|m| miniature_kind(m) == MiniatureKind::Apprentice)
        .count();
    if apprentices_out != in_hospital {
        violations.push(
            refuse(
                RuleCode::ApprenticePerPatient,
                Section::AssassinApprentices,
                format!("Each assassin in the hospital is replaced by an apprentice in the memory group: {in_hospital} needed."),
            )
            .with("count", in_hospital),
        );
    }
    let allies_out = hq
        .at(Spot::Memory)
        .filter(|m| miniature_kind(m) == MiniatureKind::Ally)
        .count();
    if !hq.first_done {
        violations.extend(first_layout(hq, apprentices_out, allies_out));
    }
    for assassin in &state.assassins {
        let eliminated = state.roster.get(assassin).is_some_and(|a| a.eliminated);
        if eliminated && hq.spots.get(assassin) != Some(&Spot::HospitalRed) {
            violations.push(refuse(
                RuleCode::EliminatedToHospital,
                Section::Assignments,
                "An eliminated assassin goes on a red hospital space.",
            ));
        }
    }
    violations.extend(second_attempt_short(hq));
    let level = hq.value(&ValueKey::ContractLevel(hq.contract));
    if let Err(v) = &level {
        violations.push(v.clone());
    }
    if !violations.is_empty() {
        return Err(violations);
    }
    let mut events = vec![Event::AssignmentConfirmed];
    if !hq.first_done {
        events.extend(first_assignment_cards(state, pack));
    }
    let level = level.expect("checked above") as u8;
    if level != state.hq_level {
        events.push(Event::HqLevelChanged { level });
    }
    Ok(events)
}

/// FIRST ASSIGNMENT: exactly 1 ally in the memory group; the HQ group as
/// the first assignment lays it out.
fn first_layout(hq: &HqState, apprentices_out: usize, allies_out: usize) -> Vec<RuleViolation> {
    let mut violations = Vec::new();
    if allies_out != 1 {
        violations.push(first_one_ally(hq));
    }
    let group = (APPRENTICES + ALLIES) as usize - apprentices_out - allies_out;
    for (spot, count) in first_buildings(group) {
        if hq.count(spot) != count {
            violations.push(first_layout_refusal(spot, count));
        }
    }
    violations
}

/// The HQ group of `group` miniatures as the first assignment lays it out:
/// 1 caregiver, 1 worker, 1 in the command room, 1 in the shop if any is
/// left, the rest in the command room.
fn first_buildings(group: usize) -> [(Spot, usize); 4] {
    let shop = usize::from(group >= 4);
    [
        (Spot::HospitalWhite, 1),
        (Spot::Workshop, 1),
        (Spot::Shop, shop),
        (Spot::CommandRoom, group.saturating_sub(2 + shop)),
    ]
}

fn first_one_ally(hq: &HqState) -> RuleViolation {
    refuse(
        RuleCode::FirstOneAlly,
        Section::FirstAssignment,
        format!(
            "The memory group takes exactly 1 of your {}.",
            ally_word(hq.ally)
        ),
    )
    .with_id("ally", hq.ally)
}

fn first_layout_refusal(spot: Spot, count: usize) -> RuleViolation {
    refuse(
        RuleCode::FirstLayout,
        Section::FirstAssignment,
        format!("First assignment: {count} in the {}.", spot.word()),
    )
    .with_id("spot", spot)
    .with("count", count)
}

/// Edition 6: FIRST ASSIGNMENT lays the first assignment out ("1
/// mercenary / courtesan" in the memory group, "Any assassin on a red
/// hospital space is replaced by an assassin apprentice"; "Hospital: Place
/// 1 … on a white space", "Workshop: Place 1 …", "Command room: Place 1
/// …", "Shop: Place 1 … there if you have any left", "Assign any remaining
/// … to the command room"): a miniature goes only where that layout has
/// room. Only the eliminated lie in the hospital then, so the patients are
/// known before they are laid there: those eliminated, and any already on
/// a red space. Editions 1 to 5 took any placement within the capacities
/// and refused the layout at the confirmation only ([`first_layout`],
/// which still checks it whole).
fn check_first_layout_room(
    state: &Campaign,
    hq: &HqState,
    miniature: &str,
    kind: MiniatureKind,
    spot: Spot,
) -> Result<(), Vec<RuleViolation>> {
    let others_at = |spot: Spot, kind: Option<MiniatureKind>| {
        hq.at(spot)
            .filter(|m| m.as_str() != miniature)
            .filter(|m| kind.is_none_or(|k| miniature_kind(m) == k))
            .count()
    };
    let patients = first_patients(state, hq);
    match (spot, kind) {
        (Spot::Memory, MiniatureKind::Ally) if others_at(spot, Some(kind)) >= 1 => {
            Err(vec![first_one_ally(hq)])
        }
        (Spot::Memory, MiniatureKind::Apprentice) if others_at(spot, Some(kind)) >= patients => {
            Err(vec![refuse(
                RuleCode::ApprenticePerPatient,
                Section::FirstAssignment,
                format!("Each assassin in the hospital is replaced by an apprentice in the memory group: {patients} needed."),
            )
            .with("count", patients)])
        }
        _ => match first_room(state, hq, spot) {
            Some(room) if others_at(spot, None) >= room => {
                Err(vec![first_layout_refusal(spot, room)])
            }
            _ => Ok(()),
        },
    }
}

/// The assassins the first assignment lays in the hospital: those
/// eliminated, and any already on a red space.
fn first_patients(state: &Campaign, hq: &HqState) -> usize {
    state
        .assassins
        .iter()
        .filter(|a| {
            state.roster.get(*a).is_some_and(|r| r.eliminated)
                || hq.spots.get(*a) == Some(&Spot::HospitalRed)
        })
        .count()
}

/// How many miniatures the first assignment's layout puts in `spot`, a
/// building (None elsewhere): one ally goes with the memory group, one
/// apprentice per patient.
fn first_room(state: &Campaign, hq: &HqState, spot: Spot) -> Option<usize> {
    let group = (APPRENTICES + ALLIES) as usize - first_patients(state, hq) - 1;
    first_buildings(group)
        .into_iter()
        .find(|(s, _)| *s == spot)
        .map(|(_, room)| room)
}

/// How many miniatures `spot` takes now, as the assignment's checks take
/// them: its capacity (ASSIGNMENTS), or under edition 6 at the first
/// assignment the first layout's number (FIRST ASSIGNMENT), never more
/// than the capacity. The HQ view shows it beside the count.
pub(crate) fn room_now(state: &Campaign, hq: &HqState, spot: Spot) -> Option<usize> {
    let capacity = spot.capacity();
    if !state.follows_edition_6() || hq.first_done {
        return capacity;
    }
    match (first_room(state, hq, spot), capacity) {
        (Some(room), Some(capacity)) => Some(room.min(capacity)),
        (room, capacity) => room.or(capacity),
    }
}

/// A second attempt at a contract is won in advance: enough dice in the
/// command room to reach its value.
fn second_attempt_short(hq: &HqState) -> Vec<RuleViolation> {
    let mut violations = Vec::new();
    if hq.second_attempt {
        match (
            hq.value(&ValueKey::ContractStars(hq.contract)),
            hq.output(Spot::CommandRoom, Building::CommandRoom, None),
        ) {
            (Ok(needed), Ok(dice)) if dice < needed => violations.push(
                refuse(
                    RuleCode::SecondAttemptShort,
                    Section::Assignments,
                    format!("Second attempt at the contract: the command room needs {needed} dice, it has {dice}."),
                )
                .with("needed", needed)
                .with("dice", dice),
            ),
            (Err(v), _) => violations.push(v),
            (_, Err(v)) => violations.extend(v),
            _ => {}
        }
    }
    violations
}

/// FIRST ASSIGNMENT 2 and 4: the flying machine blueprint to the
/// workshop, the villa envelope into the main hall.
fn first_assignment_cards(state: &Campaign, pack: &Pack) -> Vec<Event> {
    let mut events = Vec::new();
    // FIRST ASSIGNMENT 2 and 4: the flying machine blueprint to the
    // workshop, the villa envelope into the main hall.
    let blueprint: Vec<String> = state
        .ledger
        .cards
        .values()
        .filter(|c| {
            c.card.kind == CardKind::Blueprint
                && pack.board.first_blueprint.as_deref() == Some(c.card.id.as_str())
        })
        .filter(|c| c.place != Place::RemovedFromGame)
        .map(|c| c.card.id.clone())
        .collect();
    if !blueprint.is_empty() {
        events.push(Event::CardsStored {
            cards: blueprint,
            to: Place::Workshop,
        });
    }
    let villa: Vec<String> = state
        .ledger
        .at(&Place::VillaEnvelope)
        .map(|c| c.card.id.clone())
        .collect();
    if !villa.is_empty() {
        events.push(Event::CardsStored {
            cards: villa,
            to: Place::MainHall,
        });
    }
    events
}

pub(crate) fn evolve(state: &mut Campaign, event: &Event) {
    match event {
        Event::HqUnlocked { ally } => {
            state.hq = Some(HqState {
                ally: *ally,
                phase: HqPhase::Assignment,
                first_done: false,
                spots: BTreeMap::new(),
                contract: 1,
                second_attempt: false,
                values: BTreeMap::new(),
            });
        }
        Event::HqValueSet { key, value } => {
            if let Some(hq) = &mut state.hq {
                hq.values.insert(key.clone(), *value);
            }
        }
        Event::MiniatureAssigned { miniature, spot } => {
            if let Some(hq) = &mut state.hq {
                match spot {
                    Some(spot) => hq.spots.insert(miniature.clone(), *spot),
                    None => hq.spots.remove(miniature),
                };
            }
        }
        Event::AssignmentConfirmed => {
            if let Some(hq) = &mut state.hq {
                hq.phase = HqPhase::Memory;
                hq.first_done = true;
            }
        }
        Event::HqResolved { fulfilled, .. } => {
            if let Some(hq) = &mut state.hq {
                hq.phase = HqPhase::Assignment;
                // All miniatures leave the buildings.
                hq.spots.clear();
                if *fulfilled {
                    hq.contract += 1;
                    hq.second_attempt = false;
                } else {
                    hq.second_attempt = true;
                }
            }
        }
        Event::HqLevelChanged { level } => state.hq_level = *level,
        Event::CardBuilt { card } => {
            if let Some(c) = state.ledger.cards.get_mut(card) {
                c.card.kind = CardKind::SpecialEquipment;
            }
        }
        _ => {}
    }
}

/// After a memory with the HQ open, the resolution step is due.
pub(crate) fn after_memory(state: &mut Campaign) {
    if let Some(hq) = &mut state.hq {
        if hq.phase == HqPhase::Memory {
            hq.phase = HqPhase::Resolution;
        }
    }
}
