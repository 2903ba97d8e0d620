//! The exact odds of an attack carried on until one side is out, from the
//! dice rules (LANCEZ LES DÉS, COMBAT): the attacker rolls one die per
//! assassin of the force, the defender one per assassin, at most 2; pairs
//! compared highest first, ties to the defender. Every face combination of
//! each roll is enumerated and the rolls chained by dynamic programming:
//! nothing is simulated.
//!
//! [`odds`] is the force's (edition 2, DÉPLACEZ-VOUS: at most 3 cross the
//! line, "Si vous perdez 1 Assassin et que vous poursuivez l'attaque avec
//! 2, vous n'utiliserez que 2 dés": never replaced); [`odds_replacing`] is
//! edition 1's, every assassin of the territory but its guard feeding the
//! dice back up to 3.

use crate::rules::attack::{combat, MAX_ATTACK_DICE};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use ts_rs::TS;

/// The chance of taking the territory, and the losses to expect on each side.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Odds {
    pub win: f64,
    pub expected_attacker_losses: f64,
    pub expected_defender_losses: f64,
}

/// Counts above this are taken as this (no territory holds so many).
pub const MAX_COUNT: u32 = 5_000;

/// One roll of `attack` dice against `defence` dice: each (attacker losses,
/// defender losses) and its probability, from all 6^(a+d) face combinations.
pub fn roll_outcomes(attack: usize, defence: usize) -> Vec<(u32, u32, f64)> {
    let dice = attack + defence;
    let total = 6usize.pow(dice as u32);
    let mut counts = [[0usize; 3]; 3];
    let mut faces = vec![1u8; dice];
    for n in 0..total {
        let mut rest = n;
        for face in faces.iter_mut() {
            *face = (rest % 6) as u8 + 1;
            rest /= 6;
        }
        let (al, dl) = combat(&faces[..attack], &faces[attack..]);
        counts[al as usize][dl as usize] += 1;
    }
    let mut out = Vec::new();
    for (al, row) in counts.iter().enumerate() {
        for (dl, count) in row.iter().enumerate() {
            if *count > 0 {
                out.push((al as u32, dl as u32, *count as f64 / total as f64));
            }
        }
    }
    out
}

/// The outcomes of each roll, by (attack dice, defence dice), worked out once.
type Outcomes = Vec<(u32, u32, f64)>;

fn table() -> &'static [[Outcomes; 3]; 4] {
    static TABLE: OnceLock<[[Outcomes; 3]; 4]> = OnceLock::new();
    TABLE.get_or_init(|| {
        std::array::from_fn(|a| {
            std::array::from_fn(|d| {
                if a == 0 || d == 0 {
                    Vec::new()
                } else {
                    roll_outcomes(a, d)
                }
            })
        })
    })
}

/// The odds of a force of `force` assassins across the line (at most 3:
/// more are taken as 3) against `defenders`, fighting until the territory
/// falls or the force is lost, its losses never replaced (edition 2).
pub fn odds(force: u32, defenders: u32) -> Odds {
    fight(force.min(MAX_ATTACK_DICE), defenders)
}

/// Edition 1's reading: `attackers` assassins on the attacking territory
/// (one stays behind), each roll's dice topped back up to 3 from them,
/// attacking until one side is out.
pub fn odds_replacing(attackers: u32, defenders: u32) -> Odds {
    fight(attackers.saturating_sub(1), defenders)
}

/// `attackers` assassins able to roll (3 dice at most a roll, one per
/// assassin left) against `defenders`, until one side is out.
fn fight(attackers: u32, defenders: u32) -> Odds {
    let a_max = attackers.min(MAX_COUNT) as usize;
    let d_max = defenders.min(MAX_COUNT) as usize;
    if d_max == 0 {
        return Odds {
            win: 1.0,
            expected_attacker_losses: 0.0,
            expected_defender_losses: 0.0,
        };
    }
    let table = table();
    // rows[d % 3][a] = (win, attacker losses, defender losses) with `a`
    // attacking assassins left and `d` defenders: a roll costs at most two
    // assassins, so three rows are enough.
    let mut rows = vec![vec![(0.0f64, 0.0f64, 0.0f64); a_max + 1]; 3];
    rows[0] = vec![(1.0, 0.0, 0.0); a_max + 1];
    for d in 1..=d_max {
        let mut row = vec![(0.0, 0.0, 0.0); a_max + 1];
        for a in 1..=a_max {
            let (mut win, mut lost, mut killed) = (0.0, 0.0, 0.0);
            for (al, dl, p) in &table[a.min(3)][d.min(2)] {
                let (na, nd) = (a - *al as usize, d - *dl as usize);
                // Only the attacker lost: the cell is in this row, below `a`.
                let (w, l, k) = if nd == d { row[na] } else { rows[nd % 3][na] };
                win += p * w;
                lost += p * (f64::from(*al) + l);
                killed += p * (f64::from(*dl) + k);
            }
            row[a] = (win, lost, killed);
        }
        rows[d % 3] = row;
    }
    let (win, attacker, defender) = rows[d_max % 3][a_max];
    Odds {
        win,
        expected_attacker_losses: attacker,
        expected_defender_losses: defender,
    }
}

