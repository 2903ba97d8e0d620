//! **2. ATTAQUEZ** under edition 2 of the rules: the battle as seed 004
//! writes it (DÉPLACEZ-VOUS, LANCEZ LES DÉS, COMBAT, ATAQUES
//! SUPPLÉMENTAIRES, ■ CARTES APTITUDE), and how a game recorded under
//! edition 1 moves to it. Each test quotes the seed under its heading.

use crate::support;

use bagless_game::Rules;
use bagless_risk::*;
use support::battle::*;
use support::*;

/// DÉPLACEZ-VOUS: "Vous pouvez envoyer jusqu'à 3 Assassins par attaque et
/// vous devez laisser au moins 1 Assassin qui monte la garde". LANCEZ LES
/// DÉS: "Si vous perdez 1 Assassin et que vous poursuivez l'attaque avec 2,
/// vous n'utiliserez que 2 dés."
#[test]
fn lancez_les_des_a_force_of_3_that_loses_1_goes_on_with_2_dice() {
    let mut table = attacking();
    set(&mut table, Territory::Kamchatka, Colour::Black, 5);
    // At most 3 cross the line, however many stand in Alaska.
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        4,
        &[6, 6, 6, 6],
        &[1, 1],
    ));
    assert_eq!(
        (r.code, r.params["max"].as_str()),
        (RuleCode::AttackDiceCount, "3")
    );
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[6, 2, 1],
        &[5, 3],
    ));
    assert_eq!(table.game.assassins(Territory::Alaska), 9);
    assert_eq!(table.game.assassins(Territory::Kamchatka), 4);
    assert_eq!(
        battle(&table).map(|b| (b.from, b.to, b.force)),
        Some((Territory::Alaska, Territory::Kamchatka, 2))
    );
    // The 7 left in Alaska do not top the force back up to 3.
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[6, 6, 6],
        &[1, 1],
    ));
    assert_eq!(
        (r.code, r.params["force"].as_str()),
        (RuleCode::ForceDice, "2")
    );
    assert_eq!(r.section, Section::RollTheDice);
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        2,
        &[6, 6, 6],
        &[1, 1],
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
    assert_eq!(table.game.assassins(Territory::Kamchatka), 2);
    assert_eq!(battle(&table).map(|b| b.force), Some(2));
    // The view tells the form: the force's 2 dice, the defender's 2.
    let view = map_view(&table.game).attack.expect("the attack phase");
    assert_eq!(view.edition, 3);
    assert_eq!(
        view.forces,
        vec![TerritoryCount {
            territory: Territory::Alaska,
            count: 2
        }]
    );
    assert!(view.can_attack && view.can_retreat);
    let kamchatka = view
        .defence_dice
        .iter()
        .find(|c| c.territory == Territory::Kamchatka)
        .map(|c| c.count);
    assert_eq!(kamchatka, Some(2));
}

/// COMBAT: "Si tous les Assassins en défense sont éliminés, la Confrérie
/// attaquante prend le contrôle du territoire" — the force that crossed the
/// line holds it; the turn's one move is 3. MANŒUVREZ VOTRE CONFRÉRIE.
#[test]
fn combat_the_force_still_standing_holds_the_territory_and_no_more_follow() {
    let mut table = attacking();
    set(&mut table, Territory::Kamchatka, Colour::Black, 2);
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[6, 1, 1],
        &[5, 2],
    ));
    let events = table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        2,
        &[6, 6],
        &[1],
    ));
    assert!(events.contains(&Event::TerritoryConquered {
        player: Colour::Red,
        from: Territory::Alaska,
        territory: Territory::Kamchatka,
        previous_owner: Colour::Black,
        moved_in: 2,
    }));
    assert_eq!(table.game.owner(Territory::Kamchatka), Some(Colour::Red));
    assert_eq!(table.game.assassins(Territory::Kamchatka), 2);
    assert_eq!(table.game.assassins(Territory::Alaska), 7);
    assert_eq!(battle(&table), None);
    let r = table.refused(Command::MoveIn { count: 3 });
    assert_eq!(r.code, RuleCode::NoMoveIn);
    let view = map_view(&table.game);
    assert_eq!(view.move_in, None);
    assert!(!view.attack.expect("attack phase").can_move_in);
}

