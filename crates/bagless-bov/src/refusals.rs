//! Rule violations: why a command was refused, in the players' words, and
//! where the rulebook says so.
//!
//! A refusal is made in one way only, [`refuse`], with its [`RuleCode`] (the
//! UI's message catalogue key, `rules.<code>`), the rulebook [`Section`]
//! behind it, and the English sentence for logs; the params that fill the
//! message's placeholders are chained with [`RuleViolation::with`], and
//! each code lists the params it may carry.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

bagless_game::rule_codes! {
    /// Why a command was refused: the key of its message in the UI's
    /// catalogue (`rules.<code>`, in snake_case).
    #[ts(export)]
    pub enum RuleCode {
        AlreadyCreated "already_created" [],
        ArmorLastHealth "armor_last_health" [assassin],
        ApprenticeCannotSwap "apprentice_cannot_swap" [assassin],
        ApprenticePerPatient "apprentice_per_patient" [count],
        AssassinAlreadyInPlay "assassin_already_in_play" [assassin],
        AssassinCount "assassin_count" [max],
        AssassinNotInCampaign "assassin_not_in_campaign" [assassin],
        AssassinTwice "assassin_twice" [assassin],
        AssassinUnknown "assassin_unknown" [assassin],
        AssassinsFull "assassins_full" [max],
        CardAlreadyThere "card_already_there" [card],
        CardName "card_name" [max],
        CardNameControl "card_name_control" [],
        CardRemoved "card_removed" [card],
        CardShape "card_shape" [],
        CardUnknown "card_unknown" [card],
        ChestDeckEmpty "chest_deck_empty" [],
        ChestDeckKind "chest_deck_kind" [card],
        ChestNotTop "chest_not_top" [card],
        ChestToBoard "chest_to_board" [],
        DateInFuture "date_in_future" [],
        DateTooEarly "date_too_early" [year],
        DeclineGroupOut "decline_group_out" [memory],
        DeclineMain "decline_main" [memory],
        DeclineStarted "decline_started" [memory],
        DiceCount "dice_count" [dice, max],
        EditionMissing "edition_missing" [],
        EditionNotDue "edition_not_due" [edition, to],
        EditionUnknown "edition_unknown" [edition, max],
        EliminatedInHospital "eliminated_in_hospital" [assassin],
        EliminatedNotInPlay "eliminated_not_in_play" [assassin],
        EliminatedToHospital "eliminated_to_hospital" [],
        EliminatedTwice "eliminated_twice" [assassin],
        EliminatedWasApprentice "eliminated_was_apprentice" [assassin],
        EquipmentDeckKind "equipment_deck_kind" [card],
        EzioMemory "ezio_memory" [],
        EzioNoWork "ezio_no_work" [spot],
        FirstLayout "first_layout" [count, spot],
        FirstOneAlly "first_one_ally" [ally],
        GoBackNothingAfter "go_back_nothing_after" [],
        GoBackUnknown "go_back_unknown" [],
        HealNotPatient "heal_not_patient" [],
        HealRange "heal_range" [max, min],
        HealTooMuch "heal_too_much" [care],
        HealTwice "heal_twice" [],
        HealthAboveMax "health_above_max" [assassin, max],
        HealthBonusNotArmor "health_bonus_not_armor" [],
        HealthBonusTooLarge "health_bonus_too_large" [max],
        HealthEliminated "health_eliminated" [assassin],
        HospitalFirstEliminatedOnly "hospital_first_eliminated_only" [assassin],
        HospitalNoSwap "hospital_no_swap" [assassin],
        HospitalNotInjured "hospital_not_injured" [assassin],
        HqAssignmentDue "hq_assignment_due" [],
        HqFirstAssignmentDue "hq_first_assignment_due" [memory],
        HqLocked "hq_locked" [],
        HqNone "hq_none" [],
        HqNotAssigning "hq_not_assigning" [],
        HqNotResolving "hq_not_resolving" [],
        HqResolutionDue "hq_resolution_due" [],
        HqStickerUnknown "hq_sticker_unknown" [count],
        HqStickersNone "hq_stickers_none" [],
        HqTooEarly "hq_too_early" [memory],
        HqUnlocked "hq_unlocked" [],
        InventoryFull "inventory_full" [assassin, slots],
        JoinInApprenticePlace "join_in_apprentice_place" [assassin, left],
        LastAssassin "last_assassin" [],
        MemoryDeclined "memory_declined" [memory],
        MemoryDone "memory_done" [memory],
        MemoryInPlay "memory_in_play" [memory],
        MemoryOutOfOrder "memory_out_of_order" [memory, next],
        MemoryUnknown "memory_unknown" [memory],
        MiniatureUnknown "miniature_unknown" [],
        MiniaturesUnplaced "miniatures_unplaced" [count],
        MainHallDuringMemory "main_hall_during_memory" [],
        NameControl "name_control" [],
        NameEmpty "name_empty" [],
        NameTooLong "name_too_long" [max],
        NoBlueprint "no_blueprint" [],
        NoHqYet "no_hq_yet" [],
        NotCreated "not_created" [],
        NotBetweenMemories "not_between_memories" [],
        NotesTooLong "notes_too_long" [max],
        NothingToRedo "nothing_to_redo" [],
        NothingToUndo "nothing_to_undo" [],
        OptionalNotOffered "optional_not_offered" [after, memory],
        OptionalPending "optional_pending" [memory, optional],
        OverrideBelowLevel "override_below_level" [level, xp],
        OverrideHqLocked "override_hq_locked" [],
        OverrideReasonTooLong "override_reason_too_long" [max],
        OverrideSame "override_same" [value],
        OverrideTooHigh "override_too_high" [max],
        OverrideXpTooEarly "override_xp_too_early" [],
        PackUnknown "pack_unknown" [pack],
        PaymentCard "payment_card" [],
        PaymentCount "payment_count" [due],
        PaymentWithoutBuild "payment_without_build" [],
        RandomNeeded "random_needed" [],
        RedoAfterChange "redo_after_change" [],
        SecondAttemptShort "second_attempt_short" [dice, needed],
        ShopCard "shop_card" [],
        ShopTooMany "shop_too_many" [allowed],
        SkillAlreadyChosen "skill_already_chosen" [assassin, level, skill],
        SkillChoicePending "skill_choice_pending" [assassin, level],
        SkillHqLevel "skill_hq_level" [],
        SkillLevelNotReached "skill_level_not_reached" [assassin, level],
        SkillName "skill_name" [max],
        SkillNotOffered "skill_not_offered" [choices, level, skill],
        SlotOccupied "slot_occupied" [card],
        SlotWrongKind "slot_wrong_kind" [card, slot],
        SpotFull "spot_full" [capacity, spot],
        SpotKind "spot_kind" [ally, spot],
        StickerOnFailure "sticker_on_failure" [],
        StickerTwice "sticker_twice" [sticker],
        StickerUnknown "sticker_unknown" [memory, sticker],
        SyncOnFailure "sync_on_failure" [],
        SyncUnknown "sync_unknown" [memory],
        TooManyCards "too_many_cards" [max],
        ValueKey "value_key" [],
        ValueNeeded "value_needed" [key, what, contract, miniature, building, level, card, max],
        ValueTooLarge "value_too_large" [max],
        VillaDuringMemory "villa_during_memory" [],
        VillaRetired "villa_retired" [],
        WorkshopAtAssignment "workshop_at_assignment" [],
        WorkshopFirstAssignment "workshop_first_assignment" [],
        WorkshopFull "workshop_full" [],
        WorkshopKind "workshop_kind" [card],
        WrongPack "wrong_pack" [],
        XpTooLarge "xp_too_large" [max],
    }
}

