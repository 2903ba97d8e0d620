//! Why a command was refused, and the heading of the rules summary that says
//! so. The headings are quoted as the summary prints them (French, in
//! capitals, its typo "ATAQUES SUPPLÉMENTAIRES" included) so players can
//! find the paragraph; "SAVING THE GAME" is Bagless's own rule (undo, redo,
//! corrections), the same for every game.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

bagless_game::rule_codes! {
    /// Why a command was refused: the key of its message in the UI's
    /// catalogue (`risk.rules.<code>`).
    #[ts(export, export_to = "risk/", rename = "RiskRuleCode")]
    pub enum RuleCode {
        AdjustAtLeastOne "adjust_at_least_one" [territory, min],
        AdjustNoChange "adjust_no_change" [territory],
        AdjustDuringBattle "adjust_during_battle" [from, to],
        AlreadyCreated "already_created" [],
        AptitudeLossLeavesOne "aptitude_loss_leaves_one" [territory],
        AptitudeLossTooMany "aptitude_loss_too_many" [territory, max],
        AptitudeNoneLeft "aptitude_none_left" [],
        AptitudeOncePerTurn "aptitude_once_per_turn" [],
        AptitudeNotHeld "aptitude_not_held" [card],
        AptitudeNotInCombat "aptitude_not_in_combat" [colour],
        AttackFromNotYours "attack_from_not_yours" [territory],
        AttackNeedsTwo "attack_needs_two" [territory],
        AttackOwnTerritory "attack_own_territory" [territory],
        AttackPhaseOnly "attack_phase_only" [],
        AttackDiceCount "attack_dice_count" [max],
        AttacksOver "attacks_over" [],
        BattleUnderWay "battle_under_way" [from, to],
        BrotherhoodTwice "brotherhood_twice" [colour],
        BrotherhoodUnknown "brotherhood_unknown" [colour],
        CardNotInDeck "card_not_in_deck" [territory],
        CardNotInHand "card_not_in_hand" [territory],
        CardTwice "card_twice" [territory],
        DealCount "deal_count" [colour, count, expected],
        DealIncomplete "deal_incomplete" [territory],
        DealNotNow "deal_not_now" [],
        DiceCount "dice_count" [side, expected],
        DieFace "die_face" [face],
        DrawDeclineEdition "draw_decline_edition" [],
        DrawDeclinedEntered "draw_declined_entered" [],
        DrawNotAllowed "draw_not_allowed" [],
        EditionNotDue "edition_not_due" [],
        EditionUnknown "edition_unknown" [edition, max],
        EndTurnNotNow "end_turn_not_now" [],
        FragmentCount "fragment_count" [colour, expected],
        ForceDice "force_dice" [force],
        FragmentNotHeld "fragment_not_held" [fragment],
        FragmentTurns "fragment_turns" [fragment, held, turns],
        FragmentUnknown "fragment_unknown" [fragment],
        FragmentUsed "fragment_used" [fragment],
        SeatNotOnTurn "seat_not_on_turn" [colour],
        FragmentTerritoryMissing "fragment_territory_missing" [fragment, territory],
        GameOver "game_over" [],
        GoBackNothingAfter "go_back_nothing_after" [],
        GoBackUnknown "go_back_unknown" [],
        ManoeuvreDone "manoeuvre_done" [],
        ManoeuvreLeaveOne "manoeuvre_leave_one" [territory, max],
        ManoeuvreNotConnected "manoeuvre_not_connected" [from, to],
        ManoeuvreNotYours "manoeuvre_not_yours" [territory],
        ManoeuvreNotNow "manoeuvre_not_now" [],
        ManoeuvreSameTerritory "manoeuvre_same_territory" [],
        MoveInNothingConquered "move_in_nothing_conquered" [],
        MoveInTooMany "move_in_too_many" [max],
        NeutralNotDue "neutral_not_due" [],
        NeutralOneFaction "neutral_one_faction" [],
        NeutralReinforcementDue "neutral_reinforcement_due" [count],
        NeutralStackCount "neutral_stack_count" [colour, expected],
        NeutralStacksTwoPlayers "neutral_stacks_two_players" [],
        NeutralTerritories "neutral_territories" [max],
        NeutralThree "neutral_three" [count],
        NoBattle "no_battle" [],
        NoMoveIn "no_move_in" [],
        NotConnected "not_connected" [from, to],
        NotCreated "not_created" [],
        NotThisEdition "not_this_edition" [],
        NothingToRedo "nothing_to_redo" [],
        NothingToUndo "nothing_to_undo" [],
        PlaceNotYours "place_not_yours" [territory],
        PlacementOnly "placement_only" [],
        PlaceTooMany "place_too_many" [pool],
        PlaceZero "place_zero" [],
        PlayerCount "player_count" [min, max],
        PlayerName "player_name" [max],
        RandomNeeded "random_needed" [],
        ReasonNeeded "reason_needed" [max],
        RedoAfterChange "redo_after_change" [],
        ReinforcementsLeft "reinforcements_left" [count],
        RetreatedFrom "retreated_from" [territory],
        TradeCrests "trade_crests" [crests, min, max],
        ValueInPack "value_in_pack" [key],
        ValueNeeded "value_needed" [key, missing],
        ValueRange "value_range" [key, min, max],
    }
}

