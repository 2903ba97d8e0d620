//! The game as it stands, and [`evolve`], the one place it changes. Whose
//! turn and which phase are in the state, so a game quit mid-phase resumes
//! exactly there.

use crate::model::box_values::BoxValues;
use crate::model::commands::Seat;
use crate::model::events::{Count, Ending, Event, Reinforcement};
use crate::model::ids::{Colour, Territory};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::TS;

mod attack;

/// A territory's holder and count. `held_since` is the holder's turn from
/// whose end it counts as held (ACCOMPLIR DES MISSIONS: "pendant 3 tours").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Holding {
    pub owner: Colour,
    pub assassins: u32,
    pub held_since: u32,
}

/// A player's brotherhood and hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Player {
    pub name: String,
    pub colour: Colour,
    /// LES CARTES TERRITOIRE: the player's own pile.
    pub cards: Vec<Territory>,
    pub fragments: Vec<u8>,
    pub fragments_used: Vec<u8>,
    /// LES CARTES APTITUDE: face down, not looked at.
    pub aptitude_hidden: u32,
    pub aptitude_revealed: u32,
    /// ■ CARTES APTITUDE (edition 2): the cards turned over and kept to serve
    /// in a combat ("si vous l'avez fait et que vous l'avez conservée"),
    /// by their words, not played yet.
    #[serde(default)]
    pub aptitude_held: Vec<String>,
    /// The player's turns begun so far.
    pub turns: u32,
    /// ACCOMPLIR DES MISSIONS (edition 2): the spells the player held a
    /// territory and lost it, in the player's turn ends, so a mission
    /// accomplished stays accomplished.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub held_before: Vec<HeldSpell>,
    /// S'EMPARER D'UNE FACTION D'ASSASSINS NEUTRE (edition 2): the cards
    /// captured from a neutral still in hand, traded "quand vous le
    /// souhaitez".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub captured: Vec<Territory>,
}

/// A territory held, then lost: held at the end of the holder's turns
/// `first` to `last`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct HeldSpell {
    pub territory: Territory,
    pub first: u32,
    pub last: u32,
}

/// Where the game stands.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "risk/")]
pub enum Phase {
    #[default]
    NotCreated,
    /// MISE EN PLACE 3–4: the territories to deal.
    DealingTerritories,
    /// MISE EN PLACE 5–7: the cards to deal.
    DealingCards,
    /// **1. PLACEZ VOS ASSASSINS**.
    Placement,
    /// **2. ATTAQUEZ**.
    Attack,
    /// **3. MANŒUVREZ VOTRE CONFRÉRIE**.
    Manoeuvre,
    /// COMMENT GAGNER ?: the game is over.
    Over,
}

/// The turn under way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Turn {
    pub player: Colour,
    pub number: u32,
    pub reinforcements: Vec<Reinforcement>,
    pub placed: u32,
    pub aptitude_revealed: bool,
    pub neutral_reinforced: bool,
    /// At least one territory conquered (4. TIREZ UNE CARTE SI VOUS LE POUVEZ).
    pub conquered: bool,
    /// ATAQUES SUPPLÉMENTAIRES: beaten, the player launches no more attacks.
    pub attacks_over: bool,
    /// The conquest more assassins may still follow into: (from, to).
    pub last_conquest: Option<(Territory, Territory)>,
    pub manoeuvred: bool,
    /// The turn's last roll of the dice, for the map to show (COMBAT).
    #[serde(default)]
    pub last_roll: Option<LastRoll>,
    /// DÉPLACEZ-VOUS (edition 2): the attack under way, its force across the
    /// line (still counted on the territory it left until it conquers).
    #[serde(default)]
    pub battle: Option<Battle>,
    /// ■ CARTES APTITUDE (edition 2): the cards played for the next roll.
    #[serde(default)]
    pub cards_in_play: Vec<CardInPlay>,
    /// Edition 2: new assassins the player chose not to place, not kept.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub forgone: u32,
    /// ATAQUES SUPPLÉMENTAIRES (edition 3): the territories the player
    /// retreated from this turn; "vous pouvez attaquer d'autres
    /// territoires", not these again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retreated_from: Vec<Territory>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// DÉPLACEZ-VOUS / LANCEZ LES DÉS (edition 2): an attack under way. `force`
