//! SETUP, STARTING THE GAME, AVAILABLE TARGETS, FIRST PLAYER TOKEN, and the
//! box's values asked once.

use crate::support;

use bagless_nation::*;
use support::*;

/// "SPECIALIST CARDS x6" (six specialists, six markers): 2 to 6 players.
#[test]
fn components_two_to_six_players() {
    for count in [1, 7] {
        let mut table = Table::empty();
        let mut command = create_command(6, false);
        if let Command::CreateGame { players, .. } = &mut command {
            players.resize(
                count,
                PlayerSetup {
                    name: "X".into(),
                    specialist: 1,
                },
            );
            for (i, p) in players.iter_mut().enumerate() {
                p.name = format!("P{i}");
                p.specialist = (i % 6) as u8 + 1;
            }
        }
        let refusal = table.refused(command);
        assert_eq!(refusal.code, RuleCode::PlayerCount);
        assert_eq!(refusal.section, Section::Components);
    }
    for count in 2..=6 {
        assert_eq!(Table::new(count).game.players.len(), count);
    }
}

/// "SPECIALIST CARDS x6": "Each player is randomly assigned one of six
/// Specialist Cards" — one each, 1 to 6.
#[test]
fn specialist_cards_one_each_of_six() {
    let mut table = Table::empty();
    let mut command = create_command(3, false);
    if let Command::CreateGame { players, .. } = &mut command {
        players[2].specialist = 1;
    }
    let refusal = table.refused(command.clone());
    assert_eq!(refusal.code, RuleCode::SpecialistTaken);
    assert_eq!(refusal.section, Section::SpecialistCards);
    if let Command::CreateGame { players, .. } = &mut command {
        players[2].specialist = 7;
    }
    assert_eq!(table.refused(command).code, RuleCode::SpecialistUnknown);
}

/// "STARTING THE GAME": names are needed and told apart.
#[test]
fn starting_the_game_players_have_distinct_names() {
    let mut table = Table::empty();
    let mut command = create_command(2, false);
    if let Command::CreateGame { players, .. } = &mut command {
        players[1].name = "ada ".into();
    }
    assert_eq!(table.refused(command.clone()).code, RuleCode::NameTwice);
    if let Command::CreateGame { players, .. } = &mut command {
        players[1].name = "  ".into();
    }
    assert_eq!(table.refused(command).code, RuleCode::NameEmpty);
}

/// "STARTING THE GAME": a player's name is typed; Bagless takes at most
/// `MAX_NAME` characters (a bound of the form, not a rule of the seed): a
/// name that long is taken, one character more refused with the bound.
#[test]
fn starting_the_game_a_name_has_at_most_max_name_characters() {
    let mut table = Table::empty();
    let mut command = create_command(2, false);
    if let Command::CreateGame { players, .. } = &mut command {
        players[1].name = "é".repeat(bagless_nation::model::box_values::MAX_NAME + 1);
    }
    let refusal = table.refused(command.clone());
    assert_eq!(refusal.code, RuleCode::NameTooLong);
    assert_eq!(refusal.section, Section::StartingTheGame);
    if let Command::CreateGame { players, .. } = &mut command {
        players[1].name = "é".repeat(bagless_nation::model::box_values::MAX_NAME);
    }
    table.run(command);
}

/// "SETUP": the 18 targets in a pyramid ascending in value; "STARTING THE
/// GAME": 2 Cash Tokens each, from the bank.
#[test]
fn setup_pyramid_and_two_cash_tokens_each() {
    let table = Table::new(4);
    let game = &table.game;
    assert_eq!(game.phase, Phase::Intel);
    assert_eq!(game.round, 1);
    assert_eq!(game.targets.len(), 18);
    let values: Vec<u32> = game.targets.iter().map(|t| t.value).collect();
    assert!(values.windows(2).all(|w| w[0] <= w[1]));
    assert!(game.players.iter().all(|p| p.cash == 2000 && p.debt == 0));
    assert_eq!(game.bank, -8000);
    let view = table_view(game);
    assert_eq!(view.pyramid.iter().filter(|t| t.cash == 0).count(), 18);
}

