//! A campaign's line in the library: how far it has come, as the rules
//! count it (its XP and level, the memories done, the next one).

use crate::campaign::Campaign;
use crate::pack::Pack;

/// What the library shows of a campaign.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CampaignProgress {
    /// The assassins' names, in the order chosen.
    pub assassins: Vec<String>,
    pub xp: u32,
    pub level: u8,
    pub next_memory: Option<String>,
    pub memories_done: u32,
    pub main_memories: u32,
}

pub fn progress(state: &Campaign, pack: &Pack) -> CampaignProgress {
    let xp = state.xp(pack);
    CampaignProgress {
        assassins: state
            .assassins
            .iter()
            .filter_map(|a| pack.assassin(a).map(|a| a.name.clone()))
            .collect(),
        xp,
        level: pack.level_for(xp),
        next_memory: state.next_memory(pack).map(str::to_string),
        memories_done: {
            let done = state.done_memories();
            pack.memories()
                .filter(|m| done.contains(m.id.as_str()))
                .count() as u32
        },
        main_memories: pack.main_memories().count() as u32,
    }
}
