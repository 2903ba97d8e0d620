//! What the players ask Bagless to do. Each is decided by [`crate::decide`]
//! into events, or refused with the summary's heading.

use crate::model::box_values::BoxValue;
use crate::model::ids::{Colour, Territory};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A player at the table: a name and the colour of their brotherhood.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Seat {
    pub name: String,
    pub colour: Colour,
}

/// A territory as dealt at the table (MISE EN PLACE 3–4): who got its card,
/// and, read off the card if Bagless does not know them yet, its crests.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct DealtCard {
    pub territory: Territory,
    pub owner: Colour,
    #[serde(default)]
    pub crests: Option<u8>,
}

/// A player's memory-fragment cards (MISE EN PLACE 6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct FragmentHand {
    pub colour: Colour,
    pub fragments: Vec<u8>,
}

/// The 3 territory cards under a neutral brotherhood's assassin (PARTIE À 2
/// JOUEURS, MISE EN PLACE 4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct NeutralStack {
    pub colour: Colour,
    pub cards: Vec<Territory>,
}

/// Assassins put on, or taken off, a territory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct TerritoryCount {
    pub territory: Territory,
    pub count: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
#[ts(export, export_to = "risk/")]
pub enum Command {
    /// MISE EN PLACE 1–2: the brotherhoods, in order of play (2 to 5), and
    /// whether the Sigma card is in the game (VARIANTES DE JEU: without it).
    /// `box_values` are those the app remembers for the box.
    CreateGame {
        players: Vec<Seat>,
        #[serde(default = "yes")]
        sigma: bool,
        #[serde(default)]
        box_values: Vec<BoxValue>,
        /// The edition of the rules to play under: None, this Bagless's
        /// (`bagless_game::Rules::EDITION`); an older one only to decide an
        /// old log again.
        #[serde(default)]
        #[ts(optional)]
        edition: Option<u32>,
    },
    /// A number the box prints, entered once.
    SetBoxValue { value: BoxValue },
    /// MISE EN PLACE 3–4: the 42 territory cards as dealt at the table, or
    /// (None) dealt by Bagless with the context's seed.
    DealTerritories {
        #[serde(default)]
        deal: Option<Vec<DealtCard>>,
    },
    /// MISE EN PLACE 5–7 (PARTIE À 2 JOUEURS 4–6): the memory fragments and,
    /// in a 2-player game, the neutrals' 3 cards each; None: dealt by
    /// Bagless. The aptitude cards stay face down and are only counted.
    DealCards {
        #[serde(default)]
        fragments: Option<Vec<FragmentHand>>,
        #[serde(default)]
        neutral_stacks: Option<Vec<NeutralStack>>,
    },
    /// **1. PLACEZ VOS ASSASSINS**: some of the turn's new assassins on a
    /// territory the player holds.
    Place { territory: Territory, count: u32 },
    /// ÉCHANGER DES CARTES: territory cards for assassins, by their crests.
    TradeCards { cards: Vec<Territory> },
    /// ACCOMPLIR DES MISSIONS: a memory fragment's mission met.
    ClaimFragment { fragment: u8 },
    /// CARTES APTITUDE: a card turned over, its effect entered: assassins
    /// gained for this turn's placement and assassins lost from the board.
    RevealAptitude {
        #[serde(default)]
        gain: u32,
        #[serde(default)]
        losses: Vec<TerritoryCount>,
        reason: String,
    },
    /// PARTIE À 2 JOUEURS: this turn's 3 assassins for one neutral.
    ReinforceNeutral { placements: Vec<TerritoryCount> },
    /// The placement done: on to 2. ATTAQUEZ.
    EndPlacement,
    /// LANCEZ LES DÉS: one roll of `attackers` dice (1 to 3) from `from` at
    /// `to`. Faces entered from the table, or (None) rolled by Bagless.
    Attack {
        from: Territory,
        to: Territory,
        attackers: u8,
        #[serde(default)]
        dice: Option<Vec<u8>>,
        #[serde(default)]
        defence_dice: Option<Vec<u8>>,
    },
    /// After a conquest, more assassins follow the attackers in (edition 1
    /// only: from edition 2 the force's survivors hold the territory).
    MoveIn { count: u32 },
    /// DÉPLACEZ-VOUS (edition 2): the attacker withdraws the force still
    /// fighting, which comes back to the territory it left.
    Retreat,
    /// ■ CARTES APTITUDE (edition 2): `player` (the attacker, or the
    /// defender of the battle under way) plays the aptitude card it holds
    /// for combat at `card` (its place among those held, from 0) for the
    /// next roll; `extra_die` when the card gives that side one more die
    /// (the faces entered then follow the card).
    PlayAptitude {
        player: Colour,
        card: u32,
        #[serde(default)]
        extra_die: bool,
    },
    /// LES CARTES APTITUDE (edition 3): "Les autres cartes peuvent être
    /// conservées et jouées à tout moment" — the player whose turn it is
    /// plays the card it kept at `card` (its place among those held, from
    /// 0) for the `gain` assassins it gives, placed before the next attack.
    UseAptitude { card: u32, gain: u32 },
    /// The attacks done: on to 3. MANŒUVREZ VOTRE CONFRÉRIE.
    EndAttacks,
    /// **3. MANŒUVREZ VOTRE CONFRÉRIE**: the turn's one move.
    Manoeuvre {
        from: Territory,
        to: Territory,
        count: u32,
    },
    /// **4. TIREZ UNE CARTE SI VOUS LE POUVEZ**, then the next player's turn.
    /// The card drawn at the table (`card`, or `sigma`), or drawn by Bagless.
    EndTurn {
        #[serde(default)]
        card: Option<Territory>,
        #[serde(default)]
        sigma: bool,
        /// Edition 2: "vous pouvez tirer" — the player declines the card
        /// a conquest lets them draw (the table's reading).
        #[serde(default)]
        decline: bool,
    },
    /// A correction at the table: a territory's count (and owner) set, with why.
    Adjust {
        territory: Territory,
        #[serde(default)]
        owner: Option<Colour>,
        assassins: u32,
        reason: String,
    },
}

fn yes() -> bool {
    true
}
