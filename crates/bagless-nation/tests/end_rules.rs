//! "WINNING THE GAME", "TOP SECRET HIT LIST CARDS x20" and "TIES:".

use crate::support;

use bagless_nation::*;
use support::*;

/// "END OF ROUND": "The game continues until all Targets have been
/// eliminated"; "WINNING THE GAME": tiles + Cash Tokens + hit-list bonuses
/// - Debt Tokens, "The player who earns the most money wins!"
#[test]
fn winning_the_game_the_most_money_wins_with_hit_list_bonuses() {
    let mut table = Table::new(3);
    table.play_to_the_end();
    assert!(table
        .log
        .iter()
        .any(|e| e.event == Event::AllTargetsEliminated));
    assert!(table.game.targets.iter().all(|t| t.holder.is_some()));
    assert_eq!(table.refused(Command::EndIntel).code, RuleCode::WrongPhase);
    let refusal = table.refused(Command::CloseCount);
    assert_eq!(refusal.code, RuleCode::HitListMissing);
    assert_eq!(refusal.section, Section::HitListCards);
    let count = end_count(&table.game).unwrap();
    assert_eq!(count.missing_hit_lists, vec![0, 1, 2]);
    // Player 2 shows a bonus on a target they took and one they did not.
    let taken = table.game.players[2].tiles[0];
    let other = table.game.players[0].tiles[0];
    let refusal = table.refused(Command::RevealHitList {
        player: 2,
        entries: vec![HitListEntry {
            target: taken,
            bonus: 1500,
        }],
    });
    assert_eq!(refusal.code, RuleCode::BonusThousands);
    table.run(Command::RevealHitList {
        player: 2,
        entries: vec![
            HitListEntry {
                target: taken,
                bonus: 30_000 - 10_000,
            },
            HitListEntry {
                target: other,
                bonus: 5000,
            },
        ],
    });
    table.run(Command::RevealHitList {
        player: 0,
        entries: vec![],
    });
    table.run(Command::RevealHitList {
        player: 1,
        entries: vec![],
    });
    let count = end_count(&table.game).unwrap();
    let line = &count.lines[2];
    assert_eq!(line.bonuses, 20_000);
    assert_eq!(
        line.total,
        (line.tiles_value + line.cash + line.bonuses) as i32 - line.debt as i32
    );
    assert!(!line.hit_list.as_ref().unwrap()[1].earned);
    let events = table.run(Command::CloseCount);
    assert_eq!(events[1], Event::GameWon { player: 2 });
    assert_eq!(table.game.phase, Phase::Over);
    let count = end_count(&table.game).unwrap();
    assert!(count.closed);
    assert_eq!(count.winner, Some(2));
    let refusal = table.refused(Command::Adjust {
        player: 0,
        cash: 0,
        debt: 0,
        reason: "late".into(),
    });
    assert_eq!(refusal.code, RuleCode::GameOver);
    assert_eq!(refusal.section, Section::WinningTheGame);
}

/// "WINNING THE GAME": "The player who earns the most money wins!" The
/// winner is one of the players, named once the count is closed: a game
/// over with its winner breaks no invariant; a winner named before the
/// game is over, one who is no player, or a game over with no winner is
/// named as broken.
#[test]
fn winning_the_game_invariants_name_a_winner_of_a_game_not_over() {
    let mut table = Table::new(3);
    table.play_to_the_end();
    for player in 0..3u8 {
        table.run(Command::RevealHitList {
            player,
            entries: vec![],
        });
    }
    let mut named = table.game.clone();
    named.winner = Some(0);
    let broken = invariants(&named);
    assert!(
        broken
            .iter()
            .any(|b| b.contains("named winner of a game not over")),
        "{broken:?}"
    );
    table.run(Command::CloseCount);
    assert_eq!(table.game.phase, Phase::Over);
    assert!(
        invariants(&table.game).is_empty(),
        "{:?}",
        invariants(&table.game)
    );
    let mut stranger = table.game.clone();
    stranger.winner = Some(3);
    let broken = invariants(&stranger);
    assert!(
        broken
            .iter()
            .any(|b| b.contains("player 3 is named winner")),
        "{broken:?}"
    );
    let mut nobody = table.game.clone();
    nobody.winner = None;
    let broken = invariants(&nobody);
    assert!(
        broken.iter().any(|b| b.contains("over with no winner")),
        "{broken:?}"
    );
}

