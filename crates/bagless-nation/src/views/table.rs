//! The table as the screen shows it: the pyramid with the cash on each
//! target, the players' cash, debt and tiles, the phase and the Player One
//! Token, and the attempts face-up with their MSR explained and their
//! chance of success before the roll.

use crate::model::box_values::{hhmm_of, known, BoxValue, ValueKey};
use crate::model::state::{AttemptStatus, Duel, Game, Phase, TOKEN};
use crate::odds::{explain, MsrExplanation};
use crate::rules::assassination::{awaited, play_order, values_read};
use crate::rules::conflicts::{conflicts, next_in, Next};
use crate::rules::end::{max_bonus, totals, Total, HIT_LIST_SIZE};
use crate::rules::intel::{affordable, CARD_PRICE};
use crate::rules::overrides::MAX_AMOUNT;
use crate::rules::reveal::reveal_card_players;
use crate::views::end_count::{end_count, EndCount};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct TargetView {
    pub id: u8,
    /// 1 (bottom) to 4 (top).
    pub row: u8,
    pub position: u8,
    pub name: Option<String>,
    pub value: u32,
    /// The MSR adjustment, once known.
    pub msr: Option<i8>,
    pub cash: u32,
    /// "ASSASSINATION SUCCESS:" what eliminating it brings: the tile's value
    /// and the cash left on it (the contract's tokens aside).
    pub pays: u32,
    pub holder: Option<u8>,
    /// "AVAILABLE TARGETS".
    pub available: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct PlayerView {
    pub seat: u8,
    pub name: String,
    pub specialist: u8,
    pub specialist_name: Option<String>,
    pub specialist_weapon: Option<String>,
    pub cash: u32,
    pub debt: u32,
    pub tiles: Vec<u8>,
    pub tiles_value: u32,
    /// Tiles and cash minus debt, so far (the hit lists stay secret until
    /// the end).
    pub running: i32,
    /// The cards their cash pays for ("3) PURCHASE EQUIPMENT /
    /// CONTRACTS").
    pub cards_affordable: u32,
    pub first_player: bool,
    /// An attempt is on the table (face down in the Assassination Phase).
    pub declared: bool,
    /// They make no attempt this round (said before the reveal).
    pub passed: bool,
    /// Their Top Secret Hit List card is kept on their phone (what it
    /// says stays there until the count; false once it is shown).
    pub hit_list_kept: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct AttemptView {
    pub player: u8,
    pub target: Option<u8>,
    pub weapon: Option<String>,
    pub doubled: bool,
    /// Time of death with the modifiers' shifts, HHMM; `None` unarmed, or
    /// while a value printed on its cards is still to be asked (`unread`:
    /// a face-down Modifier Card's shift is not known yet).
    pub time: Option<u16>,
    /// The time printed on each Weapon Card played, HHMM (edition 2: a
    /// double shows both, the earlier counted); empty under edition 1.
    pub card_times: Vec<u16>,
    pub status: AttemptStatus,
    /// On a target another player also went after.
    pub conflict: bool,
    pub msr: MsrExplanation,
    /// With storytelling: the MSR if the majority does not believe the plot.
    pub msr_if_doubted: Option<MsrExplanation>,
    pub dice: Vec<u8>,
    pub believed: Option<bool>,
    /// The chance of success while the attempt waits for its roll; none
    /// once it is settled, missed (its target was not available) or
    /// discarded (its target fell first): no odds for a roll that will not
    /// come.
    pub chance: Option<f64>,
    /// Edition 3: face up, but a value printed on its cards is still to be
    /// asked: no MSR, order or chance is shown from it yet.
    pub unread: bool,
}

/// A value printed in the box that the table needs now (edition 3: once
/// the cards are face up), as its `value_needed` refusal gives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct ValueAsked {
    pub key: String,
    /// The field it is typed in: "number", "time" (HHMM), "noise" (one of
    /// `choices`), "slug" (a card's id) or "name".
    pub input: String,
    pub min: Option<i32>,
    pub max: Option<i32>,
    /// The words it is one of (a weapon's noise: "loud", "silent"); empty
    /// for a number or a name.
    pub choices: Vec<String>,
}

/// What the table waits for in the Reveal Phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
#[ts(export, export_to = "nation/")]
pub enum Waiting {
    Nothing,
    /// These players may resolve their attempt now.
    Resolve {
        players: Vec<u8>,
    },
    /// These players roll for the order on this target (none: the duel).
    TieRoll {
        target: Option<u8>,
        players: Vec<u8>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct TableView {
    pub phase: Phase,
    pub round: u32,
    pub first_player: u8,
    pub storytelling: bool,
    pub duel: Option<Duel>,
    pub pyramid: Vec<TargetView>,
    pub players: Vec<PlayerView>,
    /// Face-up attempts (empty while they are face down).
    pub attempts: Vec<AttemptView>,
    pub waiting: Waiting,
    /// Edition 3: the first value printed on a face-up card the box does
    /// not know yet, asked before any roll.
    pub asks: Option<ValueAsked>,
    /// The round's steps as the track shows them, the current one marked.
    pub round_track: Vec<RoundStepView>,
    /// The bank's balance since set-up (negative: paid out).
    pub bank: i32,
    pub winner: Option<u8>,
    /// WINNING THE GAME: each player's total with the hit-list bonuses,
    /// once the last target has fallen.
    pub end_count: Option<EndCount>,
    /// What the forms offer, as the rules have it.
    pub offers: Offers,
    /// Where the seed is silent or unclear, what Bagless assumes: the ids of
    /// the pack's `assumptions` (campaigns/README.md), worded by the UI's
    /// catalogue (`nation.assumptions.<id>`).
    pub assumptions: Vec<String>,
}

/// A step of the round: "INTEL PHASE", "ASSASSINATION PHASE", "REVEAL
/// PHASE", then the round's end (the count, once the last target is down:
/// "WINNING THE GAME").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "nation/")]
pub enum RoundStep {
    Intel,
    Assassination,
    Reveal,
    End,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct RoundStepView {
    pub step: RoundStep,
    pub current: bool,
}

/// The round's steps, the current one marked: the reveal is over once no
/// attempt waits and no duel is on (the round ends); the count is the end.
fn round_track(game: &Game) -> Vec<RoundStepView> {
    let current = match game.phase {
        Phase::Intel => Some(RoundStep::Intel),
        Phase::Assassination => Some(RoundStep::Assassination),
        Phase::Reveal
            if waiting(game) == Waiting::Nothing && asks(game).is_none() && game.duel.is_none() =>
        {
            Some(RoundStep::End)
        }
        Phase::Reveal => Some(RoundStep::Reveal),
        Phase::Count | Phase::Over => Some(RoundStep::End),
        Phase::NotCreated => None,
    };
    [
        RoundStep::Intel,
        RoundStep::Assassination,
        RoundStep::Reveal,
        RoundStep::End,
    ]
    .into_iter()
    .map(|step| RoundStepView {
        step,
        current: current == Some(step),
    })
    .collect()
}

/// What the forms offer, so that no screen restates a rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct Offers {
    /// The order the attempt form lists the players in: clockwise from the
    /// Player One Token (the seed's order for the Black Market pick; it
    /// gives none for the attempts, and none is enforced); in the duel
    /// ("TIES:") only the tied players.
    pub order: Vec<u8>,
    /// "3) PURCHASE EQUIPMENT / CONTRACTS": what a card drawn costs.
    pub card_price: u32,
    /// "CASH AND DEBT TOKENS x90": what one token is worth.
    pub token: u32,
    /// "TOP SECRET HIT LIST CARDS x20": targets on a card.
    pub hit_list_size: u8,
    /// The largest bonus Bagless takes for one hit-list target (edition 1);
    /// none under edition 2, where the bonus is taken as printed.
    pub max_bonus: Option<u32>,
    /// The largest amount a correction sets ("CASH AND DEBT TOKENS x90").
    pub max_amount: u32,
    /// "2) PLAY A CONTRACT CARD AND ASSASSIN CARD(S) FACE-DOWN:" a Contract
    /// Card is played with each attempt (edition 2; not in the tie duel).
    pub contract_needed: bool,
    /// Whether the attempt form offers a Contract Card at all: not in the
    /// tie duel (assumption `duel`, edition 3; editions 1 and 2 took one).
    pub contract_offered: bool,
    /// Assumption `entries`: the longest contract objective taken.
    pub max_objective: u8,
    /// Assumption `entries`: the longest name (of a card, a weapon, a
    /// cause of death) taken.
    pub max_name: u8,
    /// "TIME OF DEATH": the time printed on each Weapon Card played is
    /// entered, two for a double (edition 2); edition 1 takes the weapon's
    /// time unless another is typed.
    pub card_times: bool,
    /// "1) REVEAL YOUR ASSASSINATION ATTEMPTS": the players the reveal
    /// waits for, neither played nor passed (edition 3; none before).
    pub awaited: Vec<u8>,
    /// "2) PLAY REVEAL CARDS": the players who may play a Reveal Card now
    /// (none once resolving has begun, edition 2; in the tie duel only the
    /// tied players); empty: the form is not offered.
    pub reveal_cards_by: Vec<u8>,
    /// "END OF ROUND": the round may end now (the Reveal Phase, every
    /// attempt resolved, not the tie duel), as `end_round` accepts it.
    pub can_end_round: bool,
    /// "3) PURCHASE EQUIPMENT / CONTRACTS": cards may be bought now (the
    /// Intel Phase, not the tie duel's: "TIES: 2. Intel Phase: Play any
    /// applicable Intel Cards").
    pub can_buy: bool,
    /// The weapons the rules summary names ("WEAPON CARDS x60": the box
    /// has more, typed by the players), the forms' choices.
    pub weapons: Vec<String>,
    /// The modifier cards the rules summary names ("MODIFIER CARDS x50").
    pub modifiers: Vec<String>,
    /// The attribute icons the rules summary names ("WEAPON ATTRIBUTES").
    pub attributes: Vec<String>,
}

pub(crate) fn text(game: &Game, key: ValueKey) -> Option<String> {
    match known(&game.box_values, &key) {
        Some(BoxValue::Text(t)) => Some(t),
        _ => None,
    }
}

/// Who may resolve now, or who rolls for the order.
pub fn waiting(game: &Game) -> Waiting {
    if game.phase != Phase::Reveal || asks(game).is_some() {
        return Waiting::Nothing;
    }
    let mut ready = Vec::new();
    for target in conflicts(game) {
        match next_in(game, target) {
            Some(Next::Tie(players)) => return Waiting::TieRoll { target, players },
            Some(Next::Player(p)) => ready.push(p),
            None => {}
        }
    }
    if ready.is_empty() {
        ready = game
            .attempts
            .iter()
            .filter(|a| a.is_pending())
            .map(|a| a.player)
            .collect();
    }
    if ready.is_empty() {
        Waiting::Nothing
    } else {
        ready.sort();
        Waiting::Resolve { players: ready }
    }
}

/// The value the table must give before any roll (edition 3).
pub fn asks(game: &Game) -> Option<ValueAsked> {
    let refusal = values_read(game).err()?;
    let bound = |name: &str| refusal.params.get(name).and_then(|v| v.parse().ok());
    Some(ValueAsked {
        key: refusal.params.get("key")?.clone(),
        input: refusal.params.get("input")?.clone(),
        min: bound("min"),
        max: bound("max"),
        choices: refusal
            .params
            .get("choices")
            .map(|c| c.split(',').map(str::to_string).collect())
            .unwrap_or_default(),
    })
}

/// An attempt as the table shows it once face up (or, face down, to its
/// own player: [`super::seat`]).
pub(crate) fn attempt_view(
    game: &Game,
    a: &crate::model::state::Attempt,
    in_conflict: &[Option<u8>],
) -> AttemptView {
    AttemptView {
        player: a.player,
        target: a.target,
        weapon: a.weapon.as_ref().map(|w| w.id.clone()),
        doubled: a.doubled,
        time: (!a.unread).then(|| a.minutes().map(hhmm_of)).flatten(),
        card_times: a
            .weapon
            .as_ref()
            .and_then(|w| w.cards.clone())
            .unwrap_or_default(),
        status: a.status,
        conflict: a.status != AttemptStatus::Missed && in_conflict.contains(&a.target),
        msr: explain(game, a, a.believed),
        msr_if_doubted: (game.storytelling && a.is_pending())
            .then(|| explain(game, a, Some(false))),
        dice: a.dice.clone(),
        believed: a.believed,
        chance: (a.is_pending() && !a.unread).then(|| explain(game, a, a.believed).chance),
        unread: a.unread,
    }
}

pub fn table_view(game: &Game) -> TableView {
    let in_conflict = conflicts(game);
    let face_up = game.phase != Phase::Assassination;
    let totals = totals(game);
    TableView {
        phase: game.phase,
        round: game.round,
        first_player: game.first_player,
        storytelling: game.storytelling,
        duel: game.duel.clone(),
        pyramid: game
            .targets
            .iter()
            .map(|t| TargetView {
                id: t.id,
                row: t.row,
                position: t.position,
                name: text(game, ValueKey::TargetName(t.id)),
                value: t.value,
                msr: game.target_msr(t.id),
                cash: t.cash,
                pays: t.value + t.cash,
                holder: t.holder,
                available: game.is_available(t.id),
            })
            .collect(),
        players: game
            .players
            .iter()
            .enumerate()
            .map(|(seat, p)| PlayerView {
                seat: seat as u8,
                name: p.name.clone(),
                specialist: p.specialist,
                specialist_name: text(game, ValueKey::SpecialistName(p.specialist)),
                specialist_weapon: game.specialist_weapon(seat as u8),
                cash: p.cash,
                debt: p.debt,
                tiles: p.tiles.clone(),
                tiles_value: totals.get(seat).map_or(0, |t| t.tiles),
                running: totals.get(seat).map_or(0, running),
                cards_affordable: affordable(p.cash),
                first_player: game.first_player as usize == seat,
                declared: game.attempt(seat as u8).is_some(),
                passed: game.passed.contains(&(seat as u8)),
                hit_list_kept: game.hit_lists_kept.contains_key(&(seat as u8))
                    && p.hit_list.is_none(),
            })
            .collect(),
        attempts: if face_up {
            game.attempts
                .iter()
                .map(|a| attempt_view(game, a, &in_conflict))
                .collect()
        } else {
            Vec::new()
        },
        waiting: waiting(game),
        asks: asks(game),
        round_track: round_track(game),
        bank: game.bank,
        winner: game.winner,
        end_count: end_count(game),
        offers: Offers {
            order: play_order(game),
            card_price: CARD_PRICE,
            token: TOKEN,
            hit_list_size: HIT_LIST_SIZE as u8,
            max_bonus: max_bonus(game),
            max_amount: MAX_AMOUNT,
            contract_needed: game.follows_edition_2() && game.duel.is_none(),
            contract_offered: !(game.follows_edition_3() && game.duel.is_some()),
            max_objective: crate::rules::assassination::MAX_OBJECTIVE as u8,
            max_name: crate::model::box_values::MAX_NAME as u8,
            card_times: game.follows_edition_2(),
            awaited: awaited(game),
            reveal_cards_by: reveal_card_players(game),
            can_end_round: crate::rules::end::end_round(game).is_ok(),
            can_buy: crate::rules::intel::purchase_open(game),
            weapons: crate::pack::pack()
                .weapons
                .iter()
                .map(|w| w.id.clone())
                .collect(),
            modifiers: crate::pack::pack()
                .modifiers
                .iter()
                .map(|m| m.id.clone())
                .collect(),
            attributes: crate::pack::pack().attributes.clone(),
        },
        assumptions: crate::pack::pack().assumptions.clone(),
    }
}

/// Tiles and cash minus debt.
pub(crate) fn running(total: &Total) -> i32 {
    (total.tiles + total.cash) as i32 - total.debt as i32
}

/// One line of the scoreboard: what a player holds so far (hit lists stay
/// secret until the end).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct ScoreLine {
    pub seat: u8,
    pub name: String,
    pub tiles: u32,
    pub tiles_value: u32,
    pub cash: u32,
    pub debt: u32,
    /// Tiles and cash minus debt.
    pub running: i32,
}

pub fn scoreboard(game: &Game) -> Vec<ScoreLine> {
    totals(game)
        .iter()
        .zip(&game.players)
        .enumerate()
        .map(|(seat, (t, p))| ScoreLine {
            seat: seat as u8,
            name: p.name.clone(),
            tiles: p.tiles.len() as u32,
            tiles_value: t.tiles,
            cash: t.cash,
            debt: t.debt,
            running: running(t),
        })
        .collect()
}
