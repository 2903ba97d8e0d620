//! What chance gives in a memory: the dice Bagless rolls ("2. ATTACK",
//! "DETECTION TEST", "3. ENEMY COMBAT") and the reinforcement pile it
//! shuffles ("SETUP"; "<29> Enemy Reinforcement Step": "When the
//! Reinforcement pile is exhausted, shuffle its discard pile and create a
//! new pile"). While a memory is played they come from the context's seed;
//! when a log is decided again, from what the log recorded, each checked to
//! be one the rules could give: a face the die bears, a pile that holds
//! exactly the cards shuffled.

use super::{check_count, dice_needed};
use crate::model::types::{AssassinFace, BlackFace, DetectionFace};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::VecDeque;

/// Where what chance gives comes from, for one command.
pub(crate) enum Chance {
    /// Bagless rolls and shuffles with this seed; none: the players enter
    /// every die and every card.
    Seed(Option<u64>),
    /// An entry decided again: what Bagless rolled and shuffled, as the
    /// log recorded it.
    Recorded(Recorded),
}

/// What chance gave in one entry of a log.
#[derive(Debug, Default)]
pub(crate) struct Recorded {
    /// The order a pile was shuffled in (a memory's set-up, a discard made
    /// a new pile).
    pub pile: Option<Vec<u8>>,
    /// Each roll Bagless made, in the order the rules make them.
    pub rolls: VecDeque<Rolled>,
}

/// The faces of one roll, by die.
#[derive(Debug)]
pub(crate) enum Rolled {
    Detection(Vec<DetectionFace>),
    Assassin(Vec<AssassinFace>),
    Black(Vec<BlackFace>),
}

/// A face of one of the memory's dice.
pub(crate) trait Side: Copy + PartialEq {
    /// The faces of a recorded roll of this die (none: another die's).
    fn of(rolled: Rolled) -> Option<Vec<Self>>;
}

impl Side for DetectionFace {
    fn of(rolled: Rolled) -> Option<Vec<Self>> {
        match rolled {
            Rolled::Detection(faces) => Some(faces),
            _ => None,
        }
    }
}

impl Side for AssassinFace {
    fn of(rolled: Rolled) -> Option<Vec<Self>> {
        match rolled {
            Rolled::Assassin(faces) => Some(faces),
            _ => None,
        }
    }
}

impl Side for BlackFace {
    fn of(rolled: Rolled) -> Option<Vec<Self>> {
        match rolled {
            Rolled::Black(faces) => Some(faces),
            _ => None,
        }
    }
}

/// The dice and shuffles Bagless makes for one command.
pub(crate) struct Dice {
    source: Source,
}

enum Source {
    Seeded(Option<Box<StdRng>>),
    Recorded(Recorded),
}

impl Dice {
    pub(crate) fn new(chance: Chance) -> Dice {
        Dice {
            source: match chance {
                Chance::Seed(seed) => {
                    Source::Seeded(seed.map(|seed| Box::new(StdRng::seed_from_u64(seed))))
                }
                Chance::Recorded(recorded) => Source::Recorded(recorded),
            },
        }
    }

    /// Whether Bagless may roll and draw (a seed was given, or the log
    /// says it did).
    pub(crate) fn can_roll(&self) -> bool {
        !matches!(self.source, Source::Seeded(None))
    }

    /// `count` dice rolled, `die` being its 6 faces (the first for a 1,
    /// the last for a 6, as the box's values give them). Without a seed,
    /// the refusal asking for the faces; from a log, the faces recorded,
    /// each one the die bears.
    pub(crate) fn roll<S: Side>(
        &mut self,
        die: &[S; 6],
        count: usize,
        section: Section,
    ) -> Result<Vec<S>, RuleViolation> {
        match &mut self.source {
            Source::Seeded(None) => Err(dice_needed(section)),
            Source::Seeded(Some(rng)) => Ok((0..count)
                .map(|_| die[usize::from(rng.random_range(1..=6u8)) - 1])
                .collect()),
            Source::Recorded(recorded) => {
                let faces = recorded.rolls.pop_front().and_then(S::of);
                let faces = faces.unwrap_or_default();
                check_count(&faces, count, section)?;
                if faces.iter().any(|face| !die.contains(face)) {
                    return Err(refuse(
                        RuleCode::FaceNotOnDie,
                        section,
                        "The die has no such face, as the box describes it.",
                    ));
                }
                Ok(faces)
            }
        }
    }

    /// The cards shuffled: by the seed, or left as they are when the
    /// players shuffle at the table; from a log, in the order recorded,
    /// which must hold exactly these cards.
    pub(crate) fn shuffle(
        &mut self,
        cards: &mut Vec<u8>,
        section: Section,
    ) -> Result<(), RuleViolation> {
        match &mut self.source {
            Source::Seeded(None) => {}
            Source::Seeded(Some(rng)) => cards.shuffle(rng.as_mut()),
            Source::Recorded(recorded) => {
                if let Some(order) = recorded.pile.take() {
                    let mut sorted = order.clone();
                    sorted.sort_unstable();
                    let mut shuffled = cards.clone();
                    shuffled.sort_unstable();
                    if sorted != shuffled {
                        return Err(refuse(
                            RuleCode::PileNotShuffled,
                            section,
                            "A shuffled pile holds exactly the cards shuffled.",
                        ));
                    }
                    *cards = order;
                }
            }
        }
        Ok(())
    }
}
