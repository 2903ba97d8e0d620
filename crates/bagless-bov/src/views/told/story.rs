//! A campaign's story: its log folded once through `evolve` (the entries in
//! effect, as the diary has them), the state read after each attempt
//! recorded. The axis is the attempts in order: a point per attempt, each
//! with its memory, the day the players wrote, when it was recorded and
//! the seq of its entry (where the history shows it). Everything else is
//! laid on that axis: the XP and level after each attempt, each assassin's
//! health and equipment, the HQ's level and contract; the level marks, the
//! edition steps and the HQ's resolution steps say after which attempt
//! they came.

use crate::model::board::Place;
use crate::model::campaign::{
    effective, evolve, Attempt, Campaign, Event, EventEnvelope, Outcome, SyncColour,
};
use crate::model::pack::Pack;
use crate::views::diary::StickerView;
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use std::collections::BTreeMap;
use ts_rs::TS;

/// The campaign told attempt by attempt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "BovStory")]
pub struct Story {
    pub name: String,
    pub pack_id: String,
    /// The XP track's last space.
    pub xp_max: u32,
    /// The track's level marks, each with the attempt after which it was
    /// reached (none: not reached).
    pub marks: Vec<StoryLevelMark>,
    /// The axis: one point per attempt recorded, in order.
    pub points: Vec<StoryPoint>,
    /// Each memory played or declined, in the order first met: its
    /// attempts (indices into `points`) on one line.
    pub memories: Vec<StoryMemory>,
    /// Every assassin who played in the campaign, in the order they came.
    pub assassins: Vec<StoryAssassin>,
    /// The HQ after each attempt (one per point).
    pub hq: Vec<StoryHq>,
    /// The HQ's resolution steps, each after the attempts before it.
    pub hq_steps: Vec<StoryHqStep>,
    /// The steps to a new edition of the rules.
    pub editions: Vec<StoryEdition>,
    /// The XP on the track and the level now (the diary's).
    pub xp: u32,
    pub level: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "BovStoryLevelMark")]
pub struct StoryLevelMark {
    pub level: u8,
    /// The XP the mark stands at on the track.
    pub xp: u32,
    /// The memory after which it was reached (the diary's words).
    pub reached_after: Option<String>,
    /// The attempt (index into `points`) that reached it, when one did.
    pub point: Option<u32>,
    /// The entry that reached it (an attempt, or a number typed over).
    pub seq: Option<u32>,
}

/// One attempt recorded, and the campaign after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "BovStoryPoint")]
pub struct StoryPoint {
    /// The seq of the attempt's entry in the campaign's log.
    pub seq: u32,
    #[ts(type = "string")]
    pub recorded_at: DateTime<Utc>,
    /// The day the players wrote.
    #[ts(type = "string")]
    pub played_on: NaiveDate,
    pub memory: String,
    /// 1, or 2 for a replay.
    pub number: u8,
    pub outcome: Outcome,
    /// A second failure: the memory is done with its mandatory XP.
    pub synchronized: bool,
    /// The 100% sync sticker earned in it.
    pub sync: Option<SyncColour>,
    pub stickers: Vec<String>,
    pub eliminated: Vec<String>,
    /// The XP this attempt put on the track.
    pub xp_credited: u32,
    /// The XP on the track and the level after it (and after what its
    /// entry derived, overrides before it counted).
    pub xp: u32,
    pub level: u8,
    /// The levels this attempt reached.
    pub levels_reached: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "BovStoryMemory")]
pub struct StoryMemory {
    pub memory: String,
    pub optional: bool,
    /// Its attempts: indices into `points`.
    pub points: Vec<u32>,
    /// Played to the end (a success, or synchronized).
    pub done: bool,
    pub declined: bool,
    /// The memory's stickers in the pack (the sync aside), each said
    /// earned when an attempt earned it.
    pub stickers: Vec<StickerView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "BovStoryAssassin")]
pub struct StoryAssassin {
    pub id: String,
    pub name: String,
    /// After each attempt (one per point): none before they joined.
    pub at: Vec<Option<StoryAssassinAt>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "BovStoryAssassinAt")]
pub struct StoryAssassinAt {
    pub in_play: bool,
    pub eliminated: bool,
    pub health: u8,
    pub max_health: u8,
    /// The campaign's level (every assassin's) and the skill cards held.
    pub level: u8,
    pub skills: u8,
    /// The names of the cards worn in the board's slots.
    pub equipped: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "BovStoryHq")]
pub struct StoryHq {
    pub unlocked: bool,
    /// 0 until the HQ's level is known.
    pub level: u8,
    /// The contract on top of the deck.
    pub contract: Option<u32>,
    /// Contracts fulfilled so far.
    pub fulfilled: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "BovStoryHqStep")]
