//! The rules of the assassins and their cards: skills at each level, health,
//! elimination and apprentices, joining and leaving, and every card move
//! (LEVELING UP AND SKILLS, ASSASSINS' HEALTH, ELIMINATED, ASSASSIN
//! APPRENTICES, ADJUSTING THE NUMBER OF PLAYERS); the cards' moves are
//! `equipment`'s (EQUIP, CHEST).

use crate::model::board::{
    check_card_shape, CardDef, EquipSlot, Place, PlacedCard, SkillChoice, MAX_CARDS,
    MAX_CARD_NAME_CHARS, MAX_HEALTH_BONUS,
};
use crate::model::campaign::{assassin_name, roman, Campaign, Command, Event, MAX_ASSASSINS};
use crate::model::pack::Pack;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use std::collections::BTreeSet;

pub(crate) use super::equipment::check_destination;
pub use super::equipment::storage;
use super::equipment::{draw_chest_card, move_card, refused, unknown_assassin, Decision};
pub use crate::rules::ledger_check::check_invariants;

pub(crate) fn decide(state: &Campaign, pack: &Pack, command: &Command) -> Decision {
    match command {
        Command::ChooseSkill {
            assassin,
            level,
            name,
            hq_level_required,
        } => choose_skill(state, pack, assassin, *level, name, *hq_level_required),
        Command::PostponeSkill { assassin, level } => {
            check_skill_slot(state, pack, assassin, *level)?;
            Ok(vec![Event::SkillPostponed {
                assassin: assassin.clone(),
                level: *level,
            }])
        }
        Command::SetHealth { assassin, health } => set_health(state, pack, assassin, *health),
        Command::JoinAssassin { assassin } => {
            check_between_memories(state, pack)?;
            join(state, pack, assassin, None)
        }
        Command::LeaveAssassin { assassin } => {
            check_between_memories(state, pack)?;
            leave(state, pack, assassin, None)
        }
        Command::SwapAssassin { leaving, joining } => {
            check_between_memories(state, pack)?;
            leave(state, pack, leaving, Some(joining))
        }
        Command::MoveCard { card, to, chest } => move_card(state, pack, card, to, *chest),
        Command::DrawChestCard { to } => draw_chest_card(state, pack, to),
        Command::AddCard {
            name,
            kind,
            fits,
            health_bonus,
            removal_mark,
            to,
        } => {
            let name = name.trim();
            let mut violations = Vec::new();
            if name.is_empty() || name.chars().count() > MAX_CARD_NAME_CHARS {
                violations.push(
                    refuse(
                        RuleCode::CardName,
                        Section::SavingTheGame,
                        format!(
                            "Give the card its name (at most {MAX_CARD_NAME_CHARS} characters)."
                        ),
                    )
                    .with("max", MAX_CARD_NAME_CHARS),
                );
            } else if name.chars().any(char::is_control) {
                violations.push(refuse(
                    RuleCode::CardNameControl,
                    Section::SavingTheGame,
                    "A card name cannot contain line breaks or control characters.",
                ));
            }
            if let Err(problem) = check_card_shape(*kind, *fits) {
                violations.push(refuse(
                    RuleCode::CardShape,
                    Section::Equip,
                    format!("This card cannot be made: {problem}."),
                ));
            }
            if *health_bonus > 0 && !fits.is_some_and(EquipSlot::adds_health) {
                violations.push(refuse(
                    RuleCode::HealthBonusNotArmor,
                    Section::AssassinsHealth,
                    "Only an armor adds health.",
                ));
            } else if *health_bonus > MAX_HEALTH_BONUS {
                violations.push(
                    refuse(
                        RuleCode::HealthBonusTooLarge,
                        Section::AssassinsHealth,
                        format!("An armor adds at most {MAX_HEALTH_BONUS} health."),
                    )
                    .with("max", MAX_HEALTH_BONUS),
                );
            }
            if state.ledger.cards.len() >= MAX_CARDS {
                violations.push(
                    refuse(
                        RuleCode::TooManyCards,
                        Section::Equip,
                        format!("A campaign holds at most {MAX_CARDS} cards."),
                    )
                    .with("max", MAX_CARDS),
                );
            }
            if !violations.is_empty() {
                return Err(violations);
            }
            let placed = PlacedCard {
                card: CardDef {
                    id: state.ledger.next_added_id(),
                    name: name.to_string(),
                    kind: *kind,
                    fits: *fits,
                    health_bonus: *health_bonus,
                    removal_mark: *removal_mark,
                    added: true,
                },
                place: to.clone(),
            };
            check_destination(state, pack, &placed.card, to, None).map_err(|v| vec![v])?;
            crate::rules::equipment::check_added_into_hq(state, to)?;
            Ok(vec![Event::CardAdded { placed }])
        }
        _ => unreachable!("campaign::decide sends only board commands here"),
    }
}

