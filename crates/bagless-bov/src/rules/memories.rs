//! Playing the memories (CAMPAIGN, REPLAYING A MEMORY, the optional
//! memories, LEVELING UP AND SKILLS' level marks): which memory is next, what
//! an attempt records, and declining an optional memory for good.
//!
//! What an attempt does to the boards comes with it (ASSASSIN APPRENTICES,
//! ELIMINATED, REPLAYING A MEMORY, VILLA), worked out on the state after
//! the attempt, which this module applies itself (its part of `evolve`).

use crate::model::campaign::{
    assassin_name, roman, Attempt, AttemptInput, Campaign, Context, Event, Outcome, XpSource,
    EARLIEST_YEAR, MAX_NOTES_CHARS,
};
use crate::model::hq_types::HqPhase;
use crate::model::pack::{Memory, Pack};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use chrono::Datelike;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use ts_rs::TS;

/// REPLAYING A MEMORY: "If you fail a second time, read the Synchronized
/// Memory page [...] and act as if you had completed it".
pub fn synchronizes(outcome: Outcome, number: u8) -> bool {
    outcome == Outcome::Failure && number == 2
}

/// The XP sources that count on the track after an attempt. CAMPAIGN:
/// "After each completed memory, total the XP you gained" (a first failure
/// is not completed: none counts); REPLAYING A MEMORY, a second failure:
/// "Only receive XP from mandatory objectives."
pub fn xp_sources_counted(outcome: Outcome, synchronized: bool) -> &'static [XpSource] {
    match (outcome, synchronized) {
        (Outcome::Success, _) => &XpSource::ALL,
        (Outcome::Failure, true) => &[XpSource::Mandatory],
        (Outcome::Failure, false) => &[],
    }
}

/// The XP an attempt puts on the track, from what the players entered.
pub fn xp_counted(attempt: &Attempt) -> u32 {
    attempt
        .xp
        .of(xp_sources_counted(attempt.outcome, attempt.synchronized))
}

/// What an attempt at a memory counts with one outcome: the attempt form
/// offers these fields, and `decide` refuses or leaves out the others.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AttemptCounts {
    /// The attempt makes the memory a synchronized memory (a second
    /// failure: REPLAYING A MEMORY).
    pub synchronized: bool,
    /// The XP sources that count on the track; the others are recorded as
    /// entered but count for nothing.
    pub xp: Vec<XpSource>,
    /// The 100% sync objective can be met: the memory has one and the
    /// attempt succeeds (REPLAYING A MEMORY: "Do not place any 100% sync
    /// stickers").
    pub sync: bool,
    /// The memory's other stickers can be earned: it is completed, or
    /// played "as if you had completed it".
    pub stickers: bool,
}

/// What attempt `number` at `memory` counts if it ends with `outcome`.
pub fn attempt_counts(memory: &Memory, number: u8, outcome: Outcome) -> AttemptCounts {
    let synchronized = synchronizes(outcome, number);
    AttemptCounts {
        synchronized,
        xp: xp_sources_counted(outcome, synchronized).to_vec(),
        sync: memory.sync && outcome == Outcome::Success,
        stickers: outcome == Outcome::Success || synchronized,
    }
}

