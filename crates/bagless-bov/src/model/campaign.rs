//! A campaign's state, the commands players give, the events they produce,
//! and `decide` / `evolve` between them (CAMPAIGN: the Diary of Memories).
//!
//! The types and the state's own helpers live here; `decide`, `evolve` and
//! the replays are in `game.rs`, above the rules modules, and re-exported
//! here at their old paths.

pub use crate::game::{decide, effective, evolve, last_undoable, replay, replay_log};
use crate::model::board::{
    AssassinState, CardKind, ChestEnd, EquipSlot, Ledger, Place, PlacedCard, SinceMemory,
};
use crate::model::hq_types::{AllyKind, HqState, ResolutionInput, Spot};
use crate::model::override_types::{OverrideInput, OverrideTarget};
use crate::model::pack::Pack;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use ts_rs::TS;

/// The library's limits, shared by every game (`bagless_game::limits`):
/// a campaign's name and a memory's date played are held to them too.
pub use bagless_game::limits::{EARLIEST_YEAR, MAX_NAME_CHARS};
pub const MAX_NOTES_CHARS: usize = 4000;
pub const MAX_ASSASSINS: usize = 4;

/// What the core needs from the outside world to decide: the time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Context {
    pub now: DateTime<Utc>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum Outcome {
    Success,
    Failure,
}

/// The difficulty a memory was played in. Any easy part makes a 100% sync grey.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum Difficulty {
    Normal,
    PartlyEasy,
    Easy,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum SyncColour {
    Red,
    Grey,
}

impl Difficulty {
    /// Red for a memory played entirely in normal difficulty, grey otherwise.
    pub fn sync_colour(self) -> SyncColour {
        match self {
            Difficulty::Normal => SyncColour::Red,
            Difficulty::PartlyEasy | Difficulty::Easy => SyncColour::Grey,
        }
    }
}

/// XP gained in one attempt, by source.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct XpGained {
    /// Mandatory objectives: the only XP a synchronized memory keeps.
    pub mandatory: u32,
    /// Optional objectives.
    pub optional: u32,
    pub boss: u32,
    pub other: u32,
}

impl XpGained {
    /// The XP gained from one source.
    pub fn from(&self, source: XpSource) -> u32 {
        match source {
            XpSource::Mandatory => self.mandatory,
            XpSource::Optional => self.optional,
            XpSource::Boss => self.boss,
            XpSource::Other => self.other,
        }
    }

    /// The XP gained from these sources only.
    pub fn of(&self, sources: &[XpSource]) -> u32 {
        sources
            .iter()
            .fold(0u32, |sum, source| sum.saturating_add(self.from(*source)))
    }
}

/// Where XP comes from: one field of [`XpGained`] each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum XpSource {
    Mandatory,
    Optional,
    Boss,
    Other,
}

impl XpSource {
    pub const ALL: [XpSource; 4] = [
        XpSource::Mandatory,
        XpSource::Optional,
        XpSource::Boss,
        XpSource::Other,
    ];
}

/// What the players tell about one attempt at a memory.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AttemptInput {
    pub memory: String,
    pub outcome: Outcome,
    pub difficulty: Difficulty,
    /// The XP gained, by source, as the players entered it: the rules
    /// decide what counts (`rules::memories::xp_counted`).
    pub xp: XpGained,
    /// Whether the 100% sync objective was met.
    pub sync_met: bool,
    /// Other stickers of this memory that were earned (ids from the pack).
    pub stickers: Vec<String>,
    #[ts(type = "string")]
    pub played_on: NaiveDate,
    pub notes: String,
    /// Assassins eliminated in this attempt: an apprentice replaces each in
    /// the next memory (ELIMINATED).
    #[serde(default)]
    pub eliminated: Vec<String>,
}

