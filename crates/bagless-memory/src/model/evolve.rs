//! [`evolve`], the one place the memory changes, one function per heading
//! of the rules: "SETUP", "GAME TURN" and its cubes, "ALERT STATE" and the
//! assassins' status and condition, "1. ENEMY REINFORCEMENT" and
//! "ENEMIES", "USE A WEAPON" and its retaliation, and the end of the
//! memory.

use super::events::Event;
use super::state::{
    AssassinState, AttackStage, Deck, Detection, Game, PendingTest, Placement, Reinforcement,
    SquareEntry, CUBES_PER_TURN,
};
use super::types::{Condition, CubeSource, Step};

/// Applies one event. Total: events are facts already decided; one that
/// names something absent changes nothing. Undo markers change nothing
/// here: undoing is replaying the events in effect.
pub fn evolve(game: &mut Game, event: &Event) {
    // "USE A FAST TRAVEL STATION": the choice after leaving is made at
    // once; any other entry closes it.
    if !event.is_derived() {
        game.just_left = match event {
            Event::ConditionSet {
                assassin,
                condition: Condition::LeftMap,
                ..
            } => Some(assassin.clone()),
            _ => None,
        };
    }
    match event {
        Event::MemoryStarted { .. } => setup(game, event),
        Event::EditionChanged { to, .. } => game.edition = *to,
        Event::BoxValueSet { key, value } => {
            game.box_values.insert(key.clone(), value.clone());
        }
        Event::EntrancesSet { entrances } => {
            let mut entrances = entrances.clone();
            entrances.sort();
            entrances.dedup();
            game.entrances = entrances;
        }
        Event::DifficultySet { easy } => {
            game.easy = *easy;
            if *easy {
                game.played_easy = true;
            } else {
                game.played_normal = true;
            }
        }
        Event::StepAdvanced { .. }
        | Event::CubesPlaced { .. }
        | Event::UnusedCubesRemoved
        | Event::CubesSpent { .. }
        | Event::CubeSaved { .. }
        | Event::Adjusted { .. } => game_turn(game, event),
        Event::AlertSet { .. }
        | Event::AlertTriggered { .. }
        | Event::StatusSet { .. }
        | Event::AssassinExposed { .. }
        | Event::ConditionSet { .. }
        | Event::AssassinEliminated { .. } => stealth(game, event),
        Event::ReinforcementDrawn { .. }
        | Event::ReinforcementsPlaced { .. }
        | Event::ReinforcementDiscarded { .. }
        | Event::SquareEntered { .. }
        | Event::DetectionRolled { .. } => enemies(game, event),
        Event::AttackRolled { .. } | Event::HitsAssigned { .. } | Event::RiposteRolled { .. } => {
            attack(game, event)
        }
        Event::MemoryEnded { reason } | Event::MemoryFailed { reason } => {
            game.end = Some(*reason);
            game.step = Step::Over;
        }
        Event::EntryUndone { .. } | Event::EntryRedone { .. } => {}
    }
}

fn assassin_mut<'a>(game: &'a mut Game, id: &str) -> Option<&'a mut AssassinState> {
    game.assassins.iter_mut().find(|a| a.id == id)
}

/// "SETUP": turn 1's event phase, 3 cubes each, the pile as shuffled.
fn setup(game: &mut Game, event: &Event) {
    let Event::MemoryStarted {
        campaign_id,
        memory,
        assassins,
        box_values,
        entrances,
        easy,
        pile,
        edition,
    } = event
    else {
        return;
    };
    *game = Game {
        campaign_id: campaign_id.clone(),
        memory: memory.clone(),
        assassins: assassins
            .iter()
            .map(|id| AssassinState {
                id: id.clone(),
                cubes: CUBES_PER_TURN,
                saved: false,
                exposed: false,
                condition: Condition::OnMap,
                critical_since: None,
                hits_taken: 0,
            })
            .collect(),
        turn: 1,
        step: Step::Event,
        easy: *easy,
        played_normal: !*easy,
        played_easy: *easy,
        entrances: entrances.clone(),
        deck: Deck {
            assassins: assassins.len() as u8,
            pile: pile.clone(),
            ..Deck::default()
        },
        box_values: box_values.clone(),
        edition: *edition,
        ..Game::default()
    };
}

