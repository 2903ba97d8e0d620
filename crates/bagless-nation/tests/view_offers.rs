//! What the table view gives the screen, worked out from the state with
//! the rules' own functions, so no panel decides it: whether cards may be
//! bought ("3) PURCHASE EQUIPMENT / CONTRACTS", none in "TIES:"), the
//! chance of an attempt only while its roll is to come, the leaders only
//! once every hit list is shown ("WINNING THE GAME"), and the history of an
//! attempt settled without a roll, with no "6-" range past the die.

use crate::support;

use bagless_nation::*;
use support::*;

/// "3) PURCHASE EQUIPMENT / CONTRACTS" in the Intel Phase; "TIES: ... 2.
/// Intel Phase: Play any applicable Intel Cards." (no purchase). The view
/// offers the purchase exactly when the rules accept it.
#[test]
fn purchase_equipment_the_view_offers_it_only_when_the_rules_accept_it() {
    let mut table = Table::new(3);
    assert!(table_view(&table.game).offers.can_buy);
    table.run(Command::BuyCards {
        player: 0,
        count: 1,
    });
    table.end_intel();
    assert!(!table_view(&table.game).offers.can_buy);
    table.refused(Command::BuyCards {
        player: 0,
        count: 1,
    });

    // The tie duel's Intel Phase: no purchase offered, none accepted.
    let mut table = Table::new(3);
    table.play_to_the_end();
    for p in 0..3u8 {
        table.run(Command::RevealHitList {
            player: p,
            entries: vec![],
        });
    }
    let count = end_count(&table.game).unwrap();
    let top = count.lines.iter().map(|l| l.total).max().unwrap() + 10_000;
    for p in [0u8, 2] {
        let tiles = count.lines[p as usize].tiles_value as i32;
        table.run(Command::Adjust {
            player: p,
            cash: (top - tiles) as u32,
            debt: 0,
            reason: "set a tie".into(),
        });
    }
    table.run(Command::CloseCount);
    assert_eq!(table.game.phase, Phase::Intel);
    assert!(table.game.duel.is_some());
    assert!(!table_view(&table.game).offers.can_buy);
    assert_eq!(
        table
            .refused(Command::BuyCards {
                player: 0,
                count: 1
            })
            .code,
        RuleCode::WrongPhase
    );
}

/// "4) RESOLVE ASSASSINATION ATTEMPTS": the chance of success is the roll's
/// to come; an attempt whose target was not available is missed (no roll),
/// one settled has rolled: the view gives no chance for either.
#[test]
fn resolve_the_view_gives_a_chance_only_while_the_roll_is_to_come() {
    let mut table = Table::new(2);
    table.end_intel();
    let open = (1..=18).find(|t| table.game.is_available(*t)).unwrap();
    let closed = (1..=18).find(|t| !table.game.is_available(*t)).unwrap();
    table.run(Try::new(0, open, "pistol").cmd());
    table.run(Try::new(1, closed, "pistol").cmd());
    table.reveal();
    let view = table_view(&table.game);
    let of = |view: &TableView, p: u8| {
        view.attempts
            .iter()
            .find(|a| a.player == p)
            .cloned()
            .unwrap()
    };
    let waiting = of(&view, 0);
    assert_eq!(waiting.status, AttemptStatus::Revealed);
    assert_eq!(waiting.chance, Some(waiting.msr.chance));
    let missed = of(&view, 1);
    assert_eq!(missed.status, AttemptStatus::Missed);
    assert_eq!(missed.chance, None);
    table.resolve(0, &[6]);
    assert_eq!(of(&table_view(&table.game), 0).chance, None);
}

/// "WINNING THE GAME": "Each player reveals their Top Secret Hit List";
/// the bonuses count, so no one leads while a list is still hidden.
#[test]
fn winning_the_game_no_leader_is_named_before_every_hit_list_is_shown() {
    let mut table = Table::new(3);
    table.play_to_the_end();
    for p in 0..2u8 {
        table.run(Command::RevealHitList {
            player: p,
            entries: vec![],
        });
        assert!(end_count(&table.game).unwrap().leaders.is_empty());
    }
    table.run(Command::RevealHitList {
        player: 2,
        entries: vec![],
    });
    let count = end_count(&table.game).unwrap();
    assert!(count.missing_hit_lists.is_empty());
    let top = count.lines.iter().map(|l| l.total).max().unwrap();
    let expected: Vec<u8> = count
        .lines
        .iter()
        .filter(|l| l.total == top)
        .map(|l| l.seat)
        .collect();
    assert_eq!(count.leaders, expected);
}

