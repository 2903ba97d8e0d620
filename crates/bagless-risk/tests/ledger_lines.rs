//! Ledger lines whose cited test did not check them (issue 55, item 26):
//! CONTENU, the order of play, "la majorité", "à chacun de vos tours".

use crate::support;

use bagless_risk::rules::attack::{MAX_ATTACK_DICE, MAX_DEFENCE_DICE};
use bagless_risk::*;
use support::battle::*;
use support::*;

/// CONTENU : "1 PLATEAU, 5 CONFRÉRIES D'ASSASSINS, 42 CARTES TERRITOIRE,
/// 10 CARTES APTITUDE, 10 CARTES FRAGMENT DE MÉMOIRE, 1 CARTE ÉQUIPE SIGMA,
/// 5 DÉS." and "2-5": what Bagless counts is the box's.
#[test]
fn contenu_the_box_holds_what_the_summary_lists() {
    let pack = &pack::board().pack;
    assert_eq!(Territory::all().count(), 42);
    assert_eq!(COLOURS.len(), 5);
    assert_eq!(pack.aptitude_cards, 10);
    assert_eq!(pack.fragment_cards, 10);
    // 5 dice: 3 black for the attack, 2 red for the defence.
    assert_eq!(MAX_ATTACK_DICE + MAX_DEFENCE_DICE, 5);
    // The 42 territory cards and the one Sigma card make the pile.
    let table = game_with(5, |t| COLOURS[t.index() % 5]);
    assert_eq!(table.game.deck.len(), 42);
    assert!(table.game.sigma && table.game.sigma_in_deck);
    let hands: u32 = table.game.players.iter().map(|p| p.aptitude_hidden).sum();
    assert_eq!(hands, 10, "5 players × 2 aptitude cards: the box's 10");
    // "2-5".
    for n in [1, 6] {
        let mut players = seats(5);
        players.truncate(n.min(5));
        if n == 6 {
            players.push(Seat {
                name: "Fay".into(),
                colour: Colour::Red,
            });
        }
        let r = Table::new().refused(Command::CreateGame {
            players,
            sigma: true,
            box_values: vec![],
            edition: None,
        });
        assert_eq!(r.code, RuleCode::PlayerCount, "{n} players");
    }
}

/// MISE EN PLACE 2: "Décidez qui jouera en premier. Jouez dans le sens des
/// aiguilles d'une montre." The first brotherhood entered plays first, and
/// the turns go round the table in the order entered, again and again.
#[test]
fn mise_en_place_the_first_entered_plays_first_then_round_the_table() {
    let mut table = Table::new();
    let mut players = seats(3);
    players.reverse(); // Chloé (black) decided to play first.
    let mut values = crests();
    values.extend(region_bonuses());
    table.ok(Command::CreateGame {
        players,
        sigma: true,
        box_values: values,
        edition: None,
    });
    table.ok(Command::DealTerritories { deal: None });
    table.ok(Command::DealCards {
        fragments: None,
        neutral_stacks: None,
    });
    let mut order = Vec::new();
    for _ in 0..7 {
        order.push(table.current());
        table.place_all();
        table.ok(Command::EndAttacks);
        table.ok(end_turn());
    }
    use Colour::*;
    assert_eq!(order, vec![Black, Grey, Red, Black, Grey, Red, Black]);
}

/// COMMENT JOUER ?: "Le but du jeu est d'être le premier joueur à contrôler
/// la majorité des territoires avant que la carte Équipe Sigma ne soit
/// tirée"; COMMENT GAGNER ?: "Vous remportez la partie … si vous contrôlez
/// le plus grand nombre de territoires quand la partie prend fin." Read
/// together (assumption `majority_is_the_most`): holding the majority (22
/// of 42) does not end the game; when the Sigma card comes, the most
/// territories win, a majority or not.
#[test]
fn comment_jouer_la_majorite_is_the_most_territories_when_the_sigma_card_comes() {
    let mut table = three_players();
    let others: Vec<Territory> = Territory::all()
        .filter(|t| table.game.owner(*t) != Some(Colour::Red))
        .take(8)
        .collect();
    for t in others {
        set(&mut table, t, Colour::Red, 1);
    }
    assert_eq!(table.game.territories_held(Colour::Red), 22);
    table.place_all();
    table.ok(Command::EndAttacks);
    table.ok(end_turn());
    assert_eq!(
        table.game.phase,
        Phase::Placement,
        "22 of 42 does not end the game"
    );
    assert_eq!(table.game.outcome, None);
    // Grey's turn: it takes one; the Sigma card comes with red at 21 of 42,
    // no majority, and the most.
    table.place_all();
    let (from, to) = Territory::all()
        .filter(|t| table.game.owner(*t) == Some(Colour::Grey))
        .find_map(|f| {
            pack::board()
                .neighbours(f)
                .find(|n| table.game.owner(*n) == Some(Colour::Red))
                .map(|n| (f, n))
        })
        .expect("a red neighbour");
    set(&mut table, from, Colour::Grey, 5);
    set(&mut table, to, Colour::Red, 1);
    table.ok(attack(from, to, 1, &[6], &[1]));
    assert_eq!(table.game.territories_held(Colour::Red), 21);
    table.ok(Command::EndAttacks);
    table.ok(Command::EndTurn {
        card: None,
        sigma: true,
        decline: false,
    });
    let outcome = table.game.outcome.clone().expect("over");
    assert_eq!(outcome.winners, vec![Colour::Red]);
}

/// CONTRÔLER DES RÉGIONS: "Vous les recevrez à chacun de vos tours aussi
/// longtemps que vous tiendrez la région sous votre domination." The bonus
/// comes again at each of the holder's turns, and stops once one of the
/// region's territories is lost.
#[test]
fn controler_des_regions_the_bonus_at_each_of_your_turns_while_you_hold_it() {
    use Territory::*;
    let oceania = [Indonesia, NewGuinea, WesternAustralia, EasternAustralia];
    let mut table = game_with(3, deal(&oceania, &[]));
    let region_line = |t: &Table| {
        t.game
            .turn
            .as_ref()
            .unwrap()
            .reinforcements
            .iter()
            .any(|r| {
                matches!(
                    r,
                    Reinforcement::Region {
                        region: Region::Oceania,
                        ..
                    }
                )
            })
    };
    for _ in 0..2 {
        assert_eq!(table.current(), Colour::Red);
        assert!(region_line(&table));
        for _ in 0..3 {
            table.place_all();
            table.ok(Command::EndAttacks);
            table.ok(end_turn());
        }
    }
    // Lost before red's next turn: no bonus.
    assert_eq!(table.current(), Colour::Red);
    table.place_all();
    table.ok(Command::EndAttacks);
    table.ok(end_turn());
    set(&mut table, Indonesia, Colour::Grey, 1);
    for _ in 0..2 {
        table.place_all();
        table.ok(Command::EndAttacks);
        table.ok(end_turn());
    }
    assert_eq!(table.current(), Colour::Red);
    assert!(!region_line(&table));
}
