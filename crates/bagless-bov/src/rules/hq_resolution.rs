//! HQ RESOLUTION STEP: after a memory, the buildings in their order
//! (hospital, workshop, shop, command room), decided as one entry.

use crate::model::board::{CardKind, Place};
use crate::model::campaign::{Campaign, Event};
use crate::model::hq_types::{DiceInput, HqPhase, HqState, ResolutionInput, Spot};
use crate::model::pack::Pack;
use crate::model::value_keys::{Building, ValueKey};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use crate::rules::assassins::check_destination;
use crate::rules::hq::hq_in;
use std::collections::BTreeSet;

/// COMMAND ROOM: the dice Bagless rolls for the table, from the seed the
/// app drew for this command (`rand`'s seeded generator, never a global
/// one). Their faces are recorded in the event (as if the table had
/// entered them), so an entry decided again from a file draws nothing.
fn roll(seed: u64, count: usize, faces: &[u8]) -> Vec<u8> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    (0..count)
        .map(|_| faces[rng.random_range(0..faces.len())])
        .collect()
}

/// SHOP: "Draw and reveal 4 cards from the equipment deck".
pub const SHOP_DRAWS: u32 = 4;

/// The ★ each face of the HQ die gives. Edition 2: "1 [special] counts for
/// 1 ★" (COMMAND ROOM): no face gives more than one. Edition 1 took the
/// pack's faces as they are (a face of 2).
pub fn hq_die(state: &Campaign, pack: &Pack) -> Vec<u8> {
    if state.follows_edition_2() {
        pack.board
            .hq_die
            .iter()
            .map(|face| (*face).min(1))
            .collect()
    } else {
        pack.board.hq_die.clone()
    }
}

/// SHOP: "Determine the number of cards to keep by reading the brown card
/// of each ally/assassin apprentice present in the shop." Edition 2: "Draw
/// and reveal 4 cards from the equipment deck": the workers keep some of
/// those 4, never more, whatever their output.
pub fn shop_keeps(state: &Campaign, hq: &HqState) -> Result<u32, Vec<RuleViolation>> {
    hq.output(Spot::Shop, Building::Shop, None).map(|allowed| {
        if state.follows_edition_2() {
            allowed.min(SHOP_DRAWS)
        } else {
            allowed
        }
    })
}

/// The most ★ one HQ die counts for, rolled or typed in (COMMAND ROOM).
pub fn die_max(state: &Campaign, pack: &Pack) -> u8 {
    hq_die(state, pack).iter().copied().max().unwrap_or(2)
}

/// WORKSHOP: a card that may pay a blueprint's cost: small equipment, a
/// reward or special equipment, from a board or the main hall.
pub(crate) fn pays_a_blueprint(c: &crate::model::board::PlacedCard) -> bool {
    matches!(
        c.card.kind,
        CardKind::BlackEquipment
            | CardKind::GreyEquipment
            | CardKind::Reward
            | CardKind::SpecialEquipment
    ) && (c.place.is_on_board() || c.place == Place::MainHall)
}

/// The resolution step, building by building, as one entry (one undo).
pub fn decide_resolve(
    state: &Campaign,
    pack: &Pack,
    input: &ResolutionInput,
) -> Result<Vec<Event>, Vec<RuleViolation>> {
    let hq = hq_in(state, HqPhase::Resolution)?;
    let mut step = Step {
        state,
        pack,
        hq,
        input,
        events: Vec::new(),
        violations: Vec::new(),
    };
    step.hospital();
    step.workshop();
    step.shop();
    let (faces, stars, fulfilled) = step.command_room();
    let Step {
        mut violations,
        events,
        ..
    } = step;
    let mut level_change = None;
    if fulfilled {
        match hq.value(&ValueKey::ContractLevel(hq.contract + 1)) {
            Ok(level) if level as u8 != state.hq_level => level_change = Some(level as u8),
            Ok(_) => {}
            Err(v) => violations.push(v),
        }
    }
    if !violations.is_empty() {
        return Err(violations);
    }
    let mut input = input.clone();
    input.dice = DiceInput::Entered { stars: faces };
    let mut all = vec![Event::HqResolved {
        input,
        stars,
        fulfilled,
    }];
    all.extend(events);
    if let Some(level) = level_change {
        all.push(Event::HqLevelChanged { level });
    }
    Ok(all)
}

/// The resolution step as it is decided: what the players entered, and
/// the events and refusals each building adds, in the buildings' order.
struct Step<'a> {
    state: &'a Campaign,
    pack: &'a Pack,
    hq: &'a HqState,
    input: &'a ResolutionInput,
    events: Vec<Event>,
    violations: Vec<RuleViolation>,
}

