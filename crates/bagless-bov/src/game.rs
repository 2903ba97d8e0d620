//! The whole game in one place: `decide` sends each command to the rules
//! module of its section of the rulebook (CAMPAIGN: creation.rs and
//! memories.rs; LEVELING UP AND SKILLS, ASSASSINS' HEALTH, ELIMINATED,
//! ADJUSTING THE NUMBER OF PLAYERS, EQUIP: assassins.rs; HEADQUARTERS to
//! HQ RESOLUTION STEP: hq.rs, hospital.rs and hq_resolution.rs; overrides.rs;
//! SAVING THE GAME: undo.rs), and `evolve` sends each event to the module
//! that applies it. `replay`, `replay_log`, `effective` and `last_undoable`
//! rebuild a campaign from its log.
//!
//! The rules modules never call back into this one: each applies its own
//! events when it needs the state after them. `campaign.rs` re-exports
//! everything here at the paths the other crates use
//! (`bagless_bov::campaign::{decide, evolve, replay_log, ...}`).

use crate::model::campaign::{Campaign, Command, Context, Event, EventEnvelope};
use crate::model::pack::Pack;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};

/// The events that still count: every entry the players undid (and did not
/// redo) is left out, with the events derived from it, and so are the undo
/// and redo markers themselves.
pub fn effective(log: &[EventEnvelope]) -> impl Iterator<Item = &EventEnvelope> {
    bagless_game::undo::in_effect(log).into_iter()
}

/// The entry "Undo" would take back: the last one still in effect. The
/// campaign's creation is never undone (delete the campaign instead).
pub fn last_undoable(log: &[EventEnvelope]) -> Option<u32> {
    crate::rules::undo::UndoStack::of(log).last_undoable()
}

/// Rebuilds a campaign from its stored log, undone entries left out.
pub fn replay_log(log: &[EventEnvelope]) -> Campaign {
    replay(effective(log).map(|e| &e.event))
}

/// Applies one event. Total: events are facts already decided. An undo
/// marker changes nothing here: undoing is replaying the [`effective`] log.
pub fn evolve(mut state: Campaign, event: &Event) -> Campaign {
    match event {
        Event::CampaignCreated { .. }
        | Event::CampaignRenamed { .. }
        | Event::EditionSet { .. } => crate::rules::creation::evolve(&mut state, event),
        Event::AttemptRecorded { .. }
        | Event::LevelReached { .. }
        | Event::OptionalMemoryDeclined { .. } => crate::rules::memories::evolve(&mut state, event),
        Event::HqUnlocked { .. }
        | Event::HqValueSet { .. }
        | Event::MiniatureAssigned { .. }
        | Event::AssignmentConfirmed
        | Event::HqResolved { .. }
        | Event::HqLevelChanged { .. }
        | Event::CardBuilt { .. } => crate::rules::hq::evolve(&mut state, event),
        Event::HqStickerSet { number, marked } => {
            if *marked {
                state.hq_stickers.insert(*number);
            } else {
                state.hq_stickers.remove(number);
            }
        }
        Event::ValueOverridden {
            target, from, to, ..
        } => crate::rules::overrides::evolve(&mut state, *target, *from, *to),
        Event::EditionChanged { .. } | Event::HealthCapped { .. } => {
            crate::rules::edition::evolve(&mut state, event)
        }
        Event::EntryUndone { .. } | Event::EntryRedone { .. } => {}
        other => crate::rules::assassins::evolve(&mut state, other),
    }
    state
}

/// Rebuilds a campaign from its log.
pub fn replay<'a>(events: impl IntoIterator<Item = &'a Event>) -> Campaign {
    events.into_iter().fold(Campaign::default(), evolve)
}

/// Checks a command against the state and the pack's rules, and returns the
/// events it produces, or every rule it breaks.
pub fn decide(
    state: &Campaign,
    pack: &Pack,
    command: &Command,
    ctx: &Context,
) -> Result<Vec<Event>, Vec<RuleViolation>> {
    if let Command::Create { .. } = command {
        if state.is_created() {
            return Err(vec![refuse(
                RuleCode::AlreadyCreated,
                Section::Campaign,
                "This campaign already exists.",
            )]);
        }
    } else if !state.is_created() {
        return Err(vec![refuse(
            RuleCode::NotCreated,
            Section::Campaign,
            "This campaign has not been created yet.",
        )]);
    } else if state.pack_id != pack.id {
        return Err(vec![refuse(
            RuleCode::WrongPack,
            Section::Campaign,
            "This campaign belongs to another box.",
        )]);
    }
    let mut events = decide_rules(state, pack, command, ctx)?;
    let health = health_follows_armor(state, pack, &events)?;
    events.extend(health);
    Ok(events)
}