/// Sets the three players' money so that players 0 and 2 tie.
pub(crate) fn tie_players_zero_and_two(table: &mut Table) {
    table.play_to_the_end();
    for p in 0..3u8 {
        table.run(Command::RevealHitList {
            player: p,
            entries: vec![],
        });
    }
    let totals: Vec<i32> = end_count(&table.game)
        .unwrap()
        .lines
        .iter()
        .map(|l| l.total)
        .collect();
    let top = *totals.iter().max().unwrap() + 10_000;
    for p in [0u8, 2] {
        let tiles = end_count(&table.game).unwrap().lines[p as usize].tiles_value as i32;
        table.run(Command::Adjust {
            player: p,
            cash: (top - tiles) as u32,
            debt: 0,
            reason: "set a tie".into(),
        });
    }
    let events = table.run(Command::CloseCount);
    assert_eq!(
        events[1],
        Event::DuelBegan {
            players: vec![0, 2]
        }
    );
}

/// "TIES:" "If two or more players tie for the most money earned, then
/// they attempt to assassinate one another": a duel between two tied
/// players breaks no invariant, before and after their attempts are
/// revealed; a duel of one player, or one with a target still in the
/// pyramid, is named as broken.
#[test]
fn ties_a_duel_between_two_tied_players_breaks_no_invariant() {
    let mut table = Table::new(3);
    tie_players_zero_and_two(&mut table);
    assert_eq!(table.game.duel.as_ref().unwrap().players, vec![0, 2]);
    assert!(
        invariants(&table.game).is_empty(),
        "{:?}",
        invariants(&table.game)
    );
    table.end_intel();
    table.run(Try::duel(0, "poison").cmd());
    table.run(Try::duel(2, "knife").cmd());
    table.reveal();
    assert!(
        invariants(&table.game).is_empty(),
        "{:?}",
        invariants(&table.game)
    );
    let mut alone = table.game.clone();
    alone.duel.as_mut().unwrap().players = vec![0];
    let broken = invariants(&alone);
    assert!(
        broken
            .iter()
            .any(|b| b.contains("not between tied players")),
        "{broken:?}"
    );
    // The duel comes after the count: a target back in the pyramid breaks it.
    let mut early = table.game.clone();
    early.targets[0].holder = None;
    let broken = invariants(&early);
    assert!(
        broken
            .iter()
            .any(|b| b.contains("counted with targets still in the pyramid")),
        "{broken:?}"
    );
}

/// "TIES:" "If two or more players tie for the most money earned, then
/// they attempt to assassinate one another": earliest time first, the MSR
/// adjustment 0, the first success wins; if more than one survives, again
/// from the Intel Phase.
#[test]
fn ties_the_tied_players_duel() {
    let mut table = Table::new(3);
    tie_players_zero_and_two(&mut table);
    assert_eq!(end_count(&table.game).unwrap().leaders, vec![0, 2]);
    assert_eq!(table.game.phase, Phase::Intel);
    // Only the tied players attempt, clockwise from the Player One Token.
    assert_eq!(table.game.first_player, 2);
    assert_eq!(table_view(&table.game).offers.order, vec![2, 0]);
    let refusal = table.refused(Command::BuyCards {
        player: 0,
        count: 1,
    });
    assert_eq!(refusal.code, RuleCode::WrongPhase);
    // The cards were shown at the count: none is kept on a phone in the duel.
    let refusal = table.refused(Command::KeepHitList {
        player: 0,
        entries: vec![],
    });
    assert_eq!(
        (refusal.code, refusal.section),
        (RuleCode::WrongPhase, Section::HitListCards)
    );
    table.end_intel();
    let refusal = table.refused(Try::duel(1, "pistol").cmd());
    assert_eq!(refusal.code, RuleCode::NotInDuel);
    assert_eq!(refusal.section, Section::Ties);
    let refusal = table.refused(Try::new(0, 1, "pistol").cmd());
    assert_eq!(refusal.code, RuleCode::DuelNoTarget);
    table.run(Try::duel(0, "poison").cmd());
    table.run(Try::duel(2, "knife").cmd());
    table.reveal();
    let view = table_view(&table.game);
    // Players have an MSR adjustment of 0.
    assert!(view.attempts.iter().all(|a| a.msr.target == 0));
    assert_eq!(view.waiting, Waiting::Resolve { players: vec![2] });
    let refusal = table.refused(Command::Resolve {
        player: 0,
        dice: Some(vec![6]),
        believed: None,
    });
    assert_eq!(refusal.code, RuleCode::NotNext);
    assert_eq!(refusal.section, Section::Ties);
    table.resolve(2, &[1]);
    let events = table.resolve(0, &[1]);
    assert_eq!(events[1], Event::DuelRoundBegan { round: 2 });
    assert_eq!(table.game.phase, Phase::Intel);
    assert_eq!(table.game.duel.as_ref().unwrap().round, 2);
    // Nobody attempts: everyone survives, the duel starts again.
    table.end_intel();
    let events = table.reveal();
    assert_eq!(events[1], Event::DuelRoundBegan { round: 3 });
    table.end_intel();
    table.run(Try::duel(0, "pistol").cmd());
    table.run(Try::duel(2, "poison").cmd());
    table.reveal();
    let events = table.resolve(0, &[6]);
    assert_eq!(events[1], Event::GameWon { player: 0 });
    assert_eq!(end_count(&table.game).unwrap().winner, Some(0));
    assert_eq!(table.refused(Command::EndIntel).code, RuleCode::GameOver);
}

