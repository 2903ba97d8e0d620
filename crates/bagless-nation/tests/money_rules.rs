//! "ASSASSINATION SUCCESS:" and "ASSASSINATION FAILURE:": the tile, the
//! cash on it, Cash and Debt Tokens for the attributes, and $1,000 from
//! the bank on a target that survives. Corrections keep money conserved.

use crate::support;

use bagless_nation::*;
use support::*;

/// The summary's example ("CONTRACT CARDS x40"): a Public Execution
/// contract shows Loud and Gunshot, the Pistol's two attributes: "the
/// Contract is now worth an additional $2,000."
#[test]
fn contract_cards_pistol_on_public_execution_earns_two_thousand() {
    let mut table = Table::new(2);
    table.play(&[Try::new(0, 1, "pistol").contract(&["loud", "gunshot"], &["silent"])]);
    let events = table.resolve(0, &[5]);
    assert_eq!(
        events[1],
        Event::TargetEliminated {
            target: 1,
            player: 0,
            collected: 0,
            cash_tokens: 2,
            debt_tokens: 0,
            story_bonus: 0
        }
    );
    assert_eq!(table.cash(0), 4000);
    assert_eq!(table.game.players[0].tiles, vec![1]);
    assert_eq!(table.target(1).holder, Some(0));
}

/// "ASSASSINATION SUCCESS:" "3. Collect Cash (+$1,000) or Debt (-$1,000)
/// Tokens for each matching Attribute"; "Playing doubles of Weapon Cards:"
/// "pay ... based on only one set of Weapon Attributes".
#[test]
fn assassination_success_debt_token_per_contradicting_attribute() {
    let mut table = Table::new(2);
    table.play(&[Try::new(0, 1, "pistol")
        .doubled()
        .contract(&["gunshot"], &["loud"])]);
    let events = table.resolve(0, &[5]);
    assert!(matches!(
        events[1],
        Event::TargetEliminated {
            cash_tokens: 1,
            debt_tokens: 1,
            ..
        }
    ));
    assert_eq!((table.cash(0), table.game.players[0].debt), (3000, 1000));
    assert_eq!(table.game.bank_debt, -1000);
}

/// "CASH AND DEBT TOKENS x90": "Cash Tokens (Green) are worth $1,000,
/// while Debt Tokens (Red) are -$1,000": the money a player holds so far
/// (the scoreboard, the story) is their tiles and cash minus their debt.
#[test]
fn cash_and_debt_tokens_a_debt_token_counts_minus_a_thousand() {
    let mut table = Table::new(2);
    table.play(&[Try::new(0, 1, "pistol").contract(&[], &["loud"])]);
    table.resolve(0, &[5]);
    assert_eq!((table.cash(0), table.game.players[0].debt), (2000, 1000));
    let line = &scoreboard(&table.game)[0];
    assert_eq!((line.tiles_value, line.cash, line.debt), (3000, 2000, 1000));
    assert_eq!(line.running, 3000 + 2000 - 1000);
    let told = story(&table.log);
    assert_eq!(told.rounds.last().unwrap().money[0].running, 4000);
}

/// "Unarmed Assassination:" "the player receives no Contract bonuses for
/// eliminating of the Target (negative or positive.)"
#[test]
fn unarmed_assassination_no_contract_bonus() {
    let mut table = Table::new(2);
    table.run(Command::SetBoxValue {
        key: "target.1.msr".into(),
        value: BoxValue::Number(5),
    });
    table.play(&[Try::unarmed(0, 1).contract(&["silent"], &["loud"])]);
    let events = table.run(Command::Resolve {
        player: 0,
        dice: None,
        believed: None,
    });
    assert!(matches!(
        events[1],
        Event::TargetEliminated {
            cash_tokens: 0,
            debt_tokens: 0,
            ..
        }
    ));
}

/// "ASSASSINATION FAILURE:" "Place a Cash Token from the bank on the
/// Target Hex Tile. The Target's value has increased $1,000"; "ASSASSINATION
/// SUCCESS:" "1. Collect any Cash Tokens on the Target."
#[test]
fn assassination_failure_puts_a_thousand_on_the_target_collected_on_success() {
    let mut table = Table::new(2);
    let bank = table.game.bank;
    table.play(&[Try::new(0, 1, "pistol")]);
    table.resolve(0, &[1]);
    assert_eq!(table.target(1).cash, 1000);
    assert_eq!(table.game.bank, bank - 1000);
    assert_eq!(table_view(&table.game).pyramid[0].cash, 1000);
    table.run(Command::EndRound);
    table.play(&[Try::new(1, 1, "knife")]);
    table.resolve(1, &[2]);
    assert_eq!(table.target(1).cash, 2000);
    // The view says what eliminating it brings: its $3,000 and the $2,000 on it.
    let pays = table_view(&table.game).pyramid[0].pays;
    assert_eq!(pays, 5000);
    table.run(Command::EndRound);
    table.play(&[Try::new(1, 1, "knife")]);
    let before = table.cash(1);
    table.resolve(1, &[6]);
    assert_eq!(table.cash(1), 4000);
    assert_eq!(
        table.cash(1) - before + table_view(&table.game).players[1].tiles_value,
        pays
    );
    assert_eq!(table.target(1).cash, 0);
    assert_eq!(table_view(&table.game).players[1].tiles_value, 3000);
}

