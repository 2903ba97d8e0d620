//! What the map view tells the forms to offer, worked out by the rules' own
//! functions, so no panel restates a rule: the manoeuvre's most
//! (**3. MANŒUVREZ VOTRE CONFRÉRIE**), edition 1's move-in after a
//! conquest (COMBAT), the cards dealt at the table (MISE EN PLACE, PARTIE À
//! 2 JOUEURS), the neutral's assassins (PARTIE À 2 JOUEURS) and the cards
//! the next draw may give (**4. TIREZ UNE CARTE SI VOUS LE POUVEZ**,
//! VARIANTES DE JEU). Each offer is checked against what the rules accept.

mod support;

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
/// assassins may follow in, one staying behind. The view gives that most;
/// under edition 2 ("DÉPLACEZ-VOUS": the force holds what it took) none.
#[test]
fn combat_edition_1_the_view_offers_the_move_in_bound() {
    use Territory::*;
    let mut table = three_players_edition_1();
    table.place_all();
    let offer = |table: &Table| map_view(&table.game).attack.expect("attacks").move_in_max;
    assert_eq!(offer(&table), 0);
    table.ok(battle::attack(Alaska, Kamchatka, 2, &[6, 1], &[3]));
    // Alaska had 6, 2 crossed, 1 was lost: 4 left, 3 may follow.
    assert_eq!(offer(&table), 3);
    let r = table.refused(Command::MoveIn { count: 4 });
    assert_eq!(r.params["max"].as_str(), "3");
    table.ok(Command::MoveIn { count: 3 });
    assert_eq!(offer(&table), 0);

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
    assert!(matches!(
        refused.code,
        RuleCode::NotConnected | RuleCode::ValueNeeded
    ));
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
