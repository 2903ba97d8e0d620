//! The evening's summary of a campaign: what its entries recorded at or
//! after a time changed (the entries in effect: one undone is not told),
//! read in the same single pass as its story.

use super::story::{walk, StoryEdition, StoryHqStep, StoryPoint};
use crate::model::campaign::EventEnvelope;
use crate::model::pack::Pack;
use chrono::{DateTime, Utc};
use serde::Serialize;
use ts_rs::TS;

/// What a campaign's evening changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "BovEvening")]
pub struct Evening {
    pub name: String,
    pub pack_id: String,
    /// How many entries (the players' steps) were recorded since.
    pub entries: u32,
    /// The attempts recorded since, in order, with the campaign after each.
    pub attempts: Vec<StoryPoint>,
    /// The memories played to the end since (a success or synchronized).
    pub memories_done: Vec<String>,
    /// The XP on the track before the evening and now.
    pub xp_before: u32,
    pub xp_after: u32,
    /// What the evening changed on the track (an override can take XP).
    pub xp_gained: i32,
    /// The levels reached since, and the level before.
    pub level_before: u8,
    pub levels_reached: Vec<u8>,
    /// Cards that came onto an assassin's board (worn or in the inventory)
    /// and cards that left one, by assassin name and card name.
    pub cards_gained: Vec<EveningCard>,
    pub cards_lost: Vec<EveningCard>,
    pub hq_steps: Vec<StoryHqStep>,
    pub editions: Vec<StoryEdition>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "BovEveningCard")]
pub struct EveningCard {
    pub assassin: String,
    pub card: String,
}

/// The campaign's evening from `since`.
pub fn evening(log: &[EventEnvelope], pack: &Pack, since: DateTime<Utc>) -> Evening {
    let walked = walk(log, pack, Some(since));
    let story = walked.story;
    let now = walked.boards_now;
    let before = walked.before;
    let (xp_before, level_before) = before
        .as_ref()
        .map_or((story.xp, story.level), |b| (b.xp(pack), b.level()));
    let boards_before = if before.is_some() {
        walked.boards_before
    } else {
        now.clone()
    };
    let name_of = |id: &str| crate::model::campaign::assassin_name(pack, id);
    let difference = |a: &[(String, String)], b: &[(String, String)]| {
        let mut rest = b.to_vec();
        a.iter()
            .filter(|card| match rest.iter().position(|c| c == *card) {
                Some(i) => {
                    rest.swap_remove(i);
                    false
                }
                None => true,
            })
            .map(|(assassin, card)| EveningCard {
                assassin: name_of(assassin),
                card: card.clone(),
            })
            .collect::<Vec<_>>()
    };
    let attempts: Vec<StoryPoint> = story
        .points
        .into_iter()
        .filter(|p| p.recorded_at >= since)
        .collect();
    Evening {
        name: story.name,
        pack_id: story.pack_id,
        entries: walked.entries_since,
        memories_done: attempts
            .iter()
            .filter(|p| p.outcome == crate::model::campaign::Outcome::Success || p.synchronized)
            .map(|p| p.memory.clone())
            .collect(),
        levels_reached: story
            .marks
            .iter()
            .filter(|m| m.reached_after.is_some() && m.level > level_before)
            .map(|m| m.level)
            .collect(),
        attempts,
        xp_before,
        xp_after: story.xp,
        xp_gained: story.xp as i32 - xp_before as i32,
        level_before,
        cards_gained: difference(&now, &boards_before),
        cards_lost: difference(&boards_before, &now),
        hq_steps: story
            .hq_steps
            .into_iter()
            .filter(|s| s.recorded_at >= since)
            .collect(),
        editions: story
            .editions
            .into_iter()
            .filter(|e| e.recorded_at >= since)
            .collect(),
    }
}