pub(crate) fn evolve(state: &mut Campaign, event: &Event) {
    match event {
        Event::CardsDealt { cards } => cards.iter().for_each(|c| state.ledger.add(c)),
        Event::CardAdded { placed } => state.ledger.add(placed),
        Event::CardMoved {
            card,
            from,
            to,
            chest,
        } => {
            state.ledger.put_at(
                card,
                to,
                chest.unwrap_or(crate::model::board::ChestEnd::Bottom),
            );
            // Put back in the chest deck, it is no longer collected.
            if *to == Place::ChestDeck {
                state.ledger.drawn_this_attempt.retain(|c| c != card);
            } else if *from == Place::ChestDeck && state.follows_edition_3() {
                // Edition 3: a card that leaves the chest deck by any move
                // is collected, and goes back after a failure (REPLAYING A
                // MEMORY: "Return any chest cards you collected").
                state.ledger.drawn_this_attempt.retain(|c| c != card);
                state.ledger.drawn_this_attempt.push(card.clone());
            }
        }
        Event::ChestCardDrawn { card, to } => {
            state.ledger.put(card, to);
            state.ledger.drawn_this_attempt.retain(|c| c != card);
            state.ledger.drawn_this_attempt.push(card.clone());
        }
        // The failed attempt recorded just before emptied the list of cards
        // drawn (`memories::evolve`).
        Event::ChestCardsReturned { cards } => state.ledger.return_to_chest_top(cards),
        Event::CardsStored { cards, to } => cards.iter().for_each(|c| state.ledger.put(c, to)),
        Event::SkillChosen {
            assassin,
            level,
            name,
            hq_level_required,
        } => {
            state
                .roster
                .entry(assassin.clone())
                .or_default()
                .skills
                .insert(
                    *level,
                    SkillChoice::Chosen {
                        name: name.clone(),
                        hq_level_required: *hq_level_required,
                    },
                );
        }
        Event::SkillPostponed { assassin, level } => {
            state
                .roster
                .entry(assassin.clone())
                .or_default()
                .skills
                .insert(*level, SkillChoice::Postponed);
        }
        Event::HealthSet { assassin, health }
        | Event::HealthRestored { assassin, health }
        | Event::HealthLowered { assassin, health }
        | Event::HealthRaised { assassin, health } => {
            state.roster.entry(assassin.clone()).or_default().health = *health;
        }
        Event::AssassinEliminated { assassin } => {
            let entry = state.roster.entry(assassin.clone()).or_default();
            entry.eliminated = true;
            entry.health = 0;
        }
        Event::AssassinRecovered { assassin, health } => {
            let entry = state.roster.entry(assassin.clone()).or_default();
            entry.eliminated = false;
            entry.health = *health;
        }
        Event::AssassinJoined {
            assassin,
            health,
            replacing,
        } => {
            if !state.in_play(assassin) {
                state.assassins.push(assassin.clone());
            }
            state.roster.entry(assassin.clone()).or_default().health = *health;
            if replacing.is_none() && state.follows_edition_3() {
                state.since_memory.joined.insert(assassin.clone());
            }
        }
        Event::AssassinLeft {
            assassin,
            replaced_by,
        } => {
            if state.follows_edition_3() && apprentice_stands_in(state, assassin) {
                state.since_memory.left_replaced.insert(assassin.clone());
            }
            match replaced_by {
                Some(joining) => {
                    if let Some(slot) = state.assassins.iter_mut().find(|a| *a == assassin) {
                        *slot = joining.clone();
                    }
                }
                None => state.assassins.retain(|a| a != assassin),
            }
            // Edition 2: ADJUSTING THE NUMBER OF PLAYERS, "Put their
            // assassin card … inside a plastic bag": whoever leaves leaves
            // their HQ space too (a red hospital space, the memory group),
            // so no apprentice replaces them and the hospital heals them no
            // more.
            if state.follows_edition_2() {
                if let Some(hq) = state.hq.as_mut() {
                    hq.spots.remove(assassin);
                }
            }
        }
        _ => {}
    }
}