/// is the assassins still fighting across the line (at most 3, never
/// replaced: "Si vous perdez 1 Assassin et que vous poursuivez l'attaque
/// avec 2, vous n'utiliserez que 2 dés").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Battle {
    pub from: Territory,
    pub to: Territory,
    pub force: u32,
}

/// An aptitude card played for the next roll: by whom, and whether it gives
/// that side one more die.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct CardInPlay {
    pub player: Colour,
    pub card: String,
    pub extra_die: bool,
}

/// One roll of the dice as the table saw it: the faces highest first,
/// what each side lost, and whether it took the territory.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct LastRoll {
    pub from: Territory,
    pub to: Territory,
    pub attack: Vec<u8>,
    pub defence: Vec<u8>,
    pub attacker_losses: u32,
    pub defender_losses: u32,
    pub conquered: bool,
}

impl Turn {
    /// The turn's reinforcements, every line added up.
    pub fn total(&self) -> u32 {
        self.reinforcements
            .iter()
            .map(Reinforcement::assassins)
            .sum()
    }

    /// The new assassins not yet placed.
    pub fn pool(&self) -> u32 {
        self.total()
            .saturating_sub(self.placed)
            .saturating_sub(self.forgone)
    }

    /// ■ CARTES APTITUDE: the dice more `player` rolls next, from the cards
    /// played for that roll.
    pub fn extra_dice(&self, player: Colour) -> u32 {
        self.cards_in_play
            .iter()
            .filter(|c| c.player == player && c.extra_die)
            .count() as u32
    }
}

/// How the game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Outcome {
    pub ending: Ending,
    pub winners: Vec<Colour>,
    pub counts: Vec<Count>,
}

/// The game. `Default` is a game not yet created.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Game {
    pub phase: Phase,
    /// The edition of Bagless's reading of the rules the game is played
    /// under (`bagless_game::Rules::played_edition`).
    #[serde(default = "bagless_game::first_edition")]
    pub edition: u32,
    /// The players, in order of play.
    pub players: Vec<Player>,
    /// PARTIE À 2 JOUEURS: the three neutral brotherhoods.
    pub neutrals: Vec<Colour>,
    /// The 3 cards under each neutral's assassin.
    pub neutral_stacks: BTreeMap<Colour, Vec<Territory>>,
    /// Whether the Sigma card is in the game (VARIANTES DE JEU).
    pub sigma: bool,
    pub box_values: BoxValues,
    pub map: BTreeMap<Territory, Holding>,
    /// The territory cards in the pile (sorted: Bagless draws at random).
    pub deck: Vec<Territory>,
    pub sigma_in_deck: bool,
    /// Cards traded in.
    pub discard: Vec<Territory>,
    pub turn: Option<Turn>,
    pub outcome: Option<Outcome>,
}

impl Game {
    pub fn holding(&self, t: Territory) -> Option<&Holding> {
        self.map.get(&t)
    }

    pub fn owner(&self, t: Territory) -> Option<Colour> {
        self.map.get(&t).map(|h| h.owner)
    }

    pub fn assassins(&self, t: Territory) -> u32 {
        self.map.get(&t).map_or(0, |h| h.assassins)
    }

    /// Edition 2: the battle follows DÉPLACEZ-VOUS, LANCEZ LES DÉS, COMBAT and
    /// ATAQUES SUPPLÉMENTAIRES as the seed writes them (a force of at most 3,
    /// losses not replaced, no move-in after a conquest, aptitude cards in
    /// combat).
    pub fn follows_edition_2(&self) -> bool {
        self.edition >= 2
    }

    /// Edition 3 (issue 55): a territory retreated from is not attacked
    /// again that turn (ATAQUES SUPPLÉMENTAIRES), and an aptitude card that
    /// gives assassins may be kept and played later (LES CARTES APTITUDE).
    pub fn follows_edition_3(&self) -> bool {
        self.edition >= 3
    }

    pub fn player(&self, colour: Colour) -> Option<&Player> {
        self.players.iter().find(|p| p.colour == colour)
    }

    fn player_mut(&mut self, colour: Colour) -> Option<&mut Player> {
        self.players.iter_mut().find(|p| p.colour == colour)
    }

