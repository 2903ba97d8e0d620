//! What happened, as the log keeps it. Every computed result (the dice's
//! faces, the reinforcements and their breakdown, the cards drawn, the
//! winner) is in the event, so a replay never rolls, deals or counts again.

use crate::model::box_values::BoxValue;
use crate::model::commands::{FragmentHand, NeutralStack, Seat, TerritoryCount};
use crate::model::ids::{Colour, Region, Territory};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A territory's holder and count after the deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Dealt {
    pub territory: Territory,
    pub owner: Colour,
    pub assassins: u32,
}

/// One line of a turn's reinforcements, as the players are told it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[ts(export, export_to = "risk/")]
pub enum Reinforcement {
    /// **1. PLACEZ VOS ASSASSINS**: "systématiquement 3 Assassins à chaque tour".
    Base { assassins: u32 },
    /// CONTRÔLER DES TERRITOIRES: the bonus for the count held.
    Territories { held: u32, assassins: u32 },
    /// CONTRÔLER DES RÉGIONS: a whole region held.
    Region { region: Region, assassins: u32 },
    /// ÉCHANGER DES CARTES.
    Trade {
        cards: Vec<Territory>,
        crests: u32,
        assassins: u32,
    },
    /// ACCOMPLIR DES MISSIONS.
    Mission { fragment: u8, assassins: u32 },
    /// CARTES APTITUDE, with the card's words as the reason.
    Aptitude { reason: String, assassins: u32 },
}

impl Reinforcement {
    pub fn assassins(&self) -> u32 {
        match self {
            Reinforcement::Base { assassins }
            | Reinforcement::Territories { assassins, .. }
            | Reinforcement::Region { assassins, .. }
            | Reinforcement::Trade { assassins, .. }
            | Reinforcement::Mission { assassins, .. }
            | Reinforcement::Aptitude { assassins, .. } => *assassins,
        }
    }
}

/// How the game ended (COMMENT GAGNER ?).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "risk/")]
pub enum Ending {
    /// "Si un joueur possède l'intégralité des territoires ... il gagne immédiatement."
    AllTerritories,
    /// PARTIE À 2 JOUEURS: "ou d'éliminer le joueur adverse".
    OpponentEliminated,
    /// "Lorsque la carte Équipe Sigma est tirée, la partie se termine immédiatement."
    SigmaDrawn,
}

/// The territories each brotherhood holds at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Count {
    pub colour: Colour,
    pub territories: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