/// The assassins an attempt says were eliminated must have been on the map.
pub(crate) fn check_eliminated(
    state: &Campaign,
    pack: &Pack,
    eliminated: &[String],
) -> Vec<RuleViolation> {
    let mut seen = BTreeSet::new();
    let mut violations = Vec::new();
    for id in eliminated {
        let name = assassin_name(pack, id);
        if !state.in_play(id) {
            violations.push(
                refuse(
                    RuleCode::EliminatedNotInPlay,
                    Section::Eliminated,
                    format!("{name} is not in play in this campaign."),
                )
                .with("assassin", &name),
            );
        } else if crate::rules::hospital::in_hospital(state, id) {
            violations.push(
                refuse(
                    RuleCode::EliminatedInHospital,
                    Section::AssignmentsFromMemory12,
                    format!("{name} lay in the hospital: an apprentice played in their place."),
                )
                .with("assassin", &name),
            );
        } else if state.roster.get(id).is_some_and(|a| a.eliminated) {
            violations.push(
                refuse(
                    RuleCode::EliminatedWasApprentice,
                    Section::AssassinApprentices,
                    format!("{name} was not on the map: an apprentice played in their place."),
                )
                .with("assassin", &name),
            );
        } else if !seen.insert(id) {
            violations.push(
                refuse(
                    RuleCode::EliminatedTwice,
                    Section::Eliminated,
                    format!("{name} is listed twice."),
                )
                .with("assassin", &name),
            );
        }
    }
    violations
}

/// ADJUSTING THE NUMBER OF PLAYERS: "Between 2 memories (never during
/// one), you can change the number of assassins": while a memory of the
/// campaign is being played in Bagless (`memory_in_play`, what the library
/// knows and the campaign's log does not), no assassin joins, leaves or is
/// swapped. Edition 1 asked nothing of the kind, and keeps not asking.
/// Edition 5: VILLA, "Before starting the next memory, you can … store or
/// recover unused equipment from the villa envelope": no card goes into or
/// out of the villa envelope during it either.
pub fn check_no_memory_in_play(
    state: &Campaign,
    command: &Command,
    memory_in_play: Option<&str>,
) -> Result<(), Vec<RuleViolation>> {
    match memory_in_play {
        // Said without the memory's name: the board says it of the villa
        // pile as closed, without a move's particulars.
        Some(_) if touches_the_villa(state, command) && state.follows_edition_5() => {
            Err(vec![refuse(
                RuleCode::VillaDuringMemory,
                Section::Villa,
                "A memory is being played: equipment is stored in or recovered from the villa envelope before starting the next memory, not during one.",
            )])
        }
        Some(memory) if command.changes_the_assassins() && state.follows_edition_2() => Err(vec![refuse(
            RuleCode::MemoryInPlay,
            Section::AdjustingTheNumberOfPlayers,
            format!(
                "Memory {memory} is being played: assassins join, leave or are swapped between 2 memories, never during one."
            ),
        )
        .with("memory", memory)]),
        _ => Ok(()),
    }
}

/// Whether the command puts a card into the villa envelope or takes one
/// out of it (VILLA).
pub fn touches_the_villa(state: &Campaign, command: &Command) -> bool {
    let villa = |place: &Place| *place == Place::VillaEnvelope;
    match command {
        Command::MoveCard { card, to, .. } => {
            villa(to) || state.ledger.place_of(card).is_some_and(villa)
        }
        Command::AddCard { to, .. } | Command::DrawChestCard { to } => villa(to),
        _ => false,
    }
}

/// Whether the app must ask the library whether a memory of the campaign
/// is being played before deciding `command` ([`check_no_memory_in_play`]).
pub fn asks_memory_in_play(state: &Campaign, command: &Command) -> bool {
    command.changes_the_assassins() || touches_the_villa(state, command)
}

