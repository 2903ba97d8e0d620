//! What the campaigns of a box add up to: each memory's attempts and
//! successes, the evenings and hours played, each assassin's record. Only
//! from what was recorded: each campaign's story (its log read once) and
//! the times its entries were written.
//!
//! How Bagless counts an evening (not a rule; campaigns/README.md lists it
//! with the assumptions): the entries of a box's campaigns, every one
//! written (undone ones and the undos too: the table sat), sorted by time;
//! two entries less than [`EVENING_GAP_HOURS`] hours apart belong to the
//! same evening; an evening's time runs from its first entry to its last.

use super::story::story;
use crate::model::campaign::{EventEnvelope, Outcome};
use crate::model::pack::Pack;
use chrono::{DateTime, Utc};
use serde::Serialize;
use std::collections::BTreeMap;
use ts_rs::TS;

/// Entries less than this many hours apart are one evening's.
pub const EVENING_GAP_HOURS: u32 = 4;

/// One campaign, for the year: its name, log and box.
pub struct YearCampaign<'a> {
    pub name: &'a str,
    pub log: &'a [EventEnvelope],
    pub pack: &'a Pack,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "BovYear")]
pub struct Year {
    /// The gap that ends an evening (see the module's words).
    pub evening_gap_hours: u32,
    /// One per box played, in the order of the boxes' ids.
    pub boxes: Vec<BoxYear>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "BovBoxYear")]
pub struct BoxYear {
    pub pack_id: String,
    pub pack_name: String,
    /// The campaigns' names, in the order given.
    pub campaigns: Vec<String>,
    /// Each memory attempted, in the box's order.
    pub memories: Vec<MemoryYear>,
    pub evenings: u32,
    /// The evenings' time added up, in minutes.
    pub minutes: u32,
    #[ts(type = "string | null")]
    pub first: Option<DateTime<Utc>>,
    #[ts(type = "string | null")]
    pub last: Option<DateTime<Utc>>,
    pub assassins: Vec<AssassinYear>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "BovMemoryYear")]
pub struct MemoryYear {
    pub memory: String,
    pub attempts: u32,
    pub successes: u32,
    /// Second failures: done with mandatory XP only.
    pub synchronized: u32,
    /// Successes out of attempts, in whole percent (rounded).
    pub success_percent: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "BovAssassinYear")]
pub struct AssassinYear {
    pub id: String,
    pub name: String,
    /// The attempts they played (in play when it was recorded).
    pub attempts: u32,
    /// The memories played to the end with them.
    pub memories_done: u32,
    /// The attempts that recorded them eliminated.
    pub eliminations: u32,
}

#[derive(Default)]
struct Tally {
    name: String,
    attempts: u32,
    done: u32,
    eliminations: u32,
}

/// The year of `campaigns`, box by box.
pub fn year(campaigns: &[YearCampaign<'_>]) -> Year {
    let mut by_box: BTreeMap<&str, Vec<&YearCampaign<'_>>> = BTreeMap::new();
    for campaign in campaigns {
        by_box.entry(&campaign.pack.id).or_default().push(campaign);
    }
    Year {
        evening_gap_hours: EVENING_GAP_HOURS,
        boxes: by_box.into_values().map(|c| box_year(&c)).collect(),
    }
}

fn box_year(campaigns: &[&YearCampaign<'_>]) -> BoxYear {
    let pack = campaigns[0].pack;
    let mut memories: BTreeMap<String, (u32, u32, u32)> = BTreeMap::new();
    let mut assassins: Vec<(String, Tally)> = Vec::new();
    let mut times: Vec<DateTime<Utc>> = Vec::new();
    for campaign in campaigns {
        times.extend(campaign.log.iter().map(|e| e.recorded_at));
        let told = story(campaign.log, pack);
        for (index, point) in told.points.iter().enumerate() {
            let done = point.outcome == Outcome::Success || point.synchronized;
            let tally = memories.entry(point.memory.clone()).or_default();
            tally.0 += 1;
            tally.1 += u32::from(point.outcome == Outcome::Success);
            tally.2 += u32::from(point.synchronized);
            for assassin in &told.assassins {
                let Some(Some(at)) = assassin.at.get(index) else {
                    continue;
                };
                if !at.in_play {
                    continue;
                }
                let i = match assassins.iter().position(|(id, _)| *id == assassin.id) {
                    Some(i) => i,
                    None => {
                        assassins.push((
                            assassin.id.clone(),
                            Tally {
                                name: assassin.name.clone(),
                                ..Tally::default()
                            },
                        ));
                        assassins.len() - 1
                    }
                };
                let tally = &mut assassins[i].1;
                tally.attempts += 1;
                tally.done += u32::from(done);
                tally.eliminations += u32::from(point.eliminated.contains(&assassin.id));
            }
        }
    }
    times.sort();
    let (evenings, minutes) = evenings(&times);
    BoxYear {
        pack_id: pack.id.clone(),
        pack_name: pack.name.clone(),
        campaigns: campaigns.iter().map(|c| c.name.to_string()).collect(),
        memories: pack
            .memories()
            .filter_map(|m| {
                let (attempts, successes, synchronized) = memories.remove(&m.id)?;
                Some(MemoryYear {
                    memory: m.id.clone(),
                    attempts,
                    successes,
                    synchronized,
                    success_percent: percent(successes, attempts),
                })
            })
            .collect(),
        evenings,
        minutes,
        first: times.first().copied(),
        last: times.last().copied(),
        assassins: assassins
            .into_iter()
            .map(|(id, t)| AssassinYear {
                id,
                name: t.name,
                attempts: t.attempts,
                memories_done: t.done,
                eliminations: t.eliminations,
            })
            .collect(),
    }
}

/// The evenings among `times` (sorted) and their minutes added up: a gap
/// of [`EVENING_GAP_HOURS`] or more starts a new evening.
pub fn evenings(times: &[DateTime<Utc>]) -> (u32, u32) {
    let gap = chrono::Duration::hours(i64::from(EVENING_GAP_HOURS));
    let Some(first) = times.first() else {
        return (0, 0);
    };
    let (mut count, mut seconds, mut start, mut last) = (1u32, 0i64, *first, *first);
    for time in &times[1..] {
        if *time - last >= gap {
            seconds += (last - start).num_seconds();
            count += 1;
            start = *time;
        }
        last = *time;
    }
    seconds += (last - start).num_seconds();
    (count, (seconds / 60) as u32)
}

/// `part` out of `whole` in whole percent, rounded half up (`whole` > 0).
fn percent(part: u32, whole: u32) -> u32 {
    (part * 200 + whole) / (whole * 2)
}

#[cfg(test)]
mod tests {
    use super::percent;

    #[test]
    fn a_success_rate_is_rounded_to_the_nearest_whole_percent() {
        assert_eq!(percent(1, 3), 33);
        assert_eq!(percent(2, 3), 67);
        assert_eq!(percent(1, 8), 13);
        assert_eq!(percent(0, 5), 0);
        assert_eq!(percent(5, 5), 100);
    }
}
