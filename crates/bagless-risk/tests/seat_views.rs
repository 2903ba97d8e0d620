//! A seat's own screen (issue 32; MISE EN PLACE 6: "Regardez-les, mais ne
//! les dévoilez pas aux autres joueurs"): for any game, after every step,
//! a brotherhood's view lists its own memory fragments only, never
//! another's; the shared map lists none still held; a fragment shown as
//! claimable is one the rules accept claiming (ACCOMPLIR DES MISSIONS).

use crate::support;

use bagless_risk::rules::seats::{seat_command, SeatAction};
use bagless_risk::views::seat::{seat_view, seats};
use bagless_risk::*;
use proptest::prelude::*;
use support::random::*;

/// The fragments `colour` holds and has not claimed: its secret.
fn secret(game: &Game, colour: Colour) -> Vec<u8> {
    game.player(colour)
        .map(|p| {
            p.fragments
                .iter()
                .copied()
                .filter(|f| !p.fragments_used.contains(f))
                .collect()
        })
        .unwrap_or_default()
}

fn check_seats(table: &support::Table) -> Result<(), TestCaseError> {
    let game = &table.game;
    for (colour, name) in seats(game) {
        let view = seat_view(game, colour).expect("a seat's view");
        prop_assert_eq!(&view.name, &name);
        let shown: Vec<u8> = view.fragments.iter().map(|f| f.fragment.id).collect();
        prop_assert_eq!(&shown, &secret(game, colour));
        for (other, _) in seats(game).into_iter().filter(|(c, _)| *c != colour) {
            for id in secret(game, other) {
                prop_assert!(
                    !view.claimed.iter().any(|f| f.id == id) && !shown.contains(&id),
                    "{:?} sees {:?}'s fragment {}",
                    colour,
                    other,
                    id
                );
                // Nor through a refusal's words.
                for f in &view.fragments {
                    let named = f.not_yet.as_ref().and_then(|r| r.params.get("fragment"));
                    prop_assert!(named != Some(&id.to_string()) || shown.contains(&id));
                }
            }
        }
        // The territories named are those of the seat's own missions.
        let own: Vec<Territory> = game
            .player(colour)
            .map(|p| {
                p.fragments
                    .iter()
                    .filter_map(|f| game.box_values.mission(*f))
                    .flat_map(|m| m.territories)
                    .collect()
            })
            .unwrap_or_default();
        // The territories named are those of the seat's own missions, and
        // on its turn those a card turned over may take from (its own).
        let offered: Vec<Territory> = view
            .aptitude
            .iter()
            .flat_map(|a| a.losses.iter().map(|l| l.territory))
            .collect();
        prop_assert!(offered.iter().all(|t| game.owner(*t) == Some(colour)));
        prop_assert!(view
            .territories
            .iter()
            .all(|t| own.contains(&t.id) || offered.contains(&t.id)));
        // Its reinforcements are shown on its own turn only.
        prop_assert!(view.reinforcements.is_empty() || view.on_turn);
        // Their total is the host's (the map's), on the seat's own turn
        // only: nothing off it.
        if view.reinforcements.is_empty() {
            prop_assert!(view.on_turn || view.reinforcement_total == 0);
        } else {
            prop_assert_eq!(
                view.reinforcement_total,
                bagless_risk::views::map::map_view(game).reinforcement_total
            );
        }
        for fragment in view.fragments.iter().filter(|f| f.claimable) {
            let claim = Command::ClaimFragment {
                fragment: fragment.fragment.id,
            };
            prop_assert!(decide(game, &claim, &support::ctx(1)).is_ok());
            prop_assert!(fragment.met && fragment.not_yet.is_none());
        }
        // A claim from the seat's phone is the brotherhood's own, on its
        // turn only; a claimable fragment is claimed from the phone too.
        for fragment in &view.fragments {
            let action = SeatAction::ClaimFragment {
                fragment: fragment.fragment.id,
            };
            match seat_command(game, colour, &action) {
                Ok(command) => {
                    prop_assert_eq!(game.current(), Some(colour));
                    prop_assert_eq!(
                        decide(game, &command, &support::ctx(1)).is_ok(),
                        fragment.claimable
                    );
                }
                Err(refusal) => {
                    prop_assert_ne!(game.current(), Some(colour));
                    prop_assert_eq!(refusal.code, RuleCode::SeatNotOnTurn);
                    prop_assert!(!fragment.claimable);
                }
            }
        }
        // CARTES APTITUDE from the phone: on the seat's turn only, and
        // accepted exactly when the view offers the form.
        let reveal = SeatAction::RevealAptitude {
            gain: 1,
            losses: Vec::new(),
            reason: "+1".into(),
        };
        match seat_command(game, colour, &reveal) {
            Ok(command) => {
                prop_assert_eq!(game.current(), Some(colour));
                prop_assert_eq!(
                    decide(game, &command, &support::ctx(1)).is_ok(),
                    view.aptitude.is_some()
                );
            }
            Err(refusal) => {
                prop_assert_ne!(game.current(), Some(colour));
                prop_assert_eq!(refusal.code, RuleCode::SeatNotOnTurn);
                prop_assert_eq!(refusal.section, Section::AptitudeCards);
                prop_assert!(view.aptitude.is_none());
            }
        }
    }
    // The shared screen counts the fragments still held, never lists them.
    for player in map_view(game).players {
        prop_assert!(player.fragments_claimed.iter().all(|f| f.used));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn a_seat_sees_its_own_fragments_and_never_another_brotherhoods(
        players in 2usize..=5,
        deal_seed in any::<u64>(),
        steps in steps(),
    ) {
        let mut table = dealt(players, deal_seed, true);
        check_seats(&table)?;
        for step in steps {
            match step {
                Step::Command(kind, n) => {
                    let command = command(&table.game, kind, n);
                    let _ = table.run(command);
                }
                step => {
                    table.step_back_or_forth(&step);
                }
            }
            check_seats(&table)?;
        }
    }
}

#[test]
fn a_colour_no_player_leads_has_no_seat() {
    for players in [2, 3] {
        let table = dealt(players, 7, true);
        for neutral in &table.game.neutrals {
            assert!(seat_view(&table.game, *neutral).is_none());
        }
        assert_eq!(seats(&table.game).len(), players);
    }
}

/// ACCOMPLIR DES MISSIONS: "si vous … vous emparez de la Grande-Bretagne
/// pendant 3 tours, vous obtiendrez 8 Assassins en plus au début du
/// prochain tour". Off its turn, a seat's mission is counted as its next
/// placement phase will count it: met once its 3rd turn has ended, before
/// that turn's end not; and claimed at the start of the next turn.
#[test]
fn off_its_turn_a_seat_sees_a_mission_met_as_of_its_next_turn() {
    use Territory::*;
    let mut table = support::fragments_dealt(support::deal(&[GreatBritain], &[]), None);
    let fragment_1 = |table: &support::Table| {
        let view = seat_view(&table.game, Colour::Red).expect("red's seat");
        let shown = view
            .fragments
            .into_iter()
            .find(|f| f.fragment.id == 1)
            .expect("fragment 1");
        (view.on_turn, shown.met, shown.claimable)
    };
    let mut red_turns_ended = 0;
    while red_turns_ended < 3 {
        if table.current() == Colour::Red {
            // On its turn, its ends so far: 0, 1 and 2, not met.
            assert_eq!(fragment_1(&table), (true, false, false));
            red_turns_ended += 1;
        }
        table.place_all();
        table.ok(Command::EndTurn {
            card: None,
            sigma: false,
            decline: false,
        });
        if table.current() == Colour::Grey {
            // As of its next turn: met once 3 of its turns have ended.
            assert_eq!(fragment_1(&table), (false, red_turns_ended == 3, false));
        }
    }
    while table.current() != Colour::Red {
        assert_eq!(fragment_1(&table), (false, true, false));
        table.place_all();
        table.ok(Command::EndTurn {
            card: None,
            sigma: false,
            decline: false,
        });
    }
    assert_eq!(fragment_1(&table), (true, true, true));
    // "au début du prochain tour": once its placement is over, the mission
    // is still met, but no longer claimed this turn.
    let mut later = support::Table {
        log: table.log.clone(),
        game: table.game.clone(),
        seed: table.seed,
    };
    later.place_all();
    assert_eq!(fragment_1(&later), (true, true, false));
    table.ok(Command::ClaimFragment { fragment: 1 });
}

/// **1. PLACEZ VOS ASSASSINS**: "Vous obtenez systématiquement 3 Assassins à
/// chaque tour"; CONTRÔLER DES TERRITOIRES: "Vous aurez 1 bonus d'Assassin
/// pour 12 à 14 territoires en votre possession". On its own turn a seat
/// sees the turn's reinforcements, line by line and added up as the map
/// adds them (14 territories: 3 and 1); the others' seats see none. Found
/// by cargo-mutants.
#[test]
fn on_its_own_turn_a_seat_sees_its_reinforcements() {
    let mut table = support::three_players();
    for _ in 0..2 {
        let player = table.current();
        let turn = table.game.turn.clone().expect("a turn");
        for (colour, _) in seats(&table.game) {
            let view = seat_view(&table.game, colour).expect("a seat's view");
            if colour == player {
                assert!(view.on_turn);
                assert_eq!(view.reinforcements, turn.reinforcements);
                assert_eq!(view.reinforcement_total, 4);
                assert_eq!(
                    view.reinforcement_total,
                    bagless_risk::views::map::map_view(&table.game).reinforcement_total
                );
            } else {
                assert!(!view.on_turn);
                assert!(view.reinforcements.is_empty());
                assert_eq!(view.reinforcement_total, 0);
            }
        }
        table.place_all();
        table.ok(Command::EndTurn {
            card: None,
            sigma: false,
            decline: false,
        });
    }
}