/// Refuses a memory that is not the one to play now.
pub(crate) fn check_playable(
    state: &Campaign,
    pack: &Pack,
    memory: &str,
) -> Result<(), RuleViolation> {
    let Some(entry) = pack.memory(memory) else {
        return Err(refuse(
            RuleCode::MemoryUnknown,
            Section::Campaign,
            format!("There is no memory {memory} in this box."),
        )
        .with("memory", memory));
    };
    if state.is_done(memory) {
        return Err(refuse(
            RuleCode::MemoryDone,
            Section::Campaign,
            format!("Memory {memory} is already done."),
        )
        .with("memory", memory));
    }
    if state.declined.contains(memory) {
        return Err(refuse(
            RuleCode::MemoryDeclined,
            Section::OptionalMemory,
            format!("Memory {memory} was declined for good."),
        )
        .with("memory", memory));
    }
    let offered = state.offered_optional(pack);
    if pack.is_optional(memory) {
        if !offered.contains(&memory) {
            let after = entry.offered_after.clone().unwrap_or_default();
            return Err(refuse(
                RuleCode::OptionalNotOffered,
                Section::OptionalMemory,
                format!("Memory {memory} is offered only after memory {after} is done."),
            )
            .with("memory", memory)
            .with("after", after));
        }
        return Ok(());
    }
    if let Some(first) = offered.first() {
        return Err(refuse(
            RuleCode::OptionalPending,
            Section::OptionalMemory,
            format!("Play optional memory {first} or decline it before going on to {memory}."),
        )
        .with("optional", first)
        .with("memory", memory));
    }
    match state.next_memory(pack) {
        Some(next) if next == memory => Ok(()),
        Some(next) => Err(refuse(
            RuleCode::MemoryOutOfOrder,
            Section::Campaign,
            format!("The next memory is {next}: play it before {memory}."),
        )
        .with("next", next)
        .with("memory", memory)),
        // Every main memory is done, so this one is too: the check above
        // has already refused it. (An optional memory is offered only
        // before a main one.)
        None => Err(refuse(
            RuleCode::MemoryDone,
            Section::Campaign,
            format!("Memory {memory} is already done."),
        )
        .with("memory", memory)),
    }
}

/// Whether the players may start playing `memory` in Bagless ("Play this
/// memory"): refused as its record would be, when it is not the memory to
/// play now or an HQ step or a skill choice comes first (HEADQUARTERS,
/// FIRST ASSIGNMENT, LEVELING UP AND SKILLS: the unlock, the assignment,
/// the resolution, the skills, all "before the next memory").
pub fn check_memory_start(
    state: &Campaign,
    pack: &Pack,
    memory: &str,
) -> Result<(), Vec<RuleViolation>> {
    check_playable(state, pack, memory).map_err(|v| vec![v])?;
    steps_due_first(state, pack).map_err(|v| vec![v])
}