/// One recorded attempt, with what the rules made of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Attempt {
    pub memory: String,
    /// 1 or 2.
    pub number: u8,
    pub outcome: Outcome,
    pub difficulty: Difficulty,
    /// The XP the players entered, by source, whether it counts or not.
    pub xp: XpGained,
    /// The XP that counts on the track, worked out by the rules from `xp`
    /// (`evolve` works it out again: an event's own figure is not believed).
    pub xp_credited: u32,
    /// A second failure: the memory counts as done with mandatory XP only.
    pub synchronized: bool,
    pub sync: Option<SyncColour>,
    pub stickers: Vec<String>,
    #[ts(type = "string")]
    pub played_on: NaiveDate,
    pub notes: String,
    #[serde(default)]
    pub eliminated: Vec<String>,
}

impl Attempt {
    /// Done means the campaign moves on: a success or a synchronized memory.
    pub fn completes_memory(&self) -> bool {
        self.outcome == Outcome::Success || self.synchronized
    }
}

/// What the players ask for. The UI sends the board commands as they are.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
#[ts(export)]
pub enum Command {
    Create {
        name: String,
        pack_id: String,
        assassins: Vec<String>,
    },
    Rename {
        name: String,
    },
    RecordAttempt(AttemptInput),
    DeclineOptional {
        memory: String,
    },
    SetHqSticker {
        number: u8,
        marked: bool,
    },
    ChooseSkill {
        assassin: String,
        level: u8,
        name: String,
        /// Typed by the players when the pack does not know the card.
        hq_level_required: Option<u8>,
    },
    PostponeSkill {
        assassin: String,
        level: u8,
    },
    SetHealth {
        assassin: String,
        health: u8,
    },
    JoinAssassin {
        assassin: String,
    },
    LeaveAssassin {
        assassin: String,
    },
    SwapAssassin {
        leaving: String,
        joining: String,
    },
    MoveCard {
        card: String,
        to: Place,
        /// Into the chest deck: which end (the top when not said).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        chest: Option<ChestEnd>,
    },
    DrawChestCard {
        to: Place,
    },
    AddCard {
        name: String,
        kind: CardKind,
        fits: Option<EquipSlot>,
        health_bonus: u8,
        removal_mark: bool,
        to: Place,
    },
    UnlockHq {
        ally: AllyKind,
    },
    /// A number printed on a card, typed the first time it matters.
    SetHqValue {
        key: String,
        value: u32,
    },
    AssignMiniature {
        miniature: String,
        spot: Option<Spot>,
    },
    ConfirmAssignment,
    ResolveHq(ResolutionInput),
    /// A number typed over what the rules computed.
    Override(OverrideInput),
    /// The campaign moves to edition `to` of the rules (a corrected reading
    /// of the rules summary). The app gives it itself, at a clean point
    /// (between two memories), in the same write as the players' next
    /// command; a file's recorded step is decided again through it.
    TakeEdition {
        to: u32,
    },
}

/// What a command acts on, the screen that sends it: the diary (the
/// campaign and its memories), the assassin boards and their cards, or the
/// headquarters. Each command has exactly one, here beside the type, so a
/// new command cannot be left out of its screen's door.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommandGroup {
    Diary,
    Board,
    Hq,
}

impl Command {
    /// An assassin joins, leaves or is swapped (ADJUSTING THE NUMBER OF
    /// PLAYERS): only "Between 2 memories (never during one)".
    pub fn changes_the_assassins(&self) -> bool {
        matches!(
            self,
            Command::JoinAssassin { .. }
                | Command::LeaveAssassin { .. }
                | Command::SwapAssassin { .. }
        )
    }

    pub fn group(&self) -> CommandGroup {
        match self {
            Command::Create { .. }
            | Command::Rename { .. }
            | Command::RecordAttempt(_)
            | Command::DeclineOptional { .. }
            | Command::SetHqSticker { .. }
            | Command::Override(_)
            | Command::TakeEdition { .. } => CommandGroup::Diary,
            Command::ChooseSkill { .. }
            | Command::PostponeSkill { .. }
            | Command::SetHealth { .. }
            | Command::JoinAssassin { .. }
            | Command::LeaveAssassin { .. }
            | Command::SwapAssassin { .. }
            | Command::MoveCard { .. }
            | Command::DrawChestCard { .. }
            | Command::AddCard { .. } => CommandGroup::Board,
            Command::UnlockHq { .. }
            | Command::SetHqValue { .. }
            | Command::AssignMiniature { .. }
            | Command::ConfirmAssignment
            | Command::ResolveHq(_) => CommandGroup::Hq,
        }
    }
}

