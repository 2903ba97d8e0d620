//! What the map view tells the forms to offer, worked out by the rules' own
//! functions, so no panel restates a rule: the manoeuvre's most
//! (**3. MANŒUVREZ VOTRE CONFRÉRIE**), edition 1's move-in after a
//! conquest (COMBAT), the cards dealt at the table (MISE EN PLACE, PARTIE À
//! 2 JOUEURS), the neutral's assassins (PARTIE À 2 JOUEURS) and the cards
//! the next draw may give (**4. TIREZ UNE CARTE SI VOUS LE POUVEZ**,
//! VARIANTES DE JEU). Each offer is checked against what the rules accept.

use crate::support;

use bagless_risk::*;
use support::battle;
use support::*;

fn most(counts: &[TerritoryCount], territory: Territory) -> Option<u32> {
    counts
        .iter()
        .find(|c| c.territory == territory)
        .map(|c| c.count)
}

/// **3. MANŒUVREZ VOTRE CONFRÉRIE**: "Veillez à toujours laisser au moins 1
/// Assassin sur le territoire initial. Vous ne pouvez effectuer qu'un seul
/// déplacement." The view gives the most each territory may move; one more
/// is refused, that many is accepted, and once made nothing is offered.
#[test]
fn manoeuvrez_the_view_offers_all_but_the_one_left_behind() {
    use Territory::*;
    let mut table = game_with(3, deal(&[Alaska, Alberta, NorthwestTerritory], &[]));
    table.place_all();
    battle::set(&mut table, Alaska, Colour::Red, 5);
    battle::set(&mut table, Alberta, Colour::Red, 1);
    let view = map_view(&table.game);
    assert_eq!(most(&view.manoeuvre_forces, Alaska), Some(4));
    // A territory of 1 has none to move: it is not offered.
    assert_eq!(most(&view.manoeuvre_forces, Alberta), None);
    let r = table.refused(Command::Manoeuvre {
        from: Alaska,
        to: Alberta,
        count: 5,
    });
    assert_eq!(
        (r.code, r.params["max"].as_str()),
        (RuleCode::ManoeuvreLeaveOne, "4")
    );
    table.ok(Command::Manoeuvre {
        from: Alaska,
        to: Alberta,
        count: 4,
    });
    assert!(map_view(&table.game).manoeuvre_forces.is_empty());
}

/// COMBAT, under edition 1 of Bagless's reading: after a conquest more
/// assassins may follow in, one staying behind. The view gives that most,
/// and offers the move-in only while a conquest awaits it;
/// under edition 2 ("DÉPLACEZ-VOUS": the force holds what it took) none.
#[test]
fn combat_edition_1_the_view_offers_the_move_in_bound() {
    use Territory::*;
    let mut table = three_players_edition_1();
    table.place_all();
    let offer = |table: &Table| map_view(&table.game).attack.expect("attacks").move_in_max;
    let can_move_in = |table: &Table| map_view(&table.game).attack.expect("attacks").can_move_in;
    assert_eq!(offer(&table), 0);
    // Nothing conquered yet: no move-in offered.
    assert!(!can_move_in(&table));
    table.ok(battle::attack(Alaska, Kamchatka, 2, &[6, 1], &[3]));
    // Alaska had 6, 2 crossed, 1 was lost: 4 left, 3 may follow.
    assert_eq!(offer(&table), 3);
    assert!(can_move_in(&table));
    let r = table.refused(Command::MoveIn { count: 4 });
    assert_eq!(r.params["max"].as_str(), "3");
    table.ok(Command::MoveIn { count: 3 });
    assert_eq!(offer(&table), 0);
    assert!(!can_move_in(&table));

    let mut table = battle::attacking();
    table.ok(battle::attack(Alaska, Kamchatka, 3, &[6, 6, 6], &[1]));
    assert_eq!(offer(&table), 0);
}

fn dealing_cards(players: usize) -> Table {
    let mut table = Table::new();
    let mut values = crests();
    values.extend(region_bonuses());
    table.ok(Command::CreateGame {
        players: seats(players),
        sigma: true,
        box_values: values,
        edition: None,
    });
    table.ok(Command::DealTerritories { deal: None });
    table
}

