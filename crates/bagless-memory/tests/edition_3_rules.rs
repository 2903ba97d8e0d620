//! Rules edition 3 (issue 55, the seeds read a third time): each reading
//! it corrects, quoted, checked under the newest edition (`NEWEST`, which
//! keeps them: a memory of edition 3 or later goes the same way,
//! `follows_edition_3`; the split and the turn count checked under
//! edition 3 itself too), and the older reading kept for a memory recorded
//! under edition 2 (decided as it was played).

use crate::support;

use bagless_memory::views::play::play_view;
use bagless_memory::*;
use support::*;
use AssassinFace::{Blank, Hit, Riposte, Special};

const OLDER: u32 = 2;
const NEWEST: u32 = <Game as bagless_game::Rules>::EDITION;

fn table(assassins: usize, edition: u32) -> Table {
    Table::with(under_edition(start_command(assassins), edition), None)
}

fn in_assassin_phase(assassins: usize, edition: u32) -> Table {
    let mut t = table(assassins, edition);
    t.advance();
    t
}

fn test(id: Option<&str>, dice: u8) -> Command {
    Command::DetectionTest {
        assassin: id.map(str::to_string),
        dice,
        faces: Some(vec![DetectionFace::Blank; usize::from(dice)]),
    }
}

/// Item 11, "ATTAQUE COORDONNÉE": "En cas de Riposte, partagez les dés
/// aussi équitablement que possible entre tous les Assassins recherchés
/// qui ont participé à l'Attaque Coordonnée". Ezio on the target square
/// and Daria at a distance both roll an X; an elite (2 melee dice) and 2
/// crossbowmen (1 ranged die each) stand: the elite reaches only Ezio
/// ("Le Garde Agile ne peut pas Riposter, car il n'est pas à portée"), so
/// the ranged dice go to Daria: 2 and 2, not Ezio 3 and Daria 1.
mod coordinated_attack {
    use super::*;

    fn shares(edition: u32) -> Vec<(String, u8)> {
        let mut t = in_assassin_phase(2, edition);
        t.attack(
            vec![
                attacker("ezio", "hidden_blade", &[Riposte, Blank]),
                from_afar(attacker("daria", "throwing_knife", &[Riposte])),
            ],
            &["elite", "crossbowman", "crossbowman"],
        );
        t.run(Command::AssignHits {
            hits: Some(vec![0, 0, 0]),
            bonus_hits: 0,
        });
        let attack = t.game.attack.clone().unwrap();
        attack
            .riposte
            .iter()
            .map(|s| (s.assassin.clone(), s.dice))
            .collect()
    }

    #[test]
    fn coordinated_attack_shares_the_dice_as_evenly_as_possible_among_the_wanted() {
        for edition in [3, NEWEST] {
            assert_eq!(
                shares(edition),
                vec![("ezio".to_string(), 2), ("daria".to_string(), 2)],
                "edition {edition}"
            );
        }
    }

    #[test]
    fn coordinated_attack_under_edition_2_keeps_its_split() {
        assert_eq!(
            shares(OLDER),
            vec![("ezio".to_string(), 3), ("daria".to_string(), 1)]
        );
    }
}

/// Item 12, "USE A FAST TRAVEL STATION": "You then have 2 options: Go to
/// the next memory: ... Assassins who have left the map cannot do
/// anything" or "Return to the game for 0 [cubes]": the choice is made as
/// the assassin leaves (the entry right after it). One who went to the
/// next memory does not come back, that turn or a later one.
mod leaving_the_map {
    use super::*;

    fn back(id: &str) -> Command {
        Command::SetCondition {
            assassin: id.into(),
            condition: Condition::OnMap,
        }
    }

    fn leave(id: &str) -> Command {
        Command::SetCondition {
            assassin: id.into(),
            condition: Condition::LeftMap,
        }
    }