/// Something that happened to a campaign. Events are facts: `evolve` never
/// refuses one; `decide` is where rules are checked.
///
/// Its kind ("card_moved"), the tag serde writes, is also an [`EventKind`]
/// derived from the variants with the same snake_case spelling, so the store
/// and the history name an event without serializing it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, strum::EnumDiscriminants)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[strum_discriminants(
    name(EventKind),
    derive(strum::IntoStaticStr, strum::VariantArray),
    strum(serialize_all = "snake_case")
)]
#[ts(export)]
pub enum Event {
    CampaignCreated {
        name: String,
        pack_id: String,
        assassins: Vec<String>,
    },
    CampaignRenamed {
        name: String,
    },
    AttemptRecorded {
        attempt: Attempt,
    },
    /// Derived: the track crossed a level mark.
    LevelReached {
        level: u8,
        after_memory: String,
    },
    OptionalMemoryDeclined {
        memory: String,
    },
    HqStickerSet {
        number: u8,
        marked: bool,
    },
    /// The players took back the entry at `seq` (and what it derived).
    /// Undo works on the log: see [`effective`].
    EntryUndone {
        seq: u32,
    },
    /// The players brought back the entry at `seq`, undone before. Only the
    /// entry undone last can be redone, and only until a new entry is made:
    /// see [`crate::views::history::UndoStack`].
    EntryRedone {
        seq: u32,
    },
    /// Derived: the pack's cards in their starting places.
    CardsDealt {
        cards: Vec<PlacedCard>,
    },
    CardAdded {
        placed: PlacedCard,
    },
    CardMoved {
        card: String,
        from: Place,
        to: Place,
        /// Into the chest deck: which end. Logs written before it was asked
        /// lack it, and those cards went to the bottom.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        chest: Option<ChestEnd>,
    },
    ChestCardDrawn {
        card: String,
        to: Place,
    },
    /// Derived: after a failed attempt, the chest cards drawn in it go back
    /// on top of the chest deck in their original order (the first on top).
    ChestCardsReturned {
        cards: Vec<String>,
    },
    /// Derived: a leaving assassin's board cards, stored in the villa or HQ.
    CardsStored {
        cards: Vec<String>,
        to: Place,
    },
    SkillChosen {
        assassin: String,
        level: u8,
        name: String,
        hq_level_required: Option<u8>,
    },
    SkillPostponed {
        assassin: String,
        level: u8,
    },
    HealthSet {
        assassin: String,
        health: u8,
    },
    /// Derived: health back to the maximum (a new campaign, the villa).
    HealthRestored {
        assassin: String,
        health: u8,
    },
    /// Derived: an armor taken off lowered the maximum, and health with it.
    HealthLowered {
        assassin: String,
        health: u8,
    },
    /// Derived (edition 3): an armor put on raised the maximum, and health
    /// with it by the armor's health (VILLA: full health is "your 3 initial
    /// and those added by your armor").
    HealthRaised {
        assassin: String,
        health: u8,
    },
    /// Derived from an attempt's list of eliminated assassins.
    AssassinEliminated {
        assassin: String,
    },
    /// Derived: back after the memory an apprentice played in their place.
    AssassinRecovered {
        assassin: String,
        health: u8,
    },
    /// `replacing` is set when the join is the second half of a swap.
    AssassinJoined {
        assassin: String,
        health: u8,
        replacing: Option<String>,
    },
    AssassinLeft {
        assassin: String,
        replaced_by: Option<String>,
    },
    HqUnlocked {
        ally: AllyKind,
    },
    HqValueSet {
        key: String,
        value: u32,
    },
    MiniatureAssigned {
        miniature: String,
        spot: Option<Spot>,
    },
    AssignmentConfirmed,
    /// The whole resolution step: what the players decided, the ★ the dice
    /// showed, and whether the contract was fulfilled.
    HqResolved {
        input: ResolutionInput,
        stars: u32,
        fulfilled: bool,
    },
    /// Derived: the level on the back of the contract now on top.
    HqLevelChanged {
        level: u8,
    },
    /// Derived: a blueprint built in the workshop, now special equipment.
    CardBuilt {
        card: String,
    },
    /// Derived from a creation: the edition of the rules the new campaign
    /// plays. A creation without it (every log written before editions were
    /// kept) plays edition 1.
    EditionSet {
        edition: u32,
    },
    /// The campaign plays edition `to` of the rules from here on (an entry,
    /// taken back by Undo like any other). A log without one plays edition
    /// 1, the edition of every campaign created before editions were kept.
    EditionChanged {
        from: u32,
        to: u32,
    },
    /// Derived from an edition step: the new edition's maximum health is
    /// lower, and health comes down to it.
    HealthCapped {
        assassin: String,
        health: u8,
    },
    /// The players typed `to` over the `from` the rules gave.
    ValueOverridden {
        target: OverrideTarget,
        from: u32,
        to: u32,
        reason: String,
    },
}