/// MISE EN PLACE 6: "Prenez les cartes Fragment de mémoire, mélangez-les et
/// donnez-en 2 à chaque joueur"; PARTIE À 2 JOUEURS, MISE EN PLACE 4 and 5:
/// "Distribuez-en 3 pour chacune des 3 factions neutres", "Distribuez 1
/// carte Fragment de mémoire à chaque joueur". The view says what the form
/// asks; a deal entered by that offer is accepted.
#[test]
fn mise_en_place_the_view_offers_the_cards_each_gets() {
    let table = dealing_cards(3);
    let deal = map_view(&table.game).deal.expect("cards to deal");
    assert_eq!((deal.fragments_each, deal.neutral_stack), (2, 0));
    assert_eq!(
        deal.fragment_cards,
        u32::from(pack::board().pack.fragment_cards)
    );

    let mut table = dealing_cards(2);
    let deal = map_view(&table.game).deal.expect("cards to deal");
    assert_eq!((deal.fragments_each, deal.neutral_stack), (1, 3));
    let mut fragment = 0u8;
    let fragments = table
        .game
        .players
        .iter()
        .map(|p| FragmentHand {
            colour: p.colour,
            fragments: (0..deal.fragments_each)
                .map(|_| {
                    fragment += 1;
                    fragment
                })
                .collect(),
        })
        .collect();
    let mut cards = Territory::all();
    let neutral_stacks = table
        .game
        .neutrals
        .clone()
        .into_iter()
        .map(|colour| NeutralStack {
            colour,
            cards: cards.by_ref().take(deal.neutral_stack as usize).collect(),
        })
        .collect();
    table.ok(Command::DealCards {
        fragments: Some(fragments),
        neutral_stacks: Some(neutral_stacks),
    });
    assert_eq!(map_view(&table.game).deal, None);
}

/// PARTIE À 2 JOUEURS: "à chaque tour, 3 Assassins doivent être ajoutés à 1
/// faction neutre. Les Assassins peuvent être placés sur 1, 2 ou 3
/// territoires appartenant à une seule et même faction neutre." The view
/// offers the count, the most territories and those the neutrals hold,
/// while due.
#[test]
fn partie_a_2_joueurs_the_view_offers_the_neutral_s_3() {
    let mut table = game_with(2, |t| match t.index() {
        0..=11 => Colour::Red,
        12..=23 => Colour::Grey,
        24..=29 => Colour::Black,
        30..=35 => Colour::White,
        _ => Colour::Blue,
    });
    let offer = map_view(&table.game).neutral_offer.expect("due");
    assert_eq!((offer.assassins, offer.territories), (3, 3));
    assert_eq!(offer.on.len(), 18);
    assert!(offer
        .on
        .iter()
        .all(|t| table.game.is_neutral(table.game.owner(*t).unwrap())));
    let first = offer.on[0];
    table.ok(Command::ReinforceNeutral {
        placements: vec![TerritoryCount {
            territory: first,
            count: offer.assassins,
        }],
    });
    assert_eq!(map_view(&table.game).neutral_offer, None);

    let table = three_players();
    assert_eq!(map_view(&table.game).neutral_offer, None);
}