    #[test]
    fn use_a_fast_travel_station_the_choice_is_made_when_leaving() {
        let mut t = in_assassin_phase(2, NEWEST);
        t.run(Command::SetExposed {
            assassin: "ezio".into(),
            exposed: true,
        });
        // "Return to the game for 0": chosen as they leave, the next entry;
        // "(leave their red base on the square)": back incognito, the
        // station's cube paid once.
        t.run(leave("ezio"));
        let view = play_view(&t.game);
        assert_eq!(view.assassins[0].conditions, vec![Condition::OnMap]);
        t.run(back("ezio"));
        let ezio = t.assassin("ezio");
        assert_eq!(
            (ezio.condition, ezio.exposed, ezio.cubes),
            (Condition::OnMap, false, 2)
        );
        // "Go to the next memory": once anything else is entered, for good.
        t.run(leave("ezio"));
        t.run(Command::SpendCubes {
            assassin: "daria".into(),
            count: 1,
        });
        let refusal = t.refused(back("ezio"));
        assert_eq!(refusal.code, RuleCode::LeftForGood);
        assert_eq!(refusal.section, Section::UseAFastTravelStation);
        t.advance_to(Step::EndOfTurn);
        t.advance();
        t.advance();
        assert_eq!(t.refused(back("ezio")).code, RuleCode::LeftForGood);
        // The screen offers no return then.
        let view = play_view(&t.game);
        let ezio = view.assassins.iter().find(|a| a.id == "ezio").unwrap();
        assert!(ezio.conditions.is_empty(), "{:?}", ezio.conditions);
    }

    #[test]
    fn use_a_fast_travel_station_a_late_return_under_edition_2() {
        let mut t = in_assassin_phase(2, OLDER);
        t.run(leave("ezio"));
        t.advance_to(Step::EndOfTurn);
        t.advance();
        t.advance();
        t.run(back("ezio"));
        assert_eq!(t.assassin("ezio").condition, Condition::OnMap);
    }
}

/// Item 13, "DETECTION TEST": "As soon as an incognito assassin/ally
/// moves to a square containing any enemies, perform a detection test
/// before doing anything else." "Similarly, any enemies who move to a
/// square containing any assassins/allies who are incognito immediately
/// perform 1 detection test."
mod detection_test {
    use super::*;

    /// An incognito assassin arriving (a move, leaving a hiding spot: "If
    /// any enemies are present, perform a detection test"; the leap of
    /// faith: "perform a detection test before entering the hiding spot")
    /// rolls 1 die per enemy there, offered by the screen at once.
    #[test]
    fn detection_test_as_soon_as_an_incognito_assassin_moves_to_enemies() {
        let mut t = in_assassin_phase(2, NEWEST);
        t.arrives("ezio", 3);
        let view = play_view(&t.game);
        assert!(view.offers.arrival);
        assert_eq!(
            view.pending_tests,
            vec![PendingTest {
                assassin: Some("ezio".into()),
                dice: 3
            }]
        );
        // "before doing anything else"
        let spend = Command::SpendCubes {
            assassin: "daria".into(),
            count: 1,
        };
        assert_eq!(view.waiting, Waiting::DetectionTests);
        assert_eq!(t.refused(spend.clone()).code, RuleCode::TestsPending);
        assert_eq!(t.refused(test(Some("ezio"), 2)).code, RuleCode::DiceCount);
        t.run(test(Some("ezio"), 3));
        t.run(spend);
        let view = play_view(&t.game);
        assert!(view.pending_tests.is_empty());
        assert_eq!(view.waiting, Waiting::Advance);
        // No arrival without enemies or without an assassin.
        assert_eq!(t.refused(arrival("ezio", 0)).code, RuleCode::SquareCount);
        let nobody = Command::EnterSquare {
            entrance: None,
            enemies: 2,
            bodies: 0,
            entering: 0,
            incognito: vec![],
        };
        assert_eq!(t.refused(nobody).code, RuleCode::SquareCount);
        // An assassin arrives by moving, not through an entrance token.
        let by_entrance = Command::EnterSquare {
            entrance: Some(Entrance::A),
            enemies: 2,
            bodies: 0,
            entering: 0,
            incognito: vec!["ezio".into()],
        };
        assert_eq!(t.refused(by_entrance).code, RuleCode::SquareCount);
    }

