//! PARTIE À 2 JOUEURS and S'EMPARER D'UNE FACTION D'ASSASSINS NEUTRE.
//!
//! - "à chaque tour, 3 Assassins doivent être ajoutés à 1 faction neutre.
//!   Les Assassins peuvent être placés sur 1, 2 ou 3 territoires
//!   appartenant à une seule et même faction neutre." Bagless asks for them
//!   in the placement phase of each turn, before the attacks.
//! - "Si vous conquérez le dernier territoire contrôlé par une faction
//!   neutre, vous obtenez les 3 cartes placées sous l'Assassin de la couleur
//!   de cette dernière".

use super::placing;
use crate::model::commands::TerritoryCount;
use crate::model::events::Event;
use crate::model::ids::Colour;
use crate::model::state::{Game, Turn};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use std::collections::BTreeSet;

/// PARTIE À 2 JOUEURS: the count of players the neutral brotherhoods join.
pub const PLAYERS: usize = 2;

/// PARTIE À 2 JOUEURS: the assassins a neutral gets each turn, on up to 3 territories.
pub const NEUTRAL_REINFORCEMENT: u32 = 3;
pub const NEUTRAL_TERRITORIES: usize = 3;

/// Whether this turn still owes a neutral its 3 assassins.
pub fn neutral_due(game: &Game, turn: &Turn) -> bool {
    !turn.neutral_reinforced && game.neutrals.iter().any(|n| game.territories_held(*n) > 0)
}

/// Refuses the end of the placement while the neutral's assassins are due.
pub fn neutral_done(game: &Game, turn: &Turn) -> Result<(), RuleViolation> {
    if neutral_due(game, turn) {
        return Err(refuse(
            RuleCode::NeutralReinforcementDue,
            Section::TwoPlayers,
            "Each turn, 3 assassins are added to one neutral brotherhood.",
        )
        .with("count", NEUTRAL_REINFORCEMENT));
    }
    Ok(())
}

pub fn reinforce_neutral(
    game: &Game,
    placements: &[TerritoryCount],
) -> Result<Vec<Event>, RuleViolation> {
    let turn = placing(game, Section::TwoPlayers)?;
    if !neutral_due(game, turn) {
        return Err(refuse(
            RuleCode::NeutralNotDue,
            Section::TwoPlayers,
            "No neutral brotherhood is owed assassins this turn.",
        ));
    }
    let territories: BTreeSet<_> = placements.iter().map(|p| p.territory).collect();
    if placements.is_empty()
        || territories.len() != placements.len()
        || territories.len() > NEUTRAL_TERRITORIES
        || placements.iter().any(|p| p.count == 0)
    {
        return Err(refuse(
            RuleCode::NeutralTerritories,
            Section::TwoPlayers,
            "The 3 assassins go on 1, 2 or 3 territories.",
        )
        .with("max", NEUTRAL_TERRITORIES));
    }
    let total: u32 = placements.iter().map(|p| p.count).sum();
    if total != NEUTRAL_REINFORCEMENT {
        return Err(refuse(
            RuleCode::NeutralThree,
            Section::TwoPlayers,
            "A neutral brotherhood gets 3 assassins a turn.",
        )
        .with("count", total));
    }
    let owners: BTreeSet<Option<Colour>> = territories.iter().map(|t| game.owner(*t)).collect();
    let neutral = match owners.into_iter().collect::<Vec<_>>().as_slice() {
        [Some(n)] if game.is_neutral(*n) => *n,
        _ => {
            return Err(refuse(
                RuleCode::NeutralOneFaction,
                Section::TwoPlayers,
                "The assassins go to territories of one and the same neutral brotherhood.",
            ))
        }
    };
    Ok(vec![Event::NeutralReinforced {
        player: turn.player,
        neutral,
        placements: placements.to_vec(),
    }])
}

/// S'EMPARER D'UNE FACTION D'ASSASSINS NEUTRE: the neutral's last territory
/// taken, its cards go to the conqueror's hand.
pub fn capture(game: &Game, by: Colour, neutral: Colour) -> Vec<Event> {
    match game.neutral_stacks.get(&neutral) {
        Some(cards) if game.is_neutral(neutral) => vec![Event::NeutralCardsCaptured {
            neutral,
            by,
            cards: cards.clone(),
        }],
        _ => Vec::new(),
    }
}
