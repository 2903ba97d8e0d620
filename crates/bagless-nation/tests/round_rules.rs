//! PLAYING THE GAME: a round phase by phase (INTEL PHASE, ASSASSINATION
//! PHASE, REVEAL PHASE), then END OF ROUND and the Player One Token.

use crate::support;

use bagless_nation::*;
use support::*;

/// "PLAYING THE GAME": "Each round consists of three phases (Intel,
/// Assassination and Reveal.)" — in that order.
#[test]
fn playing_the_game_three_phases_in_order() {
    let mut table = Table::new(3);
    // The track marks the step the round is at (and only it).
    let at = |table: &Table| -> Vec<RoundStep> {
        table_view(&table.game)
            .round_track
            .iter()
            .filter(|s| s.current)
            .map(|s| s.step)
            .collect()
    };
    assert_eq!(at(&table), [RoundStep::Intel]);
    let refusal = table.refused(Try::new(0, 1, "pistol").cmd());
    assert_eq!(refusal.code, RuleCode::WrongPhase);
    assert_eq!(refusal.section, Section::AssassinationPhase);
    assert_eq!(refusal.params["phase"], "intel");
    assert_eq!(table.refused(Command::Reveal).code, RuleCode::WrongPhase);
    table.end_intel();
    assert_eq!(table.game.phase, Phase::Assassination);
    assert_eq!(at(&table), [RoundStep::Assassination]);
    let refusal = table.refused(Command::EndIntel);
    assert_eq!(refusal.section, Section::IntelPhase);
    table.run(Try::new(0, 1, "pistol").cmd());
    table.reveal();
    assert_eq!(table.game.phase, Phase::Reveal);
    assert_eq!(at(&table), [RoundStep::Reveal]);
    table.resolve(0, &[6]);
    // Every attempt settled: the round may end.
    assert_eq!(at(&table), [RoundStep::End]);
    table.run(Command::EndRound);
    assert_eq!(table.game.phase, Phase::Intel);
    assert_eq!(table.game.round, 2);
}

/// "FIRST PLAYER TOKEN": "After each full round ... the First Player Token
/// passes clockwise to the next player."
#[test]
fn first_player_token_passes_clockwise_each_round() {
    let mut table = Table::new(3);
    let mut holders = vec![table.game.first_player];
    for _ in 0..3 {
        table.end_intel();
        table.reveal();
        table.run(Command::EndRound);
        holders.push(table.game.first_player);
    }
    assert_eq!(holders, vec![0, 1, 2, 0]);
    assert!(table_view(&table.game).players[0].first_player);
    // The screen is told who plays in which order, from the token on.
    table.end_intel();
    table.reveal();
    table.run(Command::EndRound);
    assert_eq!(table_view(&table.game).offers.order, vec![1, 2, 0]);
}

/// "END OF ROUND" comes after every attempt is resolved.
#[test]
fn end_of_round_waits_for_every_attempt() {
    let mut table = Table::new(2);
    table.play(&[Try::new(0, 1, "pistol")]);
    let refusal = table.refused(Command::EndRound);
    assert_eq!(refusal.code, RuleCode::AttemptsPending);
    assert_eq!(refusal.section, Section::EndOfRound);
    assert_eq!(refusal.params["count"], "1");
    // The screen offers the end of the round as end_round accepts it.
    assert!(!table_view(&table.game).offers.can_end_round);
    table.resolve(0, &[6]);
    assert!(table_view(&table.game).offers.can_end_round);
    table.run(Command::EndRound);
    assert!(!table_view(&table.game).offers.can_end_round);
}

