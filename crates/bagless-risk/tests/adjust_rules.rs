//! Corrections at the table (`Adjust`, SAVING THE GAME: Bagless's own rule),
//! and commands before the game exists (MISE EN PLACE).

use crate::support;

use bagless_risk::*;
use support::*;

fn adjust(territory: Territory, owner: Option<Colour>, assassins: u32, reason: &str) -> Command {
    Command::Adjust {
        territory,
        owner,
        assassins,
        reason: reason.into(),
    }
}

/// SAVING THE GAME (corrections); APERÇU DES ÉLÉMENTS: a territory always
/// has a holder and at least one assassin.
#[test]
fn a_correction_sets_a_count_and_a_holder_with_its_reason() {
    let mut table = three_players();
    let r = table.refused(adjust(Territory::Alaska, None, 1000, "oops"));
    assert_eq!(r.code, RuleCode::AdjustAtLeastOne);
    assert_eq!(r.section, Section::Overview);
    // 999 at most, 999 included (found by cargo-mutants, issue 55).
    table.ok(adjust(Territory::Alberta, None, 999, "a tower of them"));
    assert_eq!(table.game.assassins(Territory::Alberta), 999);
    let r = table.refused(adjust(Territory::Alaska, None, 2, "oops"));
    assert_eq!(r.code, RuleCode::AdjustNoChange);
    let r = table.refused(adjust(Territory::Alaska, Some(Colour::Blue), 2, "oops"));
    assert_eq!(r.code, RuleCode::BrotherhoodUnknown);
    let r = table.refused(adjust(Territory::Alaska, None, 3, ""));
    assert_eq!(
        (r.code, r.section),
        (RuleCode::ReasonNeeded, Section::SavingTheGame)
    );
    let events = table.ok(adjust(
        Territory::Alaska,
        Some(Colour::Grey),
        3,
        " knocked over ",
    ));
    assert_eq!(
        events,
        vec![Event::Adjusted {
            territory: Territory::Alaska,
            owner: Colour::Grey,
            assassins: 3,
            previous_owner: Colour::Red,
            previous_assassins: 2,
            reason: "knocked over".into(),
        }]
    );
    assert_eq!(table.game.owner(Territory::Alaska), Some(Colour::Grey));
}

/// SAVING THE GAME (corrections): a reason is given, up to 200 characters
/// (Bagless's limit `MAX_REASON`), counted as letters, not bytes, once the
/// spaces around it are trimmed; 200 is taken, 201 refused.
#[test]
fn a_correction_s_reason_takes_up_to_200_characters() {
    let mut table = three_players();
    let r = table.refused(adjust(Territory::Alaska, None, 3, &"é".repeat(201)));
    assert_eq!(
        (r.code, r.section, r.params["max"].as_str()),
        (RuleCode::ReasonNeeded, Section::SavingTheGame, "200")
    );
    let longest = "é".repeat(200);
    let events = table.ok(adjust(
        Territory::Alaska,
        None,
        3,
        &format!("  {longest}  "),
    ));
    assert!(matches!(&events[0], Event::Adjusted { reason, .. } if *reason == longest));
}

#[test]
fn mise_en_place_nothing_is_played_before_the_game_is_set_up() {
    let mut table = Table::new();
    let r = table.refused(Command::Place {
        territory: Territory::Alaska,
        count: 1,
    });
    assert_eq!((r.code, r.section), (RuleCode::NotCreated, Section::SetUp));
    let r = table.refused(Command::SetBoxValue {
        value: BoxValue::RegionBonus {
            region: Region::Asia,
            assassins: 7,
        },
    });
    assert_eq!(r.code, RuleCode::NotCreated);
    table.ok(Command::CreateGame {
        players: seats(3),
        sigma: true,
        box_values: crests(),
        edition: None,
    });
    let r = table.refused(Command::EndPlacement);
    assert_eq!(r.code, RuleCode::DealNotNow);
    let r = table.refused(Command::DealCards {
        fragments: None,
        neutral_stacks: None,
    });
    assert_eq!(r.code, RuleCode::DealNotNow);
}