/// The heading of the rules summary a refusal rests on, as printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/", rename = "RiskSection")]
pub enum Section {
    #[serde(rename = "APERÇU DES ÉLÉMENTS")]
    Overview,
    #[serde(rename = "LES CONFRÉRIES D'ASSASSINS")]
    Brotherhoods,
    #[serde(rename = "LES CARTES TERRITOIRE")]
    TerritoryCards,
    #[serde(rename = "LES CARTES FRAGMENT DE MÉMOIRE")]
    FragmentCards,
    #[serde(rename = "MISE EN PLACE")]
    SetUp,
    #[serde(rename = "COMMENT JOUER ?")]
    HowToPlay,
    #[serde(rename = "1. PLACEZ VOS ASSASSINS")]
    PlaceYourAssassins,
    #[serde(rename = "CONTRÔLER DES TERRITOIRES")]
    ControllingTerritories,
    #[serde(rename = "CONTRÔLER DES RÉGIONS")]
    ControllingRegions,
    #[serde(rename = "ACCOMPLIR DES MISSIONS")]
    CompletingMissions,
    #[serde(rename = "CARTES APTITUDE")]
    AptitudeCards,
    #[serde(rename = "ÉCHANGER DES CARTES")]
    TradingCards,
    #[serde(rename = "2. ATTAQUEZ")]
    Attack,
    #[serde(rename = "CHOISISSEZ UN TERRITOIRE")]
    ChooseATerritory,
    #[serde(rename = "DÉPLACEZ-VOUS")]
    MoveAcross,
    #[serde(rename = "LANCEZ LES DÉS")]
    RollTheDice,
    #[serde(rename = "COMBAT")]
    Combat,
    #[serde(rename = "ATAQUES SUPPLÉMENTAIRES")]
    AdditionalAttacks,
    #[serde(rename = "3. MANŒUVREZ VOTRE CONFRÉRIE")]
    Manoeuvre,
    #[serde(rename = "4. TIREZ UNE CARTE SI VOUS LE POUVEZ")]
    DrawACard,
    #[serde(rename = "COMMENT GAGNER ?")]
    HowToWin,
    #[serde(rename = "VARIANTES DE JEU")]
    Variants,
    #[serde(rename = "PARTIE À 2 JOUEURS")]
    TwoPlayers,
    #[serde(rename = "S'EMPARER D'UNE FACTION D'ASSASSINS NEUTRE")]
    CapturingANeutral,
    /// Bagless's own rule: undo, redo, corrections.
    #[serde(rename = "SAVING THE GAME")]
    SavingTheGame,
}

impl Section {
    pub const ALL: [Section; 25] = [
        Section::Overview,
        Section::Brotherhoods,
        Section::TerritoryCards,
        Section::FragmentCards,
        Section::SetUp,
        Section::HowToPlay,
        Section::PlaceYourAssassins,
        Section::ControllingTerritories,
        Section::ControllingRegions,
        Section::CompletingMissions,
        Section::AptitudeCards,
        Section::TradingCards,
        Section::Attack,
        Section::ChooseATerritory,
        Section::MoveAcross,
        Section::RollTheDice,
        Section::Combat,
        Section::AdditionalAttacks,
        Section::Manoeuvre,
        Section::DrawACard,
        Section::HowToWin,
        Section::Variants,
        Section::TwoPlayers,
        Section::CapturingANeutral,
        Section::SavingTheGame,
    ];

    /// The heading as the rules summary prints it.
    pub fn heading(self) -> String {
        crate::model::ids::id_of(self)
    }
}

/// A refused command: `bagless_game::Refusal` with this game's codes and
/// the summary's headings.
pub type RuleViolation = bagless_game::Refusal<RuleCode, Section>;

/// The one way to refuse: which rule, where the summary says it, and the
/// sentence in English.
pub fn refuse(code: RuleCode, section: Section, message: impl Into<String>) -> RuleViolation {
    RuleViolation::new(code, section, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SUMMARY: &str = include_str!("../tests/data/summary_headings.txt");

    #[test]
    fn each_code_is_spelled_as_serde_writes_it_and_lists_its_params_once() {
        for code in RuleCode::ALL {
            assert_eq!(serde_json::to_value(code).unwrap(), code.as_str());
            let params: std::collections::BTreeSet<_> = code.params().iter().collect();
            assert_eq!(params.len(), code.params().len(), "{code}");
        }
    }

    #[test]
    fn every_section_is_a_heading_of_the_summary_in_capitals() {
        for section in Section::ALL {
            let heading = section.heading();
            assert_eq!(heading, heading.to_uppercase());
            if section != Section::SavingTheGame {
                assert!(SUMMARY.lines().any(|l| l == heading), "{heading}");
            }
        }
    }
}
