//! **1. PLACEZ VOS ASSASSINS**, CONTRÔLER DES TERRITOIRES, CONTRÔLER DES
//! RÉGIONS, ÉCHANGER DES CARTES, ACCOMPLIR DES MISSIONS, CARTES APTITUDE.

use crate::support;

use bagless_risk::*;
use support::*;

/// The current player places everything and ends the turn without attacking.
fn pass(table: &mut Table) {
    table.place_all();
    table.ok(Command::EndTurn {
        card: None,
        sigma: false,
        decline: false,
    });
}

/// The current player (in the attack phase) takes `to` from `from`.
fn conquer(table: &mut Table, from: Territory, to: Territory) {
    let owner = table.game.owner(to).unwrap();
    table.ok(Command::Adjust {
        territory: from,
        owner: None,
        assassins: 10,
        reason: "test".into(),
    });
    if table.game.assassins(to) != 1 {
        table.ok(Command::Adjust {
            territory: to,
            owner: Some(owner),
            assassins: 1,
            reason: "test".into(),
        });
    }
    let events = table.ok(Command::Attack {
        from,
        to,
        attackers: 3,
        dice: Some(vec![6, 5, 4]),
        defence_dice: Some(vec![1]),
    });
    assert!(matches!(events[1], Event::TerritoryConquered { .. }));
}

fn lines(table: &Table) -> Vec<Reinforcement> {
    table.game.turn.as_ref().unwrap().reinforcements.clone()
}

#[test]
fn placez_vos_assassins_3_each_turn_and_controler_des_territoires_1_for_12_to_14() {
    let table = three_players();
    assert_eq!(
        lines(&table),
        vec![
            Reinforcement::Base { assassins: 3 },
            Reinforcement::Territories {
                held: 14,
                assassins: 1
            },
        ]
    );
    assert_eq!(table.game.turn.as_ref().unwrap().pool(), 4);
}

#[test]
fn controler_des_regions_a_whole_region_adds_its_bonus() {
    let oceania = [
        Territory::Indonesia,
        Territory::NewGuinea,
        Territory::WesternAustralia,
        Territory::EasternAustralia,
    ];
    let table = game_with(3, deal(&oceania, &[]));
    assert_eq!(
        lines(&table)[2],
        Reinforcement::Region {
            region: Region::Oceania,
            assassins: 2
        }
    );
    assert_eq!(table.game.turn.as_ref().unwrap().total(), 6);
}

#[test]
fn controler_des_regions_the_bonus_printed_on_the_board_is_asked_once() {
    let mut table = Table::new();
    table.ok(Command::CreateGame {
        players: seats(3),
        sigma: true,
        box_values: crests(),
        edition: None,
    });
    let owner = deal(
        &[
            Territory::Indonesia,
            Territory::NewGuinea,
            Territory::WesternAustralia,
            Territory::EasternAustralia,
        ],
        &[],
    );
    let dealt = Territory::all()
        .map(|t| DealtCard {
            territory: t,
            owner: owner(t),
            crests: None,
        })
        .collect();
    table.ok(Command::DealTerritories { deal: Some(dealt) });
    let r = table.refused(Command::DealCards {
        fragments: None,
        neutral_stacks: None,
    });
    assert_eq!(r.code, RuleCode::ValueNeeded);
    assert_eq!(r.section, Section::ControllingRegions);
    assert_eq!(r.params["key"], "region_bonus.oceania");
    table.ok(Command::SetBoxValue {
        value: BoxValue::RegionBonus {
            region: Region::Oceania,
            assassins: 4,
        },
    });
    table.ok(Command::DealCards {
        fragments: None,
        neutral_stacks: None,
    });
    assert_eq!(table.game.turn.as_ref().unwrap().total(), 8);
}

#[test]
fn placez_vos_assassins_on_your_territories_all_before_attacking() {
    // Edition 1: every new assassin placed before the attacks (edition 2
    // lists it as a reading, `place_every_assassin`).
    let mut table = game_under(3, |t| COLOURS[t.index() % 3], Some(1));
    let mine = Territory::Alaska; // index 0: red.
    let theirs = Territory::NorthwestTerritory; // index 1: grey.
    let r = table.refused(Command::Place {
        territory: theirs,
        count: 1,
    });
    assert_eq!(r.code, RuleCode::PlaceNotYours);
    assert_eq!(r.section, Section::PlaceYourAssassins);
    let r = table.refused(Command::Place {
        territory: mine,
        count: 5,
    });
    assert_eq!(
        (r.code, r.params["pool"].as_str()),
        (RuleCode::PlaceTooMany, "4")
    );
    assert_eq!(
        table
            .refused(Command::Place {
                territory: mine,
                count: 0
            })
            .code,
        RuleCode::PlaceZero
    );
    table.ok(Command::Place {
        territory: mine,
        count: 3,
    });
    let r = table.refused(Command::EndPlacement);
    assert_eq!(
        (r.code, r.params["count"].as_str()),
        (RuleCode::ReinforcementsLeft, "1")
    );
    let r = table.refused(Command::Attack {
        from: mine,
        to: theirs,
        attackers: 1,
        dice: None,
        defence_dice: None,
    });
    assert_eq!(r.code, RuleCode::AttackPhaseOnly);
    table.ok(Command::Place {
        territory: mine,
        count: 1,
    });
    assert_eq!(table.game.assassins(mine), 6);
    table.ok(Command::EndPlacement);
    assert_eq!(table.game.phase, Phase::Attack);
    let r = table.refused(Command::Place {
        territory: mine,
        count: 1,
    });
    assert_eq!(r.code, RuleCode::PlacementOnly);
}

