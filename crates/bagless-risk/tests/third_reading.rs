//! Issue 55's third reading of seed 004, rules edition 3: a territory
//! retreated from is not attacked again that turn (ATAQUES
//! SUPPLÉMENTAIRES), and an aptitude card that gives assassins may be kept
//! and played on a later turn (LES CARTES APTITUDE). Games recorded under
//! edition 2 keep being decided as they were.

use crate::support;

use bagless_game::Rules;
use bagless_risk::views::map::map_view;
use bagless_risk::*;
use support::battle::*;
use support::*;

fn targets_of(table: &Table, from: Territory) -> Vec<Territory> {
    map_view(&table.game)
        .attack
        .expect("attack phase")
        .targets
        .into_iter()
        .find(|t| t.from == from)
        .map(|t| t.to)
        .unwrap_or_default()
}

/// ATAQUES SUPPLÉMENTAIRES: "Si vous sortez victorieux de l'assaut ou si
/// vous battez en retraite, vous pouvez attaquer d'autres territoires en
/// suivant le même processus" — and LANCEZ LES DÉS: "Si vous perdez 1
/// Assassin et que vous poursuivez l'attaque avec 2, vous n'utiliserez que
/// 2 dés": a fresh force of 3 at the territory just retreated from would
/// refill the losses the seed does not replace. Edition 3 refuses it for
/// the rest of the turn, from any territory, and the attack form no longer
/// offers it; other territories may be attacked.
#[test]
fn ataques_supplementaires_after_a_retreat_other_territories_not_the_same_one() {
    let mut table = attacking();
    assert_eq!(table.game.edition, 3);
    set(&mut table, Territory::Kamchatka, Colour::Black, 5);
    set(&mut table, Territory::NorthwestTerritory, Colour::Grey, 1);
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[2, 2, 1],
        &[5, 1],
    ));
    table.ok(Command::Retreat);
    assert!(!targets_of(&table, Territory::Alaska).contains(&Territory::Kamchatka));
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[6, 6, 6],
        &[1, 1],
    ));
    assert_eq!(
        (r.code, r.section),
        (RuleCode::RetreatedFrom, Section::AdditionalAttacks)
    );
    assert_eq!(r.params["territory"].as_str(), "kamchatka");
    // "vous pouvez attaquer d'autres territoires".
    assert!(targets_of(&table, Territory::Alaska).contains(&Territory::NorthwestTerritory));
    table.ok(attack(
        Territory::Alaska,
        Territory::NorthwestTerritory,
        3,
        &[6, 1, 1],
        &[2],
    ));
    // A victory in between does not open it again this turn.
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        1,
        &[6],
        &[1, 1],
    ));
    assert_eq!(r.code, RuleCode::RetreatedFrom);
    // The next turn of the player's, it may be attacked again.
    table.ok(Command::EndAttacks);
    table.ok(end_turn());
    for _ in 0..2 {
        table.place_all();
        table.ok(Command::EndAttacks);
        table.ok(end_turn());
    }
    table.place_all();
    assert_eq!(table.current(), Colour::Red);
    set(&mut table, Territory::Alaska, Colour::Red, 10);
    assert!(targets_of(&table, Territory::Alaska).contains(&Territory::Kamchatka));
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[6, 6, 6],
        &[1, 1],
    ));
}

/// A game recorded under edition 2 keeps its reading until its next clean
/// point: the territory retreated from may be attacked again at once; at
/// the start of the next turn it moves to edition 3, the history saying so.
#[test]
fn an_edition_2_game_attacks_again_after_a_retreat_and_moves_to_edition_3_between_turns() {
    let mut table = attacking_under(Some(2));
    assert_eq!(table.game.edition_step(), None);
    set(&mut table, Territory::Kamchatka, Colour::Black, 5);
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[2, 2, 1],
        &[5, 1],
    ));
    table.ok(Command::Retreat);
    assert!(targets_of(&table, Territory::Alaska).contains(&Territory::Kamchatka));
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[2, 2, 1],
        &[5, 1],
    ));
    table.ok(Command::Retreat);
    table.ok(Command::EndAttacks);
    table.ok(end_turn());
    let step = table.game.edition_step().expect("due at the turn's start");
    assert_eq!(step, vec![Event::EditionChanged { from: 2, to: 3 }]);
    table.record(step);
    assert_eq!(table.game.played_edition(), 3);
}