/// Edition 2: ADJUSTING THE NUMBER OF PLAYERS, "Between 2 memories (never
/// during one), you can change the number of assassins": not while the
/// memory group is out, nor before a failed memory's replay.
fn check_between_memories(state: &Campaign, pack: &Pack) -> Result<(), Vec<RuleViolation>> {
    if state.follows_edition_2() && !state.between_memories(pack) {
        return Err(vec![refuse(
            RuleCode::NotBetweenMemories,
            Section::AdjustingTheNumberOfPlayers,
            "Assassins join, leave or are swapped between 2 memories, never during one: record the memory first.",
        )]);
    }
    Ok(())
}

fn check_skill_slot(
    state: &Campaign,
    pack: &Pack,
    assassin: &str,
    level: u8,
) -> Result<(), Vec<RuleViolation>> {
    let Some(entry) = state.roster.get(assassin) else {
        return Err(vec![unknown_assassin(pack, assassin)]);
    };
    let name = assassin_name(pack, assassin);
    if level == 0 || level > state.level() {
        return Err(vec![refuse(
            RuleCode::SkillLevelNotReached,
            Section::LevelingUpAndSkills,
            format!("{name} has not reached level {} yet.", roman(level)),
        )
        .with("assassin", &name)
        .with("level", roman(level))]);
    }
    if let Some(SkillChoice::Chosen { name: skill, .. }) = entry.skills.get(&level) {
        return Err(vec![refuse(
            RuleCode::SkillAlreadyChosen,
            Section::LevelingUpAndSkills,
            format!(
                "{name} already holds {skill} for level {}: the other two stay in the envelope.",
                roman(level)
            ),
        )
        .with("assassin", &name)
        .with("skill", skill)
        .with("level", roman(level))]);
    }
    Ok(())
}

fn choose_skill(
    state: &Campaign,
    pack: &Pack,
    assassin: &str,
    level: u8,
    name: &str,
    hq_level_required: Option<u8>,
) -> Decision {
    check_skill_slot(state, pack, assassin, level)?;
    let name = name.trim();
    let known: Vec<_> = pack
        .assassin(assassin)
        .map(|a| a.skills.iter().filter(|s| s.level == level).collect())
        .unwrap_or_default();
    let hq_level_required = if known.is_empty() {
        if name.is_empty()
            || name.chars().count() > MAX_CARD_NAME_CHARS
            || name.chars().any(char::is_control)
        {
            return refused(
                refuse(
                    RuleCode::SkillName,
                    Section::LevelingUpAndSkills,
                    format!(
                        "Type the skill card's name (at most {MAX_CARD_NAME_CHARS} characters)."
                    ),
                )
                .with("max", MAX_CARD_NAME_CHARS),
            );
        }
        if hq_level_required.is_some_and(|l| !(1..=4).contains(&l)) {
            return refused(refuse(
                RuleCode::SkillHqLevel,
                Section::LevelingUpAndSkills,
                "The HQ level a skill requires is I to IV.",
            ));
        }
        hq_level_required
    } else {
        let Some(skill) = known.iter().find(|s| s.name == name) else {
            let names: Vec<&str> = known.iter().map(|s| s.name.as_str()).collect();
            return refused(
                refuse(
                    RuleCode::SkillNotOffered,
                    Section::LevelingUpAndSkills,
                    format!(
                        "{} is not one of the level {} skill cards: {}.",
                        name,
                        roman(level),
                        names.join(", ")
                    ),
                )
                .with("skill", name)
                .with("level", roman(level))
                .with("choices", names.join(", ")),
            );
        };
        skill.hq_level_required
    };
    Ok(vec![Event::SkillChosen {
        assassin: assassin.to_string(),
        level,
        name: name.to_string(),
        hq_level_required,
    }])
}

/// Whether a skill card can be used now (LEVELING UP AND SKILLS, ASSASSIN
/// APPRENTICES): an apprentice uses levels I and II only (one replaces an
/// eliminated assassin, and any assassin on a red hospital space: ASSIGNMENTS:
/// MEMORY 1.2 ONWARD), and a card marked "HQ level N required" waits for the
/// HQ to reach level N.
pub fn skill_usable(state: &Campaign, assassin: &str, level: u8) -> bool {
    let Some(entry) = state.roster.get(assassin) else {
        return false;
    };
    let Some(SkillChoice::Chosen {
        hq_level_required, ..
    }) = entry.skills.get(&level)
    else {
        return false;
    };
    let apprentice_ok = !apprentice_cannot_use(state, assassin, level);
    apprentice_ok && hq_level_required.is_none_or(|needed| state.hq_level >= needed)
}

