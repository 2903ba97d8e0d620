//! Why a command was refused: the rule code (the UI catalogue's key,
//! `memory.rules.<code>`), the params its message may carry, and the
//! heading of the rules behind it ([`Section`], quoted verbatim as the
//! summaries print it: seed 000 in English, rule <29> of seed 001, and the
//! French pages on the weapon and the coordinated attack, seed 002).

use serde::{Deserialize, Serialize};
use strum::EnumIter;
use ts_rs::TS;

bagless_game::rule_codes! {
    /// Why a command was refused: the key of its message in the UI's
    /// catalogue (in snake_case).
    #[ts(export, export_to = "memory/", rename = "MemoryRuleCode")]
    pub enum RuleCode {
        AdjustSame "adjust_same" [],
        AlertSame "alert_same" [],
        AlreadyDrawn "already_drawn" [card],
        AlreadyPlaced "already_placed" [],
        AlreadyStarted "already_started" [],
        AssassinCannotAct "assassin_cannot_act" [assassin, condition],
        AssassinCount "assassin_count" [min, max],
        AssassinTwice "assassin_twice" [assassin],
        AssassinUnknown "assassin_unknown" [assassin],
        AttackPending "attack_pending" [],
        BonusTooHigh "bonus_too_high" [max],
        BonusWithoutSpecial "bonus_without_special" [],
        CardNeeded "card_needed" [],
        CardNotInPile "card_not_in_pile" [card],
        ConditionSame "condition_same" [assassin],
        CubeCount "cube_count" [max],
        DiceCount "dice_count" [count],
        DiceNeeded "dice_needed" [],
        DiceRange "dice_range" [min, max],
        DifficultySame "difficulty_same" [],
        DrawFirst "draw_first" [],
        EditionNotDue "edition_not_due" [],
        EditionUnknown "edition_unknown" [edition, max],
        EliminatedFinal "eliminated_final" [assassin],
        EnemyCount "enemy_count" [max],
        EnemyIsAssassin "enemy_is_assassin" [enemy],
        EntrancesSame "entrances_same" [],
        EntranceNotOnMap "entrance_not_on_map" [entrance],
        EntranceTwice "entrance_twice" [entrance],
        FaceNotOnDie "face_not_on_die" [],
        FacesTooMany "faces_too_many" [key, max],
        GoBackNothingAfter "go_back_nothing_after" [],
        GoBackUnknown "go_back_unknown" [],
        HitsNotDue "hits_not_due" [],
        HitsSize "hits_size" [count],
        HitsTooMany "hits_too_many" [hits],
        IdControl "id_control" [what],
        IdEmpty "id_empty" [what],
        IdInvalid "id_invalid" [what],
        IdTooLong "id_too_long" [what, max],
        LeftForGood "left_for_good" [assassin],
        MemoryOver "memory_over" [],
        NoCube "no_cube" [assassin],
        NotAllEliminated "not_all_eliminated" [],
        NotAffected "not_affected" [assassin],
        NotIncognito "not_incognito" [assassin],
        NotStarted "not_started" [],
        NothingToRedo "nothing_to_redo" [],
        NothingToUndo "nothing_to_undo" [],
        PileNotShuffled "pile_not_shuffled" [],
        PlaceFirst "place_first" [],
        ReasonEmpty "reason_empty" [],
        ReasonTooLong "reason_too_long" [max],
        RedoAfterChange "redo_after_change" [],
        RiposteNotDue "riposte_not_due" [],
        RipostePending "riposte_pending" [],
        SaveFull "save_full" [assassin],
        SaveNotYet "save_not_yet" [memory],
        SquareCount "square_count" [max],
        StatusSame "status_same" [assassin],
        SuccessNotMet "success_not_met" [assassins],
        TestNotDue "test_not_due" [assassin],
        TestsPending "tests_pending" [count],
        ValueKey "value_key" [key],
        ValueKind "value_kind" [key],
        ValueNeeded "value_needed" [key, what, players, card, column, entrance, enemy, weapon, min, max],
        ValueRange "value_range" [key, min, max],
        WrongStep "wrong_step" [step],
    }
}

/// A refused command, naming its rule code and the rulebook's heading.
pub type RuleViolation = bagless_game::Refusal<RuleCode, Section>;

