//! MISE EN PLACE (and PARTIE À 2 JOUEURS, MISE EN PLACE), VARIANTES DE JEU.

use crate::support;

use bagless_risk::*;
use support::*;

fn created(n: usize, sigma: bool) -> Table {
    let mut table = Table::new();
    let mut values = crests();
    values.extend(region_bonuses());
    table.ok(Command::CreateGame {
        players: seats(n),
        sigma,
        box_values: values,
        edition: None,
    });
    table
}

#[test]
fn mise_en_place_two_to_five_brotherhoods_each_its_own_colour() {
    for n in [1, 6] {
        let mut players = seats(5);
        players.push(Seat {
            name: "Fay".into(),
            colour: Colour::Red,
        });
        players.truncate(n);
        let r = Table::new().refused(Command::CreateGame {
            players,
            sigma: true,
            box_values: vec![],
            edition: None,
        });
        assert_eq!(r.code, RuleCode::PlayerCount);
        assert_eq!(r.section, Section::SetUp);
    }
    let mut twice = seats(3);
    twice[2].colour = Colour::Red;
    let r = Table::new().refused(Command::CreateGame {
        players: twice,
        sigma: true,
        box_values: vec![],
        edition: None,
    });
    assert_eq!(r.code, RuleCode::BrotherhoodTwice);
    let mut blank = seats(3);
    blank[0].name = "  ".into();
    let r = Table::new().refused(Command::CreateGame {
        players: blank,
        sigma: true,
        box_values: vec![],
        edition: None,
    });
    assert_eq!(r.code, RuleCode::PlayerName);
    let mut table = created(3, true);
    let r = table.refused(Command::CreateGame {
        players: seats(3),
        sigma: true,
        box_values: vec![],
        edition: None,
    });
    assert_eq!(r.code, RuleCode::AlreadyCreated);
}

#[test]
fn mise_en_place_bagless_deals_the_42_territories_one_or_two_assassins_by_crests() {
    let mut table = created(3, true);
    table.ok(Command::DealTerritories { deal: None });
    assert_eq!(table.game.map.len(), 42);
    for colour in [Colour::Red, Colour::Grey, Colour::Black] {
        assert_eq!(table.game.territories_held(colour), 14);
    }
    for (t, h) in &table.game.map {
        let crests = u32::from(table.game.box_values.crests(*t).unwrap());
        assert_eq!(h.assassins, crests, "{}", t.id());
    }
    // ÉCHANGER DES CARTES: Alaska 2 Blasons.
    assert_eq!(table.game.assassins(Territory::Alaska), 2);
    assert_eq!(table.game.assassins(Territory::Argentina), 1);
}

/// MISE EN PLACE 3 and 6: "Mélangez les 42 cartes Territoire … et
/// distribuez-les aux joueurs"; "Prenez les cartes Fragment de mémoire,
/// mélangez-les et donnez-en 2 à chaque joueur". Bagless shuffles by the
/// seed the app gives each command: over 64 seeds, every territory and
/// every memory fragment goes to the first player at least once.
#[test]
fn mise_en_place_bagless_shuffles_by_the_seed_so_any_card_may_go_to_anyone() {
    let mut table = created(3, true);
    let deal = Command::DealTerritories { deal: None };
    let mut territories = std::collections::BTreeSet::new();
    for seed in 0..64 {
        let events = decide(&table.game, &deal, &ctx(seed)).unwrap();
        let Event::TerritoriesDealt { holdings, .. } = &events[0] else {
            panic!("{events:?}")
        };
        territories.extend(
            holdings
                .iter()
                .filter(|d| d.owner == Colour::Red)
                .map(|d| d.territory),
        );
    }
    assert_eq!(territories.len(), 42);
    table.ok(deal);
    let cards = Command::DealCards {
        fragments: None,
        neutral_stacks: None,
    };
    let mut fragments = std::collections::BTreeSet::new();
    for seed in 0..64 {
        let events = decide(&table.game, &cards, &ctx(seed)).unwrap();
        let Event::CardsDealt {
            fragments: hands, ..
        } = &events[0]
        else {
            panic!("{events:?}")
        };
        fragments.extend(
            hands
                .iter()
                .filter(|h| h.colour == Colour::Red)
                .flat_map(|h| h.fragments.iter().copied()),
        );
    }
    assert_eq!(fragments.len(), 10);
}