/// DÉPLACEZ-VOUS: "la bataille dure jusqu'à la conquête dudit territoire ou
/// jusqu'au retrait de l'attaquant"; CHOISISSEZ UN TERRITOIRE: "Vous ne
/// pouvez attaquer qu'un seul territoire à la fois et à partir d'un unique
/// territoire à la fois."; "Vous pouvez attaquer autant de fois que vous le
/// souhaitez." Under editions 2 and 3; under edition 2, as recorded games
/// were decided, the territory retreated from may be attacked again after
/// another attack (edition 3 refuses it: `third_reading.rs`).
#[test]
fn deplacez_vous_one_attack_at_a_time_until_the_attacker_retreats() {
    for edition in [Some(2), None] {
        one_attack_at_a_time_until_the_attacker_retreats(edition);
    }
}

/// [`deplacez_vous_one_attack_at_a_time_until_the_attacker_retreats`] under
/// `edition` (None: the latest, 3).
fn one_attack_at_a_time_until_the_attacker_retreats(edition: Option<u32>) {
    let mut table = attacking_under(edition);
    set(&mut table, Territory::Kamchatka, Colour::Black, 5);
    set(&mut table, Territory::NorthwestTerritory, Colour::Grey, 1);
    set(&mut table, Territory::Alberta, Colour::Black, 1);
    // A second territory of the attacker's next to the one attacked.
    set(&mut table, Territory::Yakutsk, Colour::Red, 4);
    let r = table.refused(Command::Retreat);
    assert_eq!(r.code, RuleCode::NoBattle);
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[2, 2, 1],
        &[5, 1],
    ));
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::NorthwestTerritory,
        1,
        &[6],
        &[1],
    ));
    assert_eq!(r.code, RuleCode::BattleUnderWay);
    assert_eq!(r.section, Section::ChooseATerritory);
    // "… et à partir d'un unique territoire à la fois": the same territory
    // attacked from a second one is refused too.
    let r = table.refused(attack(
        Territory::Yakutsk,
        Territory::Kamchatka,
        3,
        &[6, 6, 6],
        &[1, 1],
    ));
    assert_eq!(r.code, RuleCode::BattleUnderWay);
    assert_eq!(r.section, Section::ChooseATerritory);
    // The force still standing comes back: the territory keeps what it has.
    let events = table.ok(Command::Retreat);
    assert_eq!(
        events,
        vec![Event::Retreated {
            player: Colour::Red,
            from: Territory::Alaska,
            to: Territory::Kamchatka,
            force: 2,
        }]
    );
    assert_eq!(table.game.assassins(Territory::Alaska), 9);
    assert_eq!(battle(&table), None);
    // ATAQUES SUPPLÉMENTAIRES: "si vous battez en retraite, vous pouvez
    // attaquer d'autres territoires".
    table.ok(attack(
        Territory::Alaska,
        Territory::NorthwestTerritory,
        3,
        &[6, 1, 1],
        &[2],
    ));
    assert_eq!(
        table.game.owner(Territory::NorthwestTerritory),
        Some(Colour::Red)
    );
    assert_eq!(table.game.assassins(Territory::NorthwestTerritory), 3);
    assert_eq!(table.game.assassins(Territory::Alaska), 6);
    // "Si vous sortez victorieux de l'assaut […] vous pouvez attaquer
    // d'autres territoires"; "Vous pouvez attaquer autant de fois que vous
    // le souhaitez": a third attack, from another territory.
    table.ok(attack(
        Territory::NorthwestTerritory,
        Territory::Alberta,
        2,
        &[6, 6],
        &[1],
    ));
    assert_eq!(table.game.owner(Territory::Alberta), Some(Colour::Red));
    let again = attack(Territory::Alaska, Territory::Kamchatka, 1, &[6], &[1, 1]);
    if edition == Some(2) {
        // Edition 2: the territory retreated from, again.
        table.ok(again);
    } else {
        // Edition 3: any other territory, not the one retreated from.
        assert_eq!(table.refused(again).code, RuleCode::RetreatedFrom);
    }
}

