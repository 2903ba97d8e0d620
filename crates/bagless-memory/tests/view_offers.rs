//! What the memory's forms offer (`PlayView::offers`) is what the rules
//! take: the attack form and the square entered are shown in exactly the
//! steps whose rules take them (USE A WEAPON, ENEMIES), a detection test is
//! offered for incognito assassins only (DETECTION TEST), and the fields
//! are as many as a square holds (ENEMIES).

use crate::support;

use bagless_memory::*;
use support::*;

fn wrong_step(table: &Table, command: Command) -> bool {
    decide(&table.game, &command, &ctx(Some(7)))
        .is_err_and(|refusal| refusal.code == RuleCode::WrongStep)
}

#[test]
fn the_forms_offer_what_the_rules_take_step_by_step() {
    let mut table = Table::new(3);
    let attack = attack_command(vec![attacker("ezio", "hidden_blade", &[Hit])], &["elite"]);
    let entry = Command::EnterSquare {
        entrance: None,
        enemies: 1,
        bodies: 0,
        entering: 1,
        incognito: vec![],
    };
    let mut seen = Vec::new();
    for step in Step::TRACK {
        table.advance_to(step);
        let offers = play_view(&table.game).offers;
        assert_eq!(
            offers.attack,
            !wrong_step(&table, attack.clone()),
            "{step:?}"
        );
        assert_eq!(offers.entry, !wrong_step(&table, entry.clone()), "{step:?}");
        assert_eq!(offers.square_limit, 4);
        seen.push((offers.attack, offers.entry));
    }
    // Both offered somewhere, and withheld somewhere.
    assert!(seen.iter().any(|s| s.0) && seen.iter().any(|s| !s.0));
    assert!(seen.iter().any(|s| s.1) && seen.iter().any(|s| !s.1));
}

/// DETECTION TEST: "any assassins/allies who are incognito": an exposed one
/// is not offered, and the rules refuse it.
#[test]
fn a_detection_test_is_offered_for_incognito_assassins_only() {
    let mut table = Table::new(3);
    table.advance_to(Step::Assassin);
    let all = play_view(&table.game).offers.incognito;
    assert_eq!(all.len(), 3);
    table.run(Command::SetExposed {
        assassin: all[0].clone(),
        exposed: true,
    });
    let offered = play_view(&table.game).offers.incognito;
    assert!(!offered.contains(&all[0]));
    let refusal = table.refused(Command::EnterSquare {
        entrance: None,
        enemies: 1,
        bodies: 0,
        entering: 1,
        incognito: vec![all[0].clone()],
    });
    assert_eq!(
        (refusal.code, refusal.section),
        (RuleCode::NotIncognito, Section::DetectionTest)
    );
    table.run(Command::EnterSquare {
        entrance: None,
        enemies: 1,
        bodies: 0,
        entering: 1,
        incognito: offered,
    });
}

/// GAME TURN: the track says the step the table goes to next, and groups
/// the three steps of "3. ENEMY PHASE"; the steps before the one played
/// are done, the one played is current and not done, those after it
/// neither; before the memory starts and once it is over, no step is next.
#[test]
fn the_track_says_the_next_step_and_groups_the_enemy_phase() {
    let mut table = Table::new(3);
    for (at, step) in Step::TRACK.into_iter().enumerate() {
        table.advance_to(step);
        let view = play_view(&table.game);
        let marks: Vec<(Step, bool, bool)> = view
            .track
            .iter()
            .map(|s| (s.step, s.current, s.done))
            .collect();
        let expected: Vec<(Step, bool, bool)> = Step::TRACK
            .into_iter()
            .enumerate()
            .map(|(i, s)| (s, i == at, i < at))
            .collect();
        assert_eq!(marks, expected, "in {step:?}");
        let next = view.next_step.expect("a step is next on the track");
        if step == Step::Reinforcement {
            table.reinforce(None);
        }
        table.advance();
        assert_eq!(table.game.step, next, "after {step:?}");
        let enemy: Vec<Step> = view
            .track
            .iter()
            .filter(|s| s.enemy)
            .map(|s| s.step)
            .collect();
        assert_eq!(enemy, [Step::Reinforcement, Step::Movement, Step::Combat]);
    }
    assert_eq!(play_view(&Table::empty().game).next_step, None);
}

/// The attack's form suggests the enemies and weapons by name; others are
/// typed (and what the summary does not print is asked once).
#[test]
fn the_attack_form_suggests_enemies_and_weapons_the_rules_know() {
    let table = Table::new(3);
    let offers = play_view(&table.game).offers;
    for guard in ["crossbowman", "elite"] {
        assert!(offers.enemies.iter().any(|e| e == guard), "{guard}");
    }
    assert!(offers.weapons.iter().any(|w| w == "hidden_blade"));
}