#[test]
fn echanger_des_cartes_by_the_table_assassins_par_cartes() {
    let mut table = three_players();
    // Red takes Northwest Territory (grey) from Alaska, draws Alaska's card.
    table.place_all();
    conquer(&mut table, Territory::Alaska, Territory::NorthwestTerritory);
    table.ok(Command::EndTurn {
        card: Some(Territory::Alaska),
        sigma: false,
        decline: false,
    });
    pass(&mut table);
    pass(&mut table);
    assert_eq!(table.current(), Colour::Red);
    table.place_all();
    conquer(&mut table, Territory::Alaska, Territory::Kamchatka);
    table.ok(Command::EndTurn {
        card: Some(Territory::Argentina),
        sigma: false,
        decline: false,
    });
    pass(&mut table);
    pass(&mut table);
    let r = table.refused(Command::TradeCards {
        cards: vec![Territory::Argentina],
    });
    assert_eq!(r.code, RuleCode::TradeCrests);
    assert_eq!(r.section, Section::TradingCards);
    assert_eq!(r.params["crests"], "1");
    let r = table.refused(Command::TradeCards {
        cards: vec![Territory::Peru],
    });
    assert_eq!(r.code, RuleCode::CardNotInHand);
    let r = table.refused(Command::TradeCards {
        cards: vec![Territory::Alaska, Territory::Alaska],
    });
    assert_eq!(r.code, RuleCode::CardTwice);
    let before = table.game.turn.as_ref().unwrap().total();
    // Alaska (2) + Argentine (1) = 3 Blasons → 4 assassins.
    let events = table.ok(Command::TradeCards {
        cards: vec![Territory::Alaska, Territory::Argentina],
    });
    assert_eq!(
        events,
        vec![Event::CardsTraded {
            player: Colour::Red,
            cards: vec![Territory::Alaska, Territory::Argentina],
            crests: 3,
            assassins: 4
        }]
    );
    assert_eq!(table.game.turn.as_ref().unwrap().total(), before + 4);
    assert!(table.game.player(Colour::Red).unwrap().cards.is_empty());
    assert_eq!(table.game.discard.len(), 2);
    // "Échanger une carte Territoire ne signifie pas que vous perdez ce territoire."
    assert_eq!(table.game.owner(Territory::Alaska), Some(Colour::Red));
}

#[test]
fn accomplir_des_missions_great_britain_held_3_turns_gives_8_assassins_once() {
    let mut table = fragments_dealt(deal(&[Territory::GreatBritain], &[Territory::Peru]), None);
    // Turn 1: Great Britain held since the set-up, for no turn yet.
    let r = table.refused(Command::ClaimFragment { fragment: 1 });
    assert_eq!(r.code, RuleCode::FragmentTurns);
    assert_eq!(r.section, Section::CompletingMissions);
    assert_eq!(
        (r.params["held"].as_str(), r.params["turns"].as_str()),
        ("0", "3")
    );
    let r = table.refused(Command::ClaimFragment { fragment: 3 });
    assert_eq!(r.code, RuleCode::FragmentNotHeld);
    let r = table.refused(Command::ClaimFragment { fragment: 2 });
    assert_eq!(r.code, RuleCode::ValueNeeded);
    assert_eq!(r.params["key"], "mission.2");
    table.ok(Command::SetBoxValue {
        value: BoxValue::Mission {
            fragment: 2,
            mission: pack::Mission {
                territories: vec![Territory::GreatBritain, Territory::Peru],
                turns: 1,
                assassins: 5,
            },
        },
    });
    let r = table.refused(Command::ClaimFragment { fragment: 2 });
    assert_eq!(r.code, RuleCode::FragmentTerritoryMissing);
    assert_eq!(r.params["territory"], "peru");
    for _ in 0..9 {
        pass(&mut table);
    }
    // Red's 4th turn: held at the end of turns 1, 2 and 3.
    assert_eq!(table.game.player(Colour::Red).unwrap().turns, 4);
    let before = table.game.turn.as_ref().unwrap().total();
    table.ok(Command::ClaimFragment { fragment: 1 });
    assert_eq!(table.game.turn.as_ref().unwrap().total(), before + 8);
    assert_eq!(
        lines(&table).last(),
        Some(&Reinforcement::Mission {
            fragment: 1,
            assassins: 8
        })
    );
    let r = table.refused(Command::ClaimFragment { fragment: 1 });
    assert_eq!(r.code, RuleCode::FragmentUsed);
}