/// An event as stored: its place in the campaign's log and when it was
/// recorded (`bagless_game::Envelope`, shared by every game).
pub type EventEnvelope = bagless_game::Envelope<Event>;

/// An older reading of edition 1 (the rules as the builds before editions
/// were kept played them), under which an entry of a history recorded
/// then is decided again: never a reading a campaign plays now
/// (`rules::edition::reading_of`, by the entry's date).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, PartialOrd, Ord)]
pub enum Reading {
    /// Today's reading of the campaign's edition.
    #[default]
    Current,
    /// The builds before 2026-11-23 (`ba3e2a2`): the HQ's first assignment
    /// was not asked before the memory after 0.4 (FIRST ASSIGNMENT).
    BeforeTheFirstAssignmentRule,
    /// The builds before the assassins' boards (2026-11-22, `531050c`):
    /// the diary alone, so no skill asked before the next memory (LEVELING
    /// UP AND SKILLS), and no cards dealt nor health restored or lowered
    /// recorded.
    BeforeTheBoards,
}

/// A campaign's state: everything the Diary of Memories holds.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Campaign {
    pub name: String,
    pub pack_id: String,
    /// The assassins in play, in the order chosen.
    pub assassins: Vec<String>,
    /// Every assassin who has played in the campaign, in play or not.
    pub roster: BTreeMap<String, AssassinState>,
    pub ledger: Ledger,
    /// 0 until the HQ is unlocked and its level known.
    pub hq_level: u8,
    pub hq: Option<HqState>,
    /// Every attempt in the order it was recorded.
    pub attempts: Vec<Attempt>,
    /// Levels reached, with the memory after which each was reached.
    pub levels_reached: BTreeMap<u8, String>,
    pub declined: BTreeSet<String>,
    pub hq_stickers: BTreeSet<u8>,
    /// What overrides added to (or took from) the XP the memories credited.
    #[serde(default)]
    pub xp_correction: i32,
    /// The edition of the rules the campaign is played under: this build's
    /// from its creation (1 for a campaign created before editions were
    /// kept), raised by an edition step (0 before it is created).
    #[serde(default = "bagless_game::first_edition")]
    pub edition: u32,
    /// Edition 3: who left with an apprentice in their place, and who
    /// joined, since the last memory (no assassin joins in such a place).
    #[serde(default, skip_serializing_if = "SinceMemory::is_empty")]
    pub since_memory: SinceMemory,
    /// The reading an entry read from a file is decided under (edition 1's
    /// older ones for an entry recorded before them); never saved, always
    /// today's in a campaign's state.
    #[serde(skip)]
    pub reading: Reading,
}

impl Campaign {
    pub fn is_created(&self) -> bool {
        !self.pack_id.is_empty()
    }

    /// The level every assassin of the campaign is at: the highest mark reached.
    pub fn level(&self) -> u8 {
        self.levels_reached.keys().max().copied().unwrap_or(0)
    }

    pub fn has_hq(&self) -> bool {
        self.hq.is_some()
    }

    /// The first HQ assignment emptied the villa envelope into the main hall.
    pub fn villa_retired(&self) -> bool {
        self.hq.as_ref().is_some_and(|hq| hq.first_done)
    }