pub struct StoryHqStep {
    pub seq: u32,
    #[ts(type = "string")]
    pub recorded_at: DateTime<Utc>,
    /// How many attempts were recorded before it.
    pub after: u32,
    /// The contract it was played for.
    pub contract: Option<u32>,
    pub stars: u32,
    pub fulfilled: bool,
    /// The HQ's new level, when the step changed it.
    pub level: Option<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "BovStoryEdition")]
pub struct StoryEdition {
    pub seq: u32,
    #[ts(type = "string")]
    pub recorded_at: DateTime<Utc>,
    /// How many attempts were recorded before it.
    pub after: u32,
    pub from: u32,
    pub to: u32,
}

/// The story of the campaign whose log is `log`, played with `pack`.
pub fn story(log: &[EventEnvelope], pack: &Pack) -> Story {
    walk(log, pack, None).story
}

/// The story, and the campaign as it was before the first entry recorded
/// at or after `since` (the last state when none was): what an evening
/// counts from.
pub(crate) struct Walked {
    pub story: Story,
    pub before: Option<Campaign>,
    /// The entries in effect recorded at or after `since`.
    pub entries_since: u32,
    /// The cards on each board before `since` (assassin, card name).
    pub boards_before: Vec<(String, String)>,
    /// The cards on each board now.
    pub boards_now: Vec<(String, String)>,
}

pub(crate) fn walk(log: &[EventEnvelope], pack: &Pack, since: Option<DateTime<Utc>>) -> Walked {
    let mut walker = Walker {
        pack,
        state: Campaign::default(),
        story: Story {
            name: String::new(),
            pack_id: pack.id.clone(),
            xp_max: pack.xp_track.max,
            marks: Vec::new(),
            points: Vec::new(),
            memories: Vec::new(),
            assassins: Vec::new(),
            hq: Vec::new(),
            hq_steps: Vec::new(),
            editions: Vec::new(),
            xp: 0,
            level: 0,
        },
        open: None,
        entry_seq: 0,
        memory_line: BTreeMap::new(),
        assassin_line: BTreeMap::new(),
        level_seq: BTreeMap::new(),
        fulfilled: 0,
    };
    let mut before = None;
    let mut entries_since = 0;
    for envelope in effective(log) {
        if envelope.event.is_entry() {
            walker.close();
            walker.entry_seq = envelope.seq;
            if since.is_some_and(|since| envelope.recorded_at >= since) {
                entries_since += 1;
                if before.is_none() {
                    before = Some(walker.state.clone());
                }
            }
        }
        walker.step(envelope);
    }
    walker.close();
    let boards_before = before.as_ref().map(cards_on_boards).unwrap_or_default();
    let boards_now = cards_on_boards(&walker.state);
    Walked {
        story: walker.finish(),
        before,
        entries_since,
        boards_before,
        boards_now,
    }
}

/// Every card on an assassin's board (worn or in the inventory), by the
/// assassin's id and the card's name, sorted.
pub(crate) fn cards_on_boards(state: &Campaign) -> Vec<(String, String)> {
    let mut cards: Vec<(String, String)> = state
        .ledger
        .cards
        .values()
        .filter_map(|placed| match &placed.place {
            Place::Equipped { assassin, .. } | Place::Inventory { assassin, .. } => {
                Some((assassin.clone(), placed.card.name.clone()))
            }
            _ => None,
        })
        .collect();
    cards.sort();
    cards
}

struct Walker<'p> {
    pack: &'p Pack,
    state: Campaign,
    story: Story,
    /// The point of the attempt whose entry is being read, closed (the
    /// state read) when the next entry starts.
    open: Option<usize>,
    entry_seq: u32,
    memory_line: BTreeMap<String, usize>,
    assassin_line: BTreeMap<String, usize>,
    /// The entry that reached each level.
    level_seq: BTreeMap<u8, (u32, Option<u32>)>,
    fulfilled: u32,
}