/// A deal entered at the table: the cards in order, `shares[i]` of them to
/// `COLOURS[i]`.
fn dealt(shares: &[usize]) -> Vec<DealtCard> {
    let owners = shares
        .iter()
        .enumerate()
        .flat_map(|(i, n)| std::iter::repeat_n(COLOURS[i], *n));
    Territory::all()
        .zip(owners)
        .map(|(territory, owner)| DealtCard {
            territory,
            owner,
            crests: None,
        })
        .collect()
}

/// MISE EN PLACE 3: "Si la répartition des cartes est inégale (dans une
/// partie à 4 ou 5 joueurs). Les joueurs ayant des cartes supplémentaires
/// se verront jouer en dernier." An entered deal gives each player the
/// share or one card more, no more.
#[test]
fn mise_en_place_with_uneven_cards_those_with_an_extra_card_play_last() {
    // 4 players: 42 = 10 + 10 + 11 + 11.
    let mut table = created(4, true);
    table.ok(Command::DealTerritories { deal: None });
    let order: Vec<_> = table.game.players.iter().map(|p| p.colour).collect();
    assert_eq!(order, COLOURS[..4].to_vec());
    let counts: Vec<_> = order
        .iter()
        .map(|c| table.game.territories_held(*c))
        .collect();
    assert_eq!(counts, vec![10, 10, 11, 11]);

    // Entered: Ana (first chosen) got 11: she plays after those with 10.
    let mut table = created(4, true);
    let shares = [11usize, 10, 11, 10];
    let mut owners = Vec::new();
    for (i, n) in shares.iter().enumerate() {
        owners.extend(std::iter::repeat_n(COLOURS[i], *n));
    }
    let deal: Vec<DealtCard> = Territory::all()
        .zip(owners)
        .map(|(territory, owner)| DealtCard {
            territory,
            owner,
            crests: None,
        })
        .collect();
    table.ok(Command::DealTerritories { deal: Some(deal) });
    let order: Vec<_> = table.game.players.iter().map(|p| p.colour).collect();
    assert_eq!(
        order,
        vec![Colour::Grey, Colour::White, Colour::Red, Colour::Black]
    );

    // 12 is neither 10 nor 11: refused.
    let mut table = created(4, true);
    let r = table.refused(Command::DealTerritories {
        deal: Some(dealt(&[12, 10, 10, 10])),
    });
    assert_eq!(r.code, RuleCode::DealCount);
    assert_eq!(r.section, Section::SetUp);
    assert_eq!(r.params["colour"], "red");
}

/// MISE EN PLACE 3: "distribuez-les aux joueurs" — before the deal no
/// brotherhood holds a territory, and none is shown eliminated for it (the
/// map's players). Found by cargo-mutants.
#[test]
fn mise_en_place_before_the_deal_no_brotherhood_is_shown_eliminated() {
    let table = created(3, true);
    let view = map_view(&table.game);
    assert_eq!(view.players.len(), 3);
    assert!(view
        .players
        .iter()
        .all(|p| p.territories == 0 && !p.eliminated));
}

/// MISE EN PLACE 3: "Si la répartition des cartes est inégale (dans une
/// partie à 4 ou 5 joueurs)" — with 3 players the 42 cards fall evenly,
/// 14 each, and nobody gets one more: of 15, 14 and 13, the 15 are refused
/// first, naming red. Found by cargo-mutants.
#[test]
fn mise_en_place_with_3_players_the_cards_fall_evenly_and_none_gets_one_more() {
    let mut table = created(3, true);
    let r = table.refused(Command::DealTerritories {
        deal: Some(dealt(&[15, 14, 13])),
    });
    assert_eq!(r.code, RuleCode::DealCount);
    assert_eq!(r.section, Section::SetUp);
    assert_eq!(r.params["colour"], "red");
    assert_eq!(r.params["count"], "15");
    assert_eq!(r.params["expected"], "14");
    table.ok(Command::DealTerritories {
        deal: Some(dealt(&[14, 14, 14])),
    });
}

