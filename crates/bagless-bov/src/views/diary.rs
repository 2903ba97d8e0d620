//! The Diary of Memories as the players see it: sequence rows, stickers, the
//! XP track with its level marks, and the memory that comes next.

use crate::model::campaign::{Attempt, Campaign, Outcome, SyncColour};
use crate::model::pack::{Pack, PackAssassin};
use crate::rules::memories::{attempt_counts, AttemptCounts};
use crate::views::board_view::PendingSkill;
use crate::views::hq_view::HqDue;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DiaryView {
    pub campaign_id: String,
    pub name: String,
    pub pack_id: String,
    pub pack_name: String,
    pub assassins: Vec<PackAssassin>,
    pub sequences: Vec<SequenceRow>,
    pub track: TrackView,
    pub next: Option<NextMemory>,
    pub hq_stickers: Vec<HqStickerView>,
    pub complete: bool,
    /// The pack's assumptions (ids), stated on the diary.
    pub assumptions: Vec<String>,
    /// Skill choices a level reached waits for (postponed ones included).
    pub pending_skills: Vec<PendingSkill>,
    /// The HQ step due before the next memory, if any.
    pub hq_due: Option<HqDue>,
    /// The game of the next memory played in Bagless and not yet recorded,
    /// if one is: the diary offers to resume it. Those games are kept beside
    /// the campaign, not in it: the app fills this in, `diary_view` leaves it
    /// empty.
    pub memory_in_play: Option<String>,
    /// The memory whose game played in Bagless the answer recording its
    /// attempt (or declining it) could not put in the bin: the diary entry
    /// is written all the same, and the diary tells the players. The app
    /// fills this in on that answer only; `diary_view` leaves it empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub memory_left_open: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SequenceRow {
    pub id: String,
    pub label: String,
    pub label_fr: Option<String>,
    pub optional: bool,
    pub memories: Vec<MemoryRow>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum MemoryStatus {
    NotPlayed,
    FailedOnce,
    Success,
    Synchronized,
    Declined,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MemoryRow {
    pub id: String,
    pub status: MemoryStatus,
    pub is_next: bool,
    /// For an optional memory: the main memory after which it is offered.
    pub offered_after: Option<String>,
    pub has_sync: bool,
    pub sync: Option<SyncSticker>,
    pub stickers: Vec<StickerView>,
    /// XP that counted on the track, over all attempts.
    pub xp_credited: u32,
    pub attempts: Vec<Attempt>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SyncSticker {
    pub colour: SyncColour,
    /// Set when the sticker was earned in a later campaign of the same box.
    pub from_campaign: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct StickerView {
    pub id: String,
    pub label: String,
    pub label_fr: Option<String>,
    pub earned: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TrackView {
    pub total: u32,
    /// What overrides added to (or took from) the memories' XP.
    pub correction: i32,
    pub max: u32,
    pub level: u8,
    pub marks: Vec<LevelMarkView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct LevelMarkView {
    pub level: u8,
    pub xp: u32,
    pub reached_after: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct NextMemory {
    pub memory: String,
    /// 1, or 2 for a replay after a failure.
    pub attempt: u8,
    pub optional: bool,
    /// Whether the rules accept declining it now (OPTIONAL MEMORY: "ignore
    /// it for good"; under edition 3 after a failed first attempt too, not
    /// while the HQ's memory group is out): the diary offers Decline then.
    pub declinable: bool,
    /// The longest notes the rules take with an attempt.
    pub max_notes_chars: u32,
    /// How many days after today's UTC date the date played may be (the
    /// rules' slack for an evening already tomorrow in UTC): the attempt
    /// form's date goes up to today's UTC date plus these.
    pub played_on_days_ahead: u32,
    /// What the attempt counts if it succeeds: the attempt form offers
    /// these fields and greys the XP that would not count.
    pub on_success: AttemptCounts,
    /// What it counts if it fails (nothing on a first attempt, mandatory
    /// objectives' XP on a replay: REPLAYING A MEMORY).
    pub on_failure: AttemptCounts,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct HqStickerView {
    pub number: u8,
    pub legendary: bool,
    pub marked: bool,
}

/// A campaign of the same box started after the one whose diary is shown.
pub struct LaterCampaign<'a> {
    pub name: &'a str,
    pub campaign: &'a Campaign,
}

/// The 100% sync sticker a memory shows: its own, or else one earned in a
/// later campaign of the same box ("valid for all the campaigns you played
/// before"). A red sticker wins over a grey one. The campaign's own
/// attempts at `memory` given.
fn sync_sticker_of<'a>(
    attempts: impl Iterator<Item = &'a Attempt>,
    later: &[LaterCampaign<'_>],
    memory: &str,
) -> Option<SyncSticker> {
    let own = |c: &Campaign| {
        c.attempts_at(memory).filter_map(|a| a.sync).min() // Red sorts before Grey.
    };
    let first = attempts.filter_map(|a| a.sync).min();
    // The campaign's own sticker first, so it wins a tie with a later one.
    std::iter::once(first.map(|colour| (colour, None)))
        .chain(
            later
                .iter()
                .map(|l| own(l.campaign).map(|colour| (colour, Some(l.name)))),
        )
        .flatten()
        .min_by_key(|(colour, _)| *colour)
        .map(|(colour, name)| SyncSticker {
            colour,
            from_campaign: name.map(str::to_string),
        })
}

pub fn diary_view(
    campaign_id: &str,
    campaign: &Campaign,
    pack: &Pack,
    later: &[LaterCampaign<'_>],
) -> DiaryView {
    let next = campaign.next_memory(pack);
    // Each memory's attempts, the campaign's read once (not once for
    // every memory of the box).
    let mut by_memory: std::collections::HashMap<&str, Vec<&Attempt>> =
        std::collections::HashMap::new();
    for attempt in &campaign.attempts {
        by_memory.entry(&attempt.memory).or_default().push(attempt);
    }
    let sequences = pack
        .sequences
        .iter()
        .map(|sequence| SequenceRow {
            id: sequence.id.clone(),
            label: sequence.label.clone(),
            label_fr: sequence.label_fr.clone(),
            optional: sequence.optional,
            memories: sequence
                .memories
                .iter()
                .map(|memory| {
                    let own = by_memory
                        .get(memory.id.as_str())
                        .map_or(&[][..], Vec::as_slice);
                    let attempts: Vec<Attempt> = own.iter().map(|a| (*a).clone()).collect();
                    let status = if campaign.declined.contains(&memory.id) {
                        MemoryStatus::Declined
                    } else if attempts.iter().any(|a| a.outcome == Outcome::Success) {
                        MemoryStatus::Success
                    } else if attempts.iter().any(|a| a.synchronized) {
                        MemoryStatus::Synchronized
                    } else if attempts.is_empty() {
                        MemoryStatus::NotPlayed
                    } else {
                        MemoryStatus::FailedOnce
                    };
                    MemoryRow {
                        id: memory.id.clone(),
                        status,
                        is_next: next == Some(memory.id.as_str()),
                        offered_after: memory.offered_after.clone(),
                        has_sync: memory.sync,
                        sync: sync_sticker_of(own.iter().copied(), later, &memory.id),
                        stickers: memory
                            .stickers
                            .iter()
                            .map(|s| StickerView {
                                id: s.id.clone(),
                                label: s.label.clone(),
                                label_fr: s.label_fr.clone(),
                                earned: attempts.iter().any(|a| a.stickers.contains(&s.id)),
                            })
                            .collect(),
                        xp_credited: attempts.iter().map(|a| a.xp_credited).sum(),
                        attempts,
                    }
                })
                .collect(),
        })
        .collect();
    let total = campaign.xp(pack);
    DiaryView {
        campaign_id: campaign_id.to_string(),
        name: campaign.name.clone(),
        pack_id: pack.id.clone(),
        pack_name: pack.name.clone(),
        assassins: campaign
            .assassins
            .iter()
            .filter_map(|id| pack.assassin(id).cloned())
            .collect(),
        sequences,
        track: TrackView {
            total,
            correction: campaign.xp_correction,
            max: pack.xp_track.max,
            level: pack.level_for(total),
            marks: pack
                .xp_track
                .levels
                .iter()
                .map(|mark| LevelMarkView {
                    level: mark.level,
                    xp: mark.xp,
                    reached_after: campaign.levels_reached.get(&mark.level).cloned(),
                })
                .collect(),
        },
        next: next.map(|memory| {
            let attempt = campaign.next_attempt_number(memory);
            let counts = |outcome| {
                pack.memory(memory)
                    .map(|entry| attempt_counts(entry, attempt, outcome))
                    .unwrap_or_default()
            };
            NextMemory {
                memory: memory.to_string(),
                attempt,
                optional: pack.is_optional(memory),
                declinable: crate::rules::memories::decide_decline(campaign, pack, memory).is_ok(),
                max_notes_chars: crate::model::campaign::MAX_NOTES_CHARS as u32,
                played_on_days_ahead: crate::rules::memories::PLAYED_ON_DAYS_AHEAD,
                on_success: counts(Outcome::Success),
                on_failure: counts(Outcome::Failure),
            }
        }),
        hq_stickers: (1..=pack.hq_stickers.count)
            .map(|number| HqStickerView {
                number,
                legendary: pack.hq_stickers.legendary.contains(&number),
                marked: campaign.hq_stickers.contains(&number),
            })
            .collect(),
        complete: next.is_none(),
        assumptions: pack.assumptions.clone(),
        pending_skills: crate::views::board_view::pending_skills(campaign, pack),
        hq_due: crate::views::hq_view::hq_due(campaign, pack),
        memory_in_play: None,
        memory_left_open: None,
    }
}