/// LEVELING UP AND SKILLS: "An assassin apprentice cannot use level III or
/// IV skill cards": true when an apprentice plays in this assassin's place
/// (eliminated, or on a red hospital space) and the skill is of level III
/// or IV.
pub fn apprentice_cannot_use(state: &Campaign, assassin: &str, level: u8) -> bool {
    let Some(entry) = state.roster.get(assassin) else {
        return false;
    };
    let replaced = entry.eliminated || crate::rules::hospital::in_hospital(state, assassin);
    replaced && level > 2
}

fn set_health(state: &Campaign, pack: &Pack, assassin: &str, health: u8) -> Decision {
    let Some(entry) = state
        .roster
        .get(assassin)
        .filter(|_| state.in_play(assassin))
    else {
        return refused(unknown_assassin(pack, assassin));
    };
    let name = assassin_name(pack, assassin);
    if entry.eliminated && medicine_heals_eliminated(state) {
        // Edition 2: HEADQUARTERS, "During the assignment and resolution
        // steps, at any time, you may: … Use medicine to heal an assassin":
        // no exception for the eliminated, who come back as from the
        // hospital ("returns as either injured or full health").
        let max = state.max_health(pack, assassin);
        if health > max {
            return refused(
                refuse(
                    RuleCode::HealthAboveMax,
                    Section::AssassinsHealth,
                    format!("{name} has at most {max} health."),
                )
                .with("assassin", &name)
                .with("max", max),
            );
        }
        if health > 0 {
            return Ok(vec![Event::AssassinRecovered {
                assassin: assassin.to_string(),
                health,
            }]);
        }
    }
    if entry.eliminated {
        return refused(
            refuse(
                RuleCode::HealthEliminated,
                Section::Eliminated,
                format!(
                    "{name} is eliminated: an apprentice plays the next memory in their place."
                ),
            )
            .with("assassin", &name),
        );
    }
    let max = state.max_health(pack, assassin);
    if health > max {
        return refused(
            refuse(
                RuleCode::HealthAboveMax,
                Section::AssassinsHealth,
                format!("{name} has at most {max} health."),
            )
            .with("assassin", &name)
            .with("max", max),
        );
    }
    Ok(vec![Event::HealthSet {
        assassin: assassin.to_string(),
        health,
    }])
}

/// Edition 2: medicine heals an eliminated assassin in the HQ's assignment
/// and resolution steps (HEADQUARTERS), as it heals any other: the board
/// offers their health then.
pub fn medicine_heals_eliminated(state: &Campaign) -> bool {
    use crate::model::hq_types::HqPhase;
    state.follows_edition_2()
        && state
            .hq
            .as_ref()
            .is_some_and(|hq| matches!(hq.phase, HqPhase::Assignment | HqPhase::Resolution))
}

/// An apprentice is to play the next memory in this assassin's place: they
/// are eliminated, or on a red hospital space.
fn apprentice_stands_in(state: &Campaign, assassin: &str) -> bool {
    state.roster.get(assassin).is_some_and(|a| a.eliminated)
        || crate::rules::hospital::in_hospital(state, assassin)
}

