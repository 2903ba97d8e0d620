//! The HQ board as the players see it: where each miniature stands, each
//! building's fill, the patients, the workshop's blueprint, and the numbers
//! from the cards known so far.

use crate::model::board::{CardDef, CardKind, Place, INVENTORY_SLOTS};
use crate::model::campaign::Campaign;
use crate::model::pack::Pack;
use crate::model::value_keys::{Building, ValueKey};
use crate::rules::hq::{miniature_kind, miniatures, AllyKind, HqPhase, MiniatureKind, Spot};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct HqView {
    /// The pack's assumptions (ids) the HQ steps rest on.
    pub assumptions: Vec<String>,
    pub campaign_id: String,
    pub name: String,
    /// The memory after which the HQ opens (`null`: this box has none).
    pub opens_after: Option<String>,
    pub can_unlock: bool,
    /// Memories were recorded after the HQ opened without it (an older
    /// Bagless allowed it): the diary says so and offers to set it up now.
    pub missing: bool,
    pub ally: Option<AllyKind>,
    pub phase: Option<HqPhase>,
    pub first_assignment: bool,
    pub level: u8,
    pub contract: u32,
    pub second_attempt: bool,
    pub next_memory: Option<String>,
    pub miniatures: Vec<MiniatureView>,
    pub spots: Vec<SpotView>,
    pub patients: Vec<PatientView>,
    pub blueprint: Option<CardDef>,
    /// Cards that can pay a blueprint's cost.
    pub payable: Vec<CardDef>,
    pub equipment_deck: Vec<CardDef>,
    /// Numbers from the cards this campaign knows.
    pub values: BTreeMap<String, u32>,
    /// Dice the command room rolls, when every worker's value is known.
    pub dice: Option<u32>,
    /// The highest HQ level, for a correction of the level.
    pub level_max: u8,
    /// The highest text box number a contract card prints.
    pub contract_box_max: u32,
    /// The most ★ one die of the command room counts for (COMMAND ROOM).
    pub die_max: u8,
    /// Cards the shop's workers let the players keep, when every worker's
    /// value is known (SHOP).
    pub shop_keeps: Option<u32>,
    /// The free inventory slots of each assassin in play: where cards kept
    /// from the shop may go besides the main hall (SHOP: "on the assassins'
    /// boards and/or in the HQ's main hall").
    pub free_inventory: Vec<FreeInventory>,
    /// ★ the contract on top needs, when known.
    pub contract_stars: Option<u32>,
    /// The contract's text boxes playable now: grey during the assignment
    /// step, red during the resolution step; at the first assignment,
    /// contract 1 is only revealed and read (FIRST ASSIGNMENT 3: "Reveal
    /// contract card 1 and read it. You will play this during the
    /// resolution step.").
    pub contract_colour: Option<ContractColour>,
    /// The text box of the top contract the group has reached, if noted.
    pub contract_box: Option<u32>,
    /// Numbers other campaigns of the same box know, offered as defaults.
    pub suggested: BTreeMap<String, u32>,
    /// What the resolution step just taken counted, in the answer to it
    /// ([`resolved`]); none when the HQ is opened.
    pub resolved: Option<Resolved>,
}

/// What a resolution step counted (COMMAND ROOM: the ★ of the dice, rolled
/// or read; whether they reach the contract's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Resolved {
    pub stars: u32,
    pub fulfilled: bool,
}