/// Corrections for mistakes at the table ("CASH AND DEBT TOKENS x90"),
/// with a reason; the bank takes the difference.
#[test]
fn cash_and_debt_tokens_corrected_with_a_reason() {
    let mut table = Table::new(2);
    let refusal = table.refused(Command::Adjust {
        player: 0,
        cash: 5000,
        debt: 0,
        reason: " ".into(),
    });
    assert_eq!(refusal.code, RuleCode::ReasonEmpty);
    assert_eq!(refusal.section, Section::CashAndDebtTokens);
    assert_eq!(
        table
            .refused(Command::Adjust {
                player: 0,
                cash: 5500,
                debt: 0,
                reason: "miscount".into(),
            })
            .code,
        RuleCode::NotThousands
    );
    assert_eq!(
        table
            .refused(Command::Adjust {
                player: 0,
                cash: 2000,
                debt: 0,
                reason: "miscount".into(),
            })
            .code,
        RuleCode::AdjustSame
    );
    let bank = table.game.bank;
    table.run(Command::Adjust {
        player: 0,
        cash: 5000,
        debt: 1000,
        reason: "forgot the bonus".into(),
    });
    assert_eq!(table.cash(0), 5000);
    assert_eq!(table.game.bank, bank - 3000);
    assert_eq!(table.game.bank_debt, -1000);
    table.run(Command::AdjustTarget {
        target: 3,
        cash: 2000,
        reason: "a failure not entered".into(),
    });
    assert_eq!(table.target(3).cash, 2000);
    let line = history(&table.log).pop().unwrap();
    assert!(line.text.contains("a failure not entered"));
    // Up to $500,000 (assumption `corrections`): that much is taken, a
    // token more is refused.
    let too_high = table.refused(Command::Adjust {
        player: 1,
        cash: 501_000,
        debt: 0,
        reason: "miscount".into(),
    });
    assert_eq!(too_high.code, RuleCode::AdjustTooHigh);
    assert_eq!(too_high.params["max"], "500000");
    table.run(Command::Adjust {
        player: 1,
        cash: 500_000,
        debt: 0,
        reason: "miscount".into(),
    });
    assert_eq!(table.cash(1), 500_000);
}

/// "Cash Tokens (Green) are worth $1,000, while Debt Tokens (Red) are
/// -$1,000": the history says a correction's amounts in dollars, before and
/// after, as the tokens count them.
#[test]
fn cash_and_debt_tokens_a_correction_is_told_in_dollars() {
    let mut table = Table::new(2);
    let was = table.cash(0);
    table.run(Command::Adjust {
        player: 0,
        cash: 12000,
        debt: 1000,
        reason: "forgot the bonus".into(),
    });
    let line = history(&table.log).pop().unwrap();
    let said = format!(
        "cash ${},000 → $12,000, debt $0 → $1,000 (forgot the bonus).",
        was / 1000
    );
    assert!(line.text.ends_with(&said), "{}", line.text);
}

/// "CASH AND DEBT TOKENS x90": "Cash Tokens (Green) are worth $1,000,
/// while Debt Tokens (Red) are -$1,000." A correction says why, in at most
/// 200 characters (Bagless's own bound): a reason of 200 is taken, one of
/// 201 refused.
#[test]
fn cash_and_debt_tokens_a_reason_of_two_hundred_characters_is_taken() {
    use bagless_nation::rules::overrides::MAX_REASON;
    assert_eq!(MAX_REASON, 200);
    let mut table = Table::new(2);
    let adjust = |cash: u32, reason: String| Command::Adjust {
        player: 0,
        cash,
        debt: 0,
        reason,
    };
    let refusal = table.refused(adjust(5000, "é".repeat(MAX_REASON + 1)));
    assert_eq!(refusal.code, RuleCode::ReasonTooLong);
    assert_eq!(refusal.params["max"], "200");
    table.run(adjust(5000, "é".repeat(MAX_REASON)));
    assert_eq!(table.cash(0), 5000);
}
