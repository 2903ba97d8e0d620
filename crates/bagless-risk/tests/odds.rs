//! The odds of an attack (LANCEZ LES DÉS, COMBAT), exact: checked against
//! known values and a brute force written here apart from the crate's.
//! `odds` is edition 2's (the force that crosses the line, never topped
//! up); `odds_replacing` edition 1's (the territory's assassins feeding
//! the dice).

use bagless_risk::odds::{odds, odds_replacing, roll_outcomes};
use std::collections::HashMap;

const EPS: f64 = 1e-12;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < EPS
}

fn prob(outcomes: &[(u32, u32, f64)], al: u32, dl: u32) -> f64 {
    outcomes
        .iter()
        .find(|(a, d, _)| (*a, *d) == (al, dl))
        .map_or(0.0, |(_, _, p)| *p)
}

#[test]
fn combat_three_dice_against_two_the_classic_figures() {
    let o = roll_outcomes(3, 2);
    assert!(close(prob(&o, 0, 2), 2890.0 / 7776.0));
    assert!(close(prob(&o, 1, 1), 2611.0 / 7776.0));
    assert!(close(prob(&o, 2, 0), 2275.0 / 7776.0));
    let o = roll_outcomes(1, 1);
    assert!(close(prob(&o, 0, 1), 15.0 / 36.0));
    assert!(close(prob(&o, 1, 0), 21.0 / 36.0));
    let o = roll_outcomes(2, 1);
    assert!(close(prob(&o, 0, 1), 125.0 / 216.0));
    for a in 1..=3 {
        for d in 1..=2 {
            let total: f64 = roll_outcomes(a, d).iter().map(|(_, _, p)| p).sum();
            assert!(close(total, 1.0));
        }
    }
}

#[test]
fn lancez_les_des_two_assassins_against_one_is_a_single_roll() {
    // One stays on guard: 1 die against 1, won on 15 of 36.
    let o = odds_replacing(2, 1);
    assert!(close(o.win, 15.0 / 36.0));
    assert!(close(o.expected_attacker_losses, 21.0 / 36.0));
    assert!(close(o.expected_defender_losses, 15.0 / 36.0));
    let o = odds_replacing(3, 1);
    let p = 125.0 / 216.0;
    assert!(close(o.win, p + (1.0 - p) * 15.0 / 36.0));
    // A lone assassin cannot attack; no defender is a territory taken.
    assert_eq!(odds_replacing(1, 3).win, 0.0);
    assert_eq!(odds_replacing(0, 3).win, 0.0);
    assert_eq!(odds_replacing(5, 0).win, 1.0);
}

/// The dice rules again, apart: every face combination, pairs highest
/// first, ties to the defender.
fn brute(
    a: u32,
    d: u32,
    memo: &mut HashMap<(u32, u32), (f64, f64, f64, f64)>,
) -> (f64, f64, f64, f64) {
    // (win, lose, attacker losses, defender losses)
    if d == 0 {
        return (1.0, 0.0, 0.0, 0.0);
    }
    if a == 0 {
        return (0.0, 1.0, 0.0, 0.0);
    }
    if let Some(v) = memo.get(&(a, d)) {
        return *v;
    }
    let (na, nd) = (a.min(3) as usize, d.min(2) as usize);
    let total = 6u32.pow((na + nd) as u32);
    let mut acc = (0.0, 0.0, 0.0, 0.0);
    for n in 0..total {
        let mut faces: Vec<u32> = (0..na + nd)
            .map(|i| n / 6u32.pow(i as u32) % 6 + 1)
            .collect();
        let mut def = faces.split_off(na);
        faces.sort_by(|x, y| y.cmp(x));
        def.sort_by(|x, y| y.cmp(x));
        let (mut al, mut dl) = (0, 0);
        for (x, y) in faces.iter().zip(&def) {
            if x > y {
                dl += 1;
            } else {
                al += 1;
            }
        }
        let p = 1.0 / f64::from(total);
        let (w, l, ea, ed) = brute(a - al, d - dl, memo);
        acc.0 += p * w;
        acc.1 += p * l;
        acc.2 += p * (f64::from(al) + ea);
        acc.3 += p * (f64::from(dl) + ed);
    }
    memo.insert((a, d), acc);
    acc
}

#[test]
fn combat_the_odds_match_a_brute_force_and_win_plus_loss_is_one() {
    let mut memo = HashMap::new();
    for on_territory in 1..=9u32 {
        for defenders in 1..=8u32 {
            let o = odds_replacing(on_territory, defenders);
            let (w, l, ea, ed) = brute(on_territory - 1, defenders, &mut memo);
            assert!((o.win - w).abs() < 1e-9, "{on_territory} vs {defenders}");
            assert!((w + l - 1.0).abs() < 1e-9);
            assert!((o.expected_attacker_losses - ea).abs() < 1e-9);
            assert!((o.expected_defender_losses - ed).abs() < 1e-9);
        }
    }
}

