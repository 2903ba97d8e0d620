//! Issue 55 (a fresh reader's FORM item: "lower bounds written in
//! forms"): every number field of the RISK forms takes its fewest and its
//! most from the map view (`bounds`, `manoeuvre_forces`,
//! `attack.move_in_max`, `aptitude`), worked out by the rules' own
//! constants and functions. Each bound is checked against `decide`: the
//! fewest and the most accepted, one fewer and one more refused, under the
//! heading of the seed the field belongs to.

use crate::support;

use bagless_risk::model::box_values::fragment_numbers;
use bagless_risk::pack::{board, Mission};
use bagless_risk::views::map::TypedBounds;
use bagless_risk::views::seat::seat_view;
use bagless_risk::*;
use support::battle;
use support::*;

/// How a number out of its bounds is refused: the code for one fewer than
/// the fewest (`None` when the fewest is 0: no smaller number can be sent),
/// the code for one more than the most, and the heading both name.
struct Refused {
    below: Option<RuleCode>,
    above: RuleCode,
    section: Section,
}

/// `decide` on `game` (nothing recorded) takes `command(fewest)` and
/// `command(most)`, and refuses `command(fewest - 1)` and
/// `command(most + 1)` as `refused` says.
#[track_caller]
fn bounded(
    game: &Game,
    (fewest, most): (u32, u32),
    command: impl Fn(u32) -> Command,
    refused: &Refused,
) {
    assert!(fewest <= most, "bounds {fewest} to {most}");
    for n in [fewest, most] {
        if let Err(r) = decide(game, &command(n), &ctx(7)) {
            panic!(
                "{n} refused ({fewest} to {most}): {} {:?}",
                r.code, r.params
            );
        }
    }
    assert_eq!(fewest == 0, refused.below.is_none(), "a fewest of {fewest}");
    let outside = fewest
        .checked_sub(1)
        .zip(refused.below)
        .into_iter()
        .chain([(most + 1, refused.above)]);
    for (n, code) in outside {
        let r = decide(game, &command(n), &ctx(7)).expect_err("out of bounds");
        assert_eq!((r.code, r.section), (code, refused.section), "{n}");
    }
}

fn bounds(table: &Table) -> TypedBounds {
    map_view(&table.game).bounds
}

fn held_by(table: &Table, colour: Colour) -> Territory {
    Territory::all()
        .find(|t| table.game.owner(*t) == Some(colour))
        .expect("a territory")
}

/// **1. PLACEZ VOS ASSASSINS**: "Décidez du nombre de nouveaux Assassins
/// que vous souhaitez placer sur le plateau." One placement puts 1 to all
/// those still to place; the view's most follows the pool down to 0.
#[test]
fn placez_vos_assassins_one_placement_takes_one_to_those_left() {
    let mut table = three_players();
    let territory = held_by(&table, Colour::Red);
    let place = |count| Command::Place { territory, count };
    let refused = Refused {
        below: Some(RuleCode::PlaceZero),
        above: RuleCode::PlaceTooMany,
        section: Section::PlaceYourAssassins,
    };
    let view = map_view(&table.game);
    assert_eq!(
        (view.bounds.place_fewest, view.bounds.place_most),
        (1, view.pool)
    );
    assert!(view.pool > 1);
    bounded(&table.game, (1, view.pool), place, &refused);

    table.ok(place(view.bounds.place_fewest));
    let b = bounds(&table);
    assert_eq!(b.place_most, view.pool - 1);
    bounded(&table.game, (b.place_fewest, b.place_most), place, &refused);
    table.ok(place(b.place_most));
    assert_eq!(bounds(&table).place_most, 0);
}