    pub fn is_neutral(&self, colour: Colour) -> bool {
        self.neutrals.contains(&colour)
    }

    /// Every brotherhood in the game: the players, then the neutrals.
    pub fn brotherhoods(&self) -> Vec<Colour> {
        self.players
            .iter()
            .map(|p| p.colour)
            .chain(self.neutrals.iter().copied())
            .collect()
    }

    pub fn territories_held(&self, colour: Colour) -> u32 {
        self.map.values().filter(|h| h.owner == colour).count() as u32
    }

    pub fn total_assassins(&self) -> u64 {
        self.map.values().map(|h| u64::from(h.assassins)).sum()
    }

    /// Whose turn it is.
    pub fn current(&self) -> Option<Colour> {
        self.turn.as_ref().map(|t| t.player)
    }

    /// The counts at the end, every brotherhood.
    pub fn counts(&self) -> Vec<Count> {
        self.brotherhoods()
            .into_iter()
            .map(|colour| Count {
                colour,
                territories: self.territories_held(colour),
            })
            .collect()
    }

    /// The holder's turn from whose end a territory taken now counts as held.
    fn held_since(&self, owner: Colour) -> u32 {
        let turns = self.player(owner).map_or(0, |p| p.turns);
        if self.current() == Some(owner) {
            turns
        } else {
            turns + 1
        }
    }

    fn add(&mut self, t: Territory, count: u32) {
        if let Some(h) = self.map.get_mut(&t) {
            h.assassins = h.assassins.saturating_add(count);
        }
    }

    /// Takes assassins off, never below `floor`.
    /// ACCOMPLIR DES MISSIONS (edition 2): `t` about to pass to `owner`:
    /// the spell its player holder held it is kept.
    fn record_loss(&mut self, t: Territory, owner: Colour) {
        let Some(h) = self.holding(t).copied() else {
            return;
        };
        let during_own_turn = self.current() == Some(h.owner);
        if !self.follows_edition_2() || h.owner == owner {
            return;
        }
        if let Some(p) = self.player_mut(h.owner) {
            let last = if during_own_turn {
                p.turns.saturating_sub(1)
            } else {
                p.turns
            };
            if last >= h.held_since {
                p.held_before.push(HeldSpell {
                    territory: t,
                    first: h.held_since,
                    last,
                });
            }
        }
    }

    fn remove(&mut self, t: Territory, count: u32, floor: u32) {
        if let Some(h) = self.map.get_mut(&t) {
            h.assassins = h.assassins.saturating_sub(count).max(floor);
        }
    }
}

/// Seats as players, before any card is dealt.
fn players_of(seats: &[Seat]) -> Vec<Player> {
    seats
        .iter()
        .map(|s| Player {
            name: s.name.clone(),
            colour: s.colour,
            cards: Vec::new(),
            fragments: Vec::new(),
            fragments_used: Vec::new(),
            aptitude_hidden: 0,
            aptitude_revealed: 0,
            aptitude_held: Vec::new(),
            turns: 0,
            held_before: Vec::new(),
            captured: Vec::new(),
        })
        .collect()
}

/// Applies one event. Total: an event that does not fit the state (only a
/// hand-made log can hold one) changes what it can and nothing else.
pub fn evolve(game: &mut Game, event: &Event) {
    match event {
        Event::GameCreated { .. }
        | Event::EditionChanged { .. }
        | Event::BoxValueSet { .. }
        | Event::TerritoriesDealt { .. }
        | Event::CardsDealt { .. } => set_up(game, event),
        Event::TurnStarted { .. }
        | Event::AssassinsPlaced { .. }
        | Event::CardsTraded { .. }
        | Event::FragmentClaimed { .. }
        | Event::AptitudeRevealed { .. }
        | Event::NeutralReinforced { .. }
        | Event::AptitudeUsed { .. }
        | Event::PlacementEnded { .. } => placement(game, event),
        Event::DiceRolled { .. }
        | Event::TerritoryConquered { .. }
        | Event::NeutralCardsCaptured { .. }
        | Event::MovedIn { .. }
        | Event::Retreated { .. }
        | Event::AptitudePlayed { .. }
        | Event::AttacksEnded { .. } => attack::evolve(game, event),
        Event::Manoeuvred { .. }
        | Event::DeckReshuffled { .. }
        | Event::CardDrawn { .. }
        | Event::SigmaDrawn { .. }
        | Event::GameOver { .. } => turn_end(game, event),
        Event::Adjusted {
            territory,
            owner,
            assassins,
            ..
        } => {
            game.record_loss(*territory, *owner);
            let held_since = match game.holding(*territory) {
                Some(h) if h.owner == *owner => h.held_since,
                _ => game.held_since(*owner),
            };
            game.map.insert(
                *territory,
                Holding {
                    owner: *owner,
                    assassins: *assassins,
                    held_since,
                },
            );
        }
        // A turn's end changes nothing by itself (the next `TurnStarted`
        // passes the turn on), nor does a brotherhood eliminated (the map
        // already shows it holds nothing).
        Event::TurnEnded { .. }
        | Event::BrotherhoodEliminated { .. }
        | Event::EntryUndone { .. }
        | Event::EntryRedone { .. } => {}
    }
}

