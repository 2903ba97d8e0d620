//! **2. ATTAQUEZ** under edition 2, the sentences edition 1's tests kept
//! before (CHOISISSEZ UN TERRITOIRE, LANCEZ LES DÉS, COMBAT, COMMENT
//! GAGNER): each kept again under edition 2, quoting the seed.

use crate::support;

use bagless_risk::*;
use support::battle::*;

/// Edition 2, CHOISISSEZ UN TERRITOIRE: "Choisissez un territoire que vous
/// contrôlez et attaquez un ennemi avec lequel vous partagez soit une
/// frontière, soit une voie de déplacement rapide." "Vous ne pouvez pas
/// attaquer un territoire qui n'est pas connecté au(x) vôtre(s)."
/// LES TERRITOIRES: "les Confréries d'Assassins attaquent les factions
/// ennemies à travers ces lignes de territoire."
#[test]
fn choisissez_un_territoire_an_enemy_joined_by_a_border_or_a_route_edition_2() {
    let mut table = attacking();
    let r = table.refused(attack(Territory::Alaska, Territory::Alberta, 1, &[6], &[1]));
    assert_eq!(
        (r.code, r.section),
        (RuleCode::AttackOwnTerritory, Section::ChooseATerritory)
    );
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::Greenland,
        1,
        &[6],
        &[1],
    ));
    assert_eq!(r.code, RuleCode::ValueNeeded);
    table.ok(Command::SetBoxValue {
        value: BoxValue::FastTravel {
            from: Territory::Alaska,
            to: Territory::Greenland,
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
    set(&mut table, Territory::Greenland, Colour::Black, 1);
    table.ok(attack(
        Territory::Alaska,
        Territory::Greenland,
        1,
        &[6],
        &[1],
    ));
    assert_eq!(table.game.owner(Territory::Greenland), Some(Colour::Red));
}

/// Edition 2, LANCEZ LES DÉS: "Par exemple, si vous avez 3 Assassins sur un
/// territoire, vous ne pourrez attaquer qu'avec 2 d'entre eux." "La
/// Confrérie défensive lance un dé rouge pour chaque Assassin, dans la
/// limite de 2 dés."
#[test]
fn lancez_les_des_two_of_three_cross_and_the_defender_rolls_at_most_2_edition_2() {
    let mut table = attacking();
    set(&mut table, Territory::Alaska, Colour::Red, 3);
    set(&mut table, Territory::Kamchatka, Colour::Black, 1);
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
    // One defender: one die.
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        2,
        &[6, 6],
        &[1, 1],
    ));
    assert_eq!(
        (
            r.code,
            r.params["side"].as_str(),
            r.params["expected"].as_str()
        ),
        (RuleCode::DiceCount, "defence", "1")
    );
    // Five defenders: two dice, no more.
    set(&mut table, Territory::Kamchatka, Colour::Black, 5);
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        2,
        &[6, 6],
        &[1, 1, 1],
    ));
    assert_eq!(
        (r.code, r.params["expected"].as_str()),
        (RuleCode::DiceCount, "2")
    );
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        2,
        &[6, 6],
        &[1, 1],
    ));
    assert_eq!(table.game.assassins(Territory::Kamchatka), 3);
}

/// Edition 2, COMBAT: "Si les dés d'attaque sont supérieurs aux dés de
/// défense, retirez 1 Assassin de la défense du plateau." "Si les dés de
/// défense sont meilleurs ou équivalents, l'1 des Assassins attaquants est
/// retiré du plateau." EXEMPLE DE COMBAT: "Le dé noir qui affiche 6 bat le 4
/// du dé rouge, la Confrérie grise perd ainsi 1 Assassin. Le 3 du dé noir
/// bat le 2 du dé rouge, la Confrérie grise perd de nouveau un Assassin et
/// la Confrérie rouge prend le contrôle du territoire."
#[test]
fn combat_the_example_higher_wins_ties_to_the_defender_edition_2() {
    // Edition 2: the territory retreated from is attacked again at once
    // (edition 3 refuses it: `third_reading.rs`).
    let mut table = attacking_under(Some(2));
    set(&mut table, Territory::NorthwestTerritory, Colour::Grey, 2);
    // A tie: the attacker loses one of its force.
    let events = table.ok(attack(
        Territory::Alaska,
        Territory::NorthwestTerritory,
        3,
        &[4, 1, 1],
        &[4, 1],
    ));
    assert!(matches!(
        events[0],
        Event::DiceRolled {
            attacker_losses: 2,
            defender_losses: 0,
            ..
        }
    ));
    assert_eq!(battle(&table).map(|b| b.force), Some(1));
    table.ok(Command::Retreat);
    // The example: 6, 3, 1 against 4, 2.
    let events = table.ok(attack(
        Territory::Alaska,
        Territory::NorthwestTerritory,
        3,
        &[6, 3, 1],
        &[4, 2],
    ));
    assert!(matches!(
        events[0],
        Event::DiceRolled {
            attacker_losses: 0,
            defender_losses: 2,
            ..
        }
    ));
    assert_eq!(
        table.game.owner(Territory::NorthwestTerritory),
        Some(Colour::Red)
    );
}

/// Edition 2, COMMENT GAGNER ?: "Si un joueur possède l'intégralité des
/// territoires de la carte, il gagne immédiatement la partie !" (and
/// "Quel que soit le résultat, vous serez le gagnant de la partie.")
#[test]
fn comment_gagner_holding_all_42_territories_wins_at_once_edition_2() {
    let mut table = attacking();
    let others: Vec<Territory> = Territory::all()
        .filter(|t| table.game.owner(*t) != Some(Colour::Red) && *t != Territory::Kamchatka)
        .collect();
    for t in others {
        set(&mut table, t, Colour::Red, 1);
    }
    set(&mut table, Territory::Kamchatka, Colour::Black, 1);
    let events = table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        1,
        &[6],
        &[1],
    ));
    assert!(matches!(
        events.last(),
        Some(Event::GameOver {
            ending: Ending::AllTerritories,
            winners,
            ..
        }) if winners == &vec![Colour::Red]
    ));
    assert_eq!(table.game.phase, Phase::Over);
}
