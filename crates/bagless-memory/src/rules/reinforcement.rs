//! "1. ENEMY REINFORCEMENT" and "<29> Enemy Reinforcement Step": "Draw 1
//! Reinforcement card and select the column that corresponds to the Alert
//! State"; the guards of each entrance on the map ("Ignore any
//! reinforcement associated with Enemy entrances (A, B, C or D) that are
//! not on the map"); "When the Reinforcement pile is exhausted, shuffle its
//! discard pile and create a new pile." And "ENEMIES": "There can never be
//! more than 4 enemies and/or bodies on a square", bodies removed to make
//! room and the detection test for them.

use super::chance::Dice;
use super::{able, wrong_step};
use crate::model::box_values::{guards, ValueKey};
use crate::model::events::Event;
use crate::model::state::{EntranceGuards, Game, SquareEntry, REINFORCEMENT_CARDS, SQUARE_LIMIT};
use crate::model::types::{Entrance, Step};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use std::collections::BTreeSet;

/// A card drawn: the one the players drew at the table, or the top of the
/// pile. An exhausted pile is first made again from the discard.
pub(crate) fn draw(
    game: &Game,
    card: Option<u8>,
    dice: &mut Dice,
) -> Result<Vec<Event>, RuleViolation> {
    let section = Section::EnemyReinforcement;
    if game.step != Step::Reinforcement {
        return Err(wrong_step(game, section));
    }
    if let Some(drawn) = game.this_turns_card().map(|r| r.card).or(game.deck.drawn) {
        return Err(refuse(
            RuleCode::AlreadyDrawn,
            section,
            "One reinforcement card is drawn each turn.",
        )
        .with("card", drawn));
    }
    let deck = &game.deck;
    let (pile, reshuffled) = if deck.pile.is_empty() {
        let mut pile = deck.discard.clone();
        pile.sort();
        dice.shuffle(&mut pile, Section::ReinforcementStep)?;
        (pile.clone(), Some(pile))
    } else {
        (deck.pile.clone(), None)
    };
    let (card, by_bagless) = match card {
        Some(card) => {
            if !pile.contains(&card) {
                return Err(refuse(
                    RuleCode::CardNotInPile,
                    Section::ReinforcementStep,
                    format!(
                        "Card {card} is not in the pile (cards 1 to {REINFORCEMENT_CARDS}, drawn ones discarded)."
                    ),
                )
                .with("card", card));
            }
            (card, false)
        }
        None => match pile.first() {
            Some(top) if dice.can_roll() => (*top, true),
            _ => {
                return Err(refuse(
                    RuleCode::CardNeeded,
                    section,
                    "Say which card was drawn at the table, or let Bagless draw.",
                ))
            }
        },
    };
    // Edition 4: "select the column that corresponds to the alert state"
    // as the card is drawn; the card keeps it until its guards are placed.
    let alert = game.follows_edition_4().then_some(game.alert);
    Ok(vec![Event::ReinforcementDrawn {
        card,
        reshuffled,
        by_bagless,
        alert,
    }])
}

/// The guards each entrance on the map brings, from the card's column
/// (`alert`: the right one), or the refusal asking for the first line not
/// known.
pub fn column(game: &Game, card: u8, alert: bool) -> Result<Vec<EntranceGuards>, RuleViolation> {
    game.entrances
        .iter()
        .map(|entrance| {
            let line = guards(
                &game.box_values,
                ValueKey::Reinforcement {
                    assassins: game.deck.assassins,
                    card,
                    alert,
                    entrance: *entrance,
                },
            )?;
            Ok(EntranceGuards {
                entrance: *entrance,
                guard: line.guard,
                count: line.count,
            })
        })
        .collect()
}

/// The guards of the card placed, from the column it was drawn in
/// (edition 4).
pub fn place(game: &Game) -> Result<Vec<Event>, RuleViolation> {
    let section = Section::EnemyReinforcement;
    if game.step != Step::Reinforcement {
        return Err(wrong_step(game, section));
    }
    let Some(reinforcement) = game.this_turns_card() else {
        return Err(refuse(
            RuleCode::DrawFirst,
            section,
            "Draw 1 reinforcement card first.",
        ));
    };
    if reinforcement.placed.is_some() {
        return Err(refuse(
            RuleCode::AlreadyPlaced,
            section,
            "The guards of this card are placed.",
        ));
    }
    // Edition 4: the column of the alert state as the card was drawn,
    // though an entry, a detection test, an attack or a card turned the
    // alert on since; editions 1 to 3: the alert state now.
    let alert = game.column_of(reinforcement);
    let guards = column(game, reinforcement.card, alert)?;
    Ok(vec![Event::ReinforcementsPlaced {
        card: reinforcement.card,
        alert,
        guards,
    }])
}