/// MISE EN PLACE (and PARTIE À 2 JOUEURS, MISE EN PLACE).
fn set_up(game: &mut Game, event: &Event) {
    match event {
        Event::GameCreated {
            players,
            neutrals,
            sigma,
            box_values,
            edition,
        } => {
            *game = Game {
                phase: Phase::DealingTerritories,
                edition: *edition,
                players: players_of(players),
                neutrals: neutrals.clone(),
                sigma: *sigma,
                ..Game::default()
            };
            for value in box_values {
                game.box_values.record(value);
            }
        }
        Event::EditionChanged { to, .. } => game.edition = *to,
        Event::BoxValueSet { value } => game.box_values.record(value),
        Event::TerritoriesDealt {
            holdings,
            order,
            crests,
            ..
        } => {
            for value in crests {
                game.box_values.record(value);
            }
            game.map = holdings
                .iter()
                .map(|d| {
                    let holding = Holding {
                        owner: d.owner,
                        assassins: d.assassins,
                        held_since: 1,
                    };
                    (d.territory, holding)
                })
                .collect();
            game.players
                .sort_by_key(|p| order.iter().position(|c| *c == p.colour));
            game.phase = Phase::DealingCards;
        }
        Event::CardsDealt {
            fragments,
            neutral_stacks,
            aptitude_each,
            deck,
            ..
        } => {
            for hand in fragments {
                if let Some(p) = game.player_mut(hand.colour) {
                    p.fragments = hand.fragments.clone();
                }
            }
            for p in &mut game.players {
                p.aptitude_hidden = *aptitude_each;
            }
            game.neutral_stacks = neutral_stacks
                .iter()
                .map(|s| (s.colour, s.cards.clone()))
                .collect();
            game.deck = deck.clone();
            game.sigma_in_deck = game.sigma;
        }
        _ => {}
    }
}