/// ATAQUES SUPPLÉMENTAIRES: "Si vous êtes battu et que vous perdez tous vos
/// Assassins lors d'une attaque, vous ne pouvez plus lancer d'autres
/// attaques."
#[test]
fn ataques_supplementaires_a_force_lost_whole_ends_the_attacks() {
    let mut table = attacking();
    set(&mut table, Territory::Kamchatka, Colour::Black, 5);
    set(&mut table, Territory::NorthwestTerritory, Colour::Grey, 1);
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        2,
        &[3, 2],
        &[5, 4],
    ));
    // 8 still stand in Alaska, but the force is lost.
    assert_eq!(table.game.assassins(Territory::Alaska), 8);
    assert!(table.game.turn.as_ref().unwrap().attacks_over);
    assert_eq!(battle(&table), None);
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::NorthwestTerritory,
        3,
        &[6, 6, 6],
        &[1],
    ));
    assert_eq!(r.code, RuleCode::AttacksOver);
    assert_eq!(r.section, Section::AdditionalAttacks);
    let view = map_view(&table.game);
    assert!(view.attacks_over);
    assert!(!view.attack.expect("attack phase").can_attack);
    table.ok(Command::EndAttacks);
    assert_eq!(table.game.phase, Phase::Manoeuvre);
}

/// ■ CARTES APTITUDE: "Que vous attaquiez ou que vous défendiez, n'oubliez
/// pas que vous avez des cartes Aptitude que vous pourrez utiliser lors des
/// combats. […] si vous l'avez fait et que vous l'avez conservée, vous
/// pourrez vous en servir lors d'un combat."
#[test]
fn cartes_aptitude_a_card_kept_for_combat_gives_its_die_and_the_faces_follow_it() {
    let mut table = three_players();
    table.ok(Command::RevealAptitude {
        gain: 0,
        losses: vec![],
        reason: "Leap of faith: one more attack die".into(),
    });
    let held = |t: &Table, c: Colour| t.game.player(c).unwrap().aptitude_held.clone();
    assert_eq!(held(&table, Colour::Red).len(), 1);
    table.place_all();
    set(&mut table, Territory::Alaska, Colour::Red, 10);
    set(&mut table, Territory::Kamchatka, Colour::Black, 5);
    let r = table.refused(Command::PlayAptitude {
        player: Colour::Red,
        card: 1,
        extra_die: true,
    });
    assert_eq!(r.code, RuleCode::AptitudeNotHeld);
    table.ok(Command::PlayAptitude {
        player: Colour::Red,
        card: 0,
        extra_die: true,
    });
    assert!(held(&table, Colour::Red).is_empty());
    assert_eq!(map_view(&table.game).attack.unwrap().extra_attack_dice, 1);
    // The faces entered follow the card: 3 assassins, 4 dice.
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[6, 6, 6],
        &[1, 1],
    ));
    assert_eq!(
        (r.code, r.params["expected"].as_str()),
        (RuleCode::DiceCount, "4")
    );
    let events = table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[1, 6, 5, 1],
        &[5, 2],
    ));
    // The best faces are paired, one pair per assassin engaged (at most 2
    // here, against 2 defenders): 6 > 5, 5 > 2.
    assert!(matches!(
        events[0],
        Event::DiceRolled {
            attacker_losses: 0,
            defender_losses: 2,
            ..
        }
    ));
    assert_eq!(battle(&table).map(|b| b.force), Some(3));
    // The card served once: the next roll is the force's 3 dice.
    assert_eq!(map_view(&table.game).attack.unwrap().extra_attack_dice, 0);
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[1, 1, 1],
        &[6, 6],
    ));
    assert_eq!(battle(&table).map(|b| b.force), Some(1));
}