    /// "DETECTION TEST" is for the incognito ("any assassins/allies who
    /// are incognito"): one exposed by their weapon or laid down has no
    /// test due, and the screen offers none the rules would refuse
    /// (edition 2's memory too).
    #[test]
    fn detection_test_due_only_for_the_incognito_on_the_map() {
        let mut t = in_assassin_phase(3, OLDER);
        t.run(Command::EnterSquare {
            entrance: None,
            enemies: 1,
            bodies: 0,
            entering: 1,
            incognito: vec!["ezio".into(), "daria".into(), "fabio".into()],
        });
        assert_eq!(play_view(&t.game).pending_tests.len(), 3);
        t.attack(vec![attacker("ezio", "sword", &[Blank; 3])], &["agile"]);
        t.run(Command::AssignHits {
            hits: None,
            bonus_hits: 0,
        });
        t.run(Command::SetCondition {
            assassin: "daria".into(),
            condition: Condition::Critical,
        });
        let due = play_view(&t.game).pending_tests;
        assert_eq!(
            due,
            vec![PendingTest {
                assassin: Some("fabio".into()),
                dice: 2
            }]
        );
        assert_eq!(
            t.refused(test(Some("ezio"), 2)).code,
            RuleCode::NotIncognito
        );
    }

    #[test]
    fn detection_test_no_arrival_under_edition_2() {
        let mut t = in_assassin_phase(2, OLDER);
        assert!(!play_view(&t.game).offers.arrival);
        assert_eq!(t.refused(arrival("ezio", 3)).code, RuleCode::SquareCount);
    }

    /// "1 detection test": a test that found no one is not rolled again.
    #[test]
    fn detection_test_one_test_a_missed_one_is_not_rolled_again() {
        let mut t = in_assassin_phase(2, NEWEST);
        t.arrives("ezio", 2);
        t.run(test(Some("ezio"), 2));
        assert!(!t.assassin("ezio").exposed);
        let refusal = t.refused(test(Some("ezio"), 2));
        assert_eq!(refusal.code, RuleCode::TestNotDue);
        assert_eq!(refusal.section, Section::DetectionTest);
        // Bodies are tested only when an entry removed some.
        assert_eq!(t.refused(test(None, 1)).code, RuleCode::TestNotDue);
    }

    #[test]
    fn detection_test_rolled_again_under_edition_2() {
        let mut t = in_assassin_phase(2, OLDER);
        t.run(test(Some("ezio"), 2));
        t.run(test(Some("ezio"), 2));
    }

    /// "After performing all enemy movements, resolve detection tests":
    /// the tests of an earlier square stay due when guards enter another;
    /// Advance waits for them ("before doing anything else").
    #[test]
    fn detection_test_of_an_earlier_square_is_not_dropped() {
        let mut t = table(3, NEWEST);
        t.advance_to(Step::Movement);
        t.run(Command::EnterSquare {
            entrance: None,
            enemies: 1,
            bodies: 3,
            entering: 2,
            incognito: vec!["ezio".into()],
        });
        t.run(Command::EnterSquare {
            entrance: None,
            enemies: 0,
            bodies: 0,
            entering: 1,
            incognito: vec!["daria".into()],
        });
        let due = play_view(&t.game).pending_tests;
        assert_eq!(
            due,
            vec![
                PendingTest {
                    assassin: None,
                    dice: 4
                },
                PendingTest {
                    assassin: Some("ezio".into()),
                    dice: 3
                },
                PendingTest {
                    assassin: Some("daria".into()),
                    dice: 1
                },
            ]
        );
        let refusal = t.refused(Command::Advance);
        assert_eq!(refusal.code, RuleCode::TestsPending);
        assert_eq!(refusal.params["count"], "3");
        t.run(test(Some("daria"), 1));
        t.run(test(None, 4));
        // An assassin exposed by hand has no test due any more.
        t.run(Command::SetExposed {
            assassin: "ezio".into(),
            exposed: true,
        });
        assert!(t.game.pending_tests.is_empty());
        t.advance();
        assert_eq!(t.game.step, Step::Combat);
    }