/// VARIANTES DE JEU: "Dans cette version du jeu, vous risquez de manquer de
/// cartes Territoire. Il suffit de mélanger la pile de défausse et de créer
/// ainsi une nouvelle pile dans laquelle piocher." The view gives the cards
/// the next draw may give: the pile's, or once it is out (and the Sigma
/// card with it), the discard's, which the rules then shuffle.
#[test]
fn variantes_de_jeu_the_view_offers_the_discard_once_the_pile_is_out() {
    let mut table = game_with(3, |t| {
        [Colour::Red, Colour::Grey, Colour::Black][t.index() % 3]
    });
    let view = map_view(&table.game);
    assert_eq!(view.drawable, table.game.deck);
    assert!(!view.reshuffles);

    table.place_all();
    battle::set(&mut table, Territory::Alaska, Colour::Red, 4);
    table.ok(battle::attack(
        Territory::Alaska,
        Territory::Kamchatka,
        1,
        &[6],
        &[1],
    ));
    let mut game = table.game.clone();
    let traded: Vec<Territory> = game.deck.drain(..3).collect();
    game.deck.clear();
    game.sigma_in_deck = false;
    game.discard = traded.clone();
    let view = map_view(&game);
    assert_eq!(view.drawable, traded);
    assert!(view.reshuffles);
    let events = decide(
        &game,
        &Command::EndTurn {
            card: Some(traded[1]),
            sigma: false,
            decline: false,
        },
        &ctx(9),
    )
    .expect("a card of the discard is drawn");
    assert!(matches!(events[1], Event::DeckReshuffled { .. }));
}

/// CHOISISSEZ UN TERRITOIRE: "attaquez un ennemi avec lequel vous partagez
/// soit une frontière, soit une voie de déplacement rapide ... Vous ne
/// pouvez pas attaquer un territoire qui n'est pas connecté au(x)
/// vôtre(s)." The view names, for each territory that can send a force, the
/// enemy territories joined to it; an attack on one is launched, an attack
/// on an enemy territory it does not name is not.
#[test]
fn choisissez_un_territoire_the_view_names_the_territories_each_may_attack() {
    use Territory::*;
    let table = battle::attacking();
    let offer = map_view(&table.game).attack.expect("attacks");
    let from_alaska = offer
        .targets
        .iter()
        .find(|t| t.from == Alaska)
        .expect("Alaska can attack");
    assert!(from_alaska.to.contains(&Kamchatka));
    assert!(from_alaska
        .to
        .iter()
        .all(|t| table.game.owner(*t) != Some(Colour::Red)));
    // An enemy territory far from Alaska.
    let far = Territory::all()
        .find(|t| {
            table.game.owner(*t).is_some_and(|o| o != Colour::Red) && !from_alaska.to.contains(t)
        })
        .expect("an enemy territory not joined to Alaska");
    for to in &from_alaska.to {
        let events = decide(
            &table.game,
            &battle::attack(Alaska, *to, 1, &[6], &[1]),
            &ctx(3),
        );
        assert!(events.is_ok(), "{to:?}: {:?}", events.err().map(|e| e.code));
    }
    let refused = decide(
        &table.game,
        &battle::attack(Alaska, far, 1, &[6], &[1]),
        &ctx(3),
    )
    .expect_err("not joined");
    // "soit une frontière, soit une voie de déplacement rapide": while the
    // board's routes are unknown the rules ask whether one joins them, and
    // the view says the form must ask for the list (the targets name only
    // the ways known).
    assert_eq!(refused.code, RuleCode::ValueNeeded);
    assert!(offer.routes_unknown);
    let mut table = table;
    table.ok(Command::SetBoxValue {
        value: BoxValue::FastTravelRoutes {
            routes: vec![(Alaska, far)],
        },
    });
    let offer = map_view(&table.game).attack.expect("attacks");
    assert!(!offer.routes_unknown);
    assert!(offer
        .targets
        .iter()
        .any(|t| t.from == Alaska && t.to.contains(&far)));
}