/// ASSASSIN ACTIONS: an attack costs 1 cube; in an enemy step only the
/// saved one can pay ("You can use 1 saved [cube] before or after one of
/// these enemy steps"). The attack form offers exactly those who can pay:
/// each offered is taken, each other refused.
#[test]
fn the_attack_form_offers_the_assassins_who_can_pay_for_it() {
    let mut table = Table::new(3);
    table.advance_to(Step::Assassin);
    let everyone: Vec<String> = table.game.assassins.iter().map(|a| a.id.clone()).collect();
    assert_eq!(play_view(&table.game).offers.attackers, everyone);
    let attack = |id: &str| attack_command(vec![attacker(id, "hidden_blade", &[Hit])], &["elite"]);
    // Each offered may pay: nothing refuses the attack for its cube or its
    // step (the dice and faces are the attack's own to get right).
    for id in &everyone {
        if let Err(refusal) = decide(&table.game, &attack(id), &ctx(Some(7))) {
            let paying = [
                RuleCode::NoCube,
                RuleCode::AssassinCannotAct,
                RuleCode::WrongStep,
            ];
            assert!(!paying.contains(&refusal.code), "{id}: {}", refusal.code);
        }
    }
    table.advance_to(Step::Movement);
    // Nobody saved a cube: nobody may attack in an enemy step.
    assert_eq!(
        play_view(&table.game).offers.attackers,
        Vec::<String>::new()
    );
    for id in &everyone {
        let refusal = decide(&table.game, &attack(id), &ctx(Some(7))).unwrap_err();
        assert_eq!(refusal.code, RuleCode::NoCube, "{id}");
    }
}

/// "A MEMORY IS SUCCESSFUL AS SOON AS: ... At least 1 assassin has left
/// the map using a fast travel station and No assassin is left on the
/// map"; "A MEMORY IS FAILED AS SOON AS: All assassins have been
/// eliminated or The memory included a failure condition that was met or
/// There are not enough miniatures left". The end form offers exactly the
/// reasons the rules take now: each offered is taken, each other refused.
#[test]
fn the_end_form_offers_the_reasons_the_rules_take_now() {
    fn check(table: &Table) -> Vec<EndReason> {
        let offered = play_view(&table.game).offers.end_reasons;
        for reason in EndReason::ALL {
            let taken = decide(&table.game, &Command::EndMemory { reason }, &ctx(None)).is_ok();
            assert_eq!(offered.contains(&reason), taken, "{reason:?}");
        }
        offered
    }
    let mut table = Table::new(2);
    table.advance_to(Step::Assassin);
    assert_eq!(
        check(&table),
        vec![EndReason::FailureCondition, EndReason::NotEnoughMiniatures]
    );
    // An attack to settle first: nothing ends the memory meanwhile.
    table.attack(
        vec![attacker("ezio", "hidden_blade", &[Riposte, Blank])],
        &["elite"],
    );
    assert_eq!(check(&table), vec![]);
    table.run(Command::AssignHits {
        hits: None,
        bonus_hits: 0,
    });
    table.run(Command::RollRiposte {
        hits: Some(vec![0]),
    });
    // Both gone through a fast travel station, nobody on the map: the
    // success may be declared.
    for id in ["ezio", "daria"] {
        table.run(Command::SetCondition {
            assassin: id.into(),
            condition: Condition::LeftMap,
        });
    }
    assert_eq!(
        check(&table),
        vec![
            EndReason::Completed,
            EndReason::FailureCondition,
            EndReason::NotEnoughMiniatures
        ]
    );
    // "All assassins have been eliminated" ends the memory by itself, as
    // the last one is eliminated: it is never offered while it is played.
    let mut table = Table::new(1);
    table.run(Command::SetCondition {
        assassin: "ezio".into(),
        condition: Condition::Critical,
    });
    table.advance_to(Step::EndOfTurn);
    table.advance();
    table.advance_to(Step::EndOfTurn);
    assert!(!check(&table).contains(&EndReason::AllEliminated));
    table.advance();
    assert_eq!(table.game.step, Step::Over);
    assert_eq!(check(&table), vec![]);
}

/// INCOGNITO AND EXPOSED, edition 2: "CRITICAL CONDITION": "remove their
/// red base from the map. They cannot do anything"; "Assassins who have
/// left the map cannot do anything, nor are they affected by anything".
/// The red-base switch is offered exactly when the rules take it.
#[test]
fn the_red_base_switch_is_offered_when_the_rules_take_it() {
    fn check(table: &Table) -> Vec<bool> {
        let view = play_view(&table.game);
        view.assassins
            .iter()
            .map(|a| {
                let command = Command::SetExposed {
                    assassin: a.id.clone(),
                    exposed: !a.exposed,
                };
                let taken = decide(&table.game, &command, &ctx(None)).is_ok();
                assert_eq!(a.status_switch, taken, "{}", a.id);
                a.status_switch
            })
            .collect()
    }
    let mut table = Table::new(4);
    table.advance_to(Step::Assassin);
    assert_eq!(check(&table), vec![true; 4]);
    table.run(Command::SetExposed {
        assassin: "ezio".into(),
        exposed: true,
    });
    table.run(Command::SetCondition {
        assassin: "daria".into(),
        condition: Condition::Critical,
    });
    table.run(Command::SetCondition {
        assassin: "fabio".into(),
        condition: Condition::LeftMap,
    });
    // Ezio's red base may come off; Daria, laid down, and Fabio, gone, get
    // none; Sofia may be exposed.
    assert_eq!(check(&table), vec![true, false, false, true]);
    // Under edition 1, one in critical condition could still be exposed.
    let mut table = Table::edition_1(2);
    table.advance_to(Step::Assassin);
    table.run(Command::SetCondition {
        assassin: "daria".into(),
        condition: Condition::Critical,
    });
    assert_eq!(check(&table), vec![true, true]);
}