/// SAVING THE GAME (corrections) beside CHOISISSEZ UN TERRITOIRE ("Vous ne
/// pouvez attaquer qu'un seul territoire à la fois et à partir d'un unique
/// territoire à la fois") and DÉPLACEZ-VOUS ("jusqu'à la conquête du
/// territoire ou jusqu'au retrait de l'attaquant"): while a battle is under
/// way its two territories are not corrected (the force fighting counts on
/// what its territory holds); the rest of the board is, and so are they once
/// the battle is over (here, a retreat: the attacker may attack again,
/// assumption `retreat_any_roll`). Found by the property test: a correction
/// under a force of 2 left its territory 1, and the next conquest moved in
/// 2 assassins that were not there.
#[test]
fn a_battle_s_two_territories_are_corrected_only_once_it_is_over() {
    use support::battle::*;
    let mut table = attacking_under(Some(2));
    set(&mut table, Territory::Kamchatka, Colour::Black, 5);
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[2, 2, 1],
        &[5, 1],
    ));
    for territory in [Territory::Alaska, Territory::Kamchatka] {
        let r = table.refused(adjust(territory, None, 1, "knocked over"));
        assert_eq!(
            (r.code, r.section),
            (RuleCode::AdjustDuringBattle, Section::SavingTheGame)
        );
        assert_eq!(r.params.get("from").map(String::as_str), Some("alaska"));
    }
    table.ok(adjust(Territory::Peru, None, 4, "knocked over"));
    table.ok(Command::Retreat);
    table.ok(adjust(Territory::Alaska, None, 1, "knocked over"));
}

/// Issue 55: "elle peut tout aussi bien vous demander d'enlever des
/// Assassins du plateau" (CARTES APTITUDE): from edition 2 a card may
/// empty a territory, so a correction may set a territory to 0 as the card
/// can; under edition 1 (each territory keeps one) it may not.
#[test]
fn a_correction_may_set_a_territory_to_0_as_an_aptitude_card_can() {
    let mut table = three_players();
    let events = table.ok(adjust(Territory::Alaska, None, 0, "the card took them all"));
    assert!(matches!(
        events.as_slice(),
        [Event::Adjusted { assassins: 0, .. }]
    ));
    assert_eq!(table.game.assassins(Territory::Alaska), 0);
    assert_eq!(table.game.owner(Territory::Alaska), Some(Colour::Red));
    assert!(bagless_game::Rules::invariants(&table.game).is_empty());
    let mut old = three_players_edition_1();
    let r = old.refused(adjust(Territory::Alaska, None, 0, "oops"));
    assert_eq!(
        (r.code, r.section),
        (RuleCode::AdjustAtLeastOne, Section::Overview)
    );
    assert_eq!(r.params["min"].as_str(), "1");
}

/// Edition 3: after a retreat "vous pouvez attaquer d'autres territoires" —
/// the territory retreated from is closed for the turn, so a count entered
/// wrong during a battle is corrected without a retreat: keeping the
/// holder, the force and its guard where it left from (DÉPLACEZ-VOUS: "vous
/// devez laisser au moins 1 Assassin qui monte la garde"), a defender on the
/// territory attacked ("Le défenseur utilise tous ses Assassins"); the
/// battle goes on.
#[test]
fn under_edition_3_a_battle_s_territories_are_corrected_without_a_retreat() {
    use support::battle::*;
    let mut table = attacking();
    set(&mut table, Territory::Kamchatka, Colour::Black, 5);
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        3,
        &[2, 2, 1],
        &[5, 1],
    ));
    // The force is 2 (one lost): Alaska keeps it and its guard.
    table.ok(adjust(Territory::Alaska, None, 3, "a count entered wrong"));
    table.ok(adjust(
        Territory::Kamchatka,
        None,
        2,
        "a count entered wrong",
    ));
    assert_eq!(battle(&table).map(|b| b.force), Some(2));
    for (territory, count, owner) in [
        (Territory::Alaska, 2, None),
        (Territory::Kamchatka, 0, None),
        (Territory::Kamchatka, 2, Some(Colour::Grey)),
    ] {
        let r = table.refused(adjust(territory, owner, count, "too far"));
        assert_eq!(
            r.code,
            RuleCode::AdjustDuringBattle,
            "{territory:?} {count}"
        );
    }
    table.ok(attack(
        Territory::Alaska,
        Territory::Kamchatka,
        2,
        &[6, 6],
        &[1, 1],
    ));
    assert_eq!(table.game.owner(Territory::Kamchatka), Some(Colour::Red));
}