/// The one way to refuse: which rule, where the rules say it, and the
/// sentence in English.
pub fn refuse(code: RuleCode, section: Section, message: impl Into<String>) -> RuleViolation {
    bagless_game::Refusal::new(code, section, message)
}

/// The heading a refusal rests on, spelled exactly as the summaries print
/// it (so players can find it). Undo and redo, Bagless's own rule, are
/// "SAVING THE GAME", as in the other games.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, TS, EnumIter,
)]
#[ts(export, export_to = "memory/", rename = "MemorySection")]
pub enum Section {
    #[serde(rename = "SETUP")]
    Setup,
    #[serde(rename = "GAME TURN")]
    GameTurn,
    #[serde(rename = "1. EVENT PHASE")]
    EventPhase,
    #[serde(rename = "2. ASSASSIN PHASE")]
    AssassinPhase,
    #[serde(rename = "3. ENEMY PHASE")]
    EnemyPhase,
    #[serde(rename = "1. ENEMY REINFORCEMENT")]
    EnemyReinforcement,
    #[serde(rename = "<29> Enemy Reinforcement Step")]
    ReinforcementStep,
    #[serde(rename = "2. ENEMY MOVEMENT")]
    EnemyMovement,
    #[serde(rename = "3. ENEMY COMBAT")]
    EnemyCombat,
    #[serde(rename = "4. END OF TURN PHASE")]
    EndOfTurnPhase,
    #[serde(rename = "A MEMORY IS SUCCESSFUL AS SOON AS:")]
    MemorySuccessful,
    #[serde(rename = "A MEMORY IS FAILED AS SOON AS:")]
    MemoryFailed,
    #[serde(rename = "ASSASSIN ACTIONS")]
    AssassinActions,
    #[serde(rename = "SAVE 1")]
    Save,
    #[serde(rename = "USE A WEAPON")]
    UseAWeapon,
    #[serde(rename = "2. ATTACK")]
    Attack,
    #[serde(rename = "3. WEAPON'S SPECIAL ABILITY")]
    SpecialAbility,
    #[serde(rename = "4. ASSIGN")]
    Assign,
    #[serde(rename = "5. ALERT STATE AND STATUS CHANGE")]
    AlertStateAndStatusChange,
    #[serde(rename = "6. RETALIATION")]
    Retaliation,
    #[serde(rename = "COORDINATED ATTACK")]
    CoordinatedAttack,
    #[serde(rename = "UTILISER UNE ARME")]
    UtiliserUneArme,
    #[serde(rename = "ATTAQUE COORDONNÉE")]
    AttaqueCoordonnee,
    #[serde(rename = "INCOGNITO AND EXPOSED")]
    IncognitoAndExposed,
    #[serde(rename = "DETECTION TEST")]
    DetectionTest,
    #[serde(rename = "ALERT STATE")]
    AlertState,
    #[serde(rename = "ENEMIES")]
    Enemies,
    #[serde(rename = "ASSASSINS' HEALTH")]
    AssassinsHealth,
    #[serde(rename = "CRITICAL CONDITION")]
    CriticalCondition,
    #[serde(rename = "ELIMINATED")]
    Eliminated,
    #[serde(rename = "USE A FAST TRAVEL STATION")]
    UseAFastTravelStation,
    #[serde(rename = "DIFFICULTY LEVEL")]
    DifficultyLevel,
    #[serde(rename = "SAVING THE GAME")]
    SavingTheGame,
}

impl Section {
    /// The heading as the summary prints it.
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

    /// Every section is a heading one of the three summaries prints,
    /// verbatim (checked when the seeds sit beside the repository).
    #[test]
    fn every_section_is_a_heading_of_the_summaries() {
        let seeds = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/seeds/");
        let text: Option<String> = [
            "000_bddf607b80b219b1.txt",
            "001_eceb0dba8ac541d2.txt",
            "002_f777c3089ad2f5e7.txt",
        ]
        .iter()
        .map(|f| std::fs::read_to_string(format!("{seeds}{f}")).ok())
        .collect();
        for section in Section::iter() {
            let heading = section.heading();
            assert!(!heading.is_empty());
            if let Some(text) = &text {
                assert!(text.contains(&heading), "{heading}");
            }
        }
    }
}