/// What the resolution among `events` (a command's) counted, if one is.
pub fn resolved(events: &[crate::model::campaign::Event]) -> Option<Resolved> {
    events.iter().find_map(|event| match event {
        crate::model::campaign::Event::HqResolved {
            stars, fulfilled, ..
        } => Some(Resolved {
            stars: *stars,
            fulfilled: *fulfilled,
        }),
        _ => None,
    })
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct FreeInventory {
    pub assassin: String,
    pub name: String,
    /// The inventory slots no card holds, in order.
    pub slots: Vec<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ContractColour {
    /// Read, not played: contract 1 at the first assignment.
    Read,
    Grey,
    Red,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MiniatureView {
    pub id: String,
    pub kind: MiniatureKind,
    /// The assassin's name; apprentices and allies are numbered.
    pub name: String,
    pub number: u8,
    pub spot: Option<Spot>,
    pub eliminated: bool,
    pub injured: bool,
    /// Where it may be put now (`null`: back to the pool), as the rules
    /// take the assignment (`offers::spots_offered`): the assignment step
    /// offers "Put here" there only.
    pub offered: Vec<Option<Spot>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SpotView {
    pub spot: Spot,
    /// How many it takes now (`rules::hq::room_now`): its capacity, or at
    /// the first assignment (edition 6) the first layout's number.
    pub capacity: Option<u32>,
    pub count: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PatientView {
    pub assassin: String,
    pub name: String,
    pub health: u8,
    pub max_health: u8,
    pub eliminated: bool,
}

#[allow(
    clippy::too_many_lines,
    reason = "a view, not decide/evolve: one field per line of the HQ"
)]
pub fn hq_view(campaign_id: &str, campaign: &Campaign, pack: &Pack) -> HqView {
    let hq = campaign.hq.as_ref();
    let name_of = |id: &str| {
        pack.assassin(id)
            .map_or_else(|| id.to_string(), |a| a.name.clone())
    };
    let number = |id: &str| {
        id.rsplit('-')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    let miniatures = miniatures(campaign)
        .into_iter()
        .map(|id| {
            let kind = miniature_kind(&id);
            let roster = campaign.roster.get(&id);
            MiniatureView {
                name: match kind {
                    MiniatureKind::Assassin => name_of(&id),
                    _ => id.clone(),
                },
                number: number(&id),
                kind,
                spot: hq.and_then(|hq| hq.spots.get(&id).copied()),
                eliminated: roster.is_some_and(|a| a.eliminated),
                injured: roster.is_some_and(|a| a.health < campaign.max_health(pack, &id)),
                offered: super::offers::spots_offered(campaign, pack, &id),
                id,
            }
        })
        .collect();
    let spots = Spot::ALL
        .into_iter()
        .map(|spot| SpotView {
            spot,
            capacity: hq
                .map_or_else(
                    || spot.capacity(),
                    |hq| crate::rules::hq::room_now(campaign, hq, spot),
                )
                .map(|c| c as u32),
            count: hq.map_or(0, |hq| hq.count(spot) as u32),
        })
        .collect();
    let patients = hq
        .map(|hq| {
            hq.at(Spot::HospitalRed)
                .map(|id| PatientView {
                    assassin: id.clone(),
                    name: name_of(id),
                    health: campaign.roster.get(id).map_or(0, |a| a.health),
                    max_health: campaign.max_health(pack, id),
                    eliminated: campaign.roster.get(id).is_some_and(|a| a.eliminated),
                })
                .collect()
        })
        .unwrap_or_default();
    let cards = |keep: &dyn Fn(&crate::model::board::PlacedCard) -> bool| -> Vec<CardDef> {
        campaign
            .ledger
            .cards
            .values()
            .filter(|c| keep(c))
            .map(|c| c.card.clone())
            .collect()
    };
    HqView {
        assumptions: pack.assumptions.clone(),
        campaign_id: campaign_id.to_string(),
        name: campaign.name.clone(),
        opens_after: pack.board.hq_after.clone(),
        can_unlock: can_unlock(campaign, pack),
        missing: missing(campaign, pack),
        ally: hq.map(|hq| hq.ally),
        phase: hq.map(|hq| hq.phase),
        first_assignment: hq.is_some_and(|hq| !hq.first_done),
        level: campaign.hq_level,
        contract: hq.map_or(1, |hq| hq.contract),
        second_attempt: hq.is_some_and(|hq| hq.second_attempt),
        next_memory: campaign.next_memory(pack).map(str::to_string),
        miniatures,
        spots,
        patients,
        blueprint: campaign
            .ledger
            .at(&Place::Workshop)
            .find(|c| c.card.kind == CardKind::Blueprint)
            .map(|c| c.card.clone()),
        payable: cards(&crate::rules::hq_resolution::pays_a_blueprint),
        equipment_deck: cards(&|c| c.place == Place::EquipmentDeck),
        values: hq.map(|hq| hq.values.clone()).unwrap_or_default(),
        dice: hq.and_then(|hq| {
            hq.output(Spot::CommandRoom, Building::CommandRoom, None)
                .ok()
        }),
        level_max: crate::rules::overrides::MAX_HQ_LEVEL,
        contract_box_max: ValueKey::ContractBox(hq.map_or(1, |hq| hq.contract)).max(),
        die_max: crate::rules::hq_resolution::die_max(campaign, pack),
        shop_keeps: hq.and_then(|hq| crate::rules::hq_resolution::shop_keeps(campaign, hq).ok()),
        free_inventory: campaign
            .assassins
            .iter()
            .map(|id| FreeInventory {
                assassin: id.clone(),
                name: crate::model::campaign::assassin_name(pack, id),
                slots: (0..INVENTORY_SLOTS)
                    .filter(|index| {
                        campaign
                            .ledger
                            .occupant(&Place::Inventory {
                                assassin: id.clone(),
                                index: *index,
                            })
                            .is_none()
                    })
                    .collect(),
            })
            .collect(),
        contract_stars: hq.and_then(|hq| {
            hq.values
                .get(&ValueKey::ContractStars(hq.contract).id())
                .copied()
        }),
        contract_colour: hq.and_then(|hq| match hq.phase {
            // FIRST ASSIGNMENT 3: "Reveal contract card 1 and read it. You
            // will play this during the resolution step."
            HqPhase::Assignment if !hq.first_done => Some(ContractColour::Read),
            HqPhase::Assignment => Some(ContractColour::Grey),
            HqPhase::Resolution => Some(ContractColour::Red),
            HqPhase::Memory => None,
        }),
        contract_box: hq.and_then(|hq| {
            hq.values
                .get(&ValueKey::ContractBox(hq.contract).id())
                .copied()
        }),
        suggested: BTreeMap::new(),
        resolved: None,
    }
}

/// The HQ step the players are due to run before the next memory, if any,
/// as the diary announces it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum HqDue {
    /// The HQ should have been unlocked after its memory and was not.
    Missing,
    Unlock,
    Assignment,
    Resolution,
}

/// What the diary says of the HQ: the step due, if any.
pub fn hq_due(campaign: &Campaign, pack: &Pack) -> Option<HqDue> {
    if missing(campaign, pack) {
        Some(HqDue::Missing)
    } else if can_unlock(campaign, pack) {
        Some(HqDue::Unlock)
    } else {
        match campaign.hq.as_ref().map(|hq| hq.phase) {
            Some(HqPhase::Assignment) => Some(HqDue::Assignment),
            Some(HqPhase::Resolution) => Some(HqDue::Resolution),
            _ => None,
        }
    }
}

/// The HQ can be unlocked: its memory is done (HEADQUARTERS).
fn can_unlock(campaign: &Campaign, pack: &Pack) -> bool {
    campaign.hq.is_none()
        && pack
            .board
            .hq_after
            .as_deref()
            .is_some_and(|after| campaign.is_done(after))
}

/// Memories were recorded after the HQ's without the HQ being set up.
fn missing(campaign: &Campaign, pack: &Pack) -> bool {
    campaign.hq.is_none()
        && pack.board.hq_after.as_deref().is_some_and(|after| {
            campaign
                .attempts
                .iter()
                .rposition(|a| a.memory == after && a.completes_memory())
                .is_some_and(|done| done + 1 < campaign.attempts.len())
        })
}