#[test]
fn accomplir_des_missions_a_territory_lost_starts_the_count_again() {
    // Edition 1 (edition 2: tests/second_reading.rs, a mission accomplished
    // stays accomplished).
    let mut table = fragments_dealt(deal(&[Territory::GreatBritain], &[]), Some(1));
    for _ in 0..9 {
        pass(&mut table);
    }
    // Lost and taken back by hand: held since this turn, for no turn yet.
    table.ok(Command::Adjust {
        territory: Territory::GreatBritain,
        owner: Some(Colour::Black),
        assassins: 1,
        reason: "lost".into(),
    });
    table.ok(Command::Adjust {
        territory: Territory::GreatBritain,
        owner: Some(Colour::Red),
        assassins: 1,
        reason: "taken back".into(),
    });
    let r = table.refused(Command::ClaimFragment { fragment: 1 });
    assert_eq!(r.code, RuleCode::FragmentTurns);
}

#[test]
fn cartes_aptitude_one_card_a_turn_in_the_placement_its_effect_with_a_reason() {
    // Edition 1: each territory keeps one (edition 2: the card may empty it).
    let mut table = game_under(3, |t| COLOURS[t.index() % 3], Some(1));
    let r = table.refused(Command::RevealAptitude {
        gain: 2,
        losses: vec![],
        reason: " ".into(),
    });
    assert_eq!(r.code, RuleCode::ReasonNeeded);
    let r = table.refused(Command::RevealAptitude {
        gain: 0,
        losses: vec![TerritoryCount {
            territory: Territory::Alaska,
            count: 2,
        }],
        reason: "Pomme d'Éden".into(),
    });
    assert_eq!(r.code, RuleCode::AptitudeLossLeavesOne);
    assert_eq!(r.section, Section::AptitudeCards);
    table.ok(Command::RevealAptitude {
        gain: 2,
        losses: vec![TerritoryCount {
            territory: Territory::Alaska,
            count: 1,
        }],
        reason: "Pomme d'Éden".into(),
    });
    assert_eq!(table.game.assassins(Territory::Alaska), 1);
    assert_eq!(table.game.turn.as_ref().unwrap().pool(), 6);
    let r = table.refused(Command::RevealAptitude {
        gain: 1,
        losses: vec![],
        reason: "again".into(),
    });
    assert_eq!(r.code, RuleCode::AptitudeOncePerTurn);
    table.place_all();
    let r = table.refused(Command::RevealAptitude {
        gain: 1,
        losses: vec![],
        reason: "late".into(),
    });
    assert_eq!(r.code, RuleCode::PlacementOnly);
    table.ok(Command::EndTurn {
        card: None,
        sigma: false,
        decline: false,
    });
    pass(&mut table);
    pass(&mut table);
    table.ok(Command::RevealAptitude {
        gain: 0,
        losses: vec![],
        reason: "Linceul".into(),
    });
    pass(&mut table);
    pass(&mut table);
    pass(&mut table);
    let r = table.refused(Command::RevealAptitude {
        gain: 1,
        losses: vec![],
        reason: "third".into(),
    });
    assert_eq!(r.code, RuleCode::AptitudeNoneLeft);
    let red = table.game.player(Colour::Red).unwrap();
    assert_eq!((red.aptitude_hidden, red.aptitude_revealed), (0, 2));
}