/// **3. MANŒUVREZ VOTRE CONFRÉRIE**: "Sélectionnez autant d'Assassins que
/// vous le désirez depuis un territoire pour les déplacer sur un territoire
/// voisin. Veillez à toujours laisser au moins 1 Assassin sur le territoire
/// initial." From each territory: 1 to the most the view gives for it.
#[test]
fn manoeuvrez_one_to_the_most_the_view_gives_for_the_territory_left() {
    use Territory::*;
    let mut table = game_with(3, deal(&[Alaska, Alberta, NorthwestTerritory], &[]));
    table.place_all();
    battle::set(&mut table, Alaska, Colour::Red, 5);
    battle::set(&mut table, NorthwestTerritory, Colour::Red, 3);
    let view = map_view(&table.game);
    let most = |from| {
        view.manoeuvre_forces
            .iter()
            .find(|f| f.territory == from)
            .map(|f| f.count)
            .expect("offered")
    };
    assert_eq!((most(Alaska), most(NorthwestTerritory)), (4, 2));
    let refused = Refused {
        below: Some(RuleCode::ManoeuvreLeaveOne),
        above: RuleCode::ManoeuvreLeaveOne,
        section: Section::Manoeuvre,
    };
    for (from, to) in [(Alaska, Alberta), (NorthwestTerritory, Alaska)] {
        let manoeuvre = |count| Command::Manoeuvre { from, to, count };
        bounded(
            &table.game,
            (view.bounds.manoeuvre_fewest, most(from)),
            manoeuvre,
            &refused,
        );
    }
}

/// COMBAT, under edition 1 of Bagless's reading: after a conquest, 1 to all
/// but the one left behind follow the attackers in.
#[test]
fn combat_edition_1_the_move_in_takes_one_to_the_view_s_most() {
    use Territory::*;
    let mut table = three_players_edition_1();
    table.place_all();
    table.ok(battle::attack(Alaska, Kamchatka, 2, &[6, 1], &[3]));
    let view = map_view(&table.game);
    let most = view.attack.expect("attacks").move_in_max;
    assert_eq!((view.bounds.move_in_fewest, most), (1, 3));
    let refused = Refused {
        below: Some(RuleCode::MoveInTooMany),
        above: RuleCode::MoveInTooMany,
        section: Section::Combat,
    };
    let move_in = |count| Command::MoveIn { count };
    bounded(
        &table.game,
        (view.bounds.move_in_fewest, most),
        move_in,
        &refused,
    );
}

/// LANCEZ LES DÉS: a die entered from the table shows 1 to 6, the
/// attacker's and the defender's alike.
#[test]
fn lancez_les_des_a_die_entered_shows_one_to_six() {
    use Territory::*;
    let table = battle::attacking();
    let view = map_view(&table.game);
    let b = &view.bounds;
    assert_eq!((b.die_fewest, b.die_most), (1, 6));
    let defence = view
        .attack
        .expect("attacks")
        .defence_dice
        .iter()
        .find(|d| d.territory == Kamchatka)
        .expect("an enemy")
        .count as usize;
    let low = b.die_fewest as u8;
    let refused = Refused {
        below: Some(RuleCode::DieFace),
        above: RuleCode::DieFace,
        section: Section::RollTheDice,
    };
    let attacking =
        |face: u32| battle::attack(Alaska, Kamchatka, 3, &[face as u8; 3], &vec![low; defence]);
    bounded(&table.game, (b.die_fewest, b.die_most), attacking, &refused);
    let defending =
        |face: u32| battle::attack(Alaska, Kamchatka, 3, &[low; 3], &vec![face as u8; defence]);
    bounded(&table.game, (b.die_fewest, b.die_most), defending, &refused);
}

/// CONTRÔLER DES RÉGIONS: "Le nombre d'Assassins que vous obtenez lorsque
/// vous contrôlez une région apparaît sur le Bonus région": the value asked
/// takes 0 to 30 (assumption `typed_bounds`).
#[test]
fn controler_des_regions_a_bonus_entered_takes_the_view_s_bounds() {
    let table = three_players();
    let b = bounds(&table);
    assert_eq!((b.region_bonus_fewest, b.region_bonus_most), (0, 30));
    let refused = Refused {
        below: None,
        above: RuleCode::ValueRange,
        section: Section::ControllingRegions,
    };
    let bonus = |assassins| Command::SetBoxValue {
        value: BoxValue::RegionBonus {
            region: Region::Europe,
            assassins,
        },
    };
    bounded(
        &table.game,
        (b.region_bonus_fewest, b.region_bonus_most),
        bonus,
        &refused,
    );
}