impl Walker<'_> {
    fn step(&mut self, envelope: &EventEnvelope) {
        let contract = self.state.hq.as_ref().map(|hq| hq.contract);
        self.state = evolve(std::mem::take(&mut self.state), &envelope.event);
        let after = self.story.points.len() as u32;
        match &envelope.event {
            Event::AttemptRecorded { attempt } => self.attempt(envelope, attempt),
            Event::LevelReached { level, .. } => {
                let point = self.open.map(|p| p as u32);
                if let Some(p) = self.open {
                    self.story.points[p].levels_reached.push(*level);
                }
                self.level_seq.insert(*level, (self.entry_seq, point));
            }
            Event::OptionalMemoryDeclined { memory } => {
                let line = self.memory_line(memory);
                self.story.memories[line].declined = true;
            }
            Event::EditionChanged { from, to } => self.story.editions.push(StoryEdition {
                seq: envelope.seq,
                recorded_at: envelope.recorded_at,
                after,
                from: *from,
                to: *to,
            }),
            Event::HqResolved {
                stars, fulfilled, ..
            } => {
                self.fulfilled += u32::from(*fulfilled);
                self.story.hq_steps.push(StoryHqStep {
                    seq: envelope.seq,
                    recorded_at: envelope.recorded_at,
                    after,
                    contract,
                    stars: *stars,
                    fulfilled: *fulfilled,
                    level: None,
                });
            }
            Event::HqLevelChanged { level } => {
                if let Some(step) = self
                    .story
                    .hq_steps
                    .last_mut()
                    .filter(|step| step.seq == self.entry_seq)
                {
                    step.level = Some(*level);
                }
            }
            _ => {}
        }
    }

    fn attempt(&mut self, envelope: &EventEnvelope, attempt: &Attempt) {
        let index = self.story.points.len();
        self.story.points.push(StoryPoint {
            seq: envelope.seq,
            recorded_at: envelope.recorded_at,
            played_on: attempt.played_on,
            memory: attempt.memory.clone(),
            number: attempt.number,
            outcome: attempt.outcome,
            synchronized: attempt.synchronized,
            sync: attempt.sync,
            stickers: attempt.stickers.clone(),
            eliminated: attempt.eliminated.clone(),
            xp_credited: attempt.xp_credited,
            xp: 0,
            level: 0,
            levels_reached: Vec::new(),
        });
        let line = self.memory_line(&attempt.memory);
        let memory = &mut self.story.memories[line];
        memory.points.push(index as u32);
        memory.done |= attempt.completes_memory();
        for sticker in &mut memory.stickers {
            sticker.earned |= attempt.stickers.contains(&sticker.id);
        }
        self.open = Some(index);
    }

    fn memory_line(&mut self, memory: &str) -> usize {
        if let Some(line) = self.memory_line.get(memory) {
            return *line;
        }
        let line = self.story.memories.len();
        self.story.memories.push(StoryMemory {
            memory: memory.to_string(),
            optional: self.pack.is_optional(memory),
            points: Vec::new(),
            done: false,
            declined: false,
            stickers: self
                .pack
                .memory(memory)
                .map(|m| {
                    m.stickers
                        .iter()
                        .map(|s| StickerView {
                            id: s.id.clone(),
                            label: s.label.clone(),
                            label_fr: s.label_fr.clone(),
                            earned: false,
                        })
                        .collect()
                })
                .unwrap_or_default(),
        });
        self.memory_line.insert(memory.to_string(), line);
        line
    }

    /// The attempt being read is whole (its derived events applied): the
    /// campaign after it is read onto its point.
    fn close(&mut self) {
        let Some(index) = self.open.take() else {
            return;
        };
        let (state, pack) = (&self.state, self.pack);
        let point = &mut self.story.points[index];
        point.xp = state.xp(pack);
        point.level = state.level();
        self.story.hq.push(StoryHq {
            unlocked: state.hq.is_some(),
            level: state.hq_level,
            contract: state.hq.as_ref().map(|hq| hq.contract),
            fulfilled: self.fulfilled,
        });
        let mut worn: BTreeMap<&str, Vec<String>> = BTreeMap::new();
        for placed in state.ledger.cards.values() {
            if let Place::Equipped { assassin, .. } = &placed.place {
                worn.entry(assassin)
                    .or_default()
                    .push(placed.card.name.clone());
            }
        }
        for id in state.roster.keys() {
            if !self.assassin_line.contains_key(id) {
                self.assassin_line
                    .insert(id.clone(), self.story.assassins.len());
                self.story.assassins.push(StoryAssassin {
                    id: id.clone(),
                    name: crate::model::campaign::assassin_name(pack, id),
                    at: vec![None; index],
                });
            }
        }
        for assassin in &mut self.story.assassins {
            let at = state.roster.get(&assassin.id).map(|entry| {
                let mut equipped = worn.remove(assassin.id.as_str()).unwrap_or_default();
                equipped.sort();
                StoryAssassinAt {
                    in_play: state.in_play(&assassin.id),
                    eliminated: entry.eliminated,
                    health: entry.health,
                    max_health: state.max_health(pack, &assassin.id),
                    level: state.level(),
                    skills: entry.skills.len() as u8,
                    equipped,
                }
            });
            assassin.at.push(at);
        }
    }

    fn finish(mut self) -> Story {
        let state = &self.state;
        let pack = self.pack;
        self.story.name = state.name.clone();
        self.story.xp = state.xp(pack);
        self.story.level = state.level();
        self.story.marks = pack
            .xp_track
            .levels
            .iter()
            .map(|mark| {
                let reached_after = state.levels_reached.get(&mark.level).cloned();
                let by = reached_after
                    .as_ref()
                    .and_then(|_| self.level_seq.get(&mark.level));
                StoryLevelMark {
                    level: mark.level,
                    xp: mark.xp,
                    reached_after,
                    point: by.and_then(|(_, point)| *point),
                    seq: by.map(|(seq, _)| *seq),
                }
            })
            .collect();
        self.story
    }
}