/// LES CARTES APTITUDE: "Si c'est une carte qui vous fait perdre des
/// Assassins, vous devez la jouer immédiatement. Les autres cartes peuvent
/// être conservées et jouées à tout moment." A card that gives assassins,
/// turned over and kept (entered with nothing gained or lost), is played on
/// a later turn for what it gives, in the placement or later in the turn;
/// its assassins are placed before the next attack.
#[test]
fn les_autres_cartes_peuvent_etre_conservees_et_jouees_a_tout_moment() {
    let mut table = three_players();
    table.ok(Command::RevealAptitude {
        gain: 0,
        losses: vec![],
        reason: "Apple of Eden: 4 more assassins".into(),
    });
    let held = |t: &Table| t.game.player(Colour::Red).unwrap().aptitude_held.clone();
    assert_eq!(
        held(&table),
        vec!["Apple of Eden: 4 more assassins".to_string()]
    );
    table.place_all();
    table.ok(Command::EndAttacks);
    table.ok(end_turn());
    // Off the player's turn the card is not the turn's to play.
    let r = table.refused(Command::UseAptitude { card: 0, gain: 4 });
    assert_eq!(r.code, RuleCode::AptitudeNotHeld);
    for _ in 0..2 {
        table.place_all();
        table.ok(Command::EndAttacks);
        table.ok(end_turn());
    }
    // Red's next turn: played in the attack phase, "à tout moment".
    table.place_all();
    assert_eq!(table.current(), Colour::Red);
    let r = table.refused(Command::UseAptitude { card: 0, gain: 0 });
    assert_eq!(
        (r.code, r.section),
        (RuleCode::ValueRange, Section::AptitudeCards)
    );
    let r = table.refused(Command::UseAptitude { card: 1, gain: 4 });
    assert_eq!(r.code, RuleCode::AptitudeNotHeld);
    // 1 to 50, as a card turned over gives (found by cargo-mutants).
    let r = table.refused(Command::UseAptitude { card: 0, gain: 51 });
    assert_eq!(r.code, RuleCode::ValueRange);
    assert!(bagless_risk::decide(
        &table.game,
        &Command::UseAptitude { card: 0, gain: 50 },
        &ctx(1)
    )
    .is_ok());
    let events = table.ok(Command::UseAptitude { card: 0, gain: 4 });
    assert_eq!(
        events,
        vec![Event::AptitudeUsed {
            player: Colour::Red,
            card: "Apple of Eden: 4 more assassins".into(),
            gain: 4,
        }]
    );
    assert!(held(&table).is_empty());
    assert_eq!(table.game.turn.as_ref().unwrap().pool(), 4);
    // Placed before the next attack.
    set(&mut table, Territory::Alaska, Colour::Red, 10);
    set(&mut table, Territory::Kamchatka, Colour::Black, 5);
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[6, 6, 6],
        &[1, 1],
    ));
    assert_eq!(
        (r.code, r.section),
        (RuleCode::ReinforcementsLeft, Section::AptitudeCards)
    );
    // The attack form is not offered meanwhile, and is once they are placed.
    let can_attack = |table: &Table| map_view(&table.game).attack.is_some_and(|a| a.can_attack);
    assert!(!can_attack(&table));
    table.ok(Command::Place {
        territory: Territory::Alaska,
        count: 4,
    });
    assert!(can_attack(&table));
    assert_eq!(table.game.assassins(Territory::Alaska), 14);
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[6, 6, 6],
        &[1, 1],
    ));
    // Spent: not played twice.
    let r = table.refused(Command::UseAptitude { card: 0, gain: 4 });
    assert_eq!(r.code, RuleCode::AptitudeNotHeld);
}