/// DÉPLACEZ-VOUS: "vous devez laisser au moins 1 Assassin qui monte la garde
/// sur votre territoire. Par exemple, si vous avez 3 Assassins sur un
/// territoire, vous ne pourrez attaquer qu'avec 2 d'entre eux." A territory
/// of the player's with a single assassin has no force: the view does not
/// offer it to attack from (and the rules refuse it); one with 2 is offered
/// with a force of 1. Found by cargo-mutants.
#[test]
fn deplacez_vous_a_territory_of_1_is_not_offered_to_attack_from() {
    use Territory::*;
    let mut table = battle::attacking();
    let red: Vec<Territory> = Territory::all()
        .filter(|t| *t != Alaska && table.game.owner(*t) == Some(Colour::Red))
        .take(2)
        .collect();
    let (one, two) = (red[0], red[1]);
    battle::set(&mut table, one, Colour::Red, 1);
    battle::set(&mut table, two, Colour::Red, 2);
    let offer = map_view(&table.game).attack.expect("attacks");
    assert_eq!(most(&offer.forces, one), None, "{one:?}");
    assert!(offer.targets.iter().all(|t| t.from != one), "{one:?}");
    assert_eq!(most(&offer.forces, two), Some(1), "{two:?}");
    assert_eq!(most(&offer.forces, Alaska), Some(3));
    let enemy = Territory::all()
        .find(|t| {
            table.game.owner(*t).is_some_and(|o| o != Colour::Red)
                && table.game.box_values.connected(one, *t)
        })
        .expect("an enemy next to it");
    let refused = decide(
        &table.game,
        &battle::attack(one, enemy, 1, &[6], &[1]),
        &ctx(3),
    )
    .expect_err("nobody to send");
    assert_eq!(refused.code, RuleCode::AttackNeedsTwo);
}

/// **3. MANŒUVREZ VOTRE CONFRÉRIE**: "à la condition que vous les
/// contrôliez et dans la mesure où ils sont reliés par une frontière, par
/// une voie de déplacement rapide ou que vous dominiez les territoires qui
/// les séparent". The view groups the player's territories by those ways:
/// the rules find a way within a group, none between two groups.
#[test]
fn manoeuvrez_the_view_groups_the_territories_joined_through_the_player_s_own() {
    let mut table = three_players();
    table.place_all();
    let view = map_view(&table.game);
    let red = table.current();
    let groups = view.manoeuvre_groups;
    assert!(!groups.is_empty());
    let group_of = |t: Territory| groups.iter().position(|g| g.contains(&t));
    let mine: Vec<Territory> = Territory::all()
        .filter(|t| table.game.owner(*t) == Some(red))
        .collect();
    for a in &mine {
        for b in &mine {
            if a == b {
                continue;
            }
            let joined = rules::manoeuvre::path(&table.game, red, *a, *b).is_some();
            assert_eq!(
                joined,
                group_of(*a).is_some() && group_of(*a) == group_of(*b),
                "{a:?} {b:?}"
            );
        }
    }
    // A territory joined to none of the player's others is in no group
    // (a manoeuvre from it has nowhere to go): groups of one are left out.
    assert!(groups.iter().all(|g| g.len() > 1));
    assert!(mine.iter().any(|t| group_of(*t).is_none()));
    table.ok(Command::EndAttacks);
    let (a, b) = (groups[0][0], groups[0][1]);
    battle::set(&mut table, a, red, 3);
    table.ok(Command::Manoeuvre {
        from: a,
        to: b,
        count: 1,
    });
    assert!(map_view(&table.game).manoeuvre_groups.is_empty());
}

/// The game with the hand of the player whose turn it is set to `cards`
/// (the turn's placement under way): a game apart, asked through `decide`.
fn holding(table: &Table, cards: &[Territory]) -> Game {
    let mut game = table.game.clone();
    let red = table.current();
    let player = game
        .players
        .iter_mut()
        .find(|p| p.colour == red)
        .expect("the player whose turn it is");
    player.cards = cards.to_vec();
    game
}