/// "GAME TURN": the steps, and the action cubes ("1. EVENT PHASE", "2.
/// ASSASSIN PHASE", "ASSASSIN ACTIONS", "SAVE 1"), corrected by hand.
fn game_turn(game: &mut Game, event: &Event) {
    match event {
        Event::StepAdvanced { turn, step } => {
            game.turn = *turn;
            game.step = *step;
            game.entry = None;
            game.detection = None;
            game.pending_tests.clear();
            if game.open_attack().is_none() {
                game.attack = None;
            }
        }
        Event::CubesPlaced { .. } => {
            for a in &mut game.assassins {
                if matches!(a.condition, Condition::OnMap | Condition::Critical) {
                    a.cubes = CUBES_PER_TURN;
                }
            }
        }
        Event::UnusedCubesRemoved => {
            for a in &mut game.assassins {
                a.cubes = 0;
            }
        }
        Event::CubesSpent {
            assassin,
            grouped,
            saved,
        } => {
            if let Some(a) = assassin_mut(game, assassin) {
                a.cubes = a.cubes.saturating_sub(*grouped);
                a.saved &= !*saved;
            }
        }
        Event::CubeSaved { assassin } => {
            if let Some(a) = assassin_mut(game, assassin) {
                if a.cubes > 0 && !a.saved {
                    a.cubes -= 1;
                    a.saved = true;
                }
            }
        }
        Event::Adjusted {
            assassin,
            cubes,
            saved,
            ..
        } => {
            if let Some(a) = assassin_mut(game, assassin) {
                a.cubes = *cubes;
                a.saved = *saved;
            }
        }
        _ => {}
    }
}

/// "ALERT STATE", "INCOGNITO AND EXPOSED", "CRITICAL CONDITION" and
/// "ELIMINATED".
fn stealth(game: &mut Game, event: &Event) {
    match event {
        Event::AlertSet { on } => game.alert = *on,
        Event::AlertTriggered { .. } => game.alert = true,
        Event::StatusSet { assassin, exposed } => {
            if let Some(a) = assassin_mut(game, assassin) {
                a.exposed = *exposed;
            }
            if *exposed {
                untested(game, assassin);
            }
        }
        Event::AssassinExposed { assassin, .. } => {
            if let Some(a) = assassin_mut(game, assassin) {
                a.exposed = true;
            }
            untested(game, assassin);
        }
        Event::ConditionSet {
            assassin,
            condition,
            paid,
        } => {
            let turn = game.turn;
            let edition_2 = game.follows_edition_2();
            if *condition != Condition::OnMap {
                untested(game, assassin);
            }
            if let Some(a) = assassin_mut(game, assassin) {
                a.condition = *condition;
                a.critical_since = (*condition == Condition::Critical).then_some(turn);
                // "Lay their miniature down and remove their red base from
                // the map."
                if *condition == Condition::Critical {
                    a.exposed = false;
                }
                // Edition 2, "USE A FAST TRAVEL STATION": "spend 1 [cube]
                // to leave the map"; "(leave their red base on the
                // square)".
                if edition_2 && *condition == Condition::LeftMap {
                    match paid {
                        Some(CubeSource::Grouped) => a.cubes = a.cubes.saturating_sub(1),
                        Some(CubeSource::Saved) => a.saved = false,
                        None => {}
                    }
                    a.exposed = false;
                }
            }
        }
        Event::AssassinEliminated { assassin } => {
            if let Some(a) = assassin_mut(game, assassin) {
                a.condition = Condition::Eliminated;
                a.critical_since = None;
            }
        }
        _ => {}
    }
}

/// "DETECTION TEST" is for the incognito, on the map: one exposed, laid
/// down or gone has no test pending any more.
fn untested(game: &mut Game, id: &str) {
    game.pending_tests
        .retain(|t| t.assassin.as_deref() != Some(id));
}

/// The tests a square entered calls for, kept until rolled: the bodies'
/// test, and 1 test for each incognito assassin there ("immediately
/// perform 1 detection test"), the dice of the square as it now stands
/// (a second entry on the same square before the tests are resolved:
/// "After performing all enemy movements, resolve detection tests").
fn tests_called(game: &mut Game, entry: &SquareEntry) {
    if entry.body_dice > 0 {
        game.pending_tests.push(PendingTest {
            assassin: None,
            dice: entry.body_dice,
        });
    }
    if entry.detection_dice == 0 {
        return;
    }
    for id in &entry.incognito {
        let known = game
            .pending_tests
            .iter_mut()
            .find(|t| t.assassin.as_deref() == Some(id.as_str()));
        match known {
            Some(test) => test.dice = entry.detection_dice,
            None => game.pending_tests.push(PendingTest {
                assassin: Some(id.clone()),
                dice: entry.detection_dice,
            }),
        }
    }
}

