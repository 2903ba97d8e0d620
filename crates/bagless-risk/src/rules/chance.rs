//! Where what chance gives comes from when Bagless draws it: the dice it
//! rolls (LANCEZ LES DÉS), the territories it deals (MISE EN PLACE 3), the
//! memory fragments and neutral stacks it deals (MISE EN PLACE 6, PARTIE À
//! 2 JOUEURS 4), the card it draws (4. TIREZ UNE CARTE SI VOUS LE POUVEZ).
//!
//! A command decided at the table draws with the app's seed. An entry read
//! from a file and decided again (`Rules::decide_again`) draws nothing: it
//! takes what the log recorded at that place, and the rule that draws checks
//! it is one it could have drawn (a die shows 1 to 6, the card drawn is in
//! the pile, a deal gives each brotherhood its share), with the same checks
//! as a draw entered from the table.

use crate::model::commands::{FragmentHand, NeutralStack};
use crate::model::events::{Dealt, Event};
use crate::model::ids::Territory;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use rand::rngs::StdRng;
use rand::SeedableRng;

/// The source of what Bagless draws for one command.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Chance<'a> {
    /// The seed the app gives each command (none: Bagless cannot draw).
    Seed(Option<u64>),
    /// An entry's events as a file recorded them: the entry, then what the
    /// rules derived from it.
    Recorded(&'a [Event]),
}

/// A card drawn at the end of a turn, as recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Draw {
    Card(Territory),
    Sigma,
}

impl<'a> Chance<'a> {
    /// The random generator for one draw of this command; `salt` keeps two
    /// draws of one command independent.
    pub(crate) fn rng(&self, salt: u64, section: Section) -> Result<StdRng, RuleViolation> {
        match self {
            Chance::Seed(Some(seed)) => Ok(StdRng::seed_from_u64(seed ^ salt)),
            _ => Err(refuse(
                RuleCode::RandomNeeded,
                section,
                "Bagless needs a random seed to roll or deal: enter what the table shows instead.",
            )),
        }
    }

    /// The recorded events, when the entry is decided again.
    fn recorded(&self) -> Option<&'a [Event]> {
        match self {
            Chance::Seed(_) => None,
            Chance::Recorded(events) => Some(events),
        }
    }

    /// MISE EN PLACE 3: the territories as Bagless dealt them.
    pub(crate) fn dealt(&self) -> Option<&'a [Dealt]> {
        match self.recorded()?.first()? {
            Event::TerritoriesDealt { holdings, .. } => Some(holdings),
            _ => Some(&[]),
        }
    }

    /// MISE EN PLACE 6 and PARTIE À 2 JOUEURS 4: the fragments and the
    /// neutrals' stacks as Bagless dealt them.
    pub(crate) fn cards(&self) -> Option<(&'a [FragmentHand], &'a [NeutralStack])> {
        match self.recorded()?.first()? {
            Event::CardsDealt {
                fragments,
                neutral_stacks,
                ..
            } => Some((fragments, neutral_stacks)),
            _ => Some((&[], &[])),
        }
    }

    /// LANCEZ LES DÉS: the faces Bagless rolled for the attack (`true`) or
    /// the defence.
    pub(crate) fn faces(&self, attack: bool) -> Option<&'a [u8]> {
        match self.recorded()?.first()? {
            Event::DiceRolled {
                attack: faces,
                defence,
                ..
            } => Some(if attack { faces } else { defence }),
            _ => Some(&[]),
        }
    }

    /// **4. TIREZ UNE CARTE SI VOUS LE POUVEZ**: the card Bagless drew, if the
    /// log shows one. `Some(None)`: decided again, the log shows no draw.
    pub(crate) fn draw(&self) -> Option<Option<Draw>> {
        let recorded = self.recorded()?;
        Some(recorded.iter().skip(1).find_map(|event| match event {
            Event::CardDrawn { card, .. } => Some(Draw::Card(*card)),
            Event::SigmaDrawn { .. } => Some(Draw::Sigma),
            _ => None,
        }))
    }
}