/// ■ CARTES APTITUDE, the defender's side: "Que vous attaquiez ou que vous
/// défendiez".
#[test]
fn cartes_aptitude_the_defender_plays_a_card_kept_for_combat() {
    let mut table = three_players();
    table.place_all();
    table.ok(end_turn());
    // Grey's turn: grey turns over a card and keeps it.
    table.ok(Command::RevealAptitude {
        gain: 0,
        losses: vec![],
        reason: "Shield: one more defence die".into(),
    });
    table.place_all();
    table.ok(end_turn());
    table.place_all();
    table.ok(end_turn());
    // Red again attacks grey's Northwest Territory.
    table.place_all();
    set(&mut table, Territory::Alaska, Colour::Red, 10);
    set(&mut table, Territory::NorthwestTerritory, Colour::Grey, 3);
    // Elsewhere, more than 2 defenders of grey's and of black's.
    set(&mut table, Territory::Iceland, Colour::Grey, 4);
    set(&mut table, Territory::Japan, Colour::Black, 4);
    table.ok(attack(
        Territory::Alaska,
        Territory::NorthwestTerritory,
        3,
        &[6, 1, 1],
        &[5, 1],
    ));
    let view = map_view(&table.game).attack.unwrap();
    assert!(view
        .held
        .iter()
        .any(|h| h.colour == Colour::Grey && h.can_play));
    table.ok(Command::PlayAptitude {
        player: Colour::Grey,
        card: 0,
        extra_die: true,
    });
    // The attack form shows grey's territories defending with their
    // assassins' dice, at most 2, and the card's one more: 2 defenders in
    // Northwest Territory, 3 dice (found by cargo-mutants).
    let defence = |t: Territory| {
        map_view(&table.game)
            .attack
            .unwrap()
            .defence_dice
            .iter()
            .find(|c| c.territory == t)
            .map(|c| c.count)
    };
    assert_eq!(table.game.assassins(Territory::NorthwestTerritory), 2);
    assert_eq!(defence(Territory::NorthwestTerritory), Some(3));
    // Every territory the form offers: its defenders' dice, 2 at most, and
    // grey's card's one more for grey's alone.
    let shown = map_view(&table.game).attack.unwrap().defence_dice;
    for c in &shown {
        let card = u32::from(table.game.owner(c.territory) == Some(Colour::Grey));
        let dice = table.game.assassins(c.territory).min(2) + card;
        assert_eq!(c.count, dice, "{:?}", c.territory);
    }
    for (colour, many) in [(Colour::Grey, 3), (Colour::Black, 2)] {
        assert!(
            shown
                .iter()
                .any(|c| table.game.owner(c.territory) == Some(colour)
                    && table.game.assassins(c.territory) > 2
                    && c.count == many),
            "a territory of {colour:?} with more than 2 defenders shows {many} dice"
        );
    }
    // 2 defenders, 3 dice against the force's 2: still 2 pairs.
    let events = table.ok(attack(
        Territory::Alaska,
        Territory::NorthwestTerritory,
        2,
        &[6, 5],
        &[6, 6, 1],
    ));
    assert!(matches!(
        events[0],
        Event::DiceRolled {
            attacker_losses: 2,
            defender_losses: 0,
            ..
        }
    ));
    assert_eq!(battle(&table), None);
    assert!(table.game.turn.as_ref().unwrap().attacks_over);
}

/// A game recorded under edition 1 moves to edition 2 at the start of a
/// turn, as its own entry, and carries on under it.
#[test]
fn a_game_of_edition_1_moves_to_edition_2_between_turns() {
    let mut table = three_players_edition_1();
    assert_eq!(table.game.played_edition(), 1);
    // Set up and not begun: a clean point.
    assert_eq!(
        table.game.edition_step(),
        Some(vec![Event::EditionChanged { from: 1, to: 3 }])
    );
    table.place_all();
    assert_eq!(table.game.edition_step(), None);
    // Edition 1 tops the dice up and lets more follow in.
    set(&mut table, Territory::Alaska, Colour::Red, 10);
    set(&mut table, Territory::Kamchatka, Colour::Black, 5);
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[6, 1, 1],
        &[5, 1],
    ));
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[6, 6, 6],
        &[1, 1],
    ));
    let r = table.refused(Command::Retreat);
    assert_eq!(r.code, RuleCode::NotThisEdition);
    table.ok(end_turn());
    let step = table.game.edition_step().expect("due at the turn's start");
    table.record(step);
    assert_eq!(table.game.edition, 3);
    assert_eq!(table.game.edition_step(), None);
    // Grey's turn, under the latest edition: the force fights on alone.
    table.place_all();
    set(&mut table, Territory::NorthwestTerritory, Colour::Grey, 10);
    set(&mut table, Territory::Alberta, Colour::Red, 5);
    table.ok(attack(
        Territory::NorthwestTerritory,
        Territory::Alberta,
        3,
        &[6, 1, 1],
        &[5, 1],
    ));
    assert_eq!(battle(&table).map(|b| b.force), Some(2));
}