/// ACCOMPLIR DES MISSIONS: "si vous … vous emparez de la Grande-Bretagne
/// pendant 3 tours, vous obtiendrez 8 Assassins en plus": a mission entered
/// names 0 to 20 turns and 1 to 50 assassins (assumption `typed_bounds`),
/// on the window and on the holder's phone.
#[test]
fn accomplir_des_missions_a_mission_entered_takes_the_view_s_bounds() {
    let table = three_players();
    let b = bounds(&table);
    assert_eq!((b.mission_turns_fewest, b.mission_turns_most), (0, 20));
    assert_eq!(
        (b.mission_assassins_fewest, b.mission_assassins_most),
        (1, 50)
    );
    // The phone's form, where a brotherhood enters its own, takes the same.
    let phone = seat_view(&table.game, Colour::Red)
        .expect("a seat")
        .mission_bounds;
    assert_eq!(
        (phone.turns_fewest, phone.turns_most),
        (b.mission_turns_fewest, b.mission_turns_most)
    );
    assert_eq!(
        (phone.assassins_fewest, phone.assassins_most),
        (b.mission_assassins_fewest, b.mission_assassins_most)
    );
    let fragment = fragment_numbers()
        .find(|f| board().fragment(*f).is_none())
        .expect("a fragment the pack does not print");
    let mission = |turns, assassins| Command::SetBoxValue {
        value: BoxValue::Mission {
            fragment,
            mission: Mission {
                territories: vec![Territory::GreatBritain],
                turns,
                assassins,
            },
        },
    };
    let refused = |below| Refused {
        below,
        above: RuleCode::ValueRange,
        section: Section::CompletingMissions,
    };
    let turns = (b.mission_turns_fewest, b.mission_turns_most);
    bounded(&table.game, turns, |t| mission(t, 8), &refused(None));
    let assassins = (b.mission_assassins_fewest, b.mission_assassins_most);
    bounded(
        &table.game,
        assassins,
        |a| mission(3, a),
        &refused(Some(RuleCode::ValueRange)),
    );
}

/// ACCOMPLIR DES MISSIONS: "Chaque carte Fragment de mémoire comporte un ou
/// plusieurs territoires dessus": a mission entered names at least one
/// territory, and each once (assumption `typed_bounds`); none, or one
/// twice, is refused.
#[test]
fn accomplir_des_missions_a_mission_entered_names_its_territories_once_each() {
    let mut table = three_players();
    let fragment = fragment_numbers()
        .find(|f| board().fragment(*f).is_none())
        .expect("a fragment the pack does not print");
    let mission = |territories: Vec<Territory>| Command::SetBoxValue {
        value: BoxValue::Mission {
            fragment,
            mission: Mission {
                territories,
                turns: 3,
                assassins: 8,
            },
        },
    };
    for territories in [
        vec![],
        vec![Territory::GreatBritain, Territory::GreatBritain],
        vec![Territory::Peru, Territory::GreatBritain, Territory::Peru],
    ] {
        let r = table.refused(mission(territories));
        assert_eq!(
            (r.code, r.section),
            (RuleCode::ValueRange, Section::CompletingMissions)
        );
    }
    table.ok(mission(vec![Territory::Peru, Territory::GreatBritain]));
    assert_eq!(
        table
            .game
            .box_values
            .mission(fragment)
            .map(|m| m.territories),
        Some(vec![Territory::Peru, Territory::GreatBritain])
    );
}

/// LES CARTES FRAGMENT DE MÉMOIRE, MISE EN PLACE 6: "Prenez les cartes
/// Fragment de mémoire, mélangez-les et donnez-en 2 à chaque joueur": a
/// card dealt at the table is entered by its number, 1 to 10 (assumption
/// `fragment_numbers`).
#[test]
fn mise_en_place_a_fragment_dealt_at_the_table_is_numbered_one_to_ten() {
    let mut table = Table::new();
    let mut values = crests();
    values.extend(region_bonuses());
    table.ok(Command::CreateGame {
        players: seats(3),
        sigma: true,
        box_values: values,
        edition: None,
    });
    table.ok(Command::DealTerritories { deal: None });
    let view = map_view(&table.game);
    let b = &view.bounds;
    assert_eq!((b.fragment_fewest, b.fragment_most), (1, 10));
    assert_eq!(
        view.deal.expect("cards to deal").fragment_cards,
        b.fragment_most
    );
    // Red's first card is the number tried; the others, numbers of the box
    // other than it.
    let dealt = |number: u32| {
        let number = number as u8;
        let mut others = fragment_numbers().filter(|f| *f != number);
        let hands = table
            .game
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| FragmentHand {
                colour: p.colour,
                fragments: if i == 0 {
                    vec![number, others.next().unwrap()]
                } else {
                    others.by_ref().take(2).collect()
                },
            })
            .collect();
        Command::DealCards {
            fragments: Some(hands),
            neutral_stacks: None,
        }
    };
    let refused = Refused {
        below: Some(RuleCode::FragmentUnknown),
        above: RuleCode::FragmentUnknown,
        section: Section::FragmentCards,
    };
    bounded(
        &table.game,
        (b.fragment_fewest, b.fragment_most),
        dealt,
        &refused,
    );
}