    #[test]
    fn detection_test_dropped_by_advance_under_edition_2() {
        let mut t = table(2, OLDER);
        t.advance_to(Step::Movement);
        t.run(Command::EnterSquare {
            entrance: None,
            enemies: 1,
            bodies: 0,
            entering: 1,
            incognito: vec!["ezio".into()],
        });
        t.advance();
        assert_eq!(t.game.step, Step::Combat);
        assert!(t.game.pending_tests.is_empty());
    }
}

/// Item 14, "3. WEAPON'S SPECIAL ABILITY": "[special] = 1 [hit] and
/// triggers the weapon's special ability"; "Add the effect of the special
/// ability to the current attack": no [special] rolled, no hits added.
mod special_ability {
    use super::*;

    fn bonus(edition: u32, faces: &[AssassinFace]) -> Result<Vec<Event>, RuleViolation> {
        let mut t = in_assassin_phase(1, edition);
        t.attack(vec![attacker("ezio", "hidden_blade", faces)], &["elite"]);
        t.try_run(Command::AssignHits {
            hits: None,
            bonus_hits: 2,
        })
    }

    #[test]
    fn weapons_special_ability_bonus_hits_need_a_special_rolled() {
        let refusal = bonus(3, &[Hit, Blank]).unwrap_err();
        assert_eq!(refusal.code, RuleCode::BonusWithoutSpecial);
        assert_eq!(refusal.section, Section::SpecialAbility);
        assert!(bonus(3, &[Special, Blank]).is_ok());
        assert!(bonus(OLDER, &[Hit, Blank]).is_ok(), "edition 2 took them");
    }
}

/// Item 15: "ELIMINATED": "before the end of the next game turn"; "A
/// MEMORY IS FAILED AS SOON AS: All assassins have been eliminated": a
/// memory failing as turn 2 ends has played 2 turns.
mod turns_played {
    use super::*;

    fn failed(edition: u32) -> Table {
        let mut t = in_assassin_phase(1, edition);
        t.run(Command::SetCondition {
            assassin: "ezio".into(),
            condition: Condition::Critical,
        });
        t.advance_to(Step::EndOfTurn);
        t.advance();
        t.advance_to(Step::EndOfTurn);
        t.advance();
        assert_eq!(t.game.outcome(), Some(Outcome::Failure));
        t
    }

    #[test]
    fn a_memory_failed_as_turn_2_ends_records_2_turns() {
        for edition in [3, NEWEST] {
            let t = failed(edition);
            assert_eq!(t.game.turn, 2, "edition {edition}");
            assert_eq!(play_view(&t.game).attempt.turns, 2, "edition {edition}");
        }
    }

    #[test]
    fn a_memory_failed_under_edition_2_recorded_one_more() {
        assert_eq!(play_view(&failed(OLDER).game).attempt.turns, 3);
    }
}

/// "4. ASSIGN": "An assassin's attack cannot hit another assassin"
/// (seed 002: "une attaque d'Assassin ne peut jamais toucher un autre
/// Assassin"): an assassin of the memory is no target.
mod no_assassin_hit {
    use super::*;