/// **1. PLACEZ VOS ASSASSINS**, with ÉCHANGER DES CARTES, ACCOMPLIR DES
/// MISSIONS, CARTES APTITUDE and the neutral's 3 (PARTIE À 2 JOUEURS).
fn placement(game: &mut Game, event: &Event) {
    match event {
        Event::TurnStarted {
            player,
            turn,
            reinforcements,
            ..
        } => {
            if let Some(p) = game.player_mut(*player) {
                p.turns += 1;
            }
            game.turn = Some(Turn {
                player: *player,
                number: *turn,
                reinforcements: reinforcements.clone(),
                placed: 0,
                aptitude_revealed: false,
                neutral_reinforced: false,
                conquered: false,
                attacks_over: false,
                last_conquest: None,
                manoeuvred: false,
                last_roll: None,
                battle: None,
                cards_in_play: Vec::new(),
                forgone: 0,
                retreated_from: Vec::new(),
            });
            game.phase = Phase::Placement;
        }
        Event::AssassinsPlaced {
            territory, count, ..
        } => {
            game.add(*territory, *count);
            if let Some(turn) = game.turn.as_mut() {
                turn.placed += count;
            }
        }
        Event::CardsTraded {
            player,
            cards,
            crests,
            assassins,
        } => {
            if let Some(p) = game.player_mut(*player) {
                p.cards.retain(|c| !cards.contains(c));
                p.captured.retain(|c| !cards.contains(c));
            }
            game.discard.extend(cards.iter().copied());
            if let Some(turn) = game.turn.as_mut() {
                turn.reinforcements.push(Reinforcement::Trade {
                    cards: cards.clone(),
                    crests: *crests,
                    assassins: *assassins,
                });
            }
        }
        Event::FragmentClaimed {
            player,
            fragment,
            assassins,
        } => {
            if let Some(p) = game.player_mut(*player) {
                p.fragments_used.push(*fragment);
            }
            if let Some(turn) = game.turn.as_mut() {
                turn.reinforcements.push(Reinforcement::Mission {
                    fragment: *fragment,
                    assassins: *assassins,
                });
            }
        }
        Event::AptitudeRevealed {
            player,
            gain,
            losses,
            reason,
        } => {
            let held = game.follows_edition_2() && *gain == 0 && losses.is_empty();
            if let Some(p) = game.player_mut(*player) {
                p.aptitude_hidden = p.aptitude_hidden.saturating_sub(1);
                p.aptitude_revealed += 1;
                if held {
                    p.aptitude_held.push(reason.clone());
                }
            }
            // Edition 2: the card may take every assassin off (CARTES
            // APTITUDE: "vous demander d'enlever des Assassins du plateau").
            let floor = u32::from(!game.follows_edition_2());
            for loss in losses {
                game.remove(loss.territory, loss.count, floor);
            }
            if let Some(turn) = game.turn.as_mut() {
                turn.aptitude_revealed = true;
                if *gain > 0 {
                    turn.reinforcements.push(Reinforcement::Aptitude {
                        reason: reason.clone(),
                        assassins: *gain,
                    });
                }
            }
        }
        Event::AptitudeUsed { player, card, gain } => aptitude_used(game, *player, card, *gain),
        Event::NeutralReinforced { placements, .. } => {
            for p in placements {
                game.add(p.territory, p.count);
            }
            if let Some(turn) = game.turn.as_mut() {
                turn.neutral_reinforced = true;
            }
        }
        Event::PlacementEnded { unplaced, .. } => {
            game.phase = Phase::Attack;
            if let Some(turn) = game.turn.as_mut() {
                turn.forgone += unplaced;
            }
        }
        _ => {}
    }
}

/// LES CARTES APTITUDE (edition 3): a kept card played for the assassins
/// it gives: no longer kept, its assassins a line of the turn's.
fn aptitude_used(game: &mut Game, player: Colour, card: &str, gain: u32) {
    if let Some(p) = game.player_mut(player) {
        if let Some(at) = p.aptitude_held.iter().position(|c| c == card) {
            p.aptitude_held.remove(at);
        }
    }
    if let Some(turn) = game.turn.as_mut() {
        turn.reinforcements.push(Reinforcement::Aptitude {
            reason: card.to_string(),
            assassins: gain,
        });
    }
}

/// **3. MANŒUVREZ VOTRE CONFRÉRIE**, **4. TIREZ UNE CARTE SI VOUS LE POUVEZ**,
/// COMMENT GAGNER ?, VARIANTES DE JEU.
fn turn_end(game: &mut Game, event: &Event) {
    match event {
        Event::Manoeuvred {
            from, to, count, ..
        } => {
            game.remove(*from, *count, 1);
            game.add(*to, *count);
            game.phase = Phase::Manoeuvre;
            if let Some(turn) = game.turn.as_mut() {
                turn.manoeuvred = true;
                turn.last_conquest = None;
                // Straight from the attacks: a force across the line is back.
                turn.battle = None;
                turn.cards_in_play.clear();
            }
        }
        Event::DeckReshuffled { cards } => {
            game.discard.retain(|c| !cards.contains(c));
            game.deck.extend(cards.iter().copied());
            game.deck.sort();
            game.deck.dedup();
        }
        Event::CardDrawn { player, card, .. } => {
            game.deck.retain(|c| c != card);
            if let Some(p) = game.player_mut(*player) {
                p.cards.push(*card);
            }
        }
        Event::SigmaDrawn { .. } => game.sigma_in_deck = false,
        Event::GameOver {
            ending,
            winners,
            counts,
        } => {
            game.outcome = Some(Outcome {
                ending: *ending,
                winners: winners.clone(),
                counts: counts.clone(),
            });
            game.phase = Phase::Over;
        }
        _ => {}
    }
}