/// CARTES APTITUDE: "Cette dernière peut tout aussi bien vous conférer des
/// Assassins supplémentaires … elle peut tout aussi bien vous demander
/// d'enlever des Assassins du plateau": a card turned over gives 0 to 50
/// and takes 1 to the most the view gives for each territory it names.
#[test]
fn cartes_aptitude_a_card_turned_over_takes_the_offer_s_bounds() {
    let table = three_players();
    let offer = map_view(&table.game)
        .aptitude
        .expect("a card may be turned over");
    assert_eq!((offer.min_gain, offer.max_gain, offer.min_loss), (0, 50, 1));
    let reveal = |gain, losses| Command::RevealAptitude {
        gain,
        losses,
        reason: "Apple of Eden".into(),
    };
    let gains = Refused {
        below: None,
        above: RuleCode::ValueRange,
        section: Section::AptitudeCards,
    };
    bounded(
        &table.game,
        (offer.min_gain, offer.max_gain),
        |g| reveal(g, vec![]),
        &gains,
    );
    let losses = Refused {
        below: Some(RuleCode::AptitudeLossTooMany),
        above: RuleCode::AptitudeLossTooMany,
        section: Section::AptitudeCards,
    };
    assert!(!offer.losses.is_empty());
    for most in &offer.losses {
        let taking = |count| {
            reveal(
                0,
                vec![TerritoryCount {
                    territory: most.territory,
                    count,
                }],
            )
        };
        bounded(&table.game, (offer.min_loss, most.count), taking, &losses);
    }
}

/// LES CARTES APTITUDE (edition 3): "Les autres cartes peuvent être
/// conservées et jouées à tout moment": a kept card is played for 1 to 50
/// assassins.
#[test]
fn les_cartes_aptitude_a_kept_card_gives_one_to_fifty() {
    let mut table = three_players();
    table.ok(Command::RevealAptitude {
        gain: 0,
        losses: vec![],
        reason: "Shroud: 3 assassins".into(),
    });
    table.place_all();
    for _ in 0..3 {
        table.ok(Command::EndAttacks);
        table.ok(battle::end_turn());
        table.place_all();
    }
    assert_eq!(table.current(), Colour::Red);
    let b = bounds(&table);
    assert_eq!((b.kept_gain_fewest, b.aptitude_gain), (1, 50));
    let refused = Refused {
        below: Some(RuleCode::ValueRange),
        above: RuleCode::ValueRange,
        section: Section::AptitudeCards,
    };
    let kept = |gain| Command::UseAptitude { card: 0, gain };
    bounded(
        &table.game,
        (b.kept_gain_fewest, b.aptitude_gain),
        kept,
        &refused,
    );
}

/// Bagless's own correction (SAVING THE GAME): a territory is set to the
/// view's fewest to most (from edition 2, 0 as an aptitude card may empty
/// it), refused under APERÇU DES ÉLÉMENTS outside them.
#[test]
fn a_correction_takes_the_view_s_bounds() {
    let table = three_players();
    let b = bounds(&table);
    assert_eq!((b.correction_fewest, b.correction_most), (0, 999));
    let territory = held_by(&table, Colour::Grey);
    let correct = |assassins| Command::Adjust {
        territory,
        owner: None,
        assassins,
        reason: "Knocked over".into(),
    };
    let refused = Refused {
        below: None,
        above: RuleCode::AdjustAtLeastOne,
        section: Section::Overview,
    };
    bounded(
        &table.game,
        (b.correction_fewest, b.correction_most),
        correct,
        &refused,
    );
}
