//! **3. MANŒUVREZ VOTRE CONFRÉRIE**, 4. TIREZ UNE CARTE SI VOUS LE POUVEZ,
//! COMMENT GAGNER ?, VARIANTES DE JEU.

use crate::support;

use bagless_risk::*;
use support::*;

fn set(table: &mut Table, territory: Territory, owner: Colour, assassins: u32) {
    if table.game.owner(territory) == Some(owner) && table.game.assassins(territory) == assassins {
        return;
    }
    table.ok(Command::Adjust {
        territory,
        owner: Some(owner),
        assassins,
        reason: "set-up for the test".into(),
    });
}

fn manoeuvre(from: Territory, to: Territory, count: u32) -> Command {
    Command::Manoeuvre { from, to, count }
}

/// Red takes Kamchatka (black) from Alaska.
fn conquer_kamchatka(table: &mut Table) {
    set(table, Territory::Alaska, Colour::Red, 5);
    table.ok(Command::Attack {
        from: Territory::Alaska,
        to: Territory::Kamchatka,
        attackers: 1,
        dice: Some(vec![6]),
        defence_dice: Some(vec![1]),
    });
}

#[test]
fn manoeuvrez_votre_confrerie_exemple_de_manoeuvre_scandinavie_to_inde() {
    use Territory::*;
    let mut table = game_with(3, deal(&[Scandinavia, Russia, Afghanistan, India], &[]));
    set(&mut table, Scandinavia, Colour::Red, 5);
    let r = table.refused(manoeuvre(Scandinavia, India, 2));
    assert_eq!(r.code, RuleCode::ManoeuvreNotNow);
    assert_eq!(r.section, Section::Manoeuvre);
    table.place_all();
    table.ok(Command::EndAttacks);
    let r = table.refused(manoeuvre(Scandinavia, India, 5));
    assert_eq!(
        (r.code, r.params["max"].as_str()),
        (RuleCode::ManoeuvreLeaveOne, "4")
    );
    let r = table.refused(manoeuvre(Scandinavia, Scandinavia, 1));
    assert_eq!(r.code, RuleCode::ManoeuvreSameTerritory);
    let r = table.refused(manoeuvre(Scandinavia, Greenland, 1));
    assert_eq!(r.code, RuleCode::ManoeuvreNotYours);
    let events = table.ok(manoeuvre(Scandinavia, India, 4));
    assert_eq!(
        events,
        vec![Event::Manoeuvred {
            player: Colour::Red,
            from: Scandinavia,
            to: India,
            count: 4,
            path: vec![Scandinavia, Russia, Afghanistan, India],
        }]
    );
    assert_eq!(table.game.assassins(Scandinavia), 1);
    // "Vous ne pouvez effectuer qu'un seul déplacement."
    let r = table.refused(manoeuvre(India, Russia, 1));
    assert_eq!(r.code, RuleCode::ManoeuvreDone);
}

#[test]
fn manoeuvrez_votre_confrerie_refused_across_an_enemy_territory() {
    use Territory::*;
    // "Si la Confrérie rouge ne détenait pas le contrôle sur l'Afghanistan,
    // elle ne pourrait pas agir de la sorte."
    // Edition 1 asks only about a route between the two ends (edition 2:
    // tests/second_reading.rs, wherever a route could open the way).
    let mut table = game_under(
        3,
        deal(
            &[Scandinavia, Russia, India],
            &[Afghanistan, MiddleEast, China, Siam],
        ),
        Some(1),
    );
    set(&mut table, Scandinavia, Colour::Red, 5);
    table.place_all();
    // Straight from the attack phase: the manoeuvre ends the attacks.
    let r = table.refused(manoeuvre(Scandinavia, India, 2));
    assert_eq!(r.code, RuleCode::ValueNeeded);
    assert_eq!(r.params["key"], "fast_travel.scandinavia.india");
    table.ok(Command::SetBoxValue {
        value: BoxValue::FastTravel {
            from: Scandinavia,
            to: India,
            route: false,
        },
    });
    let r = table.refused(manoeuvre(Scandinavia, India, 2));
    assert_eq!(r.code, RuleCode::ManoeuvreNotConnected);
    assert_eq!(r.section, Section::Manoeuvre);
    assert_eq!(
        (r.params["from"].as_str(), r.params["to"].as_str()),
        ("scandinavia", "india")
    );
    table.ok(manoeuvre(Scandinavia, Russia, 2));
    assert_eq!(table.game.phase, Phase::Manoeuvre);
}

