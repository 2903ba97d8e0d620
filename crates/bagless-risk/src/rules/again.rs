//! An entry read from a file decided again (SAVING THE GAME: a game is
//! only believed as its rules would have written it). The entry is turned
//! back into the command the players gave, with what chance gave entered
//! as the table would enter it (the dice's faces, the deal, the card drawn),
//! and decided by [`decide_with`], so every rule of the summary applies.
//! Where Bagless drew it, the draw is taken from the file and checked to be
//! one the rules could make ([`Chance::Recorded`]); `by_bagless` comes back
//! as recorded.

use super::chance::Chance;
use super::decide_with;
use super::invariants;
use crate::model::box_values::BoxValue;
use crate::model::commands::{Command, DealtCard};
use crate::model::events::{Dealt, Event};
use crate::model::state::{evolve, Game, Phase};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use chrono::{DateTime, Utc};

impl bagless_game::Rules for Game {
    type Event = Event;
    type Refusal = RuleViolation;
    /// 2: the battle as seed 004 writes it (DÉPLACEZ-VOUS, LANCEZ LES DÉS,
    /// COMBAT, ATAQUES SUPPLÉMENTAIRES, ■ CARTES APTITUDE).
    /// 3 (issue 55): after a retreat, "vous pouvez attaquer d'autres
    /// territoires" (not the one retreated from, this turn); an aptitude
    /// card that gives assassins may be kept and played later ("Les autres
    /// cartes peuvent être conservées et jouées à tout moment").
    const EDITION: u32 = 3;

    fn evolve(&mut self, event: &Event) {
        evolve(self, event)
    }

    fn decide_again(
        &self,
        recorded: &[Event],
        _now: DateTime<Utc>,
    ) -> Result<Vec<Event>, RuleViolation> {
        if let Some(Event::EditionChanged { .. }) = recorded.first() {
            return self.edition_step().ok_or_else(|| {
                refuse(
                    RuleCode::EditionNotDue,
                    Section::SavingTheGame,
                    "A game moves to a newer edition of the rules only at the start of a turn, once.",
                )
            });
        }
        let command = recorded
            .first()
            .and_then(|entry| command_of(self, entry, &recorded[1..]))
            .ok_or_else(|| {
                refuse(
                    RuleCode::GoBackUnknown,
                    Section::SavingTheGame,
                    "That event is not an entry: no command of the players gives it.",
                )
            })?;
        decide_with(self, &command, Chance::Recorded(recorded))
    }

    fn invariants(&self) -> Vec<String> {
        invariants::broken(self)
    }

    fn played_edition(&self) -> u32 {
        self.edition
    }

    /// Between two turns: set up and not over, and the turn under way (if
    /// any) not begun: nothing placed, traded, claimed, turned over or given
    /// to a neutral yet.
    fn at_clean_point(&self) -> bool {
        match self.phase {
            Phase::NotCreated | Phase::Over => false,
            Phase::DealingTerritories | Phase::DealingCards => true,
            Phase::Attack | Phase::Manoeuvre => false,
            Phase::Placement => self.turn.as_ref().is_some_and(|t| {
                t.placed == 0
                    && !t.aptitude_revealed
                    && !t.neutral_reinforced
                    && t.reinforcements.iter().all(|r| {
                        !matches!(
                            r,
                            crate::model::events::Reinforcement::Trade { .. }
                                | crate::model::events::Reinforcement::Mission { .. }
                                | crate::model::events::Reinforcement::Aptitude { .. }
                        )
                    })
            }),
        }
    }

    fn edition_step(&self) -> Option<Vec<Event>> {
        bagless_game::edition_due(self).map(|(from, to)| vec![Event::EditionChanged { from, to }])
    }
}