pub(crate) fn decide_attempt(
    state: &Campaign,
    pack: &Pack,
    input: &AttemptInput,
    ctx: &Context,
) -> Result<Vec<Event>, Vec<RuleViolation>> {
    check_playable(state, pack, &input.memory).map_err(|v| vec![v])?;
    steps_due_first(state, pack).map_err(|v| vec![v])?;
    let memory = pack.memory(&input.memory).expect("checked above");
    let number = state.next_attempt_number(&input.memory);
    let counts = attempt_counts(memory, number, input.outcome);
    let mut violations = Vec::new();
    let max = pack.xp_track.max;
    // The XP is recorded as entered, every source: what counts is worked
    // out from it (`xp_counted`), so nothing entered is lost.
    let xp = input.xp;
    if XpSource::ALL.iter().any(|source| xp.from(*source) > max) {
        violations.push(
            refuse(
                RuleCode::XpTooLarge,
                Section::Campaign,
                format!("The experience track ends at {max} XP."),
            )
            .with("max", max),
        );
    }
    if input.sync_met && !counts.sync {
        if input.outcome == Outcome::Failure {
            violations.push(refuse(
                RuleCode::SyncOnFailure,
                Section::ReplayingAMemory,
                "A 100% sync is only earned when the memory is successful.",
            ));
        } else {
            violations.push(
                refuse(
                    RuleCode::SyncUnknown,
                    Section::Campaign,
                    format!("Memory {} has no 100% sync objective.", memory.id),
                )
                .with("memory", &memory.id),
            );
        }
    }
    let mut stickers = BTreeSet::new();
    for sticker in &input.stickers {
        if !memory.stickers.iter().any(|s| &s.id == sticker) {
            violations.push(
                refuse(
                    RuleCode::StickerUnknown,
                    Section::Campaign,
                    format!("Memory {} has no sticker {sticker}.", memory.id),
                )
                .with("memory", &memory.id)
                .with("sticker", sticker),
            );
        } else if !stickers.insert(sticker.clone()) {
            violations.push(
                refuse(
                    RuleCode::StickerTwice,
                    Section::Campaign,
                    format!("Sticker {sticker} is listed twice."),
                )
                .with("sticker", sticker),
            );
        }
    }
    if !stickers.is_empty() && !counts.stickers {
        violations.push(refuse(
            RuleCode::StickerOnFailure,
            Section::ReplayingAMemory,
            "A failed memory earns no stickers: you will replay it.",
        ));
    }
    violations.extend(notes_and_date(input, ctx));
    violations.extend(crate::rules::assassins::check_eliminated(
        state,
        pack,
        &input.eliminated,
    ));
    if !violations.is_empty() {
        return Err(violations);
    }
    let mut attempt = Attempt {
        memory: input.memory.clone(),
        number,
        outcome: input.outcome,
        difficulty: input.difficulty,
        xp,
        xp_credited: 0,
        synchronized: counts.synchronized,
        sync: (input.sync_met && counts.sync).then(|| input.difficulty.sync_colour()),
        stickers: stickers.into_iter().collect(),
        played_on: input.played_on,
        notes: input.notes.clone(),
        eliminated: input.eliminated.clone(),
    };
    // Written in the event for a reader of the log; `evolve` works it out
    // again from what was entered.
    attempt.xp_credited = xp_counted(&attempt);
    let before = state.xp(pack);
    let after = before
        .saturating_add(attempt.xp_credited)
        .min(pack.xp_track.max);
    let recorded = Event::AttemptRecorded { attempt };
    let mut events = after_attempt(state, pack, &recorded);
    events.insert(0, recorded);
    events.extend(levels_crossed(pack, before, after, &input.memory));
    Ok(events)
}

/// What comes before the next memory: the HQ's first assignment once its
/// memory is done, the HQ step due, a skill choice waiting (HEADQUARTERS,
/// LEVELING UP AND SKILLS).
fn steps_due_first(state: &Campaign, pack: &Pack) -> Result<(), RuleViolation> {
    // FIRST ASSIGNMENT: the flying machine blueprint is "collected at the end
    // of memory 0.4" and goes to the workshop at the first assignment, which
    // comes before memory 1.1 ("ASSIGNMENTS: MEMORY 1.2 ONWARD").
    // Not asked by edition 1's oldest reading (`Reading`), nor the skills
    // below before the assassins' boards.
    if let Some(after) = pack.board.hq_after.as_deref() {
        if state.is_done(after) && !state.villa_retired() && state.asks_first_assignment() {
            return Err(refuse(
                RuleCode::HqFirstAssignmentDue,
                Section::FirstAssignment,
                format!(
                    "Memory {after} is done: unlock the HQ and make its first assignment before the next memory."
                ),
            )
            .with("memory", after));
        }
    }
    if let Some(hq) = &state.hq {
        match hq.phase {
            HqPhase::Memory => {}
            HqPhase::Assignment => {
                return Err(refuse(
                    RuleCode::HqAssignmentDue,
                    Section::Headquarters,
                    "Do the HQ assignment step before playing the next memory.",
                ))
            }
            HqPhase::Resolution => {
                return Err(refuse(
                    RuleCode::HqResolutionDue,
                    Section::HqResolutionStep,
                    "Do the HQ resolution step of the last memory first.",
                ))
            }
        }
    }
    let pending = state.pending_skill_choices(pack).into_iter().next();
    if let Some((assassin, level)) = pending.filter(|_| state.asks_skills()) {
        return Err(refuse(
            RuleCode::SkillChoicePending,
            Section::LevelingUpAndSkills,
            format!(
                "Choose {}'s level {} skill (or put the choice off) before the next memory.",
                assassin_name(pack, &assassin),
                roman(level)
            ),
        )
        .with("assassin", assassin_name(pack, &assassin))
        .with("level", roman(level)));
    }
    Ok(())
}

