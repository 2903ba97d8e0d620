//! **2. ATTAQUEZ**: CHOISISSEZ UN TERRITOIRE, DÉPLACEZ-VOUS, LANCEZ LES DÉS,
//! COMBAT, ATAQUES SUPPLÉMENTAIRES; COMMENT GAGNER ? when the last
//! territory falls. Under edition 1 of the rules (each roll's dice topped
//! up from the territory, a move-in after a conquest), kept for the games
//! recorded under it; edition 2's battle is `battle_rules.rs`.

use crate::support;

use bagless_risk::*;
use support::*;

/// Three players (red: Alaska, Alberta...; grey: Northwest Territory...;
/// black: Kamchatka, Greenland...), red in the attack phase with 6 in Alaska.
fn attacking() -> Table {
    let mut table = three_players_edition_1();
    table.place_all();
    assert_eq!(table.game.assassins(Territory::Alaska), 6);
    table
}

fn attack(from: Territory, to: Territory, attackers: u8, dice: &[u8], defence: &[u8]) -> Command {
    Command::Attack {
        from,
        to,
        attackers,
        dice: Some(dice.to_vec()),
        defence_dice: Some(defence.to_vec()),
    }
}

fn set(table: &mut Table, territory: Territory, owner: Colour, assassins: u32) {
    if table.game.owner(territory) != Some(owner) || table.game.assassins(territory) != assassins {
        table.ok(Command::Adjust {
            territory,
            owner: Some(owner),
            assassins,
            reason: "set-up for the test".into(),
        });
    }
}

#[test]
fn combat_exemple_de_combat_6_beats_4_and_3_beats_2_the_territory_is_taken() {
    let mut table = attacking();
    set(&mut table, Territory::NorthwestTerritory, Colour::Grey, 2);
    let events = table.ok(attack(
        Territory::Alaska,
        Territory::NorthwestTerritory,
        3,
        &[3, 1, 6],
        &[2, 4],
    ));
    assert_eq!(
        events[0],
        Event::DiceRolled {
            player: Colour::Red,
            defender: Colour::Grey,
            from: Territory::Alaska,
            to: Territory::NorthwestTerritory,
            attack: vec![6, 3, 1],
            defence: vec![4, 2],
            attacker_losses: 0,
            defender_losses: 2,
            by_bagless: false,
        }
    );
    // DÉPLACEZ-VOUS: the 3 attackers crossed the line; 1 stayed on guard... and 2 more.
    assert_eq!(
        events[1],
        Event::TerritoryConquered {
            player: Colour::Red,
            from: Territory::Alaska,
            territory: Territory::NorthwestTerritory,
            previous_owner: Colour::Grey,
            moved_in: 3,
        }
    );
    assert_eq!(
        table.game.owner(Territory::NorthwestTerritory),
        Some(Colour::Red)
    );
    assert_eq!(table.game.assassins(Territory::NorthwestTerritory), 3);
    assert_eq!(table.game.assassins(Territory::Alaska), 3);
    assert!(table.game.turn.as_ref().unwrap().conquered);
}

#[test]
fn combat_ties_go_to_the_defender() {
    let mut table = attacking();
    set(&mut table, Territory::Kamchatka, Colour::Black, 3);
    let events = table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[5, 5, 1],
        &[5, 4],
    ));
    assert!(matches!(
        events[0],
        Event::DiceRolled {
            attacker_losses: 1,
            defender_losses: 1,
            ..
        }
    ));
    assert_eq!(table.game.assassins(Territory::Alaska), 5);
    assert_eq!(table.game.assassins(Territory::Kamchatka), 2);
}

#[test]
fn lancez_les_des_up_to_3_attacking_dice_leaving_one_on_guard_up_to_2_defending() {
    let mut table = attacking();
    // Kamchatka holds 1 (its card has 1 Blason): the defender rolls 1 die.
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[6, 6, 6],
        &[1, 1],
    ));
    assert_eq!(r.code, RuleCode::DiceCount);
    assert_eq!(r.section, Section::RollTheDice);
    assert_eq!(
        (r.params["side"].as_str(), r.params["expected"].as_str()),
        ("defence", "1")
    );
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[6, 6],
        &[1],
    ));
    assert_eq!(r.code, RuleCode::DiceCount);
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        4,
        &[6, 6, 6, 6],
        &[1],
    ));
    assert_eq!(
        (r.code, r.params["max"].as_str()),
        (RuleCode::AttackDiceCount, "3")
    );
    assert_eq!(r.section, Section::MoveAcross);
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        1,
        &[7],
        &[1],
    ));
    assert_eq!(r.code, RuleCode::DieFace);
    // "si vous avez 3 Assassins sur un territoire, vous ne pourrez attaquer qu'avec 2".
    set(&mut table, Territory::Alaska, Colour::Red, 3);
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[6, 6, 6],
        &[1],
    ));
    assert_eq!(
        (r.code, r.params["max"].as_str()),
        (RuleCode::AttackDiceCount, "2")
    );
    // Alberta holds 1: it cannot attack.
    let r = table.refused(attack(
        Territory::Alberta,
        Territory::NorthwestTerritory,
        1,
        &[6],
        &[1],
    ));
    assert_eq!(r.code, RuleCode::AttackNeedsTwo);
}