/// "AVAILABLE TARGETS": in the first round only the lowest level; a target
/// is available once the bottom two edges of its tile are exposed.
#[test]
fn available_targets_bottom_row_then_tiles_whose_two_supports_fell() {
    let mut table = Table::new(2);
    let available =
        |t: &Table| -> Vec<u8> { (1..=18).filter(|id| t.game.is_available(*id)).collect() };
    assert_eq!(available(&table), vec![1, 2, 3, 4, 5, 6]);
    // Target 7 sits on 1 and 2.
    table.game.targets[0].holder = Some(0);
    assert!(!table.game.is_available(7));
    table.game.targets[1].holder = Some(1);
    assert!(table.game.is_available(7));
    assert!(!table.game.is_available(8));
}

/// "STARTING THE GAME": "Have each player roll a die, the player who rolls
/// the highest will be assigned the Player One Token."
#[test]
fn starting_the_game_highest_die_takes_the_player_one_token() {
    let with_dice = |dice: Vec<u8>| {
        let mut command = create_command(3, false);
        if let Command::CreateGame {
            first_player,
            dice: d,
            ..
        } = &mut command
        {
            *first_player = None;
            *d = Some(dice);
        }
        command
    };
    let mut table = Table::empty();
    table.run(with_dice(vec![2, 6, 4]));
    assert_eq!(table.game.first_player, 1);
    let mut tied = Table::empty();
    let refusal = tied.refused(with_dice(vec![6, 6, 4]));
    assert_eq!(refusal.code, RuleCode::FirstRollTie);
    assert_eq!(refusal.section, Section::StartingTheGame);
    assert_eq!(
        tied.refused(with_dice(vec![6, 4])).code,
        RuleCode::DiceCount
    );
    assert_eq!(
        tied.refused(with_dice(vec![6, 4, 9])).code,
        RuleCode::DieFace
    );
}

/// "Have each player roll a die, the player who rolls the highest will be
/// assigned the Player One Token." Assumption `players`: the table may
/// roll its own dice and enter only who won the roll (who holds the
/// token); then no die is entered with it, and the holder is one of the
/// players.
#[test]
fn starting_the_game_the_token_entered_as_held_after_the_tables_own_roll() {
    let given = |player: u8, dice: Option<Vec<u8>>| {
        let mut command = create_command(3, false);
        if let Command::CreateGame {
            first_player,
            dice: d,
            ..
        } = &mut command
        {
            *first_player = Some(player);
            *d = dice;
        }
        command
    };
    let mut table = Table::empty();
    table.run(given(2, None));
    assert_eq!(table.game.first_player, 2);
    let mut other = Table::empty();
    let refusal = other.refused(given(1, Some(vec![2, 6, 4])));
    assert_eq!(refusal.code, RuleCode::DiceNotNeeded);
    assert_eq!(refusal.section, Section::StartingTheGame);
    let refusal = other.refused(given(3, None));
    assert_eq!(refusal.code, RuleCode::FirstPlayerUnknown);
}

/// Dice Bagless rolls come from the seed and are recorded: the replay
/// never rolls again.
#[test]
fn starting_the_game_bagless_rolls_and_records_the_first_player_dice() {
    let mut command = create_command(4, false);
    if let Command::CreateGame { first_player, .. } = &mut command {
        *first_player = None;
    }
    let mut table = Table::empty();
    assert_eq!(table.refused(command.clone()).code, RuleCode::DiceNeeded);
    table.seed = Some(7);
    let events = table.run(command);
    let Event::GameCreated {
        first_player,
        first_rolls,
        ..
    } = &events[0]
    else {
        panic!()
    };
    let last = first_rolls.last().unwrap();
    assert_eq!(last.iter().max(), Some(&last[*first_player as usize]));
    assert_eq!(replay(&table.log), table.game);
}