/// Edition 2, CARTES APTITUDE: "Au cours de la phase « Placez vos
/// Assassins » de votre tour, vous pouvez choisir de retourner une de vos
/// cartes Aptitude." "Rien ne vous oblige à retourner une carte Aptitude à
/// chaque tour, mais seulement quand vous choisissez de le faire." "De
/// même, rien ne vous oblige de retourner les deux cartes au cours de la
/// partie." ■ 2. ATTAQUEZ: "Vous ne pouvez le faire qu'au moment de la
/// phase « Placez vos Assassins » de chaque tour." (assumption
/// aptitude_one_a_turn)
#[test]
fn cartes_aptitude_one_card_a_turn_in_the_placement_none_required_edition_2() {
    let mut table = game_with(3, |t| COLOURS[t.index() % 3]);
    // Turns go by with no card turned over.
    for _ in 0..3 {
        pass(&mut table);
    }
    let red = table.game.player(Colour::Red).unwrap();
    assert_eq!((red.aptitude_hidden, red.aptitude_revealed), (2, 0));
    let r = table.refused(Command::RevealAptitude {
        gain: 2,
        losses: vec![],
        reason: " ".into(),
    });
    assert_eq!(r.code, RuleCode::ReasonNeeded);
    table.ok(Command::RevealAptitude {
        gain: 2,
        losses: vec![],
        reason: "Pomme d'Éden".into(),
    });
    let r = table.refused(Command::RevealAptitude {
        gain: 1,
        losses: vec![],
        reason: "again".into(),
    });
    assert_eq!(
        (r.code, r.section),
        (RuleCode::AptitudeOncePerTurn, Section::AptitudeCards)
    );
    table.place_all();
    assert_eq!(table.game.phase, Phase::Attack);
    let r = table.refused(Command::RevealAptitude {
        gain: 1,
        losses: vec![],
        reason: "late".into(),
    });
    assert_eq!(r.code, RuleCode::PlacementOnly);
    // The other card may stay face down to the end.
    table.ok(Command::EndTurn {
        card: None,
        sigma: false,
        decline: false,
    });
    for _ in 0..5 {
        pass(&mut table);
    }
    let red = table.game.player(Colour::Red).unwrap();
    assert_eq!((red.aptitude_hidden, red.aptitude_revealed), (1, 1));
}

/// LES CARTES APTITUDE: "Si c'est une carte qui vous fait perdre des
/// Assassins, vous devez la jouer immédiatement." Its losses are taken at
/// its reveal and it is not kept for later (assumption
/// aptitude_held_for_combat). CARTES APTITUDE: "[...] mais attention, elle
/// peut tout aussi bien vous demander d'enlever des Assassins du plateau":
/// one that only takes gives the turn no line of assassins, and
/// the map shows the turn's lines as they were (found by cargo-mutants).
#[test]
fn cartes_aptitude_a_card_that_loses_assassins_is_played_at_once() {
    let mut table = game_with(3, |t| COLOURS[t.index() % 3]);
    let before = table.game.assassins(Territory::Alaska);
    let lines_before = map_view(&table.game).reinforcements;
    let pool_before = map_view(&table.game).pool;
    table.ok(Command::RevealAptitude {
        gain: 0,
        losses: vec![TerritoryCount {
            territory: Territory::Alaska,
            count: 1,
        }],
        reason: "Embuscade".into(),
    });
    assert_eq!(table.game.assassins(Territory::Alaska), before - 1);
    let red = table.game.player(Colour::Red).unwrap();
    assert!(red.aptitude_held.is_empty());
    assert_eq!(red.aptitude_revealed, 1);
    let view = map_view(&table.game);
    assert_eq!(view.reinforcements, lines_before);
    assert!(!view
        .reinforcements
        .iter()
        .any(|r| matches!(r, Reinforcement::Aptitude { .. })));
    assert_eq!(view.pool, pool_before);
}

/// COMMENT JOUER ?: "À chaque tour : 1. Placez vos Assassins 2. Attaquez 3.
/// Manœuvrez votre Confrérie 4. Tirez une carte si vous le pouvez" — in
/// that order, each step refused out of it (edition 2).
#[test]
fn comment_jouer_each_turn_place_attack_manoeuvre_draw_in_that_order() {
    let mut table = game_with(3, |t| COLOURS[t.index() % 3]);
    let (a, b) = (Territory::Alaska, Territory::Alberta);
    let attack = || Command::Attack {
        from: Territory::Alaska,
        to: Territory::Kamchatka,
        attackers: 1,
        dice: Some(vec![1]),
        defence_dice: Some(vec![6]),
    };
    let end = || Command::EndTurn {
        card: None,
        sigma: false,
        decline: false,
    };
    // 1. Placement first: no attack, manoeuvre or end of turn yet.
    assert_eq!(table.refused(attack()).code, RuleCode::AttackPhaseOnly);
    let r = table.refused(Command::Manoeuvre {
        from: a,
        to: b,
        count: 1,
    });
    assert_eq!(r.code, RuleCode::ManoeuvreNotNow);
    assert_eq!(table.refused(end()).code, RuleCode::EndTurnNotNow);
    table.place_all();
    // 2. Attacks.
    assert_eq!(table.game.phase, Phase::Attack);
    table.ok(Command::EndAttacks);
    // 3. The manoeuvre: no attack after it.
    assert_eq!(table.refused(attack()).code, RuleCode::AttackPhaseOnly);
    // 4. The turn ends (and the card is drawn if a territory was taken).
    table.ok(end());
    assert_eq!(table.current(), Colour::Grey);
}