#[test]
fn combat_more_attackers_never_lower_the_odds_and_large_counts_are_quick() {
    for d in 1..=10 {
        let mut last = 0.0;
        for a in 1..=20 {
            let w = odds_replacing(a, d).win;
            assert!(w + 1e-12 >= last);
            last = w;
        }
    }
    let start = std::time::Instant::now();
    let o = odds_replacing(300, 300);
    assert!(o.win > 0.5 && o.win < 1.0);
    assert!(start.elapsed().as_millis() < 2000);
}

/// DÉPLACEZ-VOUS, LANCEZ LES DÉS (edition 2): the odds shown before an
/// attack are the force's: "Vous pouvez envoyer jusqu'à 3 Assassins par
/// attaque" and "Si vous perdez 1 Assassin et que vous poursuivez l'attaque
/// avec 2, vous n'utiliserez que 2 dés" — a territory of 10 sends 3, and
/// those 3 fight alone to the end.
#[test]
fn lancez_les_des_the_odds_are_the_force_s_never_topped_up() {
    let mut memo = HashMap::new();
    for force in 1..=3u32 {
        for defenders in 1..=8u32 {
            let o = odds(force, defenders);
            // The same rules apart: the force alone, one die per assassin
            // left, no replacement.
            let (w, l, ea, ed) = brute(force, defenders, &mut memo);
            assert!((o.win - w).abs() < 1e-9, "{force} vs {defenders}");
            assert!((w + l - 1.0).abs() < 1e-9);
            assert!((o.expected_attacker_losses - ea).abs() < 1e-9);
            assert!((o.expected_defender_losses - ed).abs() < 1e-9);
            assert!(o.expected_attacker_losses <= f64::from(force) + 1e-12);
        }
    }
    // More than 3 never cross: a force of 9 is a force of 3.
    assert_eq!(odds(9, 4), odds(3, 4));
    // A territory of 10 against 4: edition 1 fed 9 into the dice, edition 2
    // sends 3, and its odds are far lower.
    assert!(odds(3, 4).win < odds_replacing(10, 4).win - 0.3);
    // 1 die against 1: won on 15 of 36.
    assert!(close(odds(1, 1).win, 15.0 / 36.0));
    assert_eq!(odds(0, 3).win, 0.0);
    assert_eq!(odds(2, 0).win, 1.0);
}

/// The odds against the brute force of the rules themselves: every roll of
/// a force decided by `decide` (the faces entered), every outcome weighted
/// by its faces' chance, until the territory falls or the force is lost.
#[test]
fn combat_the_force_s_odds_match_the_rules_played_out_roll_by_roll() {
    use bagless_risk::rules::attack::paired;
    fn play(force: u32, defenders: u32, memo: &mut HashMap<(u32, u32), f64>) -> f64 {
        if defenders == 0 {
            return 1.0;
        }
        if force == 0 {
            return 0.0;
        }
        if let Some(w) = memo.get(&(force, defenders)) {
            return *w;
        }
        let (na, nd) = (force as usize, defenders.min(2) as usize);
        let total = 6usize.pow((na + nd) as u32);
        let mut win = 0.0;
        for n in 0..total {
            let faces: Vec<u8> = (0..na + nd)
                .map(|i| (n / 6usize.pow(i as u32) % 6 + 1) as u8)
                .collect();
            let (al, dl) = paired(&faces[..na], &faces[na..], na.min(nd));
            win += play(force - al, defenders - dl, memo) / total as f64;
        }
        memo.insert((force, defenders), win);
        win
    }
    let mut memo = HashMap::new();
    for force in 1..=3 {
        for defenders in 1..=4 {
            assert!(
                (odds(force, defenders).win - play(force, defenders, &mut memo)).abs() < 1e-9,
                "{force} vs {defenders}"
            );
        }
    }
}

/// ■ CARTES APTITUDE: "vous pourrez vous en servir lors d'un combat"; LANCEZ
/// LES DÉS: one die per assassin, pairs from the highest. A card's extra
/// die changes the next roll's odds: 1 assassin with 2 dice against 1
/// defender wins when the better die beats the defender's.
#[test]
fn cartes_aptitude_the_odds_follow_the_cards_in_play() {
    use bagless_risk::odds::odds_with_cards;
    let mut win = 0usize;
    for a1 in 1..=6 {
        for a2 in 1..=6 {
            for d in 1..=6 {
                if a1.max(a2) > d {
                    win += 1;
                }
            }
        }
    }
    let o = odds_with_cards(1, 1, 1, 0);
    assert!(close(o.win, win as f64 / 216.0));
    assert!(close(o.expected_attacker_losses, 1.0 - o.win));
    // The defender's extra die: 1 against the better of 2.
    let mut win = 0usize;
    for a in 1..=6 {
        for d1 in 1..=6 {
            for d2 in 1..=6 {
                if a > d1.max(d2) {
                    win += 1;
                }
            }
        }
    }
    assert!(close(odds_with_cards(1, 1, 0, 1).win, win as f64 / 216.0));
    // Without cards, the force's odds.
    assert_eq!(odds_with_cards(3, 4, 0, 0), odds(3, 4));
    // A card helps the first roll only; then the force fights on as before.
    assert!(odds_with_cards(3, 4, 1, 0).win > odds(3, 4).win);
    assert!(odds_with_cards(3, 4, 0, 1).win < odds(3, 4).win);
}