/// Taking off an armor (moved, stored, paid in the workshop) lowers its
/// wearer's maximum health, and their health with it when it was above
/// (ASSASSINS' HEALTH: the armor's health comes with the armor). Edition 3:
/// putting one on raises both by the armor's health (VILLA: full health is
/// "your 3 initial and those added by your armor"), so no health is lost
/// by it and none is there to heal; taking it off lowers both by it (an
/// injured assassin keeps what they lost), so taking an armor off and on
/// heals no one (health comes back only at the VILLA, the HOSPITAL or with
/// medicine). An assassin with no more health than the armor brought keeps
/// it on until healed: they would be left with none, and critical condition
/// comes only from a memory's wounds.
fn health_follows_armor(
    state: &Campaign,
    pack: &Pack,
    events: &[Event],
) -> Result<Vec<Event>, Vec<RuleViolation>> {
    if !events.iter().any(|e| {
        matches!(
            e,
            Event::CardMoved { .. }
                | Event::CardsStored { .. }
                | Event::ChestCardDrawn { .. }
                | Event::CardAdded { .. }
        )
    }) {
        return Ok(vec![]);
    }
    let after = events.iter().fold(state.clone(), evolve);
    let mut out = vec![];
    for id in &after.assassins {
        let raised = (|| {
            let max = after.max_health(pack, id);
            let before = state.max_health(pack, id);
            let Some(entry) = after.roster.get(id) else {
                return Ok(None);
            };
            let health = entry.health;
            let wearing = state.in_play(id) && !entry.eliminated;
            if max < before {
                // Edition 3: taken off, the armor takes back the health it
                // brought (a loss stays a loss).
                let lowered = if wearing && after.in_play(id) && after.follows_edition_3() {
                    if health <= before - max {
                        let name = crate::model::campaign::assassin_name(pack, id);
                        return Err(refuse(
                            RuleCode::ArmorLastHealth,
                            Section::AssassinsHealth,
                            format!(
                                "Taking off this armor would leave {name} without health: it stays on until they are healed."
                            ),
                        )
                        .with("assassin", &name));
                    }
                    health - (before - max)
                } else {
                    health
                }
                .min(max);
                return Ok((lowered < health).then(|| Event::HealthLowered {
                    assassin: id.clone(),
                    health: lowered,
                }));
            }
            let put_on = max > before && wearing;
            Ok(
                (put_on && after.follows_edition_3()).then(|| Event::HealthRaised {
                    assassin: id.clone(),
                    health: health.saturating_add(max - before).min(max),
                }),
            )
        })();
        out.extend(raised.map_err(|v| vec![v])?);
    }
    Ok(out)
}

fn decide_rules(
    state: &Campaign,
    pack: &Pack,
    command: &Command,
    ctx: &Context,
) -> Result<Vec<Event>, Vec<RuleViolation>> {
    match command {
        Command::Create {
            name,
            pack_id,
            assassins,
        } => crate::rules::creation::decide_create(
            pack,
            name,
            pack_id,
            assassins,
            crate::rules::edition::EDITION,
        ),
        Command::Rename { name } => {
            let name = crate::rules::creation::checked_name(name).map_err(|v| vec![v])?;
            Ok(vec![Event::CampaignRenamed { name }])
        }
        Command::RecordAttempt(input) => {
            crate::rules::memories::decide_attempt(state, pack, input, ctx)
        }
        Command::ChooseSkill { .. }
        | Command::PostponeSkill { .. }
        | Command::SetHealth { .. }
        | Command::JoinAssassin { .. }
        | Command::LeaveAssassin { .. }
        | Command::SwapAssassin { .. }
        | Command::MoveCard { .. }
        | Command::DrawChestCard { .. }
        | Command::AddCard { .. } => crate::rules::assassins::decide(state, pack, command),
        Command::UnlockHq { ally } => crate::rules::hq::decide_unlock(state, pack, *ally),
        Command::SetHqValue { key, value } => crate::rules::hq::decide_value(state, key, *value),
        Command::AssignMiniature { miniature, spot } => {
            crate::rules::hq::decide_assign(state, pack, miniature, *spot)
        }
        Command::ConfirmAssignment => crate::rules::hq::decide_confirm(state, pack),
        Command::ResolveHq(input) => {
            crate::rules::hq_resolution::decide_resolve(state, pack, input)
        }
        Command::Override(input) => crate::rules::overrides::decide(state, pack, input),
        Command::TakeEdition { to } => crate::rules::edition::decide_take(state, pack, *to),
        Command::DeclineOptional { memory } => {
            crate::rules::memories::decide_decline(state, pack, memory)
        }
        Command::SetHqSticker { number, marked } => {
            let count = pack.hq_stickers.count;
            if count == 0 {
                return Err(vec![refuse(
                    RuleCode::HqStickersNone,
                    Section::Headquarters,
                    "This box's diary has no HQ stickers.",
                )]);
            }
            if *number == 0 || *number > count {
                return Err(vec![refuse(
                    RuleCode::HqStickerUnknown,
                    Section::Headquarters,
                    format!("The diary has HQ stickers 1 to {count} only."),
                )
                .with("count", count)]);
            }
            Ok(vec![Event::HqStickerSet {
                number: *number,
                marked: *marked,
            }])
        }
    }
}