/// The same card in the placement phase of a later turn: its assassins
/// join the turn's, and the map's offer names the card kept.
#[test]
fn a_kept_card_played_in_a_later_placement_adds_to_the_turn_s_assassins() {
    let mut table = three_players();
    table.ok(Command::RevealAptitude {
        gain: 0,
        losses: vec![],
        reason: "Shroud: 3 assassins".into(),
    });
    let view = map_view(&table.game);
    assert_eq!(
        view.offers.kept_cards,
        vec!["Shroud: 3 assassins".to_string()]
    );
    table.place_all();
    table.ok(Command::EndAttacks);
    table.ok(end_turn());
    assert!(map_view(&table.game).offers.kept_cards.is_empty());
    for _ in 0..2 {
        table.place_all();
        table.ok(Command::EndAttacks);
        table.ok(end_turn());
    }
    let before = table.game.turn.as_ref().unwrap().pool();
    assert_eq!(map_view(&table.game).offers.kept_cards.len(), 1);
    table.ok(Command::UseAptitude { card: 0, gain: 3 });
    assert_eq!(table.game.turn.as_ref().unwrap().pool(), before + 3);
    assert!(matches!(
        table.game.turn.as_ref().unwrap().reinforcements.last(),
        Some(Reinforcement::Aptitude { assassins: 3, .. })
    ));
    // Not a clean point any more: the turn has begun.
    assert!(!table.game.at_clean_point());
    table.place_all();
}

/// Under edition 2 a card kept serves only in a combat.
#[test]
fn under_edition_2_a_kept_card_is_not_played_for_assassins() {
    let mut table = game_under(3, |t| COLOURS[t.index() % 3], Some(2));
    table.ok(Command::RevealAptitude {
        gain: 0,
        losses: vec![],
        reason: "kept".into(),
    });
    let r = table.refused(Command::UseAptitude { card: 0, gain: 2 });
    assert_eq!(r.code, RuleCode::NotThisEdition);
    assert!(map_view(&table.game).offers.kept_cards.is_empty());
}

/// MISE EN PLACE 6: "Regardez-les, mais ne les dévoilez pas aux autres
/// joueurs." A fragment's mission entered on the shared screen as it is
/// claimed (or with the game) is worded in the history without its
/// fragment or its territories: the history names no fragment before its
/// claim, and the claim's line names it then.
#[test]
fn the_history_names_no_fragment_before_its_claim() {
    use bagless_risk::pack::Mission;
    use bagless_risk::views::history::history_words;
    let mission = BoxValue::Mission {
        fragment: 7,
        mission: Mission {
            territories: vec![Territory::Egypt, Territory::Congo],
            turns: 2,
            assassins: 5,
        },
    };
    let shown = |event: &Event| format!("{:?}", history_words(event).params);
    let set = Event::BoxValueSet {
        value: mission.clone(),
    };
    let words = shown(&set);
    assert!(
        !words.contains('7') && !words.contains("egypt") && !words.contains("congo"),
        "{words}"
    );
    let created = Event::GameCreated {
        players: seats(3),
        neutrals: vec![],
        sigma: true,
        box_values: vec![mission],
        edition: 3,
    };
    let words = shown(&created);
    assert!(
        !words.contains("egypt") && !words.contains("fragment"),
        "{words}"
    );
    let claimed = Event::FragmentClaimed {
        player: Colour::Red,
        fragment: 7,
        assassins: 5,
    };
    assert_eq!(history_words(&claimed).params["fragment"], "7");
}

