//! Why a command was refused: the rule code (the UI catalogue's key,
//! `nation.rules.<code>`), the params its message may carry, and the
//! heading of the rules summary behind it ([`Section`], quoted verbatim as
//! the summary prints it).

use serde::{Deserialize, Serialize};
use strum::EnumIter;
use ts_rs::TS;

bagless_game::rule_codes! {
    /// Why a command was refused: the key of its message in the UI's
    /// catalogue (in snake_case).
    #[ts(export, export_to = "nation/", rename = "NationRuleCode")]
    pub enum RuleCode {
        AdjustSame "adjust_same" [],
        AdjustTooHigh "adjust_too_high" [max],
        AlreadyCreated "already_created" [],
        AttemptSettled "attempt_settled" [player],
        AttemptUnknown "attempt_unknown" [player],
        AttemptsAwaited "attempts_awaited" [players],
        AttemptsPending "attempts_pending" [count],
        BonusInvalid "bonus_invalid" [max],
        BonusThousands "bonus_thousands" [],
        CardName "card_name" [max],
        ConflictsFirst "conflicts_first" [player, next],
        ContractAttribute "contract_attribute" [attribute],
        ContractAttributeTwice "contract_attribute_twice" [attribute],
        ContractInDuel "contract_in_duel" [],
        ContractNeeded "contract_needed" [],
        ContractTooLong "contract_too_long" [max],
        DiceCount "dice_count" [count],
        DiceNeeded "dice_needed" [],
        DiceNotNeeded "dice_not_needed" [],
        DieFace "die_face" [face],
        DoubledUnarmed "doubled_unarmed" [],
        DuelNoTarget "duel_no_target" [],
        EditionNotDue "edition_not_due" [],
        EditionUnknown "edition_unknown" [edition, max],
        FirstPlayerUnknown "first_player_unknown" [player],
        FirstRollTie "first_roll_tie" [],
        GameOver "game_over" [],
        GoBackNothingAfter "go_back_nothing_after" [],
        GoBackUnknown "go_back_unknown" [],
        HitListMissing "hit_list_missing" [player],
        HitListSize "hit_list_size" [max],
        HitListTargetTwice "hit_list_target_twice" [target],
        NameControl "name_control" [],
        NameEmpty "name_empty" [],
        NameTooLong "name_too_long" [max],
        NameTwice "name_twice" [name],
        NoTie "no_tie" [],
        NotCreated "not_created" [],
        NotEnoughCash "not_enough_cash" [cash, cost],
        NotInDuel "not_in_duel" [player],
        NotNext "not_next" [player, next],
        NotThousands "not_thousands" [],
        NothingToRedo "nothing_to_redo" [],
        NothingToUndo "nothing_to_undo" [],
        PlayerCount "player_count" [min, max],
        PlayerUnknown "player_unknown" [player],
        PurchaseCount "purchase_count" [max],
        ReasonEmpty "reason_empty" [],
        ReasonTooLong "reason_too_long" [max],
        RedoAfterChange "redo_after_change" [],
        ResolvingBegun "resolving_begun" [],
        SpecialistTaken "specialist_taken" [specialist],
        SpecialistUnknown "specialist_unknown" [specialist],
        TargetGone "target_gone" [target],
        TargetNeeded "target_needed" [],
        TargetUnknown "target_unknown" [target],
        TieRollNeeded "tie_roll_needed" [players],
        TimeCount "time_count" [count],
        TimeInvalid "time_invalid" [time],
        TimeUnarmed "time_unarmed" [],
        TooManyCards "too_many_cards" [max],
        ValueKey "value_key" [key],
        ValueKind "value_kind" [key],
        ValueNeeded "value_needed" [key, what, target, weapon, specialist, modifier, min, max, choices, input],
        ValueRange "value_range" [key, min, max],
        VoteNeeded "vote_needed" [],
        VoteNotInPlay "vote_not_in_play" [],
        WeaponKindsFull "weapon_kinds_full" [max],
        WrongPhase "wrong_phase" [phase],
    }
}

/// A refused command, naming its rule code and the summary's heading.
pub type RuleViolation = bagless_game::Refusal<RuleCode, Section>;

/// The one way to refuse: which rule, where the summary says it, and the
/// sentence in English.
pub fn refuse(code: RuleCode, section: Section, message: impl Into<String>) -> RuleViolation {
    bagless_game::Refusal::new(code, section, message)
}

