//! Seed 004 read a second time (issue 30, corrections 5, 6, 8, 9 and 10):
//! each test quotes the sentence it keeps, under its heading, and plays the
//! game under the crate's edition (2); where edition 1 read it otherwise,
//! the same table under edition 1 shows the old reading is kept for games
//! recorded then.

use crate::support;

use bagless_game::Rules;
use bagless_risk::*;
use support::*;

/// The current player places everything and ends the turn without drawing.
fn pass(table: &mut Table) {
    table.place_all();
    table.ok(Command::EndTurn {
        card: None,
        sigma: false,
        decline: false,
    });
}

fn adjust(table: &mut Table, territory: Territory, owner: Colour, assassins: u32) {
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

/// The current player, in the attack phase, takes `to` from `from` in one
/// roll (the source first given 9 assassins).
fn take(table: &mut Table, from: Territory, to: Territory) -> Vec<Event> {
    let player = table.current();
    adjust(table, from, player, 9);
    let defender = table.game.owner(to).unwrap();
    adjust(table, to, defender, 1);
    table.ok(Command::Attack {
        from,
        to,
        attackers: 1,
        dice: Some(vec![6]),
        defence_dice: Some(vec![1]),
    })
}

/// ■ 3. MANŒUVREZ VOTRE CONFRÉRIE: "Les Assassins peuvent se déplacer d'un
/// territoire à un autre, à la condition que vous les contrôliez et dans la
/// mesure où ils sont reliés par une frontière, par une voie de
/// déplacement rapide ou que vous dominiez les territoires qui les
/// séparent."
mod manoeuvrez_votre_confrerie {
    use super::*;
    use Territory::*;

    /// Red: Scandinavia, Russia and India; every neighbour of India is
    /// grey's, so only a fast-travel route can reach it.
    fn table() -> Table {
        let mut table = game_with(
            3,
            deal(
                &[Scandinavia, Russia, India],
                &[Afghanistan, MiddleEast, China, Siam],
            ),
        );
        adjust(&mut table, Scandinavia, Colour::Red, 5);
        table.place_all();
        table
    }

    fn manoeuvre() -> Command {
        Command::Manoeuvre {
            from: Scandinavia,
            to: India,
            count: 2,
        }
    }

    /// The board's routes asked once, as one value of the box.
    fn asked_for_the_routes(table: &mut Table) {
        let r = table.refused(manoeuvre());
        assert_eq!(r.code, RuleCode::ValueNeeded);
        assert_eq!(r.section, Section::Manoeuvre);
        assert_eq!(r.params["key"], "fast_travel_routes");
    }

    #[test]
    fn a_route_between_two_territories_on_the_way_is_asked_not_only_between_the_ends() {
        let mut table = table();
        asked_for_the_routes(&mut table);
        // A route between Russia and India, neither of them an end.
        table.ok(Command::SetBoxValue {
            value: BoxValue::FastTravelRoutes {
                routes: vec![(India, Russia)],
            },
        });
        let events = table.ok(manoeuvre());
        assert_eq!(
            events,
            vec![Event::Manoeuvred {
                player: Colour::Red,
                from: Scandinavia,
                to: India,
                count: 2,
                path: vec![Scandinavia, Russia, India],
            }]
        );
    }

    #[test]
    fn refused_only_once_every_route_that_could_open_the_way_is_known_missing() {
        let mut table = table();
        asked_for_the_routes(&mut table);
        table.ok(Command::SetBoxValue {
            value: BoxValue::FastTravelRoutes {
                routes: vec![(Alaska, Kamchatka), (Brazil, NorthAfrica)]
                    .into_iter()
                    .filter(|(a, b)| !pack::board().borders(*a, *b))
                    .chain([(Peru, Egypt)])
                    .collect(),
            },
        });
        // Asked once: the box remembers it, and no route opens the way.
        let r = table.refused(manoeuvre());
        assert_eq!(r.code, RuleCode::ManoeuvreNotConnected);
        assert_eq!(r.section, Section::Manoeuvre);
        // A route the list names joins two territories for an attack too.
        assert_eq!(table.game.box_values.route(Egypt, Peru), Some(true));
        assert_eq!(table.game.box_values.route(India, Russia), Some(false));
    }

    #[test]
    fn the_list_of_routes_is_a_value_of_the_box_checked_like_the_others() {
        let bordered = BoxValue::FastTravelRoutes {
            routes: vec![(Scandinavia, Russia)],
        };
        assert_eq!(bordered.check().unwrap_err().code, RuleCode::ValueRange);
        let twice = BoxValue::FastTravelRoutes {
            routes: vec![(India, Russia), (Russia, India)],
        };
        assert_eq!(twice.check().unwrap_err().code, RuleCode::ValueRange);
        let none = BoxValue::FastTravelRoutes { routes: vec![] };
        assert!(none.check().is_ok());
        assert_eq!(none.key(), "fast_travel_routes");
        // The list holds up to `MAX_ROUTES` (42) routes, each joining two
        // territories with no border (Bagless's bound on the value typed).
        let max = bagless_risk::model::box_values::MAX_ROUTES;
        let apart: Vec<_> = Territory::all()
            .flat_map(|a| Territory::all().map(move |b| (a, b)))
            .filter(|(a, b)| a < b && !pack::board().borders(*a, *b))
            .take(max + 1)
            .collect();
        let most = BoxValue::FastTravelRoutes {
            routes: apart[..max].to_vec(),
        };
        assert!(most.check().is_ok());
        let more = BoxValue::FastTravelRoutes { routes: apart };
        assert_eq!(more.check().unwrap_err().code, RuleCode::ValueRange);
    }
}

/// ACCOMPLIR DES MISSIONS: "Vous accomplissez une mission dès que vous
/// prenez le contrôle sur le ou les territoires en question. Par exemple,
/// si vous obtenez la carte Fragment de mémoire "Aidez Jacob et Evie à
/// éliminer Crawford Starrick" au début de la partie et que vous vous
/// emparez de la Grande-Bretagne pendant 3 tours, vous obtiendrez 8
/// Assassins en plus au début du prochain tour."
mod accomplir_des_missions {
    use super::*;
    use Territory::*;

    /// Red holds Great Britain from the set-up and memory fragment 1.
    fn table(edition: Option<u32>) -> Table {
        fragments_dealt(deal(&[GreatBritain], &[Iceland]), edition)
    }

    /// Red's turns 1 to 4 played without a claim (Great Britain held at
    /// the end of turns 1, 2, 3 and 4), then grey takes Great Britain, and
    /// red's 5th turn begins.
    fn lost_before_the_claim(table: &mut Table) {
        for _ in 0..10 {
            pass(table);
        }
        assert_eq!(table.current(), Colour::Grey);
        table.place_all();
        take(table, Iceland, GreatBritain);
        assert_eq!(table.game.owner(GreatBritain), Some(Colour::Grey));
        table.ok(Command::EndTurn {
            card: None,
            sigma: false,
            decline: false,
        });
        pass(table);
        assert_eq!(table.current(), Colour::Red);
        assert_eq!(table.game.player(Colour::Red).unwrap().turns, 5);
    }

    #[test]
    fn a_mission_accomplished_is_not_undone_by_losing_the_territory_before_the_claim() {
        let mut table = table(None);
        lost_before_the_claim(&mut table);
        let before = table.game.turn.as_ref().unwrap().total();
        table.ok(Command::ClaimFragment { fragment: 1 });
        assert_eq!(table.game.turn.as_ref().unwrap().total(), before + 8);
        // "vous ne pourrez utiliser cette dernière qu'une fois par partie."
        let r = table.refused(Command::ClaimFragment { fragment: 1 });
        assert_eq!(r.code, RuleCode::FragmentUsed);
    }

    #[test]
    fn edition_1_still_asks_for_the_territories_at_the_claim() {
        let mut table = table(Some(1));
        lost_before_the_claim(&mut table);
        let r = table.refused(Command::ClaimFragment { fragment: 1 });
        assert_eq!(r.code, RuleCode::FragmentTerritoryMissing);
    }

    #[test]
    fn a_mission_never_accomplished_is_not_claimed() {
        // Great Britain held at the end of 2 of red's turns, then lost.
        let mut table = table(None);
        for _ in 0..4 {
            pass(&mut table);
        }
        assert_eq!(table.current(), Colour::Grey);
        table.place_all();
        take(&mut table, Iceland, GreatBritain);
        table.ok(Command::EndTurn {
            card: None,
            sigma: false,
            decline: false,
        });
        pass(&mut table);
        let r = table.refused(Command::ClaimFragment { fragment: 1 });
        assert_eq!(r.code, RuleCode::FragmentTerritoryMissing);
        // Taken back: counted again from the turn it is taken.
        adjust(&mut table, GreatBritain, Colour::Red, 1);
        let r = table.refused(Command::ClaimFragment { fragment: 1 });
        assert_eq!(r.code, RuleCode::FragmentTurns);
    }

    /// Red's turns 1 to 3 played without a claim (Great Britain held at
    /// the end of exactly 3 of red's turns), then grey takes Great Britain
    /// in its turn, and black's turn begins.
    fn lost_after_3_turns(table: &mut Table) {
        for _ in 0..7 {
            pass(table);
        }
        assert_eq!(table.current(), Colour::Grey);
        assert_eq!(table.game.player(Colour::Red).unwrap().turns, 3);
        table.place_all();
        take(table, Iceland, GreatBritain);
        table.ok(Command::EndTurn {
            card: None,
            sigma: false,
            decline: false,
        });
        assert_eq!(table.current(), Colour::Black);
    }

    /// "pendant 3 tours": lost in another's turn, the end of red's 3rd turn,
    /// the last one before the loss, still counts.
    #[test]
    fn a_territory_lost_in_another_s_turn_counts_the_holder_s_last_turn_end() {
        let mut table = table(None);
        lost_after_3_turns(&mut table);
        pass(&mut table);
        assert_eq!(table.current(), Colour::Red);
        let before = table.game.turn.as_ref().unwrap().total();
        table.ok(Command::ClaimFragment { fragment: 1 });
        assert_eq!(table.game.turn.as_ref().unwrap().total(), before + 8);
    }

    /// A game of edition 1 moved to the latest edition: a territory lost
    /// under edition 1 ended its count there (edition 1: the territories
    /// are held at the claim), and the move brings no turn held before the
    /// loss back; only spells lost from the move on are kept.
    #[test]
    fn a_territory_lost_under_edition_1_is_not_counted_after_the_move() {
        let mut table = table(Some(1));
        lost_after_3_turns(&mut table);
        let step = table.game.edition_step().expect("due at the turn's start");
        table.record(step);
        assert!(table.game.follows_edition_2());
        pass(&mut table);
        assert_eq!(table.current(), Colour::Red);
        let r = table.refused(Command::ClaimFragment { fragment: 1 });
        assert_eq!(r.code, RuleCode::FragmentTerritoryMissing);
    }

    /// A mission of two territories for 1 turn: red, holding Great Britain
    /// from the set-up, takes Iceland in its 1st turn and loses it in
    /// grey's. At the end of red's 1st turn both were held: Iceland in a
    /// spell ended since, Great Britain in the one still under way.
    #[test]
    fn a_mission_met_by_a_territory_still_held_and_one_lost_since_is_accomplished() {
        let mut table = table(None);
        table.ok(Command::SetBoxValue {
            value: BoxValue::Mission {
                fragment: 2,
                mission: pack::Mission {
                    territories: vec![GreatBritain, Iceland],
                    turns: 1,
                    assassins: 5,
                },
            },
        });
        table.place_all();
        take(&mut table, GreatBritain, Iceland);
        table.ok(Command::EndTurn {
            card: None,
            sigma: false,
            decline: false,
        });
        // Grey takes Iceland back (entered as a correction).
        adjust(&mut table, Iceland, Colour::Grey, 1);
        pass(&mut table);
        pass(&mut table);
        assert_eq!(table.current(), Colour::Red);
        assert_eq!(table.game.owner(GreatBritain), Some(Colour::Red));
        let before = table.game.turn.as_ref().unwrap().total();
        table.ok(Command::ClaimFragment { fragment: 2 });
        assert_eq!(table.game.turn.as_ref().unwrap().total(), before + 5);
    }
}

/// CARTES APTITUDE: "elle peut tout aussi bien vous demander d'enlever des
/// Assassins du plateau."
mod cartes_aptitude {
    use super::*;

    #[test]
    fn a_card_that_removes_assassins_may_leave_a_territory_empty() {
        let mut table = three_players();
        let alaska = Territory::Alaska;
        let there = table.game.assassins(alaska);
        let r = table.refused(Command::RevealAptitude {
            gain: 0,
            losses: vec![TerritoryCount {
                territory: alaska,
                count: there + 1,
            }],
            reason: "Pomme d'Éden".into(),
        });
        assert_eq!(r.code, RuleCode::AptitudeLossTooMany);
        assert_eq!(r.section, Section::AptitudeCards);
        table.ok(Command::RevealAptitude {
            gain: 0,
            losses: vec![TerritoryCount {
                territory: alaska,
                count: there,
            }],
            reason: "Pomme d'Éden".into(),
        });
        assert_eq!(table.game.assassins(alaska), 0);
        assert_eq!(table.game.owner(alaska), Some(Colour::Red));
        assert!(table.game.invariants().is_empty());
        // The holder may put new assassins back on it.
        table.ok(Command::Place {
            territory: alaska,
            count: 1,
        });
    }

    #[test]
    fn a_territory_left_empty_stays_its_holders_and_falls_to_the_first_attack() {
        // Assumption `empty_territory_held`.
        use Territory::*;
        let mut table = game_with(3, deal(&[Alaska], &[Kamchatka]));
        let there = table.game.assassins(Alaska);
        table.ok(Command::RevealAptitude {
            gain: 0,
            losses: vec![TerritoryCount {
                territory: Alaska,
                count: there,
            }],
            reason: "Pomme d'Éden".into(),
        });
        // Nothing placed back on it (`place_every_assassin`).
        table.ok(Command::EndPlacement);
        table.ok(Command::EndTurn {
            card: None,
            sigma: false,
            decline: false,
        });
        assert_eq!(table.game.owner(Alaska), Some(Colour::Red));
        assert_eq!(table.game.assassins(Alaska), 0);
        assert_eq!(table.current(), Colour::Grey);
        table.place_all();
        adjust(&mut table, Kamchatka, Colour::Grey, 5);
        let events = table.ok(Command::Attack {
            from: Kamchatka,
            to: Alaska,
            attackers: 1,
            dice: Some(vec![1]),
            defence_dice: Some(vec![]),
        });
        assert!(events.iter().any(|e| matches!(
            e,
            Event::TerritoryConquered {
                territory: Alaska,
                ..
            }
        )));
        assert_eq!(table.game.owner(Alaska), Some(Colour::Grey));
    }
}

/// S'EMPARER D'UNE FACTION D'ASSASSINS NEUTRE: "Si vous conquérez le dernier
/// territoire contrôlé par une faction neutre, vous obtenez les 3 cartes
/// placées sous l'Assassin de la couleur de cette dernière au début de la
/// partie. Ajoutez-les à votre main et échangez-les quand vous le
/// souhaitez."
mod s_emparer_d_une_faction_d_assassins_neutre {
    use super::*;
    use Territory::*;

    #[test]
    fn the_captured_cards_are_traded_when_the_player_wishes_their_assassins_placed_then() {
        let mut table = game_with(2, |t| match t.index() {
            0..=11 => Colour::Red,
            12..=23 => Colour::Grey,
            24..=29 => Colour::Black,
            30..=35 => Colour::White,
            _ => Colour::Blue,
        });
        table.place_all();
        for t in [SouthAfrica, Madagascar, Ural, Siberia, Yakutsk] {
            adjust(&mut table, t, Colour::Grey, 1);
        }
        let stack = table.game.neutral_stacks[&Colour::Black].clone();
        take(&mut table, Alaska, Kamchatka);
        assert_eq!(table.game.owner(Kamchatka), Some(Colour::Red));
        // Any other card waits for the start of a turn.
        let other = table.game.deck[0];
        let r = table.refused(Command::TradeCards { cards: vec![other] });
        assert_eq!(r.code, RuleCode::PlacementOnly);
        assert_eq!(r.section, Section::TradingCards);
        // The neutral's cards, in the attack phase: the view offers them.
        assert_eq!(map_view(&table.game).offers.captured_cards, stack);
        let events = table.ok(Command::TradeCards {
            cards: stack.clone(),
        });
        let Event::CardsTraded { assassins, .. } = events[0] else {
            panic!("{events:?}");
        };
        assert_eq!(table.game.turn.as_ref().unwrap().pool(), assassins);
        table.ok(Command::Place {
            territory: Kamchatka,
            count: assassins,
        });
        assert_eq!(table.game.turn.as_ref().unwrap().pool(), 0);
        let r = table.refused(Command::Place {
            territory: Kamchatka,
            count: 1,
        });
        assert_eq!(r.code, RuleCode::PlacementOnly);
    }

    /// "échangez-les quand vous le souhaitez": what the trade brings is
    /// placed then, before the next attack and before the turn ends
    /// (assumption `neutral_cards_any_time`).
    #[test]
    fn the_assassins_a_mid_turn_trade_brings_are_placed_before_the_next_attack() {
        let mut table = game_with(2, |t| match t.index() {
            0..=11 => Colour::Red,
            12..=23 => Colour::Grey,
            24..=29 => Colour::Black,
            30..=35 => Colour::White,
            _ => Colour::Blue,
        });
        table.place_all();
        for t in [SouthAfrica, Madagascar, Ural, Siberia, Yakutsk] {
            adjust(&mut table, t, Colour::Grey, 1);
        }
        let stack = table.game.neutral_stacks[&Colour::Black].clone();
        take(&mut table, Alaska, Kamchatka);
        let events = table.ok(Command::TradeCards { cards: stack });
        let Event::CardsTraded { assassins, .. } = events[0] else {
            panic!("{events:?}");
        };
        let r = table.refused(Command::Attack {
            from: Kamchatka,
            to: Yakutsk,
            attackers: 1,
            dice: Some(vec![6]),
            defence_dice: None,
        });
        assert_eq!(
            (r.code, r.section, r.params["count"].clone()),
            (
                RuleCode::ReinforcementsLeft,
                Section::CapturingANeutral,
                assassins.to_string()
            )
        );
        let r = table.refused(Command::EndTurn {
            card: None,
            sigma: false,
            decline: false,
        });
        assert_eq!(r.code, RuleCode::ReinforcementsLeft);
        table.ok(Command::Place {
            territory: Kamchatka,
            count: assassins,
        });
        table.ok(Command::EndTurn {
            card: None,
            sigma: false,
            decline: false,
        });
    }
}

/// **1. PLACEZ VOS ASSASSINS**: "Décidez du nombre de nouveaux Assassins que
/// vous souhaitez placer sur le plateau." Placing them all is a reading
/// (assumption `place_every_assassin`), not a refusal.
mod placez_vos_assassins {
    use super::*;

    #[test]
    fn the_placement_may_end_with_new_assassins_left_which_are_not_kept() {
        let mut table = three_players();
        let pool = table.game.turn.as_ref().unwrap().pool();
        table.ok(Command::Place {
            territory: Territory::Alaska,
            count: 1,
        });
        assert!(map_view(&table.game).offers.leave_unplaced);
        let events = table.ok(Command::EndPlacement);
        assert_eq!(
            events,
            vec![Event::PlacementEnded {
                player: Colour::Red,
                unplaced: pool - 1,
            }]
        );
        assert_eq!(table.game.turn.as_ref().unwrap().pool(), 0);
        assert!(table.game.invariants().is_empty());
        let r = table.refused(Command::Place {
            territory: Territory::Alaska,
            count: 1,
        });
        assert_eq!(r.code, RuleCode::PlacementOnly);
    }
}

/// **4. TIREZ UNE CARTE SI VOUS LE POUVEZ**: "Si vous avez conquis avec succès
/// au moins un territoire adverse, vous pouvez tirer la première carte du
/// tas de carte Territoire." Drawn by default; declining is the table's
/// reading (assumption `draw_after_conquest`).
mod tirez_une_carte_si_vous_le_pouvez {
    use super::*;

    fn conquered(edition: Option<u32>) -> Table {
        let mut table = game_under(3, |t| COLOURS[t.index() % 3], edition);
        table.place_all();
        take(&mut table, Territory::Alaska, Territory::NorthwestTerritory);
        table
    }

    #[test]
    fn the_player_may_decline_the_card() {
        // No territory conquered yet: no card, nothing to decline.
        let mut before = game_under(3, |t| COLOURS[t.index() % 3], None);
        before.place_all();
        assert!(!map_view(&before.game).offers.decline_card);
        let mut table = conquered(None);
        assert!(map_view(&table.game).offers.decline_card);
        let deck = table.game.deck.len();
        let r = table.refused(Command::EndTurn {
            card: Some(table.game.deck[0]),
            sigma: false,
            decline: true,
        });
        assert_eq!(r.code, RuleCode::DrawDeclinedEntered);
        let events = table.ok(Command::EndTurn {
            card: None,
            sigma: false,
            decline: true,
        });
        assert_eq!(
            events[0],
            Event::TurnEnded {
                player: Colour::Red,
                declined: true
            }
        );
        assert!(!events.iter().any(|e| matches!(e, Event::CardDrawn { .. })));
        assert_eq!(table.game.deck.len(), deck);
        assert!(table.game.player(Colour::Red).unwrap().cards.is_empty());
    }

    /// SAVING THE GAME: the log written and read back keeps the card
    /// declined ("vous pouvez tirer"); a turn that declined none writes no
    /// `declined`, as the log was written before edition 2 brought the
    /// field. Found by cargo-mutants.
    #[test]
    fn saving_the_game_the_log_keeps_the_card_declined() {
        let mut table = conquered(None);
        table.ok(Command::EndTurn {
            card: None,
            sigma: false,
            decline: true,
        });
        table.place_all();
        table.ok(Command::EndTurn {
            card: None,
            sigma: false,
            decline: false,
        });
        let written: Vec<serde_json::Value> = table
            .log
            .iter()
            .map(|e| serde_json::to_value(&e.event).unwrap())
            .filter(|e| e["type"] == "turn_ended")
            .collect();
        assert_eq!(written.len(), 2);
        assert_eq!(written[0]["player"], "red");
        assert_eq!(written[0]["declined"], true);
        assert_eq!(written[1]["player"], "grey");
        assert_eq!(written[1].get("declined"), None);
        let saved = serde_json::to_string(&table.log).unwrap();
        let log: Vec<EventEnvelope> = serde_json::from_str(&saved).unwrap();
        assert_eq!(log, table.log);
        assert_eq!(replay(&log), table.game);
    }

    #[test]
    fn drawn_by_default_and_always_under_edition_1() {
        let mut table = conquered(Some(1));
        assert_eq!(map_view(&table.game).offers, Default::default());
        let r = table.refused(Command::EndTurn {
            card: None,
            sigma: false,
            decline: true,
        });
        assert_eq!(r.code, RuleCode::DrawDeclineEdition);
        let events = table.ok(Command::EndTurn {
            card: None,
            sigma: false,
            decline: false,
        });
        assert!(events.iter().any(|e| matches!(e, Event::CardDrawn { .. })));
    }
}

/// MISE EN PLACE 6: "Prenez les cartes Fragment de mémoire, mélangez-les et
/// donnez-en 2 à chaque joueur. Regardez-les, mais ne les dévoilez pas aux
/// autres joueurs."
mod mise_en_place {
    use super::*;

    #[test]
    fn the_sheet_and_the_map_count_each_players_fragments_and_do_not_list_them() {
        let table = three_players();
        let sheet = sheet_view(&table.game);
        let json = serde_json::to_value(&sheet).unwrap();
        for (player, shown) in table.game.players.iter().zip(&sheet.players) {
            assert_eq!(shown.fragments_held, 2);
            assert!(shown.fragments_used.is_empty());
            assert!(player.fragments.len() == 2);
        }
        assert!(json["players"][0].get("fragments").is_none());
        let map = map_view(&table.game);
        for shown in &map.players {
            let json = serde_json::to_value(shown).unwrap();
            assert!(json.get("fragments").is_none());
            assert!(shown.fragments_claimed.is_empty());
        }
        let red = &map.players[0];
        assert_eq!(red.fragments_held, 2);
        // The player whose turn it is may look at theirs, and only theirs.
        let own: Vec<u8> = map.own_fragments.iter().map(|f| f.id).collect();
        assert_eq!(own, table.game.players[0].fragments);
    }

    #[test]
    fn the_history_counts_the_fragments_dealt() {
        let table = three_players();
        let dealt = table
            .log
            .iter()
            .find(|e| matches!(e.event, Event::CardsDealt { .. }))
            .unwrap();
        let words = history_words(&dealt.event);
        assert_eq!(words.params["fragments"], "red 2, grey 2, black 2");
    }
}

/// PARTIE À 2 JOUEURS, MISE EN PLACE 5: "Distribuez 1 carte Fragment de
/// mémoire à chaque joueur." Of the 10, 8 stay in the box, as
/// campaigns/README.md says.
mod partie_a_2_joueurs {
    use super::*;

    #[test]
    fn two_fragments_are_dealt_and_8_stay_in_the_box() {
        let table = game_with(2, |t| match t.index() {
            0..=11 => Colour::Red,
            12..=23 => Colour::Grey,
            24..=29 => Colour::Black,
            30..=35 => Colour::White,
            _ => Colour::Blue,
        });
        let dealt: usize = table.game.players.iter().map(|p| p.fragments.len()).sum();
        let in_box = usize::from(pack::board().pack.fragment_cards) - dealt;
        assert_eq!(in_box, 8);
        let readme = include_str!("../../../campaigns/README.md");
        assert!(readme.contains("The 8\n  fragments (10, less 1 each)"));
    }
}