/// How many days after today's UTC date a memory may have been played: a
/// day of slack, the players' evening may already be tomorrow in UTC (the
/// diary view gives it to the attempt form, for its date's maximum).
pub const PLAYED_ON_DAYS_AHEAD: u32 = 1;

/// The latest date the rules take for a memory played, at `now`.
pub fn latest_played_on(now: chrono::DateTime<chrono::Utc>) -> Option<chrono::NaiveDate> {
    now.date_naive()
        .checked_add_days(chrono::Days::new(PLAYED_ON_DAYS_AHEAD.into()))
}

/// The entry's notes and the date it was played (CAMPAIGN: the diary).
fn notes_and_date(input: &AttemptInput, ctx: &Context) -> Vec<RuleViolation> {
    let mut violations = Vec::new();
    if input.notes.chars().count() > MAX_NOTES_CHARS {
        violations.push(
            refuse(
                RuleCode::NotesTooLong,
                Section::Campaign,
                format!("Notes hold at most {MAX_NOTES_CHARS} characters."),
            )
            .with("max", MAX_NOTES_CHARS),
        );
    }
    let latest = latest_played_on(ctx.now);
    if latest.is_none_or(|latest| input.played_on > latest) {
        violations.push(refuse(
            RuleCode::DateInFuture,
            Section::Campaign,
            "The date played cannot be in the future.",
        ));
    }
    if input.played_on.year() < EARLIEST_YEAR {
        violations.push(
            refuse(
                RuleCode::DateTooEarly,
                Section::Campaign,
                format!("The date played cannot be before {EARLIEST_YEAR}."),
            )
            .with("year", EARLIEST_YEAR),
        );
    }
    violations
}

/// The level marks the XP track passes going from `before` to `after` XP,
/// each reached after `memory`.
pub(crate) fn levels_crossed<'a>(
    pack: &'a Pack,
    before: u32,
    after: u32,
    memory: &'a str,
) -> impl Iterator<Item = Event> + 'a {
    pack.xp_track
        .levels
        .iter()
        .filter(move |mark| before < mark.xp && mark.xp <= after)
        .map(move |mark| Event::LevelReached {
            level: mark.level,
            after_memory: memory.to_string(),
        })
}

pub(crate) fn decide_decline(
    state: &Campaign,
    pack: &Pack,
    memory: &str,
) -> Result<Vec<Event>, Vec<RuleViolation>> {
    if !pack.is_optional(memory) {
        return Err(vec![refuse(
            RuleCode::DeclineMain,
            Section::OptionalMemory,
            format!("Memory {memory} is not optional: it cannot be declined."),
        )
        .with("memory", memory)]);
    }
    // Edition 3: OPTIONAL MEMORY, "You may choose whether you play an
    // optional memory when it is offered to you, or to ignore it for good":
    // offered again after a failed first attempt (REPLAYING A MEMORY: "a
    // second chance"), it may be ignored then too. Editions 1 and 2 read
    // a first attempt as the choice to play it.
    if state.follows_edition_3() {
        // The memory group the HQ's assignment sent out is for this
        // memory: declining it does not send that group into the next one.
        if state
            .hq
            .as_ref()
            .is_some_and(|hq| hq.phase == HqPhase::Memory)
        {
            return Err(vec![refuse(
                RuleCode::DeclineGroupOut,
                Section::OptionalMemory,
                format!(
                    "The HQ's memory group is out for memory {memory}: play it, or undo the assignment's confirmation to decline it."
                ),
            )
            .with("memory", memory)]);
        }
    } else if state.attempts_at(memory).next().is_some() {
        return Err(vec![refuse(
            RuleCode::DeclineStarted,
            Section::OptionalMemory,
            format!("Memory {memory} has been started: finish it."),
        )
        .with("memory", memory)]);
    }
    check_playable(state, pack, memory).map_err(|v| vec![v])?;
    Ok(vec![Event::OptionalMemoryDeclined {
        memory: memory.to_string(),
    }])
}