/// The square's contents checked: at most 4 enemies and/or bodies, and 1
/// to 4 guards entering (edition 3: or none, an incognito assassin
/// arriving on a square with enemies).
fn check_square(enemies: u8, bodies: u8, entering: u8, arrival: bool) -> Result<(), RuleViolation> {
    let fits = enemies
        .checked_add(bodies)
        .is_some_and(|n| n <= SQUARE_LIMIT);
    let guards = if arrival { enemies > 0 } else { entering > 0 };
    if !fits || !guards || entering > SQUARE_LIMIT {
        return Err(refuse(
            RuleCode::SquareCount,
            Section::Enemies,
            "A square holds at most 4 enemies and/or bodies; 1 to 4 guards enter.",
        )
        .with("max", SQUARE_LIMIT));
    }
    Ok(())
}

/// What guards entering a square make of it: who fits, the bodies removed
/// (the example of <29>: 4 Agiles enter a square holding 1 Crossbowman and
/// 3 bodies; the 3 bodies are removed, 3 Agiles enter, and 9 dice are
/// rolled).
///
/// Edition 3, `arrival`: no guard enters, the incognito assassins listed
/// arrive on the square ("As soon as an incognito assassin/ally moves to a
/// square containing any enemies, perform a detection test before doing
/// anything else"; leaving a hiding spot, "If any enemies are present,
/// perform a detection test"; the leap of faith, "perform a detection test
/// before entering the hiding spot"): each rolls 1 die per enemy there.
pub fn entry(
    entrance: Option<Entrance>,
    enemies: u8,
    bodies: u8,
    entering: u8,
    incognito: Vec<String>,
    arrival: bool,
) -> SquareEntry {
    let room = SQUARE_LIMIT.saturating_sub(enemies);
    let entered = entering.min(room);
    let bodies_removed = (enemies + bodies + entered)
        .saturating_sub(SQUARE_LIMIT)
        .min(bodies);
    let detection_dice = if (entered > 0 || arrival) && !incognito.is_empty() {
        enemies + entered
    } else {
        0
    };
    SquareEntry {
        entrance,
        enemies,
        bodies,
        entering,
        entered,
        blocked: entering - entered,
        bodies_removed,
        body_dice: entered * bodies_removed,
        incognito,
        detection_dice,
    }
}

/// Guards entering a square: "ignore reinforcements that cannot enter
/// because the square is full"; "If enemies have to enter a square
/// containing bodies and there are not enough spaces to accommodate them
/// all, remove as many bodies as necessary ... and perform a detection
/// test for those bodies"; "any enemies who move to a square containing
/// any assassins/allies who are incognito immediately perform 1 detection
/// test".
pub fn enter_square(
    game: &Game,
    entrance: Option<Entrance>,
    enemies: u8,
    bodies: u8,
    entering: u8,
    incognito: &[String],
) -> Result<Vec<Event>, RuleViolation> {
    if !entry_step(game) {
        return Err(wrong_step(game, Section::Enemies));
    }
    if let Some(e) = entrance {
        if !game.entrances.contains(&e) {
            return Err(refuse(
                RuleCode::EntranceNotOnMap,
                Section::ReinforcementStep,
                "That entrance is not on the map: its reinforcements are ignored.",
            )
            .with_id("entrance", e));
        }
    }
    // Edition 3: an incognito assassin arriving on a square with enemies
    // is told as an entry with no guard entering, its assassins listed.
    let arrival = game.follows_edition_3() && entering == 0;
    if arrival && (incognito.is_empty() || entrance.is_some()) {
        return Err(refuse(
            RuleCode::SquareCount,
            Section::DetectionTest,
            "Say which incognito assassin arrives on the square, or how many guards enter.",
        )
        .with("max", SQUARE_LIMIT));
    }
    check_square(enemies, bodies, entering, arrival)?;
    let mut seen = BTreeSet::new();
    for id in incognito {
        let a = able(game, id, Section::DetectionTest)?;
        if !seen.insert(id) {
            return Err(refuse(
                RuleCode::AssassinTwice,
                Section::DetectionTest,
                format!("{id} is listed twice."),
            )
            .with("assassin", id));
        }
        if a.exposed {
            return Err(not_incognito(id));
        }
    }
    Ok(vec![Event::SquareEntered {
        entry: entry(
            entrance,
            enemies,
            bodies,
            entering,
            incognito.to_vec(),
            arrival,
        ),
    }])
}

/// Whether a square entered may be told in the step played (an event, the
/// Assassin Phase or an enemy step).
pub fn entry_step(game: &Game) -> bool {
    game.step.is_enemy() || game.step == Step::Assassin || game.step == Step::Event
}

/// The assassins a detection test may be rolled for: able to act, and
/// incognito (DETECTION TEST: "any assassins/allies who are incognito").
pub fn incognito(game: &Game) -> Vec<String> {
    game.assassins
        .iter()
        .filter(|a| a.can_act() && !a.exposed)
        .map(|a| a.id.clone())
        .collect()
}

pub fn not_incognito(id: &str) -> RuleViolation {
    refuse(
        RuleCode::NotIncognito,
        Section::DetectionTest,
        format!("{id} is exposed: only incognito assassins are tested."),
    )
    .with("assassin", id)
}
