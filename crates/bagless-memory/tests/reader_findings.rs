//! A fresh reader's findings on edition 3 (issue 55, item 28): each
//! behaviour it corrects, quoted from the seed, checked under the newest
//! edition (`NEWEST`: edition 4 keeps every reading of edition 3, changing
//! only the reinforcement column, tests/edition_4_rules.rs) and the older
//! reading kept for a memory recorded under edition 2.

use crate::support;

use bagless_memory::*;
use support::*;
use AssassinFace::{Blank, Riposte};

const OLDER: u32 = 2;
const NEWEST: u32 = <Game as bagless_game::Rules>::EDITION;

fn in_assassin_phase(assassins: usize, edition: u32) -> Table {
    let mut t = Table::with(under_edition(start_command(assassins), edition), None);
    t.advance();
    t
}

fn set(id: &str, condition: Condition) -> Command {
    Command::SetCondition {
        assassin: id.into(),
        condition,
    }
}

/// "CRITICAL CONDITION": "Lay their miniature down and remove their red
/// base from the map. They cannot do anything." Ezio rolls an X with an
/// elite left standing, then is laid down before the hits are given: he
/// is not exposed again (no red base on the map) and takes no
/// retaliation.
mod critical_attacker {
    use super::*;

    fn laid_down_before_the_hits(edition: u32) -> (Vec<Event>, Table) {
        let mut t = in_assassin_phase(2, edition);
        t.attack(
            vec![attacker("ezio", "hidden_blade", &[Riposte, Blank])],
            &["elite"],
        );
        t.run(set("ezio", Condition::Critical));
        let events = t.run(Command::AssignHits {
            hits: Some(vec![0]),
            bonus_hits: 0,
        });
        (events, t)
    }

    #[test]
    fn critical_condition_they_cannot_do_anything_not_exposed_nor_retaliated_against() {
        let (events, t) = laid_down_before_the_hits(NEWEST);
        assert!(
            !events.iter().any(|e| matches!(
                e,
                Event::AssassinExposed { .. } | Event::AlertTriggered { .. }
            )),
            "{events:?}"
        );
        let ezio = t.assassin("ezio");
        assert_eq!((ezio.condition, ezio.exposed), (Condition::Critical, false));
        assert!(!t.game.alert);
        assert!(t.game.attack.as_ref().is_none_or(|a| a.riposte.is_empty()));
    }

    #[test]
    fn critical_attacker_under_edition_2_keeps_its_retaliation() {
        let (events, t) = laid_down_before_the_hits(OLDER);
        assert!(events
            .iter()
            .any(|e| matches!(e, Event::AssassinExposed { assassin, .. } if assassin == "ezio")));
        assert!(t.assassin("ezio").exposed);
    }
}

/// "A MEMORY IS SUCCESSFUL AS SOON AS: ... At least 1 assassin has left
/// the map using a fast travel station and No assassin is left on the
/// map. ... the game turn ends immediately": Daria leaves in turn 1, Ezio
/// lies in critical condition and is eliminated as turn 2 ends; the
/// memory is declared a success at turn 2, no turn 3 begins.
mod success_as_a_turn_ends {
    use super::*;

    fn after_turn_2(edition: u32) -> (Vec<Event>, Table) {
        let mut t = in_assassin_phase(2, edition);
        t.run(set("daria", Condition::LeftMap));
        t.run(set("ezio", Condition::Critical));
        t.advance_to(Step::EndOfTurn);
        t.advance();
        t.advance_to(Step::EndOfTurn);
        assert_eq!(t.game.turn, 2);
        let events = t.advance();
        (events, t)
    }

    #[test]
    fn a_memory_is_successful_as_soon_as_no_assassin_is_left_on_the_map_at_turn_t() {
        let (events, mut t) = after_turn_2(NEWEST);
        assert_eq!((t.game.turn, t.game.step), (2, Step::EndOfTurn));
        assert!(!events
            .iter()
            .any(|e| matches!(e, Event::CubesPlaced { .. })));
        assert_eq!(t.assassin("ezio").condition, Condition::Eliminated);
        // The screen waits for the players to declare it.
        assert_eq!(
            bagless_memory::views::play::play_view(&t.game).waiting,
            Waiting::NobodyOnMap
        );
        t.run(Command::EndMemory {
            reason: EndReason::Completed,
        });
        assert_eq!(t.game.outcome(), Some(Outcome::Success));
        assert_eq!(t.game.turn, 2);
    }

    /// "As long as there are any assassins on the map ..., start a new
    /// game turn": a third assassin still standing, turn 3 begins.
    #[test]
    fn one_still_on_the_map_as_a_turn_ends_starts_the_next_turn() {
        let mut t = in_assassin_phase(3, NEWEST);
        let third = t.game.assassins[2].id.clone();
        t.run(set("daria", Condition::LeftMap));
        t.run(set("ezio", Condition::Critical));
        t.advance_to(Step::EndOfTurn);
        t.advance();
        t.advance_to(Step::EndOfTurn);
        t.advance();
        assert_eq!(t.assassin("ezio").condition, Condition::Eliminated);
        assert_eq!(t.assassin(&third).condition, Condition::OnMap);
        assert_eq!((t.game.turn, t.game.step), (3, Step::Event));
        assert_eq!(t.assassin(&third).cubes, 3);
    }