fn join(state: &Campaign, pack: &Pack, assassin: &str, replacing: Option<&String>) -> Decision {
    let Some(entry) = pack.assassin(assassin) else {
        return refused(
            refuse(
                RuleCode::AssassinUnknown,
                Section::AdjustingTheNumberOfPlayers,
                format!("There is no assassin called {assassin} in this box."),
            )
            .with("assassin", assassin),
        );
    };
    if state.in_play(assassin) {
        return refused(
            refuse(
                RuleCode::AssassinAlreadyInPlay,
                Section::AdjustingTheNumberOfPlayers,
                format!("{} is already in play.", entry.name),
            )
            .with("assassin", &entry.name),
        );
    }
    // Edition 3: a join after a patient or an eliminated assassin left
    // since the last memory takes their place, which only an apprentice
    // takes (FIRST ASSIGNMENT: "You can never replace an assassin in
    // hospital with another assassin"; ADJUSTING THE NUMBER OF PLAYERS:
    // "you cannot swap an apprentice for an assassin this way").
    if let Some(left) = state
        .since_memory
        .left_replaced
        .iter()
        .find(|left| *left != assassin)
        .filter(|_| replacing.is_none() && state.follows_edition_3())
    {
        let left = assassin_name(pack, left);
        return refused(
            refuse(
                RuleCode::JoinInApprenticePlace,
                Section::AdjustingTheNumberOfPlayers,
                format!(
                    "{left} left while an apprentice was to play in their place: {} cannot join in their place before the next memory is played.",
                    entry.name
                ),
            )
            .with("assassin", &entry.name)
            .with("left", &left),
        );
    }
    if replacing.is_none() && state.assassins.len() >= MAX_ASSASSINS {
        return refused(
            refuse(
                RuleCode::AssassinsFull,
                Section::AdjustingTheNumberOfPlayers,
                format!("At most {MAX_ASSASSINS} assassins play a campaign."),
            )
            .with("max", MAX_ASSASSINS),
        );
    }
    // A newcomer takes full health for the next memory (4, or 3 before 0.3);
    // one coming back takes the health they left in their bag.
    // One who left eliminated is still replaced by an apprentice.
    let health = match state.roster.get(assassin) {
        Some(back) if back.eliminated => 0,
        Some(back) if back.health > 0 => back.health.min(state.base_health(pack)),
        _ => state.base_health(pack),
    };
    Ok(vec![Event::AssassinJoined {
        assassin: assassin.to_string(),
        health,
        replacing: replacing.cloned(),
    }])
}

fn leave(state: &Campaign, pack: &Pack, assassin: &str, joining: Option<&String>) -> Decision {
    if !state.in_play(assassin) {
        return refused(unknown_assassin(pack, assassin));
    }
    let name = assassin_name(pack, assassin);
    // "You cannot swap an apprentice for an assassin this way": an
    // eliminated assassin may leave, not be swapped (ADJUSTING THE NUMBER
    // OF PLAYERS).
    if joining.is_some() && state.roster.get(assassin).is_some_and(|a| a.eliminated) {
        return refused(
            refuse(
                RuleCode::ApprenticeCannotSwap,
                Section::AdjustingTheNumberOfPlayers,
                format!(
                    "An apprentice plays in {name}'s place next memory: an apprentice cannot be swapped for an assassin."
                ),
            )
            .with("assassin", &name),
        );
    }
    // Edition 2: FIRST ASSIGNMENT, "You can never replace an assassin in
    // hospital with another assassin".
    if joining.is_some()
        && state.follows_edition_2()
        && crate::rules::hospital::in_hospital(state, assassin)
    {
        return refused(
            refuse(
                RuleCode::HospitalNoSwap,
                Section::FirstAssignment,
                format!("{name} lies in the hospital: an assassin in hospital is never replaced by another assassin."),
            )
            .with("assassin", &name),
        );
    }
    // Edition 3: the same, the join first.
    if let Some(joined) = state
        .since_memory
        .joined
        .iter()
        .find(|joined| *joined != assassin)
        .filter(|_| joining.is_none() && apprentice_stands_in(state, assassin))
    {
        let joined = assassin_name(pack, joined);
        return refused(
            refuse(
                RuleCode::JoinInApprenticePlace,
                Section::AdjustingTheNumberOfPlayers,
                format!(
                    "An apprentice is to play in {name}'s place: {joined} joined since the last memory and cannot take it."
                ),
            )
            .with("assassin", &joined)
            .with("left", &name),
        );
    }
    if joining.is_none() && state.assassins.len() <= 1 {
        return refused(refuse(
            RuleCode::LastAssassin,
            Section::AdjustingTheNumberOfPlayers,
            "A campaign needs at least one assassin: swap instead.",
        ));
    }
    let mut events = vec![Event::AssassinLeft {
        assassin: assassin.to_string(),
        replaced_by: joining.cloned(),
    }];
    let cards: Vec<String> = state
        .ledger
        .on_board_of(assassin)
        .map(|c| c.card.id.clone())
        .collect();
    if !cards.is_empty() {
        events.push(Event::CardsStored {
            cards,
            to: storage(state),
        });
    }
    if let Some(joining) = joining {
        events.extend(join(state, pack, joining, Some(&assassin.to_string()))?);
    }
    Ok(events)
}