#[test]
fn tirez_une_carte_only_after_a_conquest_and_only_one() {
    let mut table = three_players();
    table.place_all();
    let r = table.refused(Command::EndTurn {
        card: Some(Territory::Peru),
        sigma: false,
        decline: false,
    });
    assert_eq!(r.code, RuleCode::DrawNotAllowed);
    assert_eq!(r.section, Section::DrawACard);
    let events = table.ok(Command::EndTurn {
        card: None,
        sigma: false,
        decline: false,
    });
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::CardDrawn { .. } | Event::SigmaDrawn { .. })));
    // Grey's turn: a placement first.
    let r = table.refused(Command::EndTurn {
        card: None,
        sigma: false,
        decline: false,
    });
    assert_eq!(r.code, RuleCode::EndTurnNotNow);
    table.place_all();
    table.ok(Command::EndTurn {
        card: None,
        sigma: false,
        decline: false,
    });
    table.place_all();
    table.ok(Command::EndTurn {
        card: None,
        sigma: false,
        decline: false,
    });
    // Red again: two conquests, one card.
    table.place_all();
    conquer_kamchatka(&mut table);
    set(&mut table, Territory::Alberta, Colour::Red, 4);
    table.ok(Command::Attack {
        from: Territory::Alberta,
        to: Territory::Ontario,
        attackers: 1,
        dice: Some(vec![6]),
        defence_dice: Some(vec![1]),
    });
    table.ok(Command::EndAttacks);
    let deck = table.game.deck.len();
    let events = table.ok(Command::EndTurn {
        card: None,
        sigma: false,
        decline: false,
    });
    let drawn: Vec<_> = events
        .iter()
        .filter(|e| matches!(e, Event::CardDrawn { .. } | Event::SigmaDrawn { .. }))
        .collect();
    assert_eq!(drawn.len(), 1);
    if let Event::CardDrawn {
        card, by_bagless, ..
    } = drawn[0]
    {
        assert!(by_bagless);
        assert_eq!(table.game.player(Colour::Red).unwrap().cards, vec![*card]);
        assert_eq!(table.game.deck.len(), deck - 1);
    }
}

/// **4. TIREZ UNE CARTE SI VOUS LE POUVEZ**: "vous pouvez tirer la première
/// carte du tas de carte Territoire." A card entered at the table is one of
/// the pile's: not one in a hand, nor one traded in to the discard while
/// the pile still has cards (VARIANTES DE JEU shuffles the discard only
/// once the pile is out).
#[test]
fn tirez_une_carte_the_card_drawn_at_the_table_must_be_in_the_pile() {
    let mut table = three_players();
    table.place_all();
    conquer_kamchatka(&mut table);
    table.ok(Command::EndTurn {
        card: Some(Territory::Peru),
        sigma: false,
        decline: false,
    });
    pass_round(&mut table, 2);
    table.place_all();
    conquer_kamchatka_again(&mut table);
    let r = table.refused(Command::EndTurn {
        card: Some(Territory::Peru),
        sigma: false,
        decline: false,
    });
    assert_eq!(r.code, RuleCode::CardNotInDeck);
    table.ok(Command::EndTurn {
        card: Some(Territory::Alaska),
        sigma: false,
        decline: false,
    });
    pass_round(&mut table, 2);
    // Alaska (2 Blasons) + Peru (1): traded in, to the discard.
    table.ok(Command::TradeCards {
        cards: vec![Territory::Alaska, Territory::Peru],
    });
    assert!(table.game.discard.contains(&Territory::Peru));
    table.place_all();
    conquer_kamchatka_again(&mut table);
    assert!(!table.game.deck.is_empty());
    let r = table.refused(Command::EndTurn {
        card: Some(Territory::Peru),
        sigma: false,
        decline: false,
    });
    assert_eq!(r.code, RuleCode::CardNotInDeck);
    assert_eq!(r.section, Section::DrawACard);
}

fn pass_round(table: &mut Table, turns: usize) {
    for _ in 0..turns {
        table.place_all();
        table.ok(Command::EndTurn {
            card: None,
            sigma: false,
            decline: false,
        });
    }
}

fn conquer_kamchatka_again(table: &mut Table) {
    set(table, Territory::Kamchatka, Colour::Black, 1);
    conquer_kamchatka(table);
}

#[test]
fn comment_gagner_the_sigma_card_ends_the_game_the_most_territories_win() {
    let mut table = three_players();
    table.place_all();
    conquer_kamchatka(&mut table);
    // Red 15, grey 14, black 13.
    let events = table.ok(Command::EndTurn {
        card: None,
        sigma: true,
        decline: false,
    });
    assert!(matches!(events[1], Event::SigmaDrawn { .. }));
    assert!(matches!(
        &events[2],
        Event::GameOver { ending: Ending::SigmaDrawn, winners, .. } if winners == &vec![Colour::Red]
    ));
    assert_eq!(table.game.phase, Phase::Over);
    assert!(!table.game.sigma_in_deck);
    // The game over: no brotherhood was eliminated, and no seat is on its
    // turn or shows a turn's reinforcements, red's last turn included.
    assert!(map_view(&table.game).players.iter().all(|p| !p.eliminated));
    let seat = bagless_risk::views::seat::seat_view(&table.game, Colour::Red).expect("red's seat");
    assert!(!seat.on_turn);
    assert_eq!(seat.reinforcement_total, 0);
    let r = table.refused(Command::Place {
        territory: Territory::Alaska,
        count: 1,
    });
    assert_eq!(r.code, RuleCode::GameOver);
}