impl Step<'_> {
    /// 1. HOSPITAL: each patient healed within their health, the caregivers' care in all.
    fn hospital(&mut self) {
        let (state, pack, hq, input) = (self.state, self.pack, self.hq, self.input);
        let (events, violations) = (&mut self.events, &mut self.violations);
        let patients: BTreeSet<&String> = hq.at(Spot::HospitalRed).collect();
        let mut healed = 0u32;
        let mut seen = BTreeSet::new();
        for heal in &input.heal {
            let Some(assassin) = state
                .roster
                .get(&heal.assassin)
                .filter(|_| patients.contains(&heal.assassin))
            else {
                violations.push(refuse(
                    RuleCode::HealNotPatient,
                    Section::HqResolutionStep,
                    "Only assassins on the red hospital spaces are healed.",
                ));
                continue;
            };
            if !seen.insert(&heal.assassin) {
                violations.push(refuse(
                    RuleCode::HealTwice,
                    Section::HqResolutionStep,
                    "Each patient is listed once.",
                ));
                continue;
            }
            let max = state.max_health(pack, &heal.assassin);
            if heal.health < assassin.health || heal.health > max {
                violations.push(
                    refuse(
                        RuleCode::HealRange,
                        Section::HqResolutionStep,
                        format!(
                            "Health after the hospital is between {} and {max}.",
                            assassin.health
                        ),
                    )
                    .with("min", assassin.health)
                    .with("max", max),
                );
                continue;
            }
            healed += u32::from(heal.health - assassin.health);
            if heal.health > assassin.health {
                events.push(if assassin.eliminated {
                    Event::AssassinRecovered {
                        assassin: heal.assassin.clone(),
                        health: heal.health,
                    }
                } else {
                    Event::HealthRestored {
                        assassin: heal.assassin.clone(),
                        health: heal.health,
                    }
                });
            }
        }
        if healed > 0 {
            match hq.output(
                Spot::HospitalWhite,
                Building::Hospital,
                Some(state.hq_level),
            ) {
                Ok(care) if healed > care => violations.push(
                    refuse(
                        RuleCode::HealTooMuch,
                        Section::HqResolutionStep,
                        format!("The caregivers restore {care} health in all."),
                    )
                    .with("care", care),
                ),
                Ok(_) => {}
                Err(v) => violations.extend(v),
            }
        }
    }

    /// 2. WORKSHOP: the blueprint built, paid with the cards its cost asks after the workers' help.
    fn workshop(&mut self) {
        let (state, hq, input) = (self.state, self.hq, self.input);
        let (events, violations) = (&mut self.events, &mut self.violations);
        let blueprint = state
            .ledger
            .at(&Place::Workshop)
            .find(|c| c.card.kind == CardKind::Blueprint)
            .map(|c| c.card.id.clone());
        if input.build {
            match &blueprint {
                None => violations.push(refuse(
                    RuleCode::NoBlueprint,
                    Section::HqResolutionStep,
                    "There is no blueprint in the workshop.",
                )),
                Some(id) => {
                    let cost = hq.value(&ValueKey::BlueprintCost(id.to_string()));
                    let workers = hq.output(Spot::Workshop, Building::Workshop, None);
                    match (cost, workers) {
                        (Ok(cost), Ok(workers)) => {
                            let due = cost.saturating_sub(workers) as usize;
                            let mut paid = BTreeSet::new();
                            for card in &input.paid {
                                let ok = state.ledger.cards.get(card).is_some_and(pays_a_blueprint);
                                if !ok || !paid.insert(card.clone()) {
                                    violations.push(refuse(
                                        RuleCode::PaymentCard,
                                        Section::HqResolutionStep,
                                        "The cost is paid with small equipment, reward and special equipment cards from the boards or the main hall.",
                                    ));
                                }
                            }
                            if paid.len() != due {
                                violations.push(
                                    refuse(
                                        RuleCode::PaymentCount,
                                        Section::HqResolutionStep,
                                        format!(
                                            "Building it costs {due} cards after the workers' help."
                                        ),
                                    )
                                    .with("due", due),
                                );
                            }
                            let (removed, discarded): (Vec<String>, Vec<String>) =
                                paid.into_iter().partition(|c| {
                                    state
                                        .ledger
                                        .cards
                                        .get(c)
                                        .is_some_and(|c| c.card.removal_mark)
                                });
                            if !removed.is_empty() {
                                events.push(Event::CardsStored {
                                    cards: removed,
                                    to: Place::RemovedFromGame,
                                });
                            }
                            if !discarded.is_empty() {
                                events.push(Event::CardsStored {
                                    cards: discarded,
                                    to: Place::EquipmentDiscard,
                                });
                            }
                            events.push(Event::CardBuilt { card: id.clone() });
                            events.push(Event::CardsStored {
                                cards: vec![id.clone()],
                                to: Place::MainHall,
                            });
                        }
                        (cost, workers) => {
                            violations.extend(cost.err());
                            violations.extend(workers.err().unwrap_or_default());
                        }
                    }
                }
            }
        } else if !input.paid.is_empty() {
            violations.push(refuse(
                RuleCode::PaymentWithoutBuild,
                Section::HqResolutionStep,
                "Cards are only paid to build a blueprint.",
            ));
        }
    }

    /// 3. SHOP: the cards the workers let the players keep, each where a card may go.
    fn shop(&mut self) {
        let (state, pack, hq, input) = (self.state, self.pack, self.hq, self.input);
        let (events, violations) = (&mut self.events, &mut self.violations);
        if !input.kept.is_empty() {
            match shop_keeps(state, hq) {
                Ok(allowed) if input.kept.len() as u32 > allowed => violations.push(
                    refuse(
                        RuleCode::ShopTooMany,
                        Section::HqResolutionStep,
                        format!("The shop's workers let you keep {allowed} cards."),
                    )
                    .with("allowed", allowed),
                ),
                Ok(_) => {}
                Err(v) => violations.extend(v),
            }
            let mut kept = BTreeSet::new();
            // A slot takes one card, also among the cards bought together.
            let mut filled = BTreeSet::new();
            for keep in &input.kept {
                let bought = state.ledger.cards.get(&keep.card);
                let from_deck = bought.is_some_and(|c| c.place == Place::EquipmentDeck);
                let to_ok = keep.to.is_on_board() || keep.to == Place::MainHall;
                if !from_deck || !to_ok || !kept.insert(&keep.card) {
                    violations.push(refuse(
                        RuleCode::ShopCard,
                        Section::HqResolutionStep,
                        "Cards bought come from the equipment deck and go on a board or in the main hall.",
                    ));
                    continue;
                }
                // Where it goes, it goes as any card does (EQUIP): an assassin
                // in play, a slot it fits, a free one.
                let card = &bought.expect("from the deck").card;
                let slot_taken = keep.to.is_on_board() && !filled.insert(&keep.to);
                match check_destination(state, pack, card, &keep.to, None) {
                    Err(violation) => violations.push(violation),
                    Ok(()) if slot_taken => violations.push(
                        refuse(
                            RuleCode::SlotOccupied,
                            Section::Equip,
                            "Two cards bought go to the same slot: one slot holds one card.",
                        )
                        .with("card", &card.name),
                    ),
                    Ok(()) => events.push(Event::CardsStored {
                        cards: vec![keep.card.clone()],
                        to: keep.to.clone(),
                    }),
                }
            }
        }
    }

    /// 4. COMMAND ROOM: the dice's faces, their ★, and whether the contract is fulfilled.
    fn command_room(&mut self) -> (Vec<u8>, u32, bool) {
        let (state, pack, hq, input) = (self.state, self.pack, self.hq, self.input);
        let violations = &mut self.violations;
        if hq.second_attempt {
            // Edition 2: "Each ★ die that should be rolled automatically
            // provides a ★" (the assignment made sure there are enough).
            let given = if state.follows_edition_2() {
                hq.output(Spot::CommandRoom, Building::CommandRoom, None)
                    .unwrap_or_default()
            } else {
                0
            };
            (Vec::new(), given, true)
        } else {
            match hq.output(Spot::CommandRoom, Building::CommandRoom, None) {
                Err(v) => {
                    violations.extend(v);
                    (Vec::new(), 0, false)
                }
                Ok(dice) => {
                    let die = hq_die(state, pack);
                    let faces = match &input.dice {
                        DiceInput::Entered { stars } => stars.clone(),
                        DiceInput::Roll { seed: Some(seed) } => roll(*seed, dice as usize, &die),
                        DiceInput::Roll { seed: None } => {
                            violations.push(refuse(
                                RuleCode::RandomNeeded,
                                Section::HqResolutionStep,
                                "Bagless needs a random seed to roll the command room's dice: enter what the table rolled instead.",
                            ));
                            return (Vec::new(), 0, false);
                        }
                    };
                    let max_face = die_max(state, pack);
                    // Each face one the die shows (a face typed in, or one
                    // a file records).
                    if faces.len() != dice as usize || faces.iter().any(|f| !die.contains(f)) {
                        violations.push(
                            refuse(
                                RuleCode::DiceCount,
                                Section::HqResolutionStep,
                                format!("The command room rolls {dice} dice: enter each one's ★ (0 to {max_face})."),
                            )
                            .with("dice", dice)
                            .with("max", max_face),
                        );
                    }
                    let stars: u32 = faces.iter().map(|f| u32::from(*f)).sum();
                    match hq.value(&ValueKey::ContractStars(hq.contract)) {
                        Ok(needed) => (faces, stars, stars >= needed),
                        Err(v) => {
                            violations.push(v);
                            (faces, stars, false)
                        }
                    }
                }
            }
        }
    }
}