/// The heading of the rules summary a refusal rests on, quoted to the
/// players so they can look it up. Bagless's own rules (names, dates, undo)
/// name the heading of the campaign's part they belong to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[ts(export)]
pub enum Section {
    #[serde(rename = "CAMPAIGN")]
    Campaign,
    #[serde(rename = "VILLA")]
    Villa,
    #[serde(rename = "ADJUSTING THE NUMBER OF PLAYERS")]
    AdjustingTheNumberOfPlayers,
    #[serde(rename = "LEVELING UP AND SKILLS")]
    LevelingUpAndSkills,
    #[serde(rename = "HEADQUARTERS")]
    Headquarters,
    #[serde(rename = "FIRST ASSIGNMENT")]
    FirstAssignment,
    #[serde(rename = "ASSIGNMENTS: MEMORY 1.2 ONWARD")]
    AssignmentsFromMemory12,
    #[serde(rename = "ASSIGNMENTS")]
    Assignments,
    #[serde(rename = "CALLING AN ALLY FROM THE HQ")]
    CallingAnAllyFromTheHq,
    #[serde(rename = "CONTRACT CARDS")]
    ContractCards,
    #[serde(rename = "HQ RESOLUTION STEP")]
    HqResolutionStep,
    #[serde(rename = "SAVING THE GAME")]
    SavingTheGame,
    #[serde(rename = "REPLAYING A MEMORY")]
    ReplayingAMemory,
    #[serde(rename = "OPTIONAL MEMORY")]
    OptionalMemory,
    #[serde(rename = "DIFFICULTY LEVEL")]
    DifficultyLevel,
    #[serde(rename = "A MEMORY IS SUCCESSFUL AS SOON AS")]
    AMemoryIsSuccessful,
    #[serde(rename = "EQUIP")]
    Equip,
    #[serde(rename = "CHEST")]
    Chest,
    #[serde(rename = "ASSASSINS' HEALTH")]
    AssassinsHealth,
    #[serde(rename = "ELIMINATED")]
    Eliminated,
    #[serde(rename = "ASSASSIN APPRENTICES")]
    AssassinApprentices,
}