/// The most extra dice a side's cards are counted with (no more are played).
pub const MAX_EXTRA_DICE: u32 = 3;

/// The sorted top `pairs` faces of `dice` dice, and their probability.
fn top_faces(dice: usize, pairs: usize) -> Vec<(Vec<u8>, f64)> {
    let total = 6usize.pow(dice as u32);
    let mut counts: std::collections::BTreeMap<Vec<u8>, usize> = Default::default();
    let mut faces = vec![1u8; dice];
    for n in 0..total {
        let mut rest = n;
        for face in faces.iter_mut() {
            *face = (rest % 6) as u8 + 1;
            rest /= 6;
        }
        let mut sorted = faces.clone();
        sorted.sort_unstable_by(|x, y| y.cmp(x));
        sorted.truncate(pairs);
        *counts.entry(sorted).or_default() += 1;
    }
    counts
        .into_iter()
        .map(|(top, c)| (top, c as f64 / total as f64))
        .collect()
}

/// ■ CARTES APTITUDE with LANCEZ LES DÉS (edition 2): the odds of a force of
/// `force` against `defenders` when the cards played for the next roll give
/// the attacker `extra_attack` dice and the defender `extra_defence` (at
/// most [`MAX_EXTRA_DICE`] each): that roll pairs the best faces, one pair
/// per assassin engaged; the cards are then spent and the force fights on
/// as [`odds`] does.
pub fn odds_with_cards(force: u32, defenders: u32, extra_attack: u32, extra_defence: u32) -> Odds {
    let force = force.min(MAX_ATTACK_DICE);
    let defenders = defenders.min(MAX_COUNT);
    if (extra_attack == 0 && extra_defence == 0) || force == 0 || defenders == 0 {
        return odds(force, defenders);
    }
    let defence = defenders.min(crate::rules::attack::MAX_DEFENCE_DICE);
    let pairs = force.min(defence) as usize;
    let attack = top_faces((force + extra_attack.min(MAX_EXTRA_DICE)) as usize, pairs);
    let guard = top_faces(
        (defence + extra_defence.min(MAX_EXTRA_DICE)) as usize,
        pairs,
    );
    let mut out = Odds {
        win: 0.0,
        expected_attacker_losses: 0.0,
        expected_defender_losses: 0.0,
    };
    for (a, pa) in &attack {
        for (d, pd) in &guard {
            let p = pa * pd;
            let (al, dl) = combat(a, d);
            let next = fight(force - al, defenders - dl);
            out.win += p * next.win;
            out.expected_attacker_losses += p * (f64::from(al) + next.expected_attacker_losses);
            out.expected_defender_losses += p * (f64::from(dl) + next.expected_defender_losses);
        }
    }
    out
}

/// The odds of the attack from `from` on `to` the attack form offers, as
/// the game is played: edition 1's ([`odds_replacing`], the territory's
/// assassins feeding the dice); from edition 2 the battle under way's force,
/// or a force of `force` (at most what `from` can send), with the cards in
/// play for the next roll ([`odds_with_cards`]). None when it is no attack
/// the player can make now.
pub fn attack_odds(
    game: &crate::model::state::Game,
    from: crate::model::ids::Territory,
    to: crate::model::ids::Territory,
    force: u32,
) -> Option<Odds> {
    let turn = game
        .turn
        .as_ref()
        .filter(|_| game.phase == crate::model::state::Phase::Attack)?;
    let defender = game.owner(to).filter(|o| *o != turn.player)?;
    if game.owner(from) != Some(turn.player) {
        return None;
    }
    let defenders = game.assassins(to);
    if !game.follows_edition_2() {
        return Some(odds_replacing(game.assassins(from), defenders));
    }
    let force = match turn.battle {
        Some(b) if (b.from, b.to) == (from, to) => b.force,
        Some(_) => return None,
        None => force.min(crate::rules::attack::max_force(game, from)),
    };
    if force == 0 {
        return None;
    }
    Some(odds_with_cards(
        force,
        defenders,
        turn.extra_dice(turn.player),
        turn.extra_dice(defender),
    ))
}