/// ACCOMPLIR DES MISSIONS: "si vous obtenez la carte Fragment de mémoire
/// "Aidez Jacob et Evie à éliminer Crawford Starrick" au début de la partie
/// et que vous vous emparez de la Grande-Bretagne pendant 3 tours" — red
/// holds Great Britain from the deal; a correction of its count that keeps
/// red its holder (SAVING THE GAME) keeps the turns red has held it, so red
/// claims the fragment on its 4th turn as without the correction. Found by
/// cargo-mutants (a correction restarting the count).
#[test]
fn a_correction_keeping_the_holder_keeps_the_turns_held_for_a_mission() {
    use Territory::*;
    let mut table = dealt_with_fragments(&[GreatBritain], &[Iceland]);
    for turn in 1..=9 {
        table.place_all();
        table.ok(Command::EndTurn {
            card: None,
            sigma: false,
            decline: false,
        });
        if turn == 7 {
            // Grey's turn, after red's 3rd: Great Britain's count entered
            // wrong, red still its holder.
            let count = table.game.assassins(GreatBritain) + 2;
            table.ok(adjust(GreatBritain, None, count, "a count entered wrong"));
            assert_eq!(table.game.owner(GreatBritain), Some(Colour::Red));
        }
    }
    assert_eq!(table.current(), Colour::Red);
    let events = table.ok(Command::ClaimFragment { fragment: 1 });
    assert_eq!(
        events,
        vec![Event::FragmentClaimed {
            player: Colour::Red,
            fragment: 1,
            assassins: 8,
        }]
    );
}

/// ACCOMPLIR DES MISSIONS: "que vous vous emparez de la Grande-Bretagne
/// pendant 3 tours" — a correction (SAVING THE GAME) gives red Great
/// Britain in grey's turn, after red's 1st: red holds it at the end of its
/// 2nd, 3rd and 4th turns, so the fragment is refused on red's 4th turn
/// (held 2 turns) and claimed on its 5th. Found by cargo-mutants.
#[test]
fn a_correction_giving_a_territory_between_its_new_holders_turns_counts_from_their_next() {
    use Territory::*;
    let mut table = dealt_with_fragments(&[Iceland], &[GreatBritain]);
    let end = |table: &mut Table| {
        table.place_all();
        table.ok(Command::EndTurn {
            card: None,
            sigma: false,
            decline: false,
        });
    };
    end(&mut table);
    assert_eq!(table.current(), Colour::Grey);
    let count = table.game.assassins(GreatBritain);
    table.ok(adjust(
        GreatBritain,
        Some(Colour::Red),
        count,
        "the wrong colour",
    ));
    for _ in 0..8 {
        end(&mut table);
    }
    assert_eq!(table.current(), Colour::Red);
    assert_eq!(table.game.player(Colour::Red).unwrap().turns, 4);
    let r = table.refused(Command::ClaimFragment { fragment: 1 });
    assert_eq!(r.code, RuleCode::FragmentTurns);
    assert_eq!(r.params["held"], "2");
    for _ in 0..3 {
        end(&mut table);
    }
    assert_eq!(table.current(), Colour::Red);
    let events = table.ok(Command::ClaimFragment { fragment: 1 });
    assert_eq!(
        events,
        vec![Event::FragmentClaimed {
            player: Colour::Red,
            fragment: 1,
            assassins: 8,
        }]
    );
}