/// The heading of the rules summary a refusal rests on, spelled exactly as
/// the summary prints it (so players can find it). Bagless's own rule (undo
/// and redo) is "SAVING THE GAME", as in the other games.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, TS, EnumIter,
)]
#[ts(export, export_to = "nation/", rename = "NationSection")]
pub enum Section {
    #[serde(rename = "COMPONENTS")]
    Components,
    #[serde(rename = "TARGET HEX TILES x18")]
    TargetHexTiles,
    #[serde(rename = "SPECIALIST CARDS x6")]
    SpecialistCards,
    #[serde(rename = "CONTRACT CARDS x40")]
    ContractCards,
    #[serde(rename = "WEAPON CARDS x60")]
    WeaponCards,
    #[serde(rename = "WEAPON ATTRIBUTES")]
    WeaponAttributes,
    #[serde(rename = "MSR (MISSION SUCCESS RATE)")]
    Msr,
    #[serde(rename = "TIME OF DEATH")]
    TimeOfDeath,
    #[serde(rename = "MODIFIER CARDS x50")]
    ModifierCards,
    #[serde(rename = "TOP SECRET HIT LIST CARDS x20")]
    HitListCards,
    #[serde(rename = "CASH AND DEBT TOKENS x90")]
    CashAndDebtTokens,
    #[serde(rename = "FIRST PLAYER TOKEN")]
    FirstPlayerToken,
    #[serde(rename = "SETUP")]
    Setup,
    #[serde(rename = "AVAILABLE TARGETS")]
    AvailableTargets,
    #[serde(rename = "CARD MANAGEMENT")]
    CardManagement,
    #[serde(rename = "STARTING THE GAME")]
    StartingTheGame,
    #[serde(rename = "PLAYING THE GAME")]
    PlayingTheGame,
    #[serde(rename = "INTEL PHASE")]
    IntelPhase,
    #[serde(rename = "3) PURCHASE EQUIPMENT / CONTRACTS")]
    PurchaseEquipment,
    #[serde(rename = "ASSASSINATION PHASE")]
    AssassinationPhase,
    #[serde(rename = "1) SELECT YOUR TARGET:")]
    SelectYourTarget,
    #[serde(rename = "2) PLAY A CONTRACT CARD AND ASSASSIN CARD(S) FACE-DOWN:")]
    PlayAContract,
    #[serde(rename = "Playing doubles of Weapon Cards:")]
    PlayingDoubles,
    #[serde(rename = "Unarmed Assassination:")]
    UnarmedAssassination,
    #[serde(rename = "REVEAL PHASE")]
    RevealPhase,
    #[serde(rename = "1) REVEAL YOUR ASSASSINATION ATTEMPTS")]
    RevealYourAttempts,
    #[serde(rename = "2) PLAY REVEAL CARDS")]
    PlayRevealCards,
    #[serde(rename = "3) RESOLVE ASSASSINATION ATTEMPTS")]
    ResolveAttempts,
    #[serde(rename = "Determining the MSR of an Assassination Attempt:")]
    DeterminingTheMsr,
    #[serde(rename = "Conflicting Targets:")]
    ConflictingTargets,
    #[serde(rename = "ASSASSINATION SUCCESS:")]
    AssassinationSuccess,
    #[serde(rename = "ASSASSINATION FAILURE:")]
    AssassinationFailure,
    #[serde(rename = "END OF ROUND")]
    EndOfRound,
    #[serde(rename = "WINNING THE GAME")]
    WinningTheGame,
    #[serde(rename = "TIES:")]
    Ties,
    #[serde(rename = "STORYTELLING")]
    Storytelling,
    #[serde(rename = "SAVING THE GAME")]
    SavingTheGame,
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

#[cfg(test)]
mod tests {
    use super::*;
    use strum::IntoEnumIterator;

    #[test]
    fn each_code_is_spelled_as_serde_writes_it_and_lists_its_params_once() {
        for code in RuleCode::ALL {
            assert_eq!(serde_json::to_value(code).unwrap(), code.as_str());
            let params: std::collections::BTreeSet<_> = code.params().iter().collect();
            assert_eq!(params.len(), code.params().len(), "{code}");
        }
    }

    /// Every section is a heading the rules summary prints, verbatim (checked
    /// against the summary when it sits beside the repository).
    #[test]
    fn every_section_is_a_heading_of_the_summary() {
        let summary = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/seeds/003_d8cfeef1d45b39ef.txt"
        ))
        .ok();
        for section in Section::iter() {
            let heading = section.heading();
            assert!(!heading.is_empty());
            if let (Some(summary), false) = (&summary, section == Section::SavingTheGame) {
                assert!(summary.contains(&heading), "{heading}");
            }
        }
    }
}