/// "3) PURCHASE EQUIPMENT / CONTRACTS": "spend one or more Cash Token(s)"
/// to the bank, never more than the player has.
#[test]
fn purchase_equipment_cash_tokens_go_to_the_bank() {
    let mut table = Table::new(2);
    let bank = table.game.bank;
    table.run(Command::BuyCards {
        player: 0,
        count: 2,
    });
    assert_eq!(table.cash(0), 0);
    assert_eq!(table.game.bank, bank + 2000);
    // The screen is told the price and what each player's cash pays for.
    let view = table_view(&table.game);
    assert_eq!(view.offers.card_price, 1000);
    let affordable: Vec<u32> = view.players.iter().map(|p| p.cards_affordable).collect();
    assert_eq!(affordable, vec![0, 2]);
    let running: Vec<i32> = view.players.iter().map(|p| p.running).collect();
    assert_eq!(running, vec![0, 2000]);
    let refusal = table.refused(Command::BuyCards {
        player: 1,
        count: 3,
    });
    assert_eq!(refusal.code, RuleCode::NotEnoughCash);
    assert_eq!(refusal.section, Section::PurchaseEquipment);
    assert_eq!(refusal.params["cost"], "3000");
    assert_eq!(
        table
            .refused(Command::BuyCards {
                player: 1,
                count: 0
            })
            .code,
        RuleCode::PurchaseCount
    );
    assert_eq!(
        table
            .refused(Command::BuyCards {
                player: 5,
                count: 1
            })
            .code,
        RuleCode::PlayerUnknown
    );
    table.end_intel();
    let refusal = table.refused(Command::BuyCards {
        player: 1,
        count: 1,
    });
    assert_eq!(refusal.code, RuleCode::WrongPhase);
}

/// "1) SELECT YOUR TARGET:" "If a player mistakenly marks a Target that is
/// not available, or no longer on the board, the player misses their
/// chance to make an Assassination attempt for the round."
#[test]
fn select_your_target_an_unavailable_target_misses_the_chance() {
    let mut table = Table::new(2);
    table.end_intel();
    let refusal = table.refused(
        Try {
            target: None,
            ..Try::new(0, 1, "pistol")
        }
        .cmd(),
    );
    assert_eq!(refusal.code, RuleCode::TargetNeeded);
    assert_eq!(refusal.section, Section::SelectYourTarget);
    assert_eq!(
        table.refused(Try::new(0, 19, "pistol").cmd()).code,
        RuleCode::TargetUnknown
    );
    table.run(Try::new(0, 12, "pistol").cmd());
    let events = table.reveal();
    assert!(events.contains(&Event::AttemptMissed {
        player: 0,
        target: 12
    }));
    assert_eq!(table.game.attempts[0].status, AttemptStatus::Missed);
    let refusal = table.refused(Command::Resolve {
        player: 0,
        dice: Some(vec![6]),
        believed: None,
    });
    assert_eq!(refusal.code, RuleCode::AttemptSettled);
    table.run(Command::EndRound);
}

/// "ASSASSINATION PHASE": cards are face down — the table shows who
/// played, not what, until "1) REVEAL YOUR ASSASSINATION ATTEMPTS".
/// "1) SELECT YOUR TARGET:" "This will be the Target that you are
/// attempting to assassinate.": the target marked last before the reveal
/// is the one attempted (a re-marked card replaces the first mark).
#[test]
fn assassination_phase_attempts_stay_face_down_until_the_reveal() {
    let mut table = Table::new(2);
    table.end_intel();
    table.run(Try::new(0, 1, "pistol").cmd());
    let view = table_view(&table.game);
    assert!(view.players[0].declared && !view.players[1].declared);
    assert!(view.attempts.is_empty());
    // A player may change their mind before the reveal.
    table.run(Try::new(0, 2, "knife").cmd());
    assert_eq!(table.game.attempts.len(), 1);
    assert_eq!(table.game.attempts[0].target, Some(2));
    table.run(Command::WithdrawAttempt { player: 0 });
    assert!(table.game.attempts.is_empty());
    assert_eq!(
        table.refused(Command::WithdrawAttempt { player: 0 }).code,
        RuleCode::AttemptUnknown
    );
    table.run(Try::new(0, 1, "pistol").cmd());
    table.run(Try::new(0, 2, "knife").cmd());
    table.reveal();
    let view = table_view(&table.game);
    assert_eq!(view.attempts.len(), 1);
    assert_eq!(view.attempts[0].target, Some(2));
    // The roll is made on the target marked: target 2 falls, target 1 stays
    // (player 0's specialist weapon is the knife: two dice).
    let events = table.resolve(0, &[6, 6]);
    assert!(matches!(
        events[1],
        Event::TargetEliminated {
            target: 2,
            player: 0,
            ..
        }
    ));
    assert!(table.game.is_available(1));
}