#[test]
fn mise_en_place_an_entered_deal_has_each_card_once_and_fair_shares() {
    let mut table = created(3, true);
    let mut deal: Vec<DealtCard> = Territory::all()
        .map(|territory| DealtCard {
            territory,
            owner: COLOURS[territory.index() % 3],
            crests: None,
        })
        .collect();
    let mut short = deal.clone();
    short.pop();
    let r = table.refused(Command::DealTerritories { deal: Some(short) });
    assert_eq!(r.code, RuleCode::DealIncomplete);
    assert_eq!(r.params["territory"], "eastern_australia");
    let mut twice = deal.clone();
    twice[1].territory = Territory::Alaska;
    assert_eq!(
        table
            .refused(Command::DealTerritories { deal: Some(twice) })
            .code,
        RuleCode::CardTwice
    );
    let mut unfair = deal.clone();
    unfair[1].owner = Colour::Red;
    let r = table.refused(Command::DealTerritories { deal: Some(unfair) });
    assert_eq!(r.code, RuleCode::DealCount);
    let mut stranger = deal.clone();
    stranger[0].owner = Colour::Blue;
    assert_eq!(
        table
            .refused(Command::DealTerritories {
                deal: Some(stranger)
            })
            .code,
        RuleCode::BrotherhoodUnknown
    );
    deal[0].crests = Some(1); // Alaska has 2 Blasons (ÉCHANGER DES CARTES).
    assert_eq!(
        table
            .refused(Command::DealTerritories {
                deal: Some(deal.clone())
            })
            .code,
        RuleCode::ValueInPack
    );
    deal[0].crests = Some(2);
    table.ok(Command::DealTerritories { deal: Some(deal) });
    let r = table.refused(Command::DealTerritories { deal: None });
    assert_eq!(r.code, RuleCode::DealNotNow);
}

#[test]
fn mise_en_place_the_crests_not_in_the_summary_are_asked_or_read_off_the_cards() {
    let mut table = Table::new();
    table.ok(Command::CreateGame {
        players: seats(3),
        sigma: true,
        box_values: vec![],
        edition: None,
    });
    let r = table.refused(Command::DealTerritories { deal: None });
    assert_eq!(r.code, RuleCode::ValueNeeded);
    assert_eq!(r.params["key"], "crests.northwest_territory");
    assert_eq!(r.params["missing"], "39");
    // Set one, then read the rest off the cards at the deal.
    table.ok(Command::SetBoxValue {
        value: BoxValue::Crests {
            territory: Territory::NorthwestTerritory,
            crests: 2,
        },
    });
    let r = table.refused(Command::SetBoxValue {
        value: BoxValue::Crests {
            territory: Territory::Alaska,
            crests: 2,
        },
    });
    assert_eq!(r.code, RuleCode::ValueInPack);
    let r = table.refused(Command::SetBoxValue {
        value: BoxValue::Crests {
            territory: Territory::Peru,
            crests: 3,
        },
    });
    assert_eq!(r.code, RuleCode::ValueRange);
    assert_eq!(r.section, Section::TerritoryCards);
    let deal: Vec<DealtCard> = Territory::all()
        .map(|territory| DealtCard {
            territory,
            owner: COLOURS[territory.index() % 3],
            crests: Some(if territory == Territory::Argentina {
                1
            } else if territory == Territory::Peru {
                2
            } else {
                table.game.box_values.crests(territory).unwrap_or(1)
            }),
        })
        .collect();
    table.ok(Command::DealTerritories { deal: Some(deal) });
    assert_eq!(table.game.assassins(Territory::Peru), 2);
    assert_eq!(table.game.assassins(Territory::NorthwestTerritory), 2);
    assert_eq!(table.game.box_values.crests(Territory::Peru), Some(2));
}