/// "TARGET HEX TILES x18": an MSR adjustment the summary does not give is
/// asked once (`value_needed`) and remembered.
#[test]
fn target_hex_tiles_an_unknown_adjustment_is_asked_once_and_remembered() {
    let mut table = Table::empty();
    let mut command = create_command(2, false);
    if let Command::CreateGame { box_values, .. } = &mut command {
        box_values.remove("target.3.msr");
    }
    table.run(command);
    table.end_intel();
    // Asked when the Targeting Maps are face up, not while the X is secret.
    table.run(Try::new(0, 3, "pistol").cmd());
    let refusal = table.asked();
    assert_eq!(refusal.code, RuleCode::ValueNeeded);
    assert_eq!(refusal.section, Section::TargetHexTiles);
    assert_eq!(refusal.params["key"], "target.3.msr");
    assert_eq!(refusal.params["target"], "3");
    let bad = table.refused(Command::SetBoxValue {
        key: "target.3.msr".into(),
        value: BoxValue::Number(9),
    });
    assert_eq!(bad.code, RuleCode::ValueRange);
    let bad = table.refused(Command::SetBoxValue {
        key: "target.3.colour".into(),
        value: BoxValue::Number(1),
    });
    assert_eq!(bad.code, RuleCode::ValueKey);
    table.run(Command::SetBoxValue {
        key: "target.3.msr".into(),
        value: BoxValue::Number(-1),
    });
    assert_eq!(table.game.target_msr(3), Some(-1));
    assert_eq!(table_view(&table.game).attempts[0].msr.target, -1);
}

/// "WEAPON CARDS x60": a weapon not described is asked for field by field;
/// "There are 9 different Weapon Cards".
#[test]
fn weapon_cards_unknown_weapons_are_asked_and_nine_kinds_at_most() {
    let mut table = Table::new(2);
    table.end_intel();
    // The time is the card's, typed with the attempt ("TIME OF DEATH").
    let garrote = Try::new(0, 1, "garrote").time(2230);
    table.run(garrote.cmd());
    // Its values are asked once the cards are face up.
    let refusal = table.asked();
    assert_eq!(refusal.code, RuleCode::ValueNeeded);
    assert_eq!(refusal.section, Section::Msr);
    assert_eq!(refusal.params["weapon"], "garrote");
    for (key, value) in [
        ("weapon.garrote.msr", BoxValue::Number(3)),
        ("weapon.garrote.noise", BoxValue::Text("silent".into())),
        (
            "weapon.garrote.cause",
            BoxValue::Text("asphyxiation".into()),
        ),
    ] {
        table.run(Command::SetBoxValue {
            key: key.into(),
            value,
        });
    }
    assert_eq!(table_view(&table.game).attempts[0].msr.base, 3);
    for w in ["axe", "bomb"] {
        table.run(Command::SetBoxValue {
            key: format!("weapon.{w}.msr"),
            value: BoxValue::Number(3),
        });
    }
    let refusal = table.refused(Command::SetBoxValue {
        key: "weapon.crossbow.msr".into(),
        value: BoxValue::Number(3),
    });
    assert_eq!(refusal.code, RuleCode::WeaponKindsFull);
    assert_eq!(refusal.section, Section::WeaponCards);
}

/// "WEAPON CARDS x60": "There are 9 different Weapon Cards found in the
/// Assassin deck." With the box's 9 kinds known, a player's own face-down
/// Weapon Card of a 10th kind is refused when it is played (the player
/// knows both); a card of a known kind is taken.
#[test]
fn weapon_cards_a_tenth_kind_played_face_down_is_refused_at_once() {
    let mut table = Table::new(2);
    for w in ["axe", "bomb", "crossbow"] {
        table.run(Command::SetBoxValue {
            key: format!("weapon.{w}.msr"),
            value: BoxValue::Number(3),
        });
    }
    table.end_intel();
    let played = |weapon: &str| {
        Try {
            time: Some(900),
            ..Try::new(0, 1, weapon)
        }
        .cmd()
    };
    let refusal = table.refused(played("dart"));
    assert_eq!(refusal.code, RuleCode::WeaponKindsFull);
    assert_eq!(refusal.section, Section::WeaponCards);
    table.run(played("crossbow"));
}