#[test]
fn choisissez_un_territoire_an_enemy_joined_by_a_border_or_a_fast_travel_route() {
    let mut table = attacking();
    let r = table.refused(attack(Territory::Alaska, Territory::Alberta, 1, &[6], &[1]));
    assert_eq!(r.code, RuleCode::AttackOwnTerritory);
    assert_eq!(r.section, Section::ChooseATerritory);
    let r = table.refused(attack(
        Territory::NorthwestTerritory,
        Territory::Alaska,
        1,
        &[6],
        &[1],
    ));
    assert_eq!(r.code, RuleCode::AttackFromNotYours);
    // Greenland (black) is not next to Alaska on the map: is there a route?
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::Greenland,
        1,
        &[6],
        &[1],
    ));
    assert_eq!(r.code, RuleCode::ValueNeeded);
    assert_eq!(r.params["key"], "fast_travel.alaska.greenland");
    table.ok(Command::SetBoxValue {
        value: BoxValue::FastTravel {
            from: Territory::Greenland,
            to: Territory::Alaska,
            route: false,
        },
    });
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::Greenland,
        1,
        &[6],
        &[1],
    ));
    assert_eq!(r.code, RuleCode::NotConnected);
    table.ok(Command::SetBoxValue {
        value: BoxValue::FastTravel {
            from: Territory::Alaska,
            to: Territory::Greenland,
            route: true,
        },
    });
    table.ok(attack(
        Territory::Alaska,
        Territory::Greenland,
        1,
        &[6],
        &[1],
    ));
    assert_eq!(table.game.owner(Territory::Greenland), Some(Colour::Red));
    // A route along a border is the pack's already.
    let r = table.refused(Command::SetBoxValue {
        value: BoxValue::FastTravel {
            from: Territory::Alaska,
            to: Territory::Kamchatka,
            route: true,
        },
    });
    assert_eq!(r.code, RuleCode::ValueInPack);
}

#[test]
fn lancez_les_des_rolled_by_bagless_are_recorded_and_never_rolled_again() {
    let mut table = attacking();
    set(&mut table, Territory::Kamchatka, Colour::Black, 4);
    let events = table.ok(Command::Attack {
        from: Territory::Alaska,
        to: Territory::Kamchatka,
        attackers: 3,
        dice: None,
        defence_dice: None,
    });
    let Event::DiceRolled {
        attack,
        defence,
        attacker_losses,
        defender_losses,
        by_bagless,
        ..
    } = &events[0]
    else {
        panic!("{events:?}")
    };
    assert!(by_bagless);
    assert_eq!((attack.len(), defence.len()), (3, 2));
    assert!(attack.iter().chain(defence).all(|f| (1..=6).contains(f)));
    assert!(attack.windows(2).all(|w| w[0] >= w[1]));
    assert_eq!(attacker_losses + defender_losses, 2);
    assert_eq!(replay(&table.log), table.game);
    // One side entered, the other rolled.
    table.ok(Command::Attack {
        from: Territory::Alaska,
        to: Territory::Kamchatka,
        attackers: 1,
        dice: Some(vec![2]),
        defence_dice: None,
    });
    // Without a seed, Bagless cannot roll.
    let r = decide(
        &table.game,
        &Command::Attack {
            from: Territory::Alaska,
            to: Territory::Kamchatka,
            attackers: 1,
            dice: None,
            defence_dice: None,
        },
        &no_seed(),
    )
    .unwrap_err();
    assert_eq!(r.code, RuleCode::RandomNeeded);
}