/// MISE EN PLACE: "regroupez les cartes Territoire et la carte Équipe Sigma
/// en pile et mélangez-les"; APERÇU DES ÉLÉMENTS: "Si la carte Équipe Sigma
/// est tirée du tas de cartes Territoire, la partie prend fin
/// immédiatement". With the last territory card and the Sigma card left,
/// Bagless draws one of the two, either of them.
#[test]
fn comment_gagner_the_sigma_card_is_drawn_from_the_pile_with_the_last_card() {
    let mut table = three_players();
    // Red takes Kamchatka each turn and draws the pile's first card, until
    // one territory card is left with the Sigma card.
    while table.game.deck.len() > 1 {
        table.place_all();
        conquer_kamchatka_again(&mut table);
        table.ok(Command::EndTurn {
            card: Some(table.game.deck[0]),
            sigma: false,
            decline: false,
        });
        pass_round(&mut table, 2);
    }
    assert!(table.game.sigma_in_deck);
    table.place_all();
    conquer_kamchatka_again(&mut table);
    let last = table.game.deck[0];
    let drawn: Vec<_> = (0..20)
        .map(|seed| {
            let events = decide(
                &table.game,
                &Command::EndTurn {
                    card: None,
                    sigma: false,
                    decline: false,
                },
                &ctx(seed),
            )
            .unwrap();
            events[1].clone()
        })
        .collect();
    assert!(drawn.iter().all(|e| matches!(
        e,
        Event::CardDrawn { card, by_bagless: true, .. } if *card == last
    ) || matches!(
        e,
        Event::SigmaDrawn {
            by_bagless: true,
            ..
        }
    )));
    assert!(drawn.iter().any(|e| matches!(e, Event::SigmaDrawn { .. })));
    assert!(drawn.iter().any(|e| matches!(e, Event::CardDrawn { .. })));
}

#[test]
fn comment_gagner_equal_counts_when_the_sigma_card_comes_share_the_win() {
    let mut table = three_players();
    table.place_all();
    set(&mut table, Territory::Alberta, Colour::Black, 1);
    conquer_kamchatka(&mut table);
    table.ok(Command::EndTurn {
        card: None,
        sigma: true,
        decline: false,
    });
    let outcome = table.game.outcome.clone().unwrap();
    assert_eq!(
        outcome.winners,
        vec![Colour::Red, Colour::Grey, Colour::Black]
    );
}

#[test]
fn variantes_de_jeu_without_sigma_the_discard_makes_a_new_pile() {
    let mut table = Table::new();
    let mut values = crests();
    values.extend(region_bonuses());
    table.ok(Command::CreateGame {
        players: seats(3),
        sigma: false,
        box_values: values,
        edition: None,
    });
    table.ok(Command::DealTerritories { deal: None });
    table.ok(Command::DealCards {
        fragments: None,
        neutral_stacks: None,
    });
    let mut reshuffled = false;
    for _ in 0..60 {
        let red = table.current();
        // Any enemy territory next to one of the player's.
        let (from, to) = Territory::all()
            .filter(|t| table.game.owner(*t) == Some(red))
            .find_map(|f| {
                pack::board()
                    .neighbours(f)
                    .find(|n| table.game.owner(*n) != Some(red))
                    .map(|n| (f, n))
            })
            .unwrap();
        let owner = table.game.owner(to).unwrap();
        // Trade whenever the player's cards make a trade.
        let hand = table.game.player(red).unwrap().cards.clone();
        if hand.len() >= 3 {
            table.ok(Command::TradeCards {
                cards: hand[..3].to_vec(),
            });
        }
        table.place_all();
        set(&mut table, from, red, 4);
        set(&mut table, to, owner, 1);
        table.ok(Command::Attack {
            from,
            to,
            attackers: 1,
            dice: Some(vec![6]),
            defence_dice: Some(vec![1]),
        });
        // Give it back, so no one runs out of territories.
        set(&mut table, to, owner, 1);
        let events = table.ok(Command::EndTurn {
            card: None,
            sigma: false,
            decline: false,
        });
        assert!(!events.iter().any(|e| matches!(e, Event::SigmaDrawn { .. })));
        reshuffled |= events
            .iter()
            .any(|e| matches!(e, Event::DeckReshuffled { .. }));
    }
    assert!(reshuffled);
    assert_eq!(replay(&table.log), table.game);
}