/// The command the players gave for `entry`, followed in the file by
/// `derived`; None for an event no command starts with.
fn command_of(game: &Game, entry: &Event, derived: &[Event]) -> Option<Command> {
    Some(match entry.clone() {
        Event::GameCreated {
            players,
            sigma,
            box_values,
            edition,
            ..
        } => Command::CreateGame {
            players,
            sigma,
            box_values,
            edition: Some(edition),
        },
        Event::BoxValueSet { value } => Command::SetBoxValue { value },
        Event::TerritoriesDealt {
            holdings,
            crests,
            by_bagless,
            ..
        } => Command::DealTerritories {
            deal: (!by_bagless).then(|| deal_entered(&holdings, &crests)),
        },
        Event::CardsDealt {
            fragments,
            neutral_stacks,
            by_bagless,
            ..
        } => Command::DealCards {
            fragments: (!by_bagless).then_some(fragments),
            neutral_stacks: (!by_bagless).then_some(neutral_stacks),
        },
        Event::AssassinsPlaced {
            territory, count, ..
        } => Command::Place { territory, count },
        Event::CardsTraded { cards, .. } => Command::TradeCards { cards },
        Event::FragmentClaimed { fragment, .. } => Command::ClaimFragment { fragment },
        Event::AptitudeRevealed {
            gain,
            losses,
            reason,
            ..
        } => Command::RevealAptitude {
            gain,
            losses,
            reason,
        },
        Event::NeutralReinforced { placements, .. } => Command::ReinforceNeutral { placements },
        Event::PlacementEnded { .. } => Command::EndPlacement,
        Event::DiceRolled {
            player,
            from,
            to,
            attack,
            defence,
            by_bagless,
            ..
        } => Command::Attack {
            from,
            to,
            attackers: u8::try_from(attackers_of(game, player, attack.len())).unwrap_or(u8::MAX),
            dice: (!by_bagless).then_some(attack),
            defence_dice: (!by_bagless).then_some(defence),
        },
        Event::MovedIn { count, .. } => Command::MoveIn { count },
        Event::Retreated { .. } => Command::Retreat,
        Event::AptitudePlayed {
            player,
            card,
            extra_die,
        } => Command::PlayAptitude {
            player,
            card: game
                .player(player)
                .and_then(|p| p.aptitude_held.iter().position(|c| *c == card))
                .map_or(u32::MAX, |at| at as u32),
            extra_die,
        },
        Event::AptitudeUsed {
            player, card, gain, ..
        } => Command::UseAptitude {
            card: game
                .player(player)
                .and_then(|p| p.aptitude_held.iter().position(|c| *c == card))
                .map_or(u32::MAX, |at| at as u32),
            gain,
        },
        Event::AttacksEnded { .. } => Command::EndAttacks,
        Event::Manoeuvred {
            from, to, count, ..
        } => Command::Manoeuvre { from, to, count },
        Event::TurnEnded { declined, .. } => end_turn_entered(declined, derived),
        Event::Adjusted {
            territory,
            owner,
            assassins,
            reason,
            ..
        } => Command::Adjust {
            territory,
            owner: Some(owner),
            assassins,
            reason,
        },
        Event::TurnStarted { .. }
        | Event::TerritoryConquered { .. }
        | Event::BrotherhoodEliminated { .. }
        | Event::NeutralCardsCaptured { .. }
        | Event::DeckReshuffled { .. }
        | Event::CardDrawn { .. }
        | Event::SigmaDrawn { .. }
        | Event::GameOver { .. }
        | Event::EditionChanged { .. }
        | Event::EntryUndone { .. }
        | Event::EntryRedone { .. } => return None,
    })
}

/// LANCEZ LES DÉS: the assassins a roll of `dice` attacking dice engaged —
/// its dice, less those aptitude cards played for it gave (edition 2).
fn attackers_of(game: &Game, player: crate::model::ids::Colour, dice: usize) -> u32 {
    let extra = game.turn.as_ref().map_or(0, |t| t.extra_dice(player));
    (dice as u32).saturating_sub(extra)
}

/// MISE EN PLACE 3–4 as entered at the table: each card to its holder, the
/// crests read off the cards where the pack does not print them, in the
/// order they were read (the event keeps that order).
fn deal_entered(holdings: &[Dealt], crests: &[BoxValue]) -> Vec<DealtCard> {
    let read = |territory| {
        crests.iter().find_map(|value| match value {
            BoxValue::Crests {
                territory: t,
                crests,
            } if *t == territory => Some(*crests),
            _ => None,
        })
    };
    let card = |d: &Dealt| DealtCard {
        territory: d.territory,
        owner: d.owner,
        crests: read(d.territory),
    };
    let mut deal: Vec<DealtCard> = crests
        .iter()
        .filter_map(|value| match value {
            BoxValue::Crests { territory, .. } => {
                holdings.iter().find(|d| d.territory == *territory)
            }
            _ => None,
        })
        .map(card)
        .collect();
    let rest: Vec<DealtCard> = holdings
        .iter()
        .filter(|d| !deal.iter().any(|c| c.territory == d.territory))
        .map(card)
        .collect();
    deal.extend(rest);
    deal
}

/// **4. TIREZ UNE CARTE SI VOUS LE POUVEZ** as entered: the card drawn at the
/// table, or none (no conquest, drawn by Bagless, or declined).
fn end_turn_entered(decline: bool, derived: &[Event]) -> Command {
    let (card, sigma) = derived
        .iter()
        .find_map(|event| match event {
            Event::CardDrawn {
                card,
                by_bagless: false,
                ..
            } => Some((Some(*card), false)),
            Event::SigmaDrawn {
                by_bagless: false, ..
            } => Some((None, true)),
            _ => None,
        })
        .unwrap_or((None, false));
    Command::EndTurn {
        card,
        sigma,
        decline,
    }
}