/// ÉCHANGER DES CARTES: "Sur le bas de chaque carte apparaît 1 ou 2
/// Blasons. Vous pouvez les échanger contre des Assassins au début de votre
/// tour. Le tableau ASSASSINS PAR CARTES sur le plateau vous indique le
/// nombre d'Assassins obtenus en échange des Blasons ainsi collectés." The
/// view groups the player's cards by their crests and lists every trade the
/// rules accept with the crests and assassins it gives: each is traded for
/// exactly that, a choice it does not list is refused, and a card whose
/// crests are not entered is in no trade (its crests are asked).
#[test]
fn echanger_des_cartes_the_view_gives_what_each_trade_of_the_hand_brings() {
    use Territory::*;
    let mut table = three_players();
    // Alaska and Afghanistan 2 Blasons, Argentine 1 (the seed's cards);
    // Peru 1, China 2 (entered).
    let game = holding(&table, &[Alaska, Argentina, Afghanistan, Peru, China]);
    let offer = map_view(&game).trade.expect("placement");
    let groups: Vec<(Option<u32>, Vec<Territory>)> = offer
        .groups
        .iter()
        .map(|g| (g.crests, g.cards.clone()))
        .collect();
    assert_eq!(
        groups,
        vec![
            (Some(1), vec![Argentina, Peru]),
            (Some(2), vec![Alaska, Afghanistan, China]),
        ]
    );
    assert_eq!((offer.min_crests, offer.max_crests), (2, 10));
    // Every count of the 1s (0 to 2) and the 2s (0 to 3) but none and a
    // lone 1: 12 - 2 choices, each traded for what the view says.
    assert_eq!(offer.trades.len(), 10);
    for choice in &offer.trades {
        let cards: Vec<Territory> = offer
            .groups
            .iter()
            .zip(&choice.counts)
            .flat_map(|(g, n)| g.cards.iter().take(*n as usize).copied())
            .collect();
        let events = decide(&game, &Command::TradeCards { cards }, &ctx(1))
            .expect("a trade the view lists is accepted");
        assert!(matches!(
            events[0],
            Event::CardsTraded { crests, assassins, .. }
                if (crests, assassins) == (choice.crests, choice.assassins)
        ));
    }
    // Alaska (2) + Argentine (1): 3 Blasons, 4 Assassins by the table.
    let three = offer
        .trades
        .iter()
        .find(|c| c.counts == vec![1, 1])
        .expect("listed");
    assert_eq!((three.crests, three.assassins), (3, 4));
    // All five: 8 Blasons, 21 Assassins.
    let all = offer
        .trades
        .iter()
        .find(|c| c.counts == vec![2, 3])
        .expect("listed");
    assert_eq!((all.crests, all.assassins), (8, 21));
    // A lone 1 is not listed, and refused.
    assert!(!offer.trades.iter().any(|c| c.counts == vec![1, 0]));
    let r = decide(
        &game,
        &Command::TradeCards {
            cards: vec![Argentina],
        },
        &ctx(1),
    )
    .expect_err("out of the table");
    assert_eq!(
        (r.code, r.section),
        (RuleCode::TradeCrests, Section::TradingCards)
    );

    // Peru's crests not entered: its group comes last, in no trade.
    let mut game = game.clone();
    game.box_values.crests.remove(&Peru);
    let offer = map_view(&game).trade.expect("placement");
    assert_eq!(offer.groups.last().map(|g| g.crests), Some(None));
    assert!(offer.trades.iter().all(|c| c.counts[2] == 0));

    // Past the placement nothing is offered.
    table.place_all();
    assert_eq!(map_view(&table.game).trade, None);
}

/// ÉCHANGER DES CARTES, "Le tableau ASSASSINS PAR CARTES sur le plateau
/// vous indique le nombre d'Assassins obtenus en échange des Blasons ainsi
/// collectés": a hand of seven 1-crest cards and two 2-crest cards offers
/// every trade up to the table's most crests (10), those of exactly 10
/// among them, and none past it.
#[test]
fn echanger_des_cartes_the_view_lists_trades_up_to_the_table_s_most_crests() {
    use Territory::*;
    let table = three_players();
    let ones = [Peru, Brazil, Venezuela, Greenland, Quebec, Ontario, Iceland];
    let mut hand = ones.to_vec();
    hand.extend([China, Japan]);
    let mut game = holding(&table, &hand);
    for t in ones {
        game.box_values.crests.insert(t, 1);
    }
    game.box_values.crests.insert(China, 2);
    game.box_values.crests.insert(Japan, 2);
    let offer = map_view(&game).trade.expect("placement");
    assert_eq!(offer.max_crests, 10);
    let counts: Vec<Vec<u32>> = offer.trades.iter().map(|c| c.counts.clone()).collect();
    assert!(counts.contains(&vec![7, 1]), "{counts:?}");
    assert!(counts.contains(&vec![6, 1]), "{counts:?}");
    // Exactly the table's most: six 1s and both 2s.
    assert!(counts.contains(&vec![6, 2]), "{counts:?}");
    // Every count of the 1s (0 to 7) and the 2s (0 to 2), 24, but none, a
    // lone 1 (1 crest, below the table) and all nine (11, past it).
    assert_eq!(offer.trades.len(), 21, "{counts:?}");
    for choice in &offer.trades {
        assert_eq!(choice.crests, choice.counts[0] + 2 * choice.counts[1]);
        assert!(choice.crests <= offer.max_crests);
    }
}