#[test]
fn mise_en_place_two_fragments_two_aptitude_cards_and_the_sigma_card_in_the_pile() {
    let mut table = created(3, true);
    table.ok(Command::DealTerritories { deal: None });
    let r = table.refused(Command::DealCards {
        fragments: Some(vec![FragmentHand {
            colour: Colour::Red,
            fragments: vec![1, 2],
        }]),
        neutral_stacks: None,
    });
    assert_eq!(r.code, RuleCode::FragmentCount);
    let r = table.refused(Command::DealCards {
        fragments: None,
        neutral_stacks: Some(vec![NeutralStack {
            colour: Colour::Red,
            cards: vec![Territory::Alaska],
        }]),
    });
    assert_eq!(r.code, RuleCode::NeutralStacksTwoPlayers);
    let hands = |third: Vec<u8>| {
        vec![
            FragmentHand {
                colour: Colour::Red,
                fragments: vec![1, 2],
            },
            FragmentHand {
                colour: Colour::Grey,
                fragments: vec![3, 4],
            },
            FragmentHand {
                colour: Colour::Black,
                fragments: third,
            },
        ]
    };
    for bad in [vec![4, 5], vec![5, 11]] {
        let r = table.refused(Command::DealCards {
            fragments: Some(hands(bad)),
            neutral_stacks: None,
        });
        assert_eq!(r.code, RuleCode::FragmentUnknown);
    }
    let events = table.ok(Command::DealCards {
        fragments: Some(hands(vec![5, 6])),
        neutral_stacks: None,
    });
    assert!(matches!(events[1], Event::TurnStarted { turn: 1, .. }));
    for p in &table.game.players {
        assert_eq!(p.fragments.len(), 2);
        assert_eq!(p.aptitude_hidden, 2);
    }
    assert_eq!(table.game.deck.len(), 42);
    assert!(table.game.sigma_in_deck);
    assert_eq!(table.game.phase, Phase::Placement);
    assert_eq!(table.current(), Colour::Red);
}

/// MISE EN PLACE 6: "Prenez les cartes Fragment de mémoire, mélangez-les et
/// donnez-en 2 à chaque joueur" — when the table deals them and enters the
/// hands in a 3-player game (no neutral brotherhood, no stack set aside),
/// Bagless draws nothing: the deal is taken without a random seed, and the
/// event and the history do not say "dealt by Bagless". Found by
/// cargo-mutants.
#[test]
fn mise_en_place_fragments_dealt_by_the_table_are_not_dealt_by_bagless() {
    let mut table = created(3, true);
    table.ok(Command::DealTerritories { deal: None });
    let hands: Vec<FragmentHand> = table
        .game
        .players
        .iter()
        .zip([[1, 2], [3, 4], [5, 6]])
        .map(|(p, f)| FragmentHand {
            colour: p.colour,
            fragments: f.to_vec(),
        })
        .collect();
    let command = Command::DealCards {
        fragments: Some(hands),
        neutral_stacks: None,
    };
    // Nothing to draw: no seed is needed.
    let unseeded = decide(&table.game, &command, &no_seed())
        .unwrap_or_else(|e| panic!("refused without a seed: {} {:?}", e.code, e.params));
    assert!(matches!(
        &unseeded[0],
        Event::CardsDealt {
            by_bagless: false,
            neutral_stacks,
            ..
        } if neutral_stacks.is_empty()
    ));
    let events = table.ok(command);
    assert!(matches!(
        &events[0],
        Event::CardsDealt {
            by_bagless: false,
            ..
        }
    ));
    assert_eq!(history_words(&events[0]).params["by_bagless"], "false");
}

/// VARIANTES DE JEU: "vous pouvez choisir de ne pas intégrer la carte Équipe
/// Sigma": the card is left out only when chosen; a `create_game` command
/// that does not say plays with it.
#[test]
fn variantes_de_jeu_without_the_sigma_card() {
    let unsaid: Command = serde_json::from_value(serde_json::json!({
        "type": "create_game",
        "players": seats(3),
    }))
    .expect("a command");
    assert!(matches!(unsaid, Command::CreateGame { sigma: true, .. }));
    let mut table = created(3, false);
    table.ok(Command::DealTerritories { deal: None });
    table.ok(Command::DealCards {
        fragments: None,
        neutral_stacks: None,
    });
    assert!(!table.game.sigma_in_deck);
    assert_eq!(table.game.deck.len(), 42);
}