/// "Determining the MSR of an Assassination Attempt:" an MSR past every
/// face succeeds (or fails) without a roll: the history says so under a
/// key of its own, with no "6-" range the die does not have.
#[test]
fn msr_past_every_face_the_history_prints_no_range() {
    let mut table = Table::new(2);
    table.play_to_the_end();
    let lines = history(&table.log);
    let unrolled: Vec<&HistoryLine> = lines
        .iter()
        .filter(|l| l.key == "attempt_succeeded_unrolled")
        .collect();
    assert!(!unrolled.is_empty());
    assert!(unrolled.iter().all(|l| !l.text.contains("6-")));
    assert!(!lines.iter().any(|l| l.key == "attempt_resolved"));
}

/// "SPECIALIST CARDS x6": "they roll two dice for the attempt instead of
/// one and keep the higher result". The history tells both faces rolled,
/// as it tells one die's face for any other attempt.
#[test]
fn specialist_cards_the_history_tells_both_dice_rolled() {
    let mut table = Table::new(2);
    table.play(&[Try::new(0, 1, "knife"), Try::new(1, 2, "rope")]);
    table.resolve(0, &[2, 5]);
    table.resolve(1, &[4]);
    let lines = history(&table.log);
    let rolled: Vec<(&str, &str)> = lines
        .iter()
        .filter(|l| l.key == "attempt_resolved")
        .map(|l| (l.params["dice"].as_str(), l.text.as_str()))
        .collect();
    assert_eq!(rolled.len(), 2, "{lines:?}");
    assert_eq!(rolled[0].0, "2 and 5");
    assert!(
        rolled[0].1.starts_with("Ada rolled 2 and 5 against 6-"),
        "{}",
        rolled[0].1
    );
    assert_eq!(rolled[1].0, "4");
    assert!(
        rolled[1].1.starts_with("Bea rolled 4 against 6-"),
        "{}",
        rolled[1].1
    );
}

/// "SPECIALIST CARDS x6" and the assumption `players`: the new-game form
/// offers as many players as the rules take, the specialists they take
/// and the weapons a specialist's card may name. One player fewer or more
/// is refused, as is a specialist not offered.
#[test]
fn setup_the_new_game_form_offers_what_the_rules_take() {
    let offer = setup_offer();
    let sized = |count: usize| {
        let mut command = create_command(2, false);
        if let Command::CreateGame { players, .. } = &mut command {
            *players = (0..count)
                .map(|i| PlayerSetup {
                    name: format!("P{i}"),
                    specialist: offer.specialists[i % offer.specialists.len()],
                })
                .collect();
        }
        command
    };
    let (min, max) = (
        usize::from(offer.min_players),
        usize::from(offer.max_players),
    );
    for count in [min - 1, max + 1] {
        assert_eq!(
            Table::empty().refused(sized(count)).code,
            RuleCode::PlayerCount
        );
    }
    for count in min..=max {
        let mut table = Table::empty();
        table.run(sized(count));
        assert_eq!(table.game.players.len(), count);
    }
    let mut unknown = sized(min);
    if let Command::CreateGame { players, .. } = &mut unknown {
        players[0].specialist = offer.specialists.iter().max().unwrap() + 1;
    }
    assert_eq!(
        Table::empty().refused(unknown).code,
        RuleCode::SpecialistUnknown
    );
    let view = table_view(&Table::new(3).game);
    assert_eq!(offer.weapons, view.offers.weapons);
    assert!(view.offers.modifiers.iter().any(|m| m == "stealth"));
    assert!(view.offers.attributes.iter().any(|a| a == "loud"));
}

/// "SPECIALIST CARDS x6": "When a player attempts to assassinate a target
/// using their specialty weapon, they roll two dice". The table shows each
/// player the weapon their specialist card names, as the box's values give
/// it (specialists 1, 2, 3 here: the knife, the pistol, the rope), and none
/// for a specialist whose weapon the box does not know yet.
#[test]
fn specialist_cards_the_view_shows_each_player_the_specialty_weapon() {
    let mut table = Table::new(3);
    let weapons: Vec<Option<String>> = table_view(&table.game)
        .players
        .iter()
        .map(|p| p.specialist_weapon.clone())
        .collect();
    assert_eq!(
        weapons,
        [
            Some("knife".into()),
            Some("pistol".into()),
            Some("rope".into())
        ]
    );
    table.game.box_values.remove("specialist.2.weapon");
    assert_eq!(table_view(&table.game).players[1].specialist_weapon, None);
}