/// CARTES APTITUDE: "Cette dernière peut tout aussi bien vous conférer des
/// Assassins supplémentaires ... mais attention, elle peut tout aussi bien
/// vous demander d'enlever des Assassins du plateau." The view names the
/// player's territories a card may take assassins from and the most from
/// each (edition 2: all there; edition 1: all but one); that most is
/// accepted, one more is refused, a territory not named is refused, and
/// once the card is turned over nothing is offered.
#[test]
fn cartes_aptitude_the_view_names_the_territories_a_card_may_take_from() {
    use Territory::*;
    let loss = |territory, count| Command::RevealAptitude {
        gain: 0,
        losses: vec![TerritoryCount { territory, count }],
        reason: "Pomme d'Éden".into(),
    };
    for (edition, kept) in [(Some(1), 1), (None, 0)] {
        let mut table = game_under(3, deal(&[Alaska, Alberta], &[Kamchatka]), edition);
        battle::set(&mut table, Alaska, Colour::Red, 4);
        battle::set(&mut table, Alberta, Colour::Red, 1);
        let offer = map_view(&table.game).aptitude.expect("a card to turn over");
        let red: Vec<Territory> = Territory::all()
            .filter(|t| table.game.owner(*t) == Some(Colour::Red))
            .collect();
        assert!(offer.losses.iter().all(|l| red.contains(&l.territory)));
        assert_eq!(most(&offer.losses, Alaska), Some(4 - kept));
        // Edition 1 keeps one: a territory of 1 has none to give.
        assert_eq!(most(&offer.losses, Alberta), (kept == 0).then_some(1));
        assert_eq!(most(&offer.losses, Kamchatka), None);
        let r = table.refused(loss(Alaska, 5 - kept));
        assert_eq!(r.section, Section::AptitudeCards);
        let r = table.refused(loss(Kamchatka, 1));
        assert_eq!(r.code, RuleCode::PlaceNotYours);
        table.ok(loss(Alaska, 4 - kept));
        assert_eq!(map_view(&table.game).aptitude, None);
    }
}

/// MISE EN PLACE and "RÈGLES DU JEU (2 À 5 JOUEURS)": the new-game form
/// offers as many players as the rules take, one colour each, and says
/// when the neutral brotherhoods join (PARTIE À 2 JOUEURS). One player
/// fewer or more is refused; the neutrals come with exactly that count.
#[test]
fn mise_en_place_the_new_game_form_offers_what_the_rules_take() {
    let offer = setup_offer();
    // One seat more than the box's colours repeats one: the count is
    // refused first.
    let create = |n: usize| {
        let mut players = seats(n);
        players.extend((players.len()..n).map(|i| Seat {
            name: format!("P{i}"),
            colour: Colour::Red,
        }));
        Command::CreateGame {
            players,
            sigma: true,
            box_values: vec![],
            edition: None,
        }
    };
    let (min, max) = (
        usize::from(offer.min_players),
        usize::from(offer.max_players),
    );
    assert_eq!(offer.colours.len(), max);
    for n in [min - 1, max + 1] {
        assert_eq!(
            Table::new().refused(create(n)).code,
            RuleCode::PlayerCount,
            "{n}"
        );
    }
    for n in min..=max {
        let mut table = Table::new();
        table.ok(create(n));
        let neutrals = !table.game.neutrals.is_empty();
        assert_eq!(neutrals, n == usize::from(offer.neutrals_with), "{n}");
    }
    let long = Seat {
        name: "x".repeat(usize::from(offer.max_name) + 1),
        colour: Colour::Red,
    };
    let mut players = seats(2);
    players[0] = long;
    let refused = Table::new().refused(Command::CreateGame {
        players,
        sigma: true,
        box_values: vec![],
        edition: None,
    });
    assert_eq!(refused.code, RuleCode::PlayerName);
}