#[ts(export, export_to = "risk/")]
pub enum Event {
    /// The game's creation (never undone). In a 2-player game the other
    /// three colours are the neutrals.
    GameCreated {
        players: Vec<Seat>,
        neutrals: Vec<Colour>,
        sigma: bool,
        box_values: Vec<BoxValue>,
        /// The edition of the rules the game is played under (a log written
        /// before editions were recorded: the first).
        #[serde(default = "bagless_game::first_edition")]
        edition: u32,
    },
    /// The game moves to a newer edition of Bagless's reading of the rules,
    /// at a clean point (before anything of a turn is played).
    EditionChanged {
        from: u32,
        to: u32,
    },
    BoxValueSet {
        value: BoxValue,
    },
    /// MISE EN PLACE 3–4: `order` is the order of play, those with an extra
    /// card last; `crests` are the crests read off the cards at the deal.
    TerritoriesDealt {
        holdings: Vec<Dealt>,
        order: Vec<Colour>,
        crests: Vec<BoxValue>,
        by_bagless: bool,
    },
    /// MISE EN PLACE 5–7 / PARTIE À 2 JOUEURS 4–6. `deck` is the pile left.
    CardsDealt {
        fragments: Vec<FragmentHand>,
        neutral_stacks: Vec<NeutralStack>,
        aptitude_each: u32,
        deck: Vec<Territory>,
        by_bagless: bool,
    },
    /// A turn begins: its number, and the reinforcements it brings.
    TurnStarted {
        player: Colour,
        turn: u32,
        reinforcements: Vec<Reinforcement>,
        total: u32,
    },
    AssassinsPlaced {
        player: Colour,
        territory: Territory,
        count: u32,
    },
    CardsTraded {
        player: Colour,
        cards: Vec<Territory>,
        crests: u32,
        assassins: u32,
    },
    FragmentClaimed {
        player: Colour,
        fragment: u8,
        assassins: u32,
    },
    AptitudeRevealed {
        player: Colour,
        gain: u32,
        losses: Vec<TerritoryCount>,
        reason: String,
    },
    NeutralReinforced {
        player: Colour,
        neutral: Colour,
        placements: Vec<TerritoryCount>,
    },
    PlacementEnded {
        player: Colour,
        /// Edition 2: the new assassins the player chose not to place
        /// ("Décidez du nombre de nouveaux Assassins que vous souhaitez
        /// placer"), not kept.
        #[serde(default, skip_serializing_if = "is_zero")]
        unplaced: u32,
    },
    /// COMBAT: the faces, highest first, and what each side lost.
    DiceRolled {
        player: Colour,
        defender: Colour,
        from: Territory,
        to: Territory,
        attack: Vec<u8>,
        defence: Vec<u8>,
        attacker_losses: u32,
        defender_losses: u32,
        by_bagless: bool,
    },
    /// COMBAT: "la Confrérie attaquante prend le contrôle du territoire";
    /// the attackers still standing cross into it.
    TerritoryConquered {
        player: Colour,
        from: Territory,
        territory: Territory,
        previous_owner: Colour,
        moved_in: u32,
    },
    /// A brotherhood's last territory taken.
    BrotherhoodEliminated {
        colour: Colour,
        by: Colour,
    },
    /// S'EMPARER D'UNE FACTION D'ASSASSINS NEUTRE: the neutral's 3 cards.
    NeutralCardsCaptured {
        neutral: Colour,
        by: Colour,
        cards: Vec<Territory>,
    },
    /// DÉPLACEZ-VOUS (edition 2): "jusqu'au retrait de l'attaquant" — the
    /// force still standing comes back to the territory it left.
    Retreated {
        player: Colour,
        from: Territory,
        to: Territory,
        force: u32,
    },
    /// ■ CARTES APTITUDE (edition 2): "si vous l'avez fait et que vous l'avez
    /// conservée, vous pourrez vous en servir lors d'un combat" — a card
    /// held since its reveal played for the next roll by the attacker or the
    /// defender (`player`); `extra_die`: that side rolls one die more.
    AptitudePlayed {
        player: Colour,
        card: String,
        extra_die: bool,
    },
    /// LES CARTES APTITUDE (edition 3): "Les autres cartes peuvent être
    /// conservées et jouées à tout moment" — a card kept since its reveal
    /// played at any time of its holder's turns (from the placement where
    /// it was turned over) for the assassins it gives.
    AptitudeUsed {
        player: Colour,
        card: String,
        gain: u32,
    },
    MovedIn {
        player: Colour,
        from: Territory,
        to: Territory,
        count: u32,
    },
    AttacksEnded {
        player: Colour,
    },
    Manoeuvred {
        player: Colour,
        from: Territory,
        to: Territory,
        count: u32,
        path: Vec<Territory>,
    },
    TurnEnded {
        player: Colour,
        /// Edition 2: the card a conquest allowed was declined ("vous
        /// pouvez tirer").
        #[serde(default, skip_serializing_if = "is_false")]
        declined: bool,
    },
    /// VARIANTES DE JEU: the discard shuffled into a new pile.
    DeckReshuffled {
        cards: Vec<Territory>,
    },
    CardDrawn {
        player: Colour,
        card: Territory,
        by_bagless: bool,
    },
    SigmaDrawn {
        player: Colour,
        by_bagless: bool,
    },
    /// COMMENT GAGNER ?: the winner (several if tied) and the counts.
    GameOver {
        ending: Ending,
        winners: Vec<Colour>,
        counts: Vec<Count>,
    },
    Adjusted {
        territory: Territory,
        owner: Colour,
        assassins: u32,
        previous_owner: Colour,
        previous_assassins: u32,
        reason: String,
    },
    EntryUndone {
        seq: u32,
    },
    EntryRedone {
        seq: u32,
    },
}

impl Event {
    /// A player's input (the first event a command gives), not an event
    /// derived from one, nor an undo/redo marker.
    pub fn is_entry(&self) -> bool {
        !matches!(
            self,
            Event::TurnStarted { .. }
                | Event::TerritoryConquered { .. }
                | Event::BrotherhoodEliminated { .. }
                | Event::NeutralCardsCaptured { .. }
                | Event::DeckReshuffled { .. }
                | Event::CardDrawn { .. }
                | Event::SigmaDrawn { .. }
                | Event::GameOver { .. }
                | Event::EntryUndone { .. }
                | Event::EntryRedone { .. }
        )
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}
