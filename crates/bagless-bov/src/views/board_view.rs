//! The assassin boards, the shared piles and the pack-up / set-up sheets as
//! the players see them.

use crate::model::board::AssassinState;
use crate::model::board::{
    CardDef, EquipSlot, Place, PlacedCard, SkillChoice, INVENTORY_SLOTS, MAX_CARD_NAME_CHARS,
    MAX_HEALTH_BONUS,
};
use crate::model::campaign::{Campaign, Command};
use crate::model::pack::{Pack, PackAssassin, PackSkill};
use crate::rules::assassins::{apprentice_cannot_use, skill_usable, storage};
use crate::views::offers::{add_card_offers, roster_offers, AddCardOffer, RosterOffers};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BoardView {
    pub campaign_id: String,
    pub name: String,
    pub pack_name: String,
    /// The level every assassin is at (0 to 4).
    pub level: u8,
    pub hq_level: u8,
    pub next_memory: Option<String>,
    pub action_cubes: u8,
    /// The assassins in play, in the order chosen.
    pub assassins: Vec<AssassinView>,
    /// Assassins who played in this campaign and left: their bags.
    pub absent: Vec<AssassinView>,
    /// Assassins of the box who can join.
    pub can_join: Vec<PackAssassin>,
    /// Who may leave, join or be swapped now, as the rules take it
    /// (ADJUSTING THE NUMBER OF PLAYERS).
    pub roster: RosterOffers,
    /// Skill choices the campaign waits for.
    pub pending_skills: Vec<PendingSkill>,
    /// Cards the players added in other campaigns of the same box, with
    /// what they said of each (kind, slot, armor health, removal icon):
    /// offered when the same card is added again. Filled by the app.
    pub known_cards: Vec<CardDef>,
    /// Where equipment is kept between memories: the villa envelope or the
    /// HQ's main hall.
    pub storage: Pile,
    /// The other piles: decks, discard, removed, the box.
    pub piles: Vec<Pile>,
    /// Chest cards drawn since the last attempt, first drawn first.
    pub drawn_this_attempt: Vec<String>,
    /// What the form adding a card offers.
    pub new_card: NewCardForm,
}