/// **1. PLACEZ VOS ASSASSINS**: "Décidez du nombre de nouveaux Assassins
/// que vous souhaitez placer sur le plateau." The map offers to end the
/// placement with new assassins left (assumption `place_every_assassin`)
/// while some are left, and no more once all are placed.
#[test]
fn placez_vos_assassins_the_view_offers_to_leave_some_only_while_some_are_left() {
    let mut table = three_players();
    let pool = table.game.turn.as_ref().unwrap().pool();
    assert!(pool > 1);
    assert!(map_view(&table.game).offers.leave_unplaced);
    table.ok(Command::Place {
        territory: Territory::Alaska,
        count: pool - 1,
    });
    assert!(map_view(&table.game).offers.leave_unplaced);
    table.ok(Command::Place {
        territory: Territory::Alaska,
        count: 1,
    });
    assert_eq!(table.game.phase, Phase::Placement);
    assert_eq!(table.game.turn.as_ref().unwrap().pool(), 0);
    assert!(!map_view(&table.game).offers.leave_unplaced);
    let events = table.ok(Command::EndPlacement);
    assert_eq!(
        events,
        vec![Event::PlacementEnded {
            player: Colour::Red,
            unplaced: 0,
        }]
    );
}

/// "1. PLACEZ VOS ASSASSINS" and LES CARTES TERRITOIRE: the map
/// adds up the turn's reinforcements, and offers the crests a card may show
/// (one fewer or more is refused).
#[test]
fn the_map_adds_up_the_reinforcements_and_offers_the_crests_a_card_shows() {
    let table = three_players();
    let view = map_view(&table.game);
    // "Vous obtenez systématiquement 3 Assassins à chaque tour", and the
    // bonuses on their own lines; the total is what there is to place.
    assert!(view
        .reinforcements
        .contains(&Reinforcement::Base { assassins: 3 }));
    let lines: u32 = view
        .reinforcements
        .iter()
        .map(Reinforcement::assassins)
        .sum();
    assert_eq!(view.reinforcement_total, lines);
    assert_eq!(view.reinforcement_total, view.pool);
    assert_eq!(view.crest_counts, [1, 2]);
    let mut table = Table::new();
    table.ok(Command::CreateGame {
        players: seats(3),
        sigma: true,
        box_values: vec![],
        edition: None,
    });
    // Peru's crests are not printed in the summary: they are asked.
    let crests = |crests| Command::SetBoxValue {
        value: BoxValue::Crests {
            territory: Territory::Peru,
            crests,
        },
    };
    let offered = map_view(&table.game).crest_counts;
    for outside in [offered[0] - 1, offered[offered.len() - 1] + 1] {
        assert_eq!(table.refused(crests(outside)).code, RuleCode::ValueRange);
    }
    for count in offered {
        assert!(decide(&table.game, &crests(count), &ctx(1)).is_ok());
    }
}

/// CONTRÔLER DES RÉGIONS: "Si vous contrôlez tous les territoires d'une
/// région, vous décrocherez également un bonus d'Assassins." The view names
/// the brotherhood holding every territory of a region, and none once one
/// of them is another's.
#[test]
fn controler_des_regions_the_view_names_the_brotherhood_holding_a_whole_region() {
    use Territory::*;
    let oceania = [Indonesia, NewGuinea, WesternAustralia, EasternAustralia];
    let mut table = game_with(3, deal(&oceania, &[]));
    let holder = |table: &Table| {
        map_view(&table.game)
            .regions
            .iter()
            .find(|r| r.id == Region::Oceania)
            .unwrap()
            .holder
    };
    assert_eq!(holder(&table), Some(Colour::Red));
    battle::set(&mut table, Indonesia, Colour::Grey, 1);
    assert_eq!(holder(&table), None);
}