/// "CARD MANAGEMENT": at most 6 Assassin Cards in hand, so at most 6 on an
/// attempt; "CONTRACT CARDS x40": an attribute shows once.
#[test]
fn card_management_an_attempt_holds_at_most_six_assassin_cards() {
    let mut table = Table::new(2);
    table.end_intel();
    let mut too_many = Try::new(0, 1, "pistol").doubled();
    for _ in 0..5 {
        too_many = too_many.modifier("stealth");
    }
    let refusal = table.refused(too_many.cmd());
    assert_eq!(refusal.code, RuleCode::TooManyCards);
    assert_eq!(refusal.section, Section::CardManagement);
    let twice = Try::new(0, 1, "pistol").contract(&["loud"], &["loud"]);
    let refusal = table.refused(twice.cmd());
    assert_eq!(refusal.code, RuleCode::ContractAttributeTwice);
    assert_eq!(refusal.section, Section::ContractCards);
}

/// "MODIFIER CARDS x50": a modifier not in the pack is asked once, when
/// the cards are face up ("1) REVEAL YOUR ASSASSINATION ATTEMPTS").
#[test]
fn modifier_cards_unknown_modifier_is_asked() {
    let mut table = Table::new(2);
    table.end_intel();
    table.run(Try::new(0, 1, "pistol").modifier("silencer").cmd());
    let refusal = table.asked();
    assert_eq!(refusal.code, RuleCode::ValueNeeded);
    assert_eq!(refusal.section, Section::ModifierCards);
    assert_eq!(refusal.params["key"], "modifier.silencer.msr");
    assert_eq!(refusal.params["modifier"], "silencer");
}

/// "MODIFIER CARDS x50": what a modifier card prints is entered under the
/// name the card is played by (lowercase letters, digits and _, as the
/// box's values name it); a value under another name is none Bagless asks
/// for, and refused.
#[test]
fn modifier_cards_a_value_is_entered_under_the_name_the_card_is_played_by() {
    let mut table = Table::new(2);
    for key in [
        "modifier.Silencer.msr",
        "modifier.silencer!.minutes",
        "modifier..msr",
    ] {
        let refusal = table.refused(Command::SetBoxValue {
            key: key.into(),
            value: BoxValue::Number(1),
        });
        assert_eq!(refusal.code, RuleCode::ValueKey, "{key}");
        assert_eq!(refusal.section, Section::Components);
    }
    table.run(Command::SetBoxValue {
        key: "modifier.silencer.msr".into(),
        value: BoxValue::Number(1),
    });
}