/// The creation names the edition: none, the latest; an older one to
/// decide an old log again; none other.
#[test]
fn the_creation_plays_the_latest_edition_unless_told_an_older_one() {
    assert_eq!(<Game as Rules>::EDITION, 3);
    assert_eq!(three_players().game.edition, 3);
    let mut table = Table::new();
    let r = table.refused(Command::CreateGame {
        players: seats(3),
        sigma: true,
        box_values: vec![],
        edition: Some(4),
    });
    assert_eq!(
        (r.code, r.params["max"].as_str()),
        (RuleCode::EditionUnknown, "3")
    );
    let r = table.refused(Command::CreateGame {
        players: seats(3),
        sigma: true,
        box_values: vec![],
        edition: Some(0),
    });
    assert_eq!(r.code, RuleCode::EditionUnknown);
}

/// An edition step recorded where none is due is not believed.
#[test]
fn an_edition_step_where_none_is_due_is_refused_when_decided_again() {
    let mut table = three_players();
    table.place_all();
    let recorded = vec![Event::EditionChanged { from: 1, to: 2 }];
    let r = table
        .game
        .decide_again(&recorded, chrono::DateTime::<chrono::Utc>::UNIX_EPOCH)
        .unwrap_err();
    assert_eq!(r.code, RuleCode::EditionNotDue);
}

/// Under **3. MANŒUVREZ VOTRE CONFRÉRIE**: "Une fois la phase d'attaque
/// terminée" — a manoeuvre made straight from the attacks ends them, and a
/// force still across the line comes back with them.
#[test]
fn manoeuvrez_straight_from_an_attack_under_way_brings_the_force_back() {
    let mut table = attacking();
    set(&mut table, Territory::Kamchatka, Colour::Black, 5);
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[6, 2, 1],
        &[5, 3],
    ));
    assert!(battle(&table).is_some());
    table.ok(Command::Manoeuvre {
        from: Territory::Alaska,
        to: Territory::Alberta,
        count: 2,
    });
    assert_eq!(battle(&table), None);
    assert_eq!(table.game.assassins(Territory::Alaska), 7);
}

/// ■ CARTES APTITUDE: "si vous l'avez fait et que vous l'avez conservée,
/// vous pourrez vous en servir lors d'un combat"; DÉPLACEZ-VOUS: "la
/// bataille dure jusqu'à la conquête dudit territoire ou jusqu'au retrait de
/// l'attaquant". A card played for a roll that never comes, because the
/// attacker retreats, was played in that combat: it is spent with it and
/// gives no die to the next attack (assumption aptitude_in_combat).
#[test]
fn cartes_aptitude_a_card_played_before_a_retreat_is_spent_with_that_combat() {
    let mut table = three_players();
    table.place_all();
    table.ok(end_turn());
    table.ok(Command::RevealAptitude {
        gain: 0,
        losses: vec![],
        reason: "Shield: one more defence die".into(),
    });
    table.place_all();
    table.ok(end_turn());
    table.place_all();
    table.ok(end_turn());
    // Red attacks grey's Northwest Territory, and grey plays its card.
    table.ok(Command::RevealAptitude {
        gain: 0,
        losses: vec![],
        reason: "Leap of faith: one more attack die".into(),
    });
    table.place_all();
    set(&mut table, Territory::Alaska, Colour::Red, 10);
    set(&mut table, Territory::NorthwestTerritory, Colour::Grey, 3);
    set(&mut table, Territory::Alberta, Colour::Grey, 3);
    table.ok(attack(
        Territory::Alaska,
        Territory::NorthwestTerritory,
        3,
        &[6, 1, 1],
        &[5, 1],
    ));
    table.ok(Command::PlayAptitude {
        player: Colour::Grey,
        card: 0,
        extra_die: true,
    });
    table.ok(Command::PlayAptitude {
        player: Colour::Red,
        card: 0,
        extra_die: true,
    });
    table.ok(Command::Retreat);
    let turn = table.game.turn.as_ref().unwrap();
    assert!(turn.cards_in_play.is_empty());
    let view = map_view(&table.game).attack.unwrap();
    assert_eq!(view.extra_attack_dice, 0);
    let alberta = view
        .defence_dice
        .iter()
        .find(|c| c.territory == Territory::Alberta)
        .map(|c| c.count);
    assert_eq!(alberta, Some(2));
    // The next attack rolls its force's dice and the defender its own.
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::Alberta,
        3,
        &[6, 6, 6, 6],
        &[1, 1],
    ));
    assert_eq!(r.code, RuleCode::DiceCount);
    table.ok(attack(
        Territory::Alaska,
        Territory::Alberta,
        3,
        &[6, 6, 6],
        &[1, 1],
    ));
}