impl Section {
    /// The heading as the rules summary prints it.
    pub fn heading(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }
}

/// A refused command: `bagless_game::Refusal` with Brotherhood of Venice's
/// codes and sections.
pub type RuleViolation = bagless_game::Refusal<RuleCode, Section>;

/// The one way to refuse: which rule, where the rulebook says it, and the
/// sentence in English.
pub fn refuse(code: RuleCode, section: Section, message: impl Into<String>) -> RuleViolation {
    RuleViolation::new(code, section, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_code_is_spelled_as_serde_writes_it_and_lists_its_params_once() {
        for code in RuleCode::ALL {
            assert_eq!(serde_json::to_value(code).unwrap(), code.as_str());
            let params: std::collections::BTreeSet<_> = code.params().iter().collect();
            assert_eq!(params.len(), code.params().len(), "{code}");
        }
    }

    #[test]
    fn every_section_is_a_heading_in_capitals() {
        let all = [
            Section::Campaign,
            Section::Villa,
            Section::AdjustingTheNumberOfPlayers,
            Section::LevelingUpAndSkills,
            Section::Headquarters,
            Section::FirstAssignment,
            Section::AssignmentsFromMemory12,
            Section::Assignments,
            Section::CallingAnAllyFromTheHq,
            Section::ContractCards,
            Section::HqResolutionStep,
            Section::SavingTheGame,
            Section::ReplayingAMemory,
            Section::OptionalMemory,
            Section::DifficultyLevel,
            Section::AMemoryIsSuccessful,
            Section::Equip,
            Section::Chest,
            Section::AssassinsHealth,
            Section::Eliminated,
            Section::AssassinApprentices,
        ];
        for section in all {
            let heading = section.heading();
            assert!(
                !heading.is_empty() && heading == heading.to_uppercase(),
                "{heading}"
            );
        }
    }
}