    #[test]
    fn a_success_as_a_turn_ends_under_edition_2_starts_the_next_turn() {
        let (_, t) = after_turn_2(OLDER);
        assert_eq!((t.game.turn, t.game.step), (3, Step::Event));
    }
}

/// The ledger's lines checked under the current edition (issue 55 item
/// 28, findings 6 to 8).
mod ledger_lines {
    use super::*;
    use bagless_memory::views::play::play_view;

    /// A MEMORY IS FAILED AS SOON AS: "The memory included a failure
    /// condition that was met": declared at turn 2, the memory is over.
    #[test]
    fn memory_included_a_failure_condition_that_was_met_under_the_current_edition() {
        let mut t = Table::new(2);
        assert_eq!(t.game.edition, <Game as bagless_game::Rules>::EDITION);
        t.advance_to(Step::EndOfTurn);
        t.advance();
        t.advance();
        t.run(Command::EndMemory {
            reason: EndReason::FailureCondition,
        });
        assert_eq!(t.game.outcome(), Some(Outcome::Failure));
        let draft = attempt_draft(&t.game);
        assert_eq!(draft.reason, Some(EndReason::FailureCondition));
        assert_eq!(draft.turns, 2);
        assert_eq!(
            t.refused(Command::SetAlert { on: true }).code,
            RuleCode::MemoryOver
        );
    }

    /// CRITICAL CONDITION: "Assassins in critical condition recover 3
    /// [cubes] at the start of the event phase as usual (though they
    /// cannot use them while in critical condition)."
    #[test]
    fn critical_condition_recovers_3_cubes_it_cannot_use_under_the_current_edition() {
        let mut t = in_assassin_phase(2, NEWEST);
        t.run(set("ezio", Condition::Critical));
        t.advance_to(Step::EndOfTurn);
        t.advance();
        assert_eq!((t.game.turn, t.game.step), (2, Step::Event));
        assert_eq!(t.assassin("ezio").cubes, 3);
        assert_eq!(play_view(&t.game).assassins[0].usable, 0);
        t.advance();
        let refusal = t.refused(Command::SpendCubes {
            assassin: "ezio".into(),
            count: 1,
        });
        assert_eq!(refusal.code, RuleCode::AssassinCannotAct);
        assert_eq!(refusal.params["condition"], "critical");
    }

    /// USE A FAST TRAVEL STATION: "Assassins who have left the map cannot
    /// do anything, nor are they affected by anything": no cube spent, no
    /// attack, no cubes at the next event phase.
    #[test]
    fn who_left_the_map_cannot_do_anything_under_the_current_edition() {
        let mut t = in_assassin_phase(2, NEWEST);
        t.run(set("ezio", Condition::LeftMap));
        let refusal = t.refused(Command::SpendCubes {
            assassin: "ezio".into(),
            count: 1,
        });
        assert_eq!(refusal.code, RuleCode::AssassinCannotAct);
        assert_eq!(refusal.params["condition"], "left_map");
        let refusal = t.refused(attack_command(
            vec![attacker("ezio", "hidden_blade", &[Blank])],
            &["elite"],
        ));
        assert_eq!(refusal.code, RuleCode::AssassinCannotAct);
        t.advance_to(Step::EndOfTurn);
        t.advance();
        assert_eq!(t.assassin("ezio").cubes, 0);
        assert_eq!(t.assassin("daria").cubes, 3);
    }
}

/// "3. WEAPON'S SPECIAL ABILITY": "[special] = 1 [hit] and triggers the
/// weapon's special ability": the view says whether hits it adds may be
/// entered (the form restates no rule): from edition 3 on only with a
/// [special] rolled, under edition 2 always.
#[test]
fn weapons_special_ability_the_view_offers_bonus_hits_as_the_rules_take_them() {
    use bagless_memory::views::play::play_view;
    use AssassinFace::{Hit, Special};
    let offered = |edition: u32, faces: &[AssassinFace]| {
        let mut t = in_assassin_phase(2, edition);
        t.attack(vec![attacker("ezio", "hidden_blade", faces)], &["elite"]);
        let offered = play_view(&t.game).attack.unwrap().bonus_hits;
        let taken = t
            .try_run(Command::AssignHits {
                hits: Some(vec![0]),
                bonus_hits: 1,
            })
            .is_ok();
        assert_eq!(offered, taken, "edition {edition}, {faces:?}");
        let view = play_view(&t.game);
        assert!(view.attack.is_none_or(|a| !a.bonus_hits));
        offered
    };
    assert!(!offered(NEWEST, &[Hit, Blank]));
    assert!(offered(NEWEST, &[Special, Blank]));
    assert!(offered(OLDER, &[Hit, Blank]));
}