/// A test rolled is no longer pending: the assassin's, or the first for
/// bodies.
fn tested(game: &mut Game, detection: &Detection) {
    let at = game
        .pending_tests
        .iter()
        .position(|t| t.assassin == detection.assassin);
    if let Some(at) = at {
        game.pending_tests.remove(at);
    }
}

/// "1. ENEMY REINFORCEMENT", "<29> Enemy Reinforcement Step", "ENEMIES"
/// and "DETECTION TEST".
fn enemies(game: &mut Game, event: &Event) {
    match event {
        Event::ReinforcementDrawn {
            card,
            reshuffled,
            alert,
            ..
        } => draw(game, *card, reshuffled.as_deref(), *alert),
        Event::ReinforcementsPlaced {
            card,
            alert,
            guards,
        } => {
            if let Some(r) = game.reinforcement.as_mut().filter(|r| r.card == *card) {
                r.placed = Some(Placement {
                    alert: *alert,
                    guards: guards.clone(),
                });
            }
        }
        Event::ReinforcementDiscarded { card } if game.deck.drawn == Some(*card) => {
            game.deck.drawn = None;
            game.deck.discard.push(*card);
            game.reinforcement = None;
        }
        Event::SquareEntered { entry } => {
            game.entry = Some(entry.clone());
            tests_called(game, entry);
        }
        Event::DetectionRolled { detection } => {
            game.detection = Some(detection.clone());
            tested(game, detection);
        }
        _ => {}
    }
}

/// A card drawn, the discard first shuffled into the pile when it is
/// empty ("When the Reinforcement pile is exhausted, shuffle its discard
/// pile and create a new pile"). A new pile that is not the discard, or a
/// card not in the pile, changes nothing: the deck keeps its 8 cards.
/// Edition 4: the card keeps the alert state it was drawn in, its column.
fn draw(game: &mut Game, card: u8, reshuffled: Option<&[u8]>, alert: Option<bool>) {
    let deck = &mut game.deck;
    if let Some(pile) = reshuffled {
        let mut sorted = pile.to_vec();
        sorted.sort();
        let mut discard = deck.discard.clone();
        discard.sort();
        if !deck.pile.is_empty() || sorted != discard {
            return;
        }
        deck.pile = pile.to_vec();
        deck.discard.clear();
        deck.reshuffles += 1;
    }
    if deck.drawn.is_some() {
        return;
    }
    let Some(at) = deck.pile.iter().position(|c| *c == card) else {
        return;
    };
    deck.pile.remove(at);
    deck.drawn = Some(card);
    game.reinforcement = Some(Reinforcement {
        card,
        turn: game.turn,
        alert,
        placed: None,
    });
}

/// "USE A WEAPON", "COORDINATED ATTACK": the roll and its cubes, "4.
/// ASSIGN", and "6. RETALIATION".
fn attack(game: &mut Game, event: &Event) {
    match event {
        Event::AttackRolled { attack } => {
            for roll in &attack.attackers {
                if let Some(a) = assassin_mut(game, &roll.assassin) {
                    match roll.paid {
                        CubeSource::Grouped => a.cubes = a.cubes.saturating_sub(1),
                        CubeSource::Saved => a.saved = false,
                    }
                }
            }
            game.attack = Some(attack.clone());
        }
        Event::HitsAssigned {
            hits,
            bonus_hits,
            eliminated,
            riposte,
        } => {
            let Some(attack) = game
                .attack
                .as_mut()
                .filter(|a| a.stage == AttackStage::Hits)
            else {
                return;
            };
            for (i, enemy) in attack.enemies.iter_mut().enumerate() {
                enemy.hits = hits.get(i).copied().unwrap_or(0);
                enemy.eliminated = eliminated.get(i).copied().unwrap_or(false);
            }
            attack.bonus_hits = *bonus_hits;
            attack.riposte = riposte.clone();
            attack.stage = if riposte.iter().any(|s| s.dice > 0) {
                AttackStage::Riposte
            } else {
                AttackStage::Done
            };
        }
        Event::RiposteRolled { shares } => {
            let Some(attack) = game
                .attack
                .as_mut()
                .filter(|a| a.stage == AttackStage::Riposte)
            else {
                return;
            };
            attack.riposte = shares.clone();
            attack.stage = AttackStage::Done;
            for share in shares {
                if let Some(a) = assassin_mut(game, &share.assassin) {
                    a.hits_taken += u32::from(share.hits.unwrap_or(0));
                }
            }
        }
        _ => {}
    }
}