    pub fn in_play(&self, assassin: &str) -> bool {
        self.assassins.iter().any(|a| a == assassin)
    }

    /// Skill choices the campaign waits for, every assassin of the roster
    /// (in play or not) at every level reached, postponed ones left out
    /// (LEVELING UP AND SKILLS: "each time you reach or pass a level I, II,
    /// III or IV space on the experience track"). Only the levels the box's
    /// track marks are asked: Roma's marks III and IV only, and the rules
    /// summary does not say how Roma assassins start (an assumption listed in
    /// campaigns/README.md).
    pub fn pending_skill_choices(&self, pack: &Pack) -> Vec<(String, u8)> {
        let level = self.level();
        let marked: Vec<u8> = pack
            .xp_track
            .levels
            .iter()
            .map(|mark| mark.level)
            .filter(|l| *l <= level)
            .collect();
        self.roster
            .iter()
            .flat_map(|(id, assassin)| {
                marked
                    .iter()
                    .filter(|l| !assassin.skills.contains_key(l))
                    .map(move |l| (id.clone(), *l))
            })
            .collect()
    }

    /// Whether the HQ's first assignment is asked before the memory after
    /// 0.4 (FIRST ASSIGNMENT): in every reading but edition 1's oldest.
    pub fn asks_first_assignment(&self) -> bool {
        self.reading < Reading::BeforeTheFirstAssignmentRule
    }

    /// Whether a level's skills are asked before the next memory (LEVELING
    /// UP AND SKILLS): in every reading since the assassins' boards.
    pub fn asks_skills(&self) -> bool {
        self.reading < Reading::BeforeTheBoards
    }

    /// Whether the campaign follows the readings corrected in edition 2 of
    /// the rules (health, the HQ die, Ezio, joining between memories, the
    /// shop, medicine): every corrected rule asks this, and edition 1 keeps
    /// the old reading exactly.
    pub fn follows_edition_2(&self) -> bool {
        self.edition >= 2
    }

    /// Whether the campaign follows the readings corrected in edition 3
    /// (issue 55: an armor's health, no assassin in a patient's place, the
    /// chest deck's top card, declining an optional memory): edition 1 and
    /// 2 keep theirs exactly.
    pub fn follows_edition_3(&self) -> bool {
        self.edition >= 3
    }

    /// Between two memories (ADJUSTING THE NUMBER OF PLAYERS: "Between 2
    /// memories (never during one)"): no memory group out on the map (the
    /// HQ's assignment confirmed and the attempt not recorded yet), and no
    /// failed first attempt waiting for its replay (REPLAYING A MEMORY: the
    /// same memory played again).
    pub fn between_memories(&self, pack: &Pack) -> bool {
        let group_out = self
            .hq
            .as_ref()
            .is_some_and(|hq| hq.phase == crate::model::hq_types::HqPhase::Memory);
        let replay_due = self
            .next_memory(pack)
            .is_some_and(|memory| self.next_attempt_number(memory) == 2);
        !group_out && !replay_due
    }

    /// Where the campaign may move to a new edition of the rules: between
    /// two memories, with the last memory's HQ resolution step done and the
    /// next assignment not begun (no memory played under two readings).
    pub fn at_clean_point(&self, pack: &Pack) -> bool {
        let hq_clear = self.hq.as_ref().is_none_or(|hq| {
            hq.phase == crate::model::hq_types::HqPhase::Assignment && hq.spots.is_empty()
        });
        self.is_created() && self.between_memories(pack) && hq_clear
    }

    /// An assassin's health without armor. Edition 2: "your 3 initial"
    /// (VILLA), at every memory; the "4 (3 if playing memory 0.1 or 0.2)"
    /// of ADJUSTING THE NUMBER OF PLAYERS are action cubes. Edition 1 read
    /// them as health: 3 while memory 0.1 or 0.2 is next, 4 after.
    pub fn base_health(&self, pack: &Pack) -> u8 {
        let rules = &pack.board;
        if self.follows_edition_2() {
            return rules.initial_health;
        }
        match self.next_memory(pack) {
            Some(next) if rules.reduced_health_memories.iter().any(|m| m == next) => {
                rules.reduced_health
            }
            _ => rules.base_health,
        }
    }