/// The rules the form adding a card follows, so it restates none: which
/// slots take a health bonus, and the limits of what is typed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct NewCardForm {
    /// The slots whose card adds health (ASSASSINS' HEALTH: only an armor):
    /// the form asks for the health a card adds only for these.
    pub health_slots: Vec<EquipSlot>,
    /// The most health a card adds.
    pub max_health_bonus: u8,
    /// The longest name a card may have.
    pub max_name_chars: u32,
    /// The kinds of card the rules add now, the slots each may fit and the
    /// places it may be put (EQUIP, CHEST).
    pub offers: Vec<AddCardOffer>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum AssassinStatus {
    FullHealth,
    Injured,
    Critical,
    /// Eliminated: an apprentice plays the next memory in their place.
    Eliminated,
    /// On a red hospital space: an apprentice plays the next memory in their
    /// place, their card, health and level III/IV skills wait in their bag
    /// (ASSIGNMENTS: MEMORY 1.2 ONWARD).
    InHospital,
    NotInPlay,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AssassinView {
    pub id: String,
    pub name: String,
    pub status: AssassinStatus,
    pub health: u8,
    pub max_health: u8,
    pub armor_bonus: u8,
    /// The health of the apprentice who plays the next memory in this
    /// assassin's place (eliminated, or on a red hospital space): "3
    /// [health] + those of their armor" (ASSASSIN APPRENTICES), the armor
    /// being the one on this board. Shown from edition 2 of the rules;
    /// `null` when no apprentice stands in.
    pub apprentice_health: Option<u8>,
    /// Whether the players may set this assassin's health now: always,
    /// but for an eliminated assassin only when medicine may heal them
    /// (HEADQUARTERS: "Use medicine to heal an assassin", edition 2).
    pub health_settable: bool,
    pub skills: Vec<SkillView>,
    /// Melee, ranged, armor.
    pub equipped: Vec<SlotView>,
    /// The 5 inventory slots, in order; `null` for a free one.
    pub inventory: Vec<Option<CardDef>>,
    /// Cards kept in the bag, off the board.
    pub bag: Vec<CardDef>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SlotView {
    pub slot: EquipSlot,
    pub card: Option<CardDef>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SkillView {
    pub level: u8,
    /// `null` while the level-up is waiting for a choice.
    pub choice: Option<SkillChoice>,
    pub usable: bool,
    /// An apprentice plays in the assassin's place and cannot use a skill
    /// of this level (LEVELING UP AND SKILLS: "level III or IV").
    pub apprentice_cannot_use: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PendingSkill {
    pub assassin: String,
    pub assassin_name: String,
    pub level: u8,
    /// The three cards of that level when the pack knows them; otherwise
    /// the players type the name.
    pub options: Vec<PackSkill>,
    pub postponed: bool,
    /// The HQ levels a skill card typed in may require ("The HQ's level
    /// ... allows them to use more skill cards"), 1 to the highest.
    pub hq_levels: Vec<u8>,
    /// The longest skill card name the rules take.
    pub max_name_chars: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Pile {
    pub place: Place,
    /// In order for the chest deck (top first), by name otherwise.
    pub cards: Vec<CardDef>,
    /// SAVING THE GAME: "Map: Place the event, chest and equipment cards in
    /// a plastic bag" (the put-it-back sheet lists it under the map's bag).
    pub map_bag: bool,
    /// Why no card may be put here now, if so (the board offers the pile as
    /// a place to put a card only when none, and says why in the refusal's
    /// words; its cards may still be taken out): the workshop at the HQ's
    /// assignment step only from edition 4 (`workshop_at_assignment`), the
    /// HQ's piles not while the memory group is out (`main_hall_during_memory`),
    /// the workshop not before the first assignment is confirmed (edition 5,
    /// `workshop_first_assignment`), the villa envelope not while a memory
    /// of the campaign is played in Bagless (edition 5, `villa_during_memory`).
    pub closed_by: Option<crate::refusals::RuleCode>,
}

/// The board while `memory_in_play` (a memory of the campaign the library
/// holds in play) is being played: the storage closed as a move to it
/// would be refused (the villa envelope, edition 5: VILLA, "Before starting
/// the next memory").
pub fn close_for_memory_in_play(
    view: &mut BoardView,
    campaign: &Campaign,
    pack: &Pack,
    memory_in_play: Option<&str>,
) {
    // ADJUSTING THE NUMBER OF PLAYERS: "Between 2 memories (never during
    // one)"; VILLA: no card added to the envelope during one either.
    if memory_in_play.is_some() {
        view.roster = roster_offers(campaign, pack, memory_in_play);
        view.new_card.offers = add_card_offers(campaign, pack, memory_in_play);
    }
    if view.storage.closed_by.is_some() {
        return;
    }
    let put = Command::MoveCard {
        card: String::new(),
        to: view.storage.place.clone(),
        chest: None,
    };
    view.storage.closed_by =
        crate::rules::assassins::check_no_memory_in_play(campaign, &put, memory_in_play)
            .err()
            .and_then(|v| v.first().map(|v| v.code));
}

pub fn board_view(campaign_id: &str, campaign: &Campaign, pack: &Pack) -> BoardView {
    let name_of = |id: &str| {
        pack.assassin(id)
            .map_or_else(|| id.to_string(), |a| a.name.clone())
    };
    let assassin_view = |id: &String| assassin_view(campaign, pack, id, name_of(id));
    let absent = campaign
        .roster
        .keys()
        .filter(|id| !campaign.in_play(id))
        .map(assassin_view)
        .collect();
    let pending_skills = pending_skills(campaign, pack);
    let pile = |place: Place| {
        let mut cards: Vec<CardDef> = if place == Place::ChestDeck {
            campaign
                .ledger
                .chest_deck
                .iter()
                .filter_map(|id| campaign.ledger.cards.get(id))
                .map(|c| c.card.clone())
                .collect()
        } else {
            campaign.ledger.at(&place).map(|c| c.card.clone()).collect()
        };
        if place != Place::ChestDeck {
            cards.sort_by(|a, b| a.name.cmp(&b.name).then(a.id.cmp(&b.id)));
        }
        let map_bag = matches!(
            place,
            Place::EquipmentDeck | Place::EquipmentDiscard | Place::ChestDeck
        );
        let closed_by = crate::rules::equipment::closed_now(campaign, &place);
        Pile {
            place,
            cards,
            map_bag,
            closed_by,
        }
    };
    BoardView {
        campaign_id: campaign_id.to_string(),
        name: campaign.name.clone(),
        pack_name: pack.name.clone(),
        level: campaign.level(),
        hq_level: campaign.hq_level,
        next_memory: campaign.next_memory(pack).map(str::to_string),
        action_cubes: campaign.action_cubes(pack),
        assassins: campaign.assassins.iter().map(assassin_view).collect(),
        absent,
        can_join: pack
            .assassins
            .iter()
            .filter(|a| !campaign.in_play(&a.id))
            .cloned()
            .collect(),
        roster: roster_offers(campaign, pack, None),
        pending_skills,
        known_cards: Vec::new(),
        storage: pile(storage(campaign)),
        piles: piles(campaign).into_iter().map(pile).collect(),
        drawn_this_attempt: campaign.ledger.drawn_this_attempt.clone(),
        new_card: NewCardForm {
            health_slots: EquipSlot::ALL
                .into_iter()
                .filter(|slot| slot.adds_health())
                .collect(),
            max_health_bonus: MAX_HEALTH_BONUS,
            max_name_chars: MAX_CARD_NAME_CHARS as u32,
            offers: add_card_offers(campaign, pack, None),
        },
    }
}

/// The shared piles the board shows beside the storage, in order: the
/// workshop once the HQ is open, the decks, the discard, the cards removed
/// and the box.
fn piles(campaign: &Campaign) -> Vec<Place> {
    let mut piles = vec![
        Place::EquipmentDeck,
        Place::EquipmentDiscard,
        Place::ChestDeck,
        Place::RemovedFromGame,
        Place::Box,
    ];
    if campaign.has_hq() {
        piles.insert(0, Place::Workshop);
    }
    piles
}

/// The places of an assassin's board a card may be put: the typed slots
/// (melee, ranged, armor), then the inventory slots in order.
fn board_places(id: &str) -> impl Iterator<Item = Place> + '_ {
    let equipped = EquipSlot::ALL.into_iter().map(|slot| Place::Equipped {
        assassin: id.to_string(),
        slot,
    });
    let inventory = (0..INVENTORY_SLOTS).map(|index| Place::Inventory {
        assassin: id.to_string(),
        index,
    });
    equipped.chain(inventory)
}

/// Every place the board shows to put a card, in the board's order: each
/// assassin in play's slots and inventory, the storage, the shared piles
/// (the assassins who left are only named; no bag is a place on the board).
pub fn places(campaign: &Campaign) -> Vec<Place> {
    campaign
        .assassins
        .iter()
        .flat_map(|id| board_places(id))
        .chain(std::iter::once(storage(campaign)))
        .chain(piles(campaign))
        .collect()
}

/// The skill choices a level reached waits for, postponed ones included
/// (LEVELING UP AND SKILLS), with the cards the box offers for each.
pub fn pending_skills(campaign: &Campaign, pack: &Pack) -> Vec<PendingSkill> {
    let name_of = |id: &str| {
        pack.assassin(id)
            .map_or_else(|| id.to_string(), |a| a.name.clone())
    };
    // Only the levels the box's track marks (Roma: III and IV).
    let marked: Vec<u8> = pack
        .xp_track
        .levels
        .iter()
        .map(|mark| mark.level)
        .filter(|level| *level <= campaign.level())
        .collect();
    campaign
        .roster
        .iter()
        .flat_map(|(id, assassin)| {
            marked.iter().copied().filter_map(move |level| {
                let postponed = match assassin.skills.get(&level) {
                    None => false,
                    Some(SkillChoice::Postponed) => true,
                    Some(SkillChoice::Chosen { .. }) => return None,
                };
                Some((id, level, postponed))
            })
        })
        .map(|(id, level, postponed)| PendingSkill {
            assassin: id.clone(),
            assassin_name: name_of(id),
            level,
            options: pack
                .assassin(id)
                .map(|a| {
                    a.skills
                        .iter()
                        .filter(|s| s.level == level)
                        .cloned()
                        .collect()
                })
                .unwrap_or_default(),
            postponed,
            hq_levels: (1..=crate::rules::overrides::MAX_HQ_LEVEL).collect(),
            max_name_chars: MAX_CARD_NAME_CHARS as u32,
        })
        .collect()
}

/// The skill slots an assassin's board shows: each level the box's
/// experience track marks and the campaign reached (LEVELING UP AND SKILLS:
/// "Each time you reach or pass a level I, II, III or IV space on the
/// experience track"; Roma's track marks III and IV only), and any level a
/// choice was recorded for.
fn skill_levels(campaign: &Campaign, pack: &Pack, entry: &AssassinState) -> Vec<u8> {
    let reached = campaign.level();
    let mut levels: Vec<u8> = pack
        .xp_track
        .levels
        .iter()
        .map(|mark| mark.level)
        .filter(|level| *level <= reached)
        .chain(entry.skills.keys().copied())
        .collect();
    levels.sort_unstable();
    levels.dedup();
    levels
}

fn assassin_view(campaign: &Campaign, pack: &Pack, id: &str, name: String) -> AssassinView {
    let entry = campaign.roster.get(id).cloned().unwrap_or_default();
    let max_health = campaign.max_health(pack, id);
    let status = if !campaign.in_play(id) {
        AssassinStatus::NotInPlay
    } else if crate::rules::hq::in_hospital(campaign, id) {
        AssassinStatus::InHospital
    } else if entry.eliminated {
        AssassinStatus::Eliminated
    } else if entry.health == 0 {
        AssassinStatus::Critical
    } else if entry.health < max_health {
        AssassinStatus::Injured
    } else {
        AssassinStatus::FullHealth
    };
    let card_at = |place: Place| campaign.ledger.occupant(&place).map(|c| c.card.clone());
    let mut bag: Vec<CardDef> = campaign
        .ledger
        .at(&Place::Bag {
            assassin: id.to_string(),
        })
        .map(|c: &PlacedCard| c.card.clone())
        .collect();
    bag.sort_by(|a, b| a.name.cmp(&b.name));
    let armor_bonus = campaign.ledger.armor_bonus(id);
    let replaced = matches!(
        status,
        AssassinStatus::Eliminated | AssassinStatus::InHospital
    );
    AssassinView {
        id: id.to_string(),
        name,
        status,
        health: entry.health,
        max_health,
        armor_bonus,
        apprentice_health: (replaced && campaign.follows_edition_2())
            .then(|| pack.board.apprentice_health.saturating_add(armor_bonus)),
        health_settable: campaign.in_play(id)
            && (!entry.eliminated || crate::rules::assassins::medicine_heals_eliminated(campaign)),
        skills: skill_levels(campaign, pack, &entry)
            .into_iter()
            .map(|level| SkillView {
                level,
                choice: entry.skills.get(&level).cloned(),
                usable: skill_usable(campaign, id, level),
                apprentice_cannot_use: apprentice_cannot_use(campaign, id, level),
            })
            .collect(),
        equipped: EquipSlot::ALL
            .into_iter()
            .map(|slot| SlotView {
                slot,
                card: card_at(Place::Equipped {
                    assassin: id.to_string(),
                    slot,
                }),
            })
            .collect(),
        inventory: (0..INVENTORY_SLOTS)
            .map(|index| {
                card_at(Place::Inventory {
                    assassin: id.to_string(),
                    index,
                })
            })
            .collect(),
        bag,
    }
}