/// What recording an attempt does to the boards, as derived events:
/// apprentices hand back to recovered assassins, new eliminations, chest
/// cards of a failed attempt back on the deck, villa healing.
pub(crate) fn after_attempt(state: &Campaign, pack: &Pack, recorded: &Event) -> Vec<Event> {
    let Event::AttemptRecorded { attempt } = recorded else {
        return vec![];
    };
    // The campaign after the attempt, worked out only when a health is
    // asked of it (copying the campaign was a fifth of deciding).
    let after = std::cell::OnceCell::new();
    let after = || {
        after.get_or_init(|| {
            let mut after = state.clone();
            evolve(&mut after, recorded);
            after
        })
    };
    let mut events = Vec::new();
    // ASSASSIN APPRENTICES: "If you don't have your HQ yet, your assassin
    // will be in full health as soon as you complete the memory with the
    // assassin apprentice." A failed attempt is replayed with the apprentice
    // still in their place (REPLAYING A MEMORY: "Each eliminated assassin is
    // replaced by an assassin apprentice").
    // Edition 4: only the assassins in the campaign, as the villa's loop
    // below; one who left stays eliminated until a memory is completed with
    // them back in it (editions 1 to 3 recovered every one in the roster).
    if !state.has_hq() && attempt.completes_memory() {
        for (id, assassin) in &state.roster {
            let played_for = !state.follows_edition_4() || state.assassins.contains(id);
            if assassin.eliminated && played_for {
                events.push(Event::AssassinRecovered {
                    assassin: id.clone(),
                    health: after().max_health(pack, id),
                });
            }
        }
    }
    events.extend(
        attempt
            .eliminated
            .iter()
            .map(|a| Event::AssassinEliminated {
                assassin: a.clone(),
            }),
    );
    let failed = attempt.outcome == Outcome::Failure;
    if failed && !state.ledger.drawn_this_attempt.is_empty() {
        events.push(Event::ChestCardsReturned {
            cards: state.ledger.drawn_this_attempt.clone(),
        });
    }
    // VILLA: after memories 0.1 to 0.3, lost health comes back; a memory
    // failed twice is played "as if you had completed it" (REPLAYING A
    // MEMORY), villa included.
    let villa = pack.board.villa_memories.contains(&attempt.memory);
    if villa && attempt.completes_memory() {
        for id in &state.assassins {
            let health = after().max_health(pack, id);
            let assassin = state.roster.get(id).cloned().unwrap_or_default();
            let eliminated_now = attempt.eliminated.contains(id) || assassin.eliminated;
            if !eliminated_now && assassin.health != health {
                events.push(Event::HealthRestored {
                    assassin: id.clone(),
                    health,
                });
            }
        }
    }
    events
}

/// Applies the events of this section: an attempt recorded (and the HQ's
/// resolution step it makes due), a level mark reached, an optional memory
/// declined.
pub(crate) fn evolve(state: &mut Campaign, event: &Event) {
    match event {
        Event::AttemptRecorded { attempt } => {
            // What counts is the rules' reading of what was entered: an old
            // event (which holds zeros where XP did not count) gives the
            // same figure as it recorded.
            let mut attempt = attempt.clone();
            attempt.xp_credited = xp_counted(&attempt);
            state.attempts.push(attempt);
            state.ledger.drawn_this_attempt.clear();
            state.since_memory = Default::default();
            crate::rules::hq::after_memory(state);
        }
        Event::LevelReached {
            level,
            after_memory,
        } => {
            state
                .levels_reached
                .entry(*level)
                .or_insert_with(|| after_memory.clone());
        }
        Event::OptionalMemoryDeclined { memory } => {
            state.declined.insert(memory.clone());
        }
        _ => {}
    }
}