/// "TIES:" "they attempt to assassinate one another" with "a maximum of
/// 6 Assassin Cards": no target, so no Contract Card (assumption `duel`,
/// edition 3): one played in the duel is refused, and the attempt form is
/// not offered one. Edition 2 took it (and paid nothing for it).
#[test]
fn ties_the_duel_plays_no_contract_card() {
    let mut table = Table::new(3);
    // Outside the duel a contract goes with every attempt.
    let offers = table_view(&table.game).offers;
    assert!(offers.contract_needed && offers.contract_offered);
    tie_players_zero_and_two(&mut table);
    table.end_intel();
    let offers = table_view(&table.game).offers;
    assert!(!offers.contract_needed);
    assert!(!offers.contract_offered);
    let with_contract = Try::duel(0, "poison").contract(&["silent"], &[]);
    let refusal = table.refused(with_contract.cmd());
    assert_eq!(refusal.code, RuleCode::ContractInDuel);
    assert_eq!(refusal.section, Section::Ties);
    table.run(Try::duel(0, "poison").cmd());

    let mut older = Table::under(3, 2);
    tie_players_zero_and_two(&mut older);
    older.end_intel();
    assert!(table_view(&older.game).offers.contract_offered);
    older.run(with_contract.cmd());
}

/// "TOP SECRET HIT LIST CARDS x20" "Each Hit List card features 6
/// Targets.": a seventh target, or one target twice, is refused.
#[test]
fn hit_list_cards_feature_six_targets() {
    let mut table = Table::new(2);
    table.play_to_the_end();
    let entries = |targets: &[u8]| -> Vec<HitListEntry> {
        targets
            .iter()
            .map(|t| HitListEntry {
                target: *t,
                bonus: 1000,
            })
            .collect()
    };
    let refusal = table.refused(Command::RevealHitList {
        player: 0,
        entries: entries(&[1, 2, 3, 4, 5, 6, 7]),
    });
    assert_eq!(refusal.code, RuleCode::HitListSize);
    assert_eq!(refusal.section, Section::HitListCards);
    let refusal = table.refused(Command::RevealHitList {
        player: 0,
        entries: entries(&[1, 1]),
    });
    assert_eq!(refusal.code, RuleCode::HitListTargetTwice);
    table.run(Command::RevealHitList {
        player: 0,
        entries: entries(&[1, 2, 3, 4, 5, 6]),
    });
}

/// "TIES:" "The tied players do the following: … 4. Reveal Phase: Reveal
/// your Assassin Cards and play any applicable Reveal Cards." In the duel a
/// tied player plays a Reveal Card on a rival's attempt; a player who is
/// not tied plays none.
#[test]
fn ties_only_the_tied_players_play_reveal_cards() {
    let mut table = Table::new(3);
    tie_players_zero_and_two(&mut table);
    table.end_intel();
    table.run(Try::duel(0, "poison").cmd());
    table.run(Try::duel(2, "knife").cmd());
    table.reveal();
    let refusal = table.refused(Command::PlayModifier {
        player: 0,
        card: "jammed".into(),
        played_by: 1,
    });
    assert_eq!(refusal.code, RuleCode::NotInDuel);
    assert_eq!(refusal.section, Section::Ties);
    assert_eq!(refusal.params["player"], "1");
    table.run(Command::PlayModifier {
        player: 0,
        card: "jammed".into(),
        played_by: 2,
    });
    let view = table_view(&table.game);
    let poison = view.attempts.iter().find(|a| a.player == 0).unwrap();
    assert_eq!(poison.msr.modifiers[0].card, "jammed");
    assert_eq!(poison.msr.need, 5);
}

/// "CASH AND DEBT TOKENS x90": "Debt Tokens (Red) are -$1,000", at the
/// count too ("WINNING THE GAME"): a player's total is their tiles, cash
/// and bonuses less their debt.
#[test]
fn winning_the_game_debt_counts_against_the_total() {
    let mut table = Table::new(3);
    table.run(Command::Adjust {
        player: 0,
        cash: 2000,
        debt: 3000,
        reason: "a loan not entered".into(),
    });
    table.play_to_the_end();
    let count = end_count(&table.game).unwrap();
    let line = &count.lines[0];
    assert!(line.debt >= 3000, "{line:?}");
    assert_eq!(
        line.total,
        (line.tiles_value + line.cash + line.bonuses) as i32 - line.debt as i32
    );
}