/// PARTIE À 2 JOUEURS, MISE EN PLACE 2–4: "distribuez-en 12 à chaque
/// joueur", "Distribuez 6 cartes pour chacune des factions neutres",
/// "Distribuez-en 3 pour chacune des 3 factions neutres".
#[test]
fn partie_a_2_joueurs_mise_en_place_neutrals_12_and_6_cards_3_under_each_neutral() {
    let mut table = created(2, true);
    assert_eq!(
        table.game.neutrals,
        vec![Colour::Black, Colour::White, Colour::Blue]
    );
    // "distribuez-en 12 à chaque joueur": 13 and 11 are refused, and 11
    // alone (the neutrals' 6 each kept) too.
    for shares in [[13, 11, 6, 6, 6], [12, 11, 7, 6, 6]] {
        let r = table.refused(Command::DealTerritories {
            deal: Some(dealt(&shares)),
        });
        assert_eq!(r.code, RuleCode::DealCount);
        assert_eq!(r.section, Section::TwoPlayers);
    }
    table.ok(Command::DealTerritories { deal: None });
    assert_eq!(table.game.territories_held(Colour::Red), 12);
    assert_eq!(table.game.territories_held(Colour::Grey), 12);
    for n in [Colour::Black, Colour::White, Colour::Blue] {
        assert_eq!(table.game.territories_held(n), 6);
    }
    let r = table.refused(Command::DealCards {
        fragments: None,
        neutral_stacks: Some(vec![NeutralStack {
            colour: Colour::Black,
            cards: vec![Territory::Alaska, Territory::Peru, Territory::Japan],
        }]),
    });
    assert_eq!(r.code, RuleCode::NeutralStackCount);
    assert_eq!(r.section, Section::TwoPlayers);
    let r = table.refused(Command::DealCards {
        fragments: Some(vec![
            FragmentHand {
                colour: Colour::Red,
                fragments: vec![1, 2],
            },
            FragmentHand {
                colour: Colour::Grey,
                fragments: vec![3],
            },
        ]),
        neutral_stacks: None,
    });
    assert_eq!(r.code, RuleCode::FragmentCount);
    table.ok(Command::DealCards {
        fragments: None,
        neutral_stacks: None,
    });
    for n in [Colour::Black, Colour::White, Colour::Blue] {
        assert_eq!(table.game.neutral_stacks[&n].len(), 3);
    }
    assert_eq!(table.game.deck.len(), 33);
    for p in &table.game.players {
        assert_eq!(p.fragments.len(), 1);
        assert_eq!(p.aptitude_hidden, 3);
    }
}

/// MISE EN PLACE 1 ("Chaque joueur choisit sa Confrérie d'Assassins d'une
/// couleur"): the seat's name is Bagless's own (no sentence of the seed),
/// up to 40 characters (`MAX_NAME`), counted as letters, not bytes, once
/// the spaces around it are trimmed; 40 are taken, 41 refused. Found by
/// cargo-mutants.
#[test]
fn mise_en_place_a_player_s_name_takes_up_to_40_characters() {
    let named = |name: String| {
        let mut players = seats(3);
        players[0].name = name;
        Command::CreateGame {
            players,
            sigma: true,
            box_values: vec![],
            edition: None,
        }
    };
    let r = Table::new().refused(named("é".repeat(41)));
    assert_eq!(
        (r.code, r.section, r.params["max"].as_str()),
        (RuleCode::PlayerName, Section::SetUp, "40")
    );
    let longest = "é".repeat(40);
    let mut table = Table::new();
    table.ok(named(format!("  {longest}  ")));
    assert_eq!(table.game.players[0].name, longest);
}