/// "AVAILABLE TARGETS" "Once a Target is eliminated, their Hex Tile is
/// removed from the pyramid." and "1) SELECT YOUR TARGET:" "If a player
/// mistakenly marks a Target that is … no longer on the board, the player
/// misses their chance to make an Assassination attempt for the round.":
/// the tile leaves the pyramid (no longer available, its cash taken), the
/// tiles it held up are exposed once both supports are gone, and a target
/// marked after it fell is missed.
#[test]
fn available_targets_an_eliminated_tile_leaves_the_pyramid_and_is_missed_after() {
    let mut table = Table::new(2);
    assert!(!table.game.is_available(7));
    table.play(&[Try::new(0, 1, "pistol"), Try::new(1, 2, "rope")]);
    table.resolve(0, &[6]);
    table.resolve(1, &[6]);
    let view = table_view(&table.game);
    for id in [1, 2] {
        let tile = &view.pyramid[id as usize - 1];
        assert_eq!(tile.holder, Some(id - 1));
        assert!(!tile.available, "tile {id} left the pyramid");
    }
    // Target 7 stood on targets 1 and 2: both gone, its two bottom edges
    // are exposed.
    assert!(view.pyramid[6].available);
    assert!(!view.pyramid[7].available);
    table.run(Command::EndRound);
    table.end_intel();
    table.run(Try::new(0, 1, "pistol").cmd());
    let events = table.reveal();
    assert!(events.contains(&Event::AttemptMissed {
        player: 0,
        target: 1
    }));
    let refusal = table.refused(Command::Resolve {
        player: 0,
        dice: Some(vec![6]),
        believed: None,
    });
    assert_eq!(refusal.code, RuleCode::AttemptSettled);
    assert_eq!(table.target(1).holder, Some(0));
    assert_eq!(table.game.players[0].tiles, vec![1]);
}

/// "Players can have a maximum of 6 Assassin Cards … in their hand": an
/// attempt of exactly six (a double and four modifiers) is taken, the
/// seventh refused (mutation testing found the bound itself untested).
#[test]
fn card_management_an_attempt_of_six_assassin_cards_is_taken() {
    let mut table = Table::new(2);
    table.end_intel();
    let mut six = Try::new(0, 1, "pistol").doubled();
    for _ in 0..4 {
        six = six.modifier("stealth");
    }
    table.run(six.clone().cmd());
    let seven = six.modifier("stealth");
    assert_eq!(table.refused(seven.cmd()).code, RuleCode::TooManyCards);
}

/// "WEAPON CARDS x60" and "MODIFIER CARDS x50": a card played face down is
/// named as the box's values name it (lowercase letters, digits and _), so
/// that what it prints can be asked once it is face up; another name is
/// refused at once (mutation testing found the face-down check untested).
#[test]
fn weapon_cards_a_card_played_face_down_is_named_as_the_box_names_it() {
    let mut table = Table::new(2);
    table.end_intel();
    let max = table_view(&table.game).offers.max_name as usize;
    assert_eq!(max, 40);
    let long = "x".repeat(max + 1);
    for attempt in [
        Try::new(0, 1, "Garrote!").time(900),
        Try::new(0, 1, "pistol").modifier("Silencer"),
        Try::new(0, 1, "pistol").modifier(&long),
    ] {
        let refusal = table.refused(attempt.cmd());
        assert_eq!(refusal.code, RuleCode::CardName);
        assert_eq!(refusal.params["max"], "40");
    }
    table.run(Try::new(0, 1, "pistol").modifier(&"x".repeat(max)).cmd());
}

/// "CONTRACT CARDS x40": the objective typed is the card's (the assumption
/// `entries`: at most 80 characters, no control character); 80 are taken,
/// 81 or a line break refused (mutation testing found the bound untested).
#[test]
fn contract_cards_an_objective_of_at_most_eighty_characters() {
    let mut table = Table::new(2);
    table.end_intel();
    // The form reads the bound from the view, not a number of its own.
    assert_eq!(table_view(&table.game).offers.max_objective, 80);
    let with = |objective: String| {
        let mut attempt = Try::new(0, 1, "pistol");
        attempt.contract = Some(ContractPlay {
            objective,
            positive: Vec::new(),
            negative: Vec::new(),
        });
        attempt.cmd()
    };
    for refused in ["x".repeat(81), "Public\nExecution".to_string()] {
        let refusal = table.refused(with(refused));
        assert_eq!(refusal.code, RuleCode::ContractTooLong);
        assert_eq!(refusal.section, Section::ContractCards);
    }
    table.run(with("é".repeat(80)));
}