    #[test]
    fn assign_an_assassins_attack_cannot_hit_another_assassin() {
        let mut t = in_assassin_phase(2, NEWEST);
        let refusal = t.refused(attack_command(
            vec![attacker("ezio", "hidden_blade", &[Hit, Hit])],
            &["daria"],
        ));
        assert_eq!(refusal.code, RuleCode::EnemyIsAssassin);
        assert_eq!(refusal.section, Section::Assign);
        // The hits of an attack reach its enemies only: no assassin is
        // laid down or takes a hit from them.
        t.attack(
            vec![
                attacker("ezio", "hidden_blade", &[Hit, Hit]),
                attacker("daria", "hidden_blade", &[Hit, Special]),
            ],
            &["agile"],
        );
        t.run(Command::AssignHits {
            hits: None,
            bonus_hits: 3,
        });
        for a in &t.game.assassins {
            assert_eq!((a.hits_taken, a.condition), (0, Condition::OnMap));
        }
    }
}

/// A memory recorded under edition 2 moves to Bagless's edition (3 or
/// later, which keeps edition 3's readings) at the start of its next game
/// turn, with its history saying so.
#[test]
fn an_edition_2_memory_moves_to_the_current_edition_at_the_start_of_a_turn() {
    let mut t = in_assassin_phase(2, OLDER);
    assert_eq!(bagless_game::Rules::edition_step(&t.game), None);
    t.advance_to(Step::EndOfTurn);
    t.advance();
    let step = bagless_game::Rules::edition_step(&t.game).expect("due");
    let to = <Game as bagless_game::Rules>::EDITION;
    assert!(to >= 3);
    assert_eq!(step, vec![Event::EditionChanged { from: 2, to }]);
    t.push(&step);
    assert!(t.game.follows_edition_3());
    t.advance();
    t.run(Command::SetCondition {
        assassin: "ezio".into(),
        condition: Condition::LeftMap,
    });
    t.run(Command::SetAlert { on: true });
    assert_eq!(
        t.refused(Command::SetCondition {
            assassin: "ezio".into(),
            condition: Condition::OnMap,
        })
        .code,
        RuleCode::LeftForGood
    );
}

/// A memory played under edition 3 (an arrival and its test, guards
/// entering beside bodies, a return chosen on leaving, a failure as a
/// turn ends) is believed when its file is decided again; a second test
/// slipped in for the same arrival ("1 detection test") is refused.
#[test]
fn an_edition_3_memory_is_decided_again() {
    use bagless_game::{decide_log_again, Envelope};
    let mut t = in_assassin_phase(2, NEWEST);
    t.arrives("ezio", 2);
    t.run(test(Some("ezio"), 2));
    t.run(Command::SetCondition {
        assassin: "daria".into(),
        condition: Condition::LeftMap,
    });
    t.run(Command::SetCondition {
        assassin: "daria".into(),
        condition: Condition::OnMap,
    });
    t.advance_to(Step::Movement);
    t.run(Command::EnterSquare {
        entrance: None,
        enemies: 0,
        bodies: 2,
        entering: 3,
        incognito: vec!["daria".into()],
    });
    t.run(test(None, 3));
    t.run(test(Some("daria"), 3));
    for id in ["ezio", "daria"] {
        t.run(Command::SetCondition {
            assassin: id.into(),
            condition: Condition::Critical,
        });
    }
    t.advance_to(Step::EndOfTurn);
    t.advance();
    t.advance_to(Step::EndOfTurn);
    t.advance();
    assert_eq!(t.game.outcome(), Some(Outcome::Failure));
    let game = decide_log_again::<Game>(&t.log).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game, t.game);

    let at = t
        .log
        .iter()
        .position(|e| matches!(e.event, Event::DetectionRolled { .. }))
        .unwrap();
    let mut tampered: Vec<Envelope<Event>> = t.log[..=at].to_vec();
    let mut again = t.log[at].clone();
    again.seq += 1;
    tampered.push(again);
    let refused = decide_log_again::<Game>(&tampered).expect_err("a second test believed");
    assert_eq!(refused.seq, tampered[at + 1].seq);
}