/// "WEAPON CARDS x60": "There are 9 different Weapon Cards found in the
/// Assassin deck." The box's values given at set-up name at most 9 kinds:
/// a 10th is refused with the game, 9 are taken.
#[test]
fn weapon_cards_a_set_up_naming_a_tenth_kind_is_refused() {
    let with = |weapons: &[&str]| {
        let mut command = create_command(2, false);
        if let Command::CreateGame { box_values, .. } = &mut command {
            for w in weapons {
                box_values.insert(format!("weapon.{w}.msr"), BoxValue::Number(3));
            }
        }
        command
    };
    let mut table = Table::empty();
    let refusal = table.refused(with(&["axe", "bomb", "crossbow", "dart"]));
    assert_eq!(refusal.code, RuleCode::WeaponKindsFull);
    assert_eq!(refusal.section, Section::WeaponCards);
    table.run(with(&["axe", "bomb", "crossbow"]));
}

/// Before "STARTING THE GAME" nothing else is recorded; and only once.
#[test]
fn starting_the_game_comes_first_and_once() {
    let mut table = Table::empty();
    let refusal = table.refused(Command::EndIntel);
    assert_eq!(refusal.code, RuleCode::NotCreated);
    table.run(create_command(2, false));
    assert_eq!(
        table.refused(create_command(2, false)).code,
        RuleCode::AlreadyCreated
    );
}

/// "Each player is randomly assigned one Specialist card": Bagless deals
/// them when asked (a die for each player in seat order, a card already
/// dealt rolled again), the faces recorded so that a replay never deals
/// again; the cards the players typed are then not read. Without dice
/// (no seed), Bagless cannot deal.
#[test]
fn specialist_cards_randomly_assigned_by_bagless_with_recorded_dice() {
    let dealt = |seed: Option<u64>| {
        let mut command = create_command(6, false);
        if let Command::CreateGame {
            deal_specialists,
            players,
            ..
        } = &mut command
        {
            *deal_specialists = Some(true);
            // What the form would have pre-filled is not read.
            for p in players.iter_mut() {
                p.specialist = 1;
            }
        }
        let mut table = Table::empty();
        table.seed = seed;
        table.try_run(command).map(|_| table)
    };
    let refusal = dealt(None).err().unwrap();
    assert_eq!(
        (refusal.code, refusal.section),
        (RuleCode::DiceNeeded, Section::SpecialistCards)
    );
    let mut orders = std::collections::BTreeSet::new();
    for seed in 0..8 {
        let table = dealt(Some(seed)).unwrap();
        let cards: Vec<u8> = table.game.players.iter().map(|p| p.specialist).collect();
        let mut sorted = cards.clone();
        sorted.sort();
        assert_eq!(sorted, vec![1, 2, 3, 4, 5, 6], "one each: {cards:?}");
        let Event::GameCreated {
            specialist_rolls, ..
        } = &table.log[0].event
        else {
            panic!("{:?}", table.log[0].event)
        };
        assert!(specialist_rolls.len() >= 6);
        assert!(specialist_rolls.ends_with(&[cards[5]]));
        assert_eq!(
            bagless_game::decide_log_again::<Game>(&table.log).unwrap(),
            table.game
        );
        orders.insert(cards);
    }
    // Dealt at random, not in seat order.
    assert!(orders.len() > 1, "{orders:?}");
    assert!(!orders.contains(&vec![1, 2, 3, 4, 5, 6]) || orders.len() > 2);
}

/// "Each player is randomly assigned one Specialist card": a deal that
/// rolls only cards already dealt (64 times) gives the lowest card left,
/// so a file's recorded deal is decided again to the same cards.
#[test]
fn specialist_cards_a_deal_out_of_rolls_gives_the_lowest_card_left() {
    let dealt = |second: u8| {
        let mut table = Table::new(2);
        if let Event::GameCreated {
            players,
            specialist_rolls,
            ..
        } = &mut table.log[0].event
        {
            players[0].specialist = 3;
            players[1].specialist = second;
            *specialist_rolls = std::iter::once(3).chain([3; 64]).collect();
        }
        bagless_game::decide_log_again::<Game>(&table.log)
    };
    assert_eq!(dealt(1).unwrap().players[1].specialist, 1);
    assert!(dealt(2).is_err());
}