/// The odds before an attack are that force's (DÉPLACEZ-VOUS, LANCEZ LES
/// DÉS) with the cards in play for its next roll (■ CARTES APTITUDE: "vous
/// pourrez vous en servir lors d'un combat"); a game still played under
/// edition 1 is shown edition 1's odds.
#[test]
fn the_odds_before_an_attack_are_that_force_s_with_its_cards() {
    let mut table = three_players();
    table.ok(Command::RevealAptitude {
        gain: 0,
        losses: vec![],
        reason: "Leap of faith: one more attack die".into(),
    });
    table.place_all();
    set(&mut table, Territory::Alaska, Colour::Red, 10);
    set(&mut table, Territory::Kamchatka, Colour::Black, 4);
    let (a, k) = (Territory::Alaska, Territory::Kamchatka);
    assert_eq!(attack_odds(&table.game, a, k, 5), Some(odds(3, 4)));
    table.ok(Command::PlayAptitude {
        player: Colour::Red,
        card: 0,
        extra_die: true,
    });
    assert_eq!(
        attack_odds(&table.game, a, k, 3),
        Some(odds_with_cards(3, 4, 1, 0))
    );
    assert_ne!(attack_odds(&table.game, a, k, 3), Some(odds(3, 4)));
    let mut old = three_players_edition_1();
    old.place_all();
    set(&mut old, Territory::Alaska, Colour::Red, 10);
    set(&mut old, Territory::Kamchatka, Colour::Black, 4);
    assert_eq!(
        attack_odds(&old.game, a, k, 3),
        Some(bagless_risk::odds::odds_replacing(10, 4))
    );
}

/// ATAQUES SUPPLÉMENTAIRES: "Si vous êtes battu et que vous perdez tous vos
/// Assassins lors d'une attaque, vous ne pouvez plus lancer d'autres
/// attaques"; ■ CARTES APTITUDE: "vous pourrez vous en servir lors d'un
/// combat" — once the attacks are over no combat is left for a card.
#[test]
fn ataques_supplementaires_no_card_is_played_once_the_attacks_are_over() {
    let mut table = three_players();
    table.ok(Command::RevealAptitude {
        gain: 0,
        losses: vec![],
        reason: "Leap of faith: one more attack die".into(),
    });
    table.place_all();
    set(&mut table, Territory::Alaska, Colour::Red, 10);
    set(&mut table, Territory::Kamchatka, Colour::Black, 5);
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        1,
        &[1],
        &[6, 6],
    ));
    assert!(table.game.turn.as_ref().unwrap().attacks_over);
    let view = map_view(&table.game).attack.unwrap();
    assert!(view.held.iter().all(|h| !h.can_play));
    let r = table.refused(Command::PlayAptitude {
        player: Colour::Red,
        card: 0,
        extra_die: true,
    });
    assert_eq!(
        (r.code, r.section),
        (RuleCode::AttacksOver, Section::AdditionalAttacks)
    );
}

/// COMBAT, under today's edition: "Si les dés d'attaque sont supérieurs aux
/// dés de défense, retirez 1 Assassin de la défense du plateau." "Si les dés
/// de défense sont meilleurs ou équivalents, l'1 des Assassins attaquants est
/// retiré du plateau." EXEMPLE DE COMBAT: "Le dé noir qui affiche 6 bat le 4
/// du dé rouge, la Confrérie grise perd ainsi 1 Assassin. Le 3 du dé noir
/// bat le 2 du dé rouge, la Confrérie grise perd de nouveau un Assassin et
/// la Confrérie rouge prend le contrôle du territoire."
#[test]
fn combat_the_example_higher_wins_ties_to_the_defender_edition_3() {
    let mut table = attacking();
    set(&mut table, Territory::NorthwestTerritory, Colour::Grey, 2);
    set(&mut table, Territory::Kamchatka, Colour::Grey, 2);
    // Two ties: the attacker loses one of its force for each.
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
    assert_eq!(table.game.assassins(Territory::NorthwestTerritory), 2);
    table.ok(Command::Retreat);
    // The example: 6, 3, 1 against 4, 2 (another territory: edition 3 does
    // not attack again the one just retreated from).
    let events = table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
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
    assert_eq!(table.game.owner(Territory::Kamchatka), Some(Colour::Red));
}