/// ACCOMPLIR DES MISSIONS with phones at the table: the mission of a
/// fragment, asked when it is claimed, is entered on the holder's own
/// phone (MISE EN PLACE 6: "ne les dévoilez pas aux autres joueurs"), for
/// the seat's own fragment only and on its turn; the claim follows.
#[test]
fn a_fragment_s_mission_is_entered_on_its_holder_s_phone() {
    use bagless_risk::pack::Mission;
    use bagless_risk::rules::seats::{seat_command, SeatAction};
    let mut table = three_players();
    let red = table.game.player(Colour::Red).unwrap().clone();
    let Some(fragment) = red
        .fragments
        .iter()
        .copied()
        .find(|f| table.game.box_values.mission(*f).is_none())
    else {
        return;
    };
    let grey_holds = table.game.player(Colour::Grey).unwrap().fragments[0];
    let mission = Mission {
        territories: vec![Territory::Alaska],
        turns: 0,
        assassins: 2,
    };
    let set = |fragment| SeatAction::SetMission {
        fragment,
        mission: mission.clone(),
    };
    // Another brotherhood's fragment, or off the seat's turn: refused.
    let r = seat_command(&table.game, Colour::Red, &set(grey_holds)).unwrap_err();
    assert_eq!(r.code, RuleCode::FragmentNotHeld);
    let r = seat_command(&table.game, Colour::Grey, &set(grey_holds)).unwrap_err();
    assert_eq!(r.code, RuleCode::SeatNotOnTurn);
    let command = seat_command(&table.game, Colour::Red, &set(fragment)).expect("its own");
    assert_eq!(
        command,
        Command::SetBoxValue {
            value: BoxValue::Mission {
                fragment,
                mission: mission.clone()
            }
        }
    );
    table.ok(command);
    let claim = seat_command(
        &table.game,
        Colour::Red,
        &SeatAction::ClaimFragment { fragment },
    )
    .unwrap();
    table.ok(claim);
    assert!(table
        .game
        .player(Colour::Red)
        .unwrap()
        .fragments_used
        .contains(&fragment));
}

/// S'EMPARER D'UNE FACTION D'ASSASSINS NEUTRE: "Ajoutez-les à votre main et
/// échangez-les quand vous le souhaitez": later in the turn the trade form
/// offers any of the captured cards the rules accept, not only all three
/// together; the others stay captured, and the assassins a trade brings may
/// be placed on more than one territory before the next attack.
#[test]
fn captured_cards_are_traded_as_any_set_the_rules_accept_their_assassins_split() {
    use bagless_risk::views::trade::trade_offer;
    use Territory::*;
    let mut table = game_with(2, |t| match t.index() {
        0..=11 => Colour::Red,
        12..=23 => Colour::Grey,
        24..=29 => Colour::Black,
        30..=35 => Colour::White,
        _ => Colour::Blue,
    });
    table.place_all();
    assert!(trade_offer(&table.game).is_none(), "nothing captured yet");
    for t in [SouthAfrica, Madagascar, Ural, Siberia, Yakutsk] {
        set(&mut table, t, Colour::Grey, 1);
    }
    let stack = table.game.neutral_stacks[&Colour::Black].clone();
    set(&mut table, Alaska, Colour::Red, 9);
    set(&mut table, Kamchatka, Colour::Black, 1);
    table.ok(attack(Alaska, Kamchatka, 1, &[6], &[1]));
    assert_eq!(table.game.owner(Kamchatka), Some(Colour::Red));
    let offer = trade_offer(&table.game).expect("the captured cards, in the attack phase");
    let offered: Vec<Territory> = offer.groups.iter().flat_map(|g| g.cards.clone()).collect();
    let mut sorted = offered.clone();
    sorted.sort();
    let mut captured = stack.clone();
    captured.sort();
    assert_eq!(
        sorted, captured,
        "only the captured cards, none of the hand's others"
    );
    let two = offer
        .trades
        .iter()
        .find(|c| c.counts.iter().sum::<u32>() == 2)
        .expect("two of the three make 2 crests or more");
    let cards: Vec<Territory> = offer
        .groups
        .iter()
        .zip(&two.counts)
        .flat_map(|(g, n)| g.cards.iter().take(*n as usize).copied())
        .collect();
    let events = table.ok(Command::TradeCards {
        cards: cards.clone(),
    });
    let Event::CardsTraded { assassins, .. } = events[0] else {
        panic!("{events:?}");
    };
    assert_eq!(assassins, two.assassins);
    let left: Vec<Territory> = stack
        .iter()
        .copied()
        .filter(|c| !cards.contains(c))
        .collect();
    assert_eq!(map_view(&table.game).offers.captured_cards, left);
    // Split: one on Kamchatka, the rest on Alaska.
    table.ok(Command::Place {
        territory: Kamchatka,
        count: 1,
    });
    table.ok(Command::Place {
        territory: Alaska,
        count: assassins - 1,
    });
    assert_eq!(table.game.turn.as_ref().unwrap().pool(), 0);
}