    /// Full health: the base plus what the worn armor adds.
    pub fn max_health(&self, pack: &Pack, assassin: &str) -> u8 {
        self.base_health(pack)
            .saturating_add(self.ledger.armor_bonus(assassin))
    }

    /// Action cubes beside each board: a 4th "when setting up maps from
    /// memory 0.3 onward" (SAVE 1), optional memories included: every main
    /// memory before 0.3 is done.
    pub fn action_cubes(&self, pack: &Pack) -> u8 {
        let rules = &pack.board;
        let fourth = rules.fourth_cube_from.as_deref().is_some_and(|from| {
            pack.memory(from).is_some()
                && pack
                    .main_memories()
                    .take_while(|m| m.id != from)
                    .all(|m| self.is_done(&m.id))
        });
        rules.action_cubes + u8::from(fourth)
    }

    /// XP on the track: the sum of credited XP, stopped at the track's end,
    /// with what overrides corrected.
    pub fn xp(&self, pack: &Pack) -> u32 {
        let max = pack.xp_track.max;
        let on_track = i64::from(self.raw_xp().min(max)) + i64::from(self.xp_correction);
        on_track.clamp(0, i64::from(max)) as u32
    }

    fn raw_xp(&self) -> u32 {
        self.attempts
            .iter()
            .fold(0u32, |sum, a| sum.saturating_add(a.xp_credited))
    }

    pub fn attempts_at<'a>(&'a self, memory: &'a str) -> impl Iterator<Item = &'a Attempt> + 'a {
        self.attempts.iter().filter(move |a| a.memory == memory)
    }

    pub fn is_done(&self, memory: &str) -> bool {
        self.attempts_at(memory).any(Attempt::completes_memory)
    }

    /// The optional memories on offer now: their place is reached, and they
    /// are neither played to the end nor declined.
    pub fn offered_optional<'p>(&self, pack: &'p Pack) -> Vec<&'p str> {
        self.offered_among(pack, &self.done_memories())
    }

    /// The memories played to the end, the attempts read once.
    pub(crate) fn done_memories(&self) -> std::collections::HashSet<&str> {
        self.attempts
            .iter()
            .filter(|a| a.completes_memory())
            .map(|a| a.memory.as_str())
            .collect()
    }

    /// [`Campaign::offered_optional`], the memories done given.
    fn offered_among<'p>(
        &self,
        pack: &'p Pack,
        done: &std::collections::HashSet<&str>,
    ) -> Vec<&'p str> {
        pack.optional_memories()
            .filter(|m| {
                m.offered_after
                    .as_deref()
                    .is_some_and(|after| done.contains(after))
                    && !done.contains(m.id.as_str())
                    && !self.declined.contains(&m.id)
            })
            .map(|m| m.id.as_str())
            .collect()
    }

    /// The memory to play next: an optional memory on offer comes first (the
    /// players play it or decline it), then the first main memory not done.
    /// `None` once the campaign is complete.
    pub fn next_memory<'p>(&self, pack: &'p Pack) -> Option<&'p str> {
        let done = self.done_memories();
        if let Some(first) = self.offered_among(pack, &done).first() {
            return Some(first);
        }
        pack.main_memories()
            .find(|m| !done.contains(m.id.as_str()))
            .map(|m| m.id.as_str())
    }

    /// The number the next attempt at `memory` would have.
    pub fn next_attempt_number(&self, memory: &str) -> u8 {
        match self.attempts_at(memory).last() {
            Some(a) if a.outcome == Outcome::Failure && a.number == 1 => 2,
            _ => 1,
        }
    }
}

/// An assassin's name from the pack, or the id if the pack lacks it.
pub(crate) fn assassin_name(pack: &Pack, id: &str) -> String {
    pack.assassin(id)
        .map_or_else(|| id.to_string(), |a| a.name.clone())
}

/// Levels as the game prints them.
pub fn roman(level: u8) -> &'static str {
    match level {
        1 => "I",
        2 => "II",
        3 => "III",
        4 => "IV",
        _ => "0",
    }
}