#[test]
fn combat_after_a_conquest_more_assassins_may_follow_in() {
    let mut table = attacking();
    let r = table.refused(Command::MoveIn { count: 1 });
    assert_eq!(r.code, RuleCode::MoveInNothingConquered);
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        2,
        &[6, 1],
        &[3],
    ));
    assert_eq!(table.game.assassins(Territory::Kamchatka), 2);
    let r = table.refused(Command::MoveIn { count: 4 });
    assert_eq!(
        (r.code, r.params["max"].as_str()),
        (RuleCode::MoveInTooMany, "3")
    );
    table.ok(Command::MoveIn { count: 3 });
    assert_eq!(table.game.assassins(Territory::Kamchatka), 5);
    assert_eq!(table.game.assassins(Territory::Alaska), 1);
    let r = table.refused(Command::MoveIn { count: 1 });
    assert_eq!(r.code, RuleCode::MoveInNothingConquered);
}

/// Edition 1: more follow only into a territory just conquered that is
/// still the player's, from one still the player's (a correction between
/// gives either away: nothing follows). Found by cargo-mutants (issue 55).
#[test]
fn combat_no_move_in_once_a_correction_gives_the_conquest_away() {
    let mut table = attacking();
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        2,
        &[6, 1],
        &[3],
    ));
    table.ok(Command::Adjust {
        territory: Territory::Kamchatka,
        owner: Some(Colour::Black),
        assassins: 2,
        reason: "it was black's".into(),
    });
    let r = table.refused(Command::MoveIn { count: 1 });
    assert_eq!(r.code, RuleCode::MoveInNothingConquered);
}

#[test]
fn ataques_supplementaires_beaten_the_player_launches_no_more_attacks() {
    let mut table = attacking();
    set(&mut table, Territory::WesternUnitedStates, Colour::Red, 5);
    set(&mut table, Territory::Alaska, Colour::Red, 2);
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        1,
        &[1],
        &[6],
    ));
    assert_eq!(table.game.assassins(Territory::Alaska), 1);
    assert!(table.game.turn.as_ref().unwrap().attacks_over);
    let r = table.refused(attack(
        Territory::WesternUnitedStates,
        Territory::Ontario,
        3,
        &[6, 6, 6],
        &[1],
    ));
    assert_eq!(r.code, RuleCode::AttacksOver);
    assert_eq!(r.section, Section::AdditionalAttacks);
    // Retreating is not being beaten: the manoeuvre and the end still come.
    table.ok(Command::EndAttacks);
    assert_eq!(table.game.phase, Phase::Manoeuvre);
}

/// MISE EN PLACE 2: "Jouez dans le sens des aiguilles d'une montre" —
/// a brotherhood with no territory left has no more turns.
#[test]
fn a_brotherhood_that_loses_its_last_territory_is_out_of_the_order_of_play() {
    let mut table = attacking();
    let black: Vec<Territory> = Territory::all()
        .filter(|t| table.game.owner(*t) == Some(Colour::Black) && *t != Territory::Kamchatka)
        .collect();
    for t in black {
        set(&mut table, t, Colour::Grey, 1);
    }
    let events = table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        1,
        &[6],
        &[1],
    ));
    assert!(events.contains(&Event::BrotherhoodEliminated {
        colour: Colour::Black,
        by: Colour::Red
    }));
    // The map shows black eliminated, and only black (found by
    // cargo-mutants).
    let eliminated: Vec<Colour> = map_view(&table.game)
        .players
        .iter()
        .filter(|p| p.eliminated)
        .map(|p| p.colour)
        .collect();
    assert_eq!(eliminated, [Colour::Black]);
    table.ok(Command::EndTurn {
        card: None,
        sigma: false,
        decline: false,
    });
    assert_eq!(table.current(), Colour::Grey);
    table.place_all();
    table.ok(Command::EndTurn {
        card: None,
        sigma: false,
        decline: false,
    });
    assert_eq!(table.current(), Colour::Red);
}

#[test]
fn comment_gagner_holding_all_42_territories_wins_at_once() {
    let mut table = attacking();
    let others: Vec<Territory> = Territory::all()
        .filter(|t| table.game.owner(*t) != Some(Colour::Red) && *t != Territory::Kamchatka)
        .collect();
    for t in others {
        set(&mut table, t, Colour::Red, 1);
    }
    let events = table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        1,
        &[6],
        &[1],
    ));
    assert_eq!(
        events.last(),
        Some(&Event::GameOver {
            ending: Ending::AllTerritories,
            winners: vec![Colour::Red],
            counts: vec![
                Count {
                    colour: Colour::Red,
                    territories: 42
                },
                Count {
                    colour: Colour::Grey,
                    territories: 0
                },
                Count {
                    colour: Colour::Black,
                    territories: 0
                },
            ],
        })
    );
    assert_eq!(table.game.phase, Phase::Over);
    let r = table.refused(Command::EndAttacks);
    assert_eq!(r.code, RuleCode::GameOver);
    assert_eq!(r.section, Section::HowToWin);
}