/// Grey keeps a card on its turn; red's next turn, in the attack phase,
/// Alaska (10) beside grey's Northwest Territory (3), no roll yet.
fn grey_keeps_a_card_then_red_attacks(edition: Option<u32>) -> Table {
    let mut table = game_under(3, |t| COLOURS[t.index() % 3], edition);
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
    table.place_all();
    set(&mut table, Territory::Alaska, Colour::Red, 10);
    set(&mut table, Territory::NorthwestTerritory, Colour::Grey, 3);
    table
}

/// ■ CARTES APTITUDE: "Que vous attaquiez ou que vous défendiez, n'oubliez
/// pas que vous avez des cartes Aptitude que vous pourrez utiliser lors des
/// combats." Edition 3: the defender may play a kept card before the first
/// roll, as the attacker may (a one-roll conquest left it no chance); a
/// player the attacker can attack is offered it. Edition 2 games keep their
/// reading (the defender plays once the attack is under way).
#[test]
fn que_vous_attaquiez_ou_que_vous_defendiez_the_defender_plays_before_the_first_roll() {
    let mut table = grey_keeps_a_card_then_red_attacks(None);
    let held = |t: &Table| map_view(&t.game).attack.expect("attack phase").held;
    assert!(held(&table)
        .iter()
        .any(|h| h.colour == Colour::Grey && h.can_play));
    table.ok(Command::PlayAptitude {
        player: Colour::Grey,
        card: 0,
        extra_die: true,
    });
    // An attack on another player first: grey's card waits for the roll
    // where grey defends.
    set(&mut table, Territory::Kamchatka, Colour::Black, 1);
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        1,
        &[6],
        &[1],
    ));
    // 3 defenders: 2 dice and the card's one.
    let r = table.refused(attack(
        Territory::Alaska,
        Territory::NorthwestTerritory,
        3,
        &[6, 6, 6],
        &[1, 1],
    ));
    assert_eq!(
        (r.code, r.params["expected"].as_str()),
        (RuleCode::DiceCount, "3")
    );
    table.ok(attack(
        Territory::Alaska,
        Territory::NorthwestTerritory,
        3,
        &[6, 6, 6],
        &[1, 1, 1],
    ));

    // A player the attacker cannot attack now is refused: red's only force
    // is in Alaska, whose neighbours are grey's.
    let mut table = grey_keeps_a_card_then_red_attacks(None);
    for t in Territory::all() {
        if t != Territory::Alaska && table.game.owner(t) == Some(Colour::Red) {
            set(&mut table, t, Colour::Red, 1);
        }
    }
    set(&mut table, Territory::Kamchatka, Colour::Grey, 1);
    set(&mut table, Territory::Alberta, Colour::Grey, 1);
    let r = table.refused(Command::PlayAptitude {
        player: Colour::Black,
        card: 0,
        extra_die: true,
    });
    assert_eq!(r.code, RuleCode::AptitudeNotInCombat);
    // Once red holds a force beside black, black may defend.
    let black = Territory::all()
        .find(|t| table.game.owner(*t) == Some(Colour::Black))
        .expect("black holds a territory");
    let beside = Territory::all()
        .find(|t| *t != black && pack::board().borders(*t, black) && *t != Territory::Alaska)
        .expect("a neighbour");
    set(&mut table, beside, Colour::Red, 4);
    let r = table.refused(Command::PlayAptitude {
        player: Colour::Black,
        card: 0,
        extra_die: true,
    });
    assert_eq!(r.code, RuleCode::AptitudeNotHeld);

    let mut table = grey_keeps_a_card_then_red_attacks(Some(2));
    assert!(held(&table)
        .iter()
        .any(|h| h.colour == Colour::Grey && !h.can_play));
    let r = table.refused(Command::PlayAptitude {
        player: Colour::Grey,
        card: 0,
        extra_die: true,
    });
    assert_eq!(r.code, RuleCode::AptitudeNotInCombat);
}
