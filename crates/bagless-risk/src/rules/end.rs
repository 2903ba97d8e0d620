//! **4. TIREZ UNE CARTE SI VOUS LE POUVEZ**, COMMENT GAGNER ?, VARIANTES DE JEU.
//!
//! - "Si vous avez conquis avec succès au moins un territoire adverse, vous
//!   pouvez tirer la première carte ... Vous pouvez seulement tirer une carte".
//! - "Lorsque la carte Équipe Sigma est tirée, la partie se termine
//!   immédiatement ... Celui qui en a le plus sous sa domination remporte la
//!   partie"; "Si un joueur possède l'intégralité des territoires de la
//!   carte, il gagne immédiatement la partie".
//! - Without the Sigma card, "mélanger la pile de défausse et de créer
//!   ainsi une nouvelle pile".
//! - "vous pouvez tirer": edition 1 always draws after a conquest; edition
//!   2 draws by default and lets the player decline (`decline`), the
//!   table's reading (assumption `draw_after_conquest`).

use super::chance::{Chance, Draw};
use super::{after, playing, reinforcement, two_players};
use crate::model::events::{Ending, Event};
use crate::model::ids::{Colour, Territory};
use crate::model::state::{Game, Phase};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use rand::Rng;
use strum::EnumCount;

/// The next player in order of play who still holds a territory.
pub fn next_player(game: &Game, current: Colour) -> Colour {
    let n = game.players.len();
    let at = game
        .players
        .iter()
        .position(|p| p.colour == current)
        .unwrap_or(0);
    (1..=n)
        .map(|i| game.players[(at + i) % n].colour)
        .find(|c| game.territories_held(*c) > 0)
        .unwrap_or(current)
}

/// The events that follow a conquest: the loser eliminated (a neutral's
/// cards captured), and the game won at once when one player is left.
pub fn after_conquest(game: &Game, player: Colour, loser: Colour) -> Vec<Event> {
    let mut events = Vec::new();
    if game.territories_held(loser) == 0 {
        events.push(Event::BrotherhoodEliminated {
            colour: loser,
            by: player,
        });
        events.extend(two_players::capture(game, player, loser));
    }
    let standing: Vec<Colour> = game
        .players
        .iter()
        .map(|p| p.colour)
        .filter(|c| game.territories_held(*c) > 0)
        .collect();
    if standing == [player] {
        let ending = if game.territories_held(player) as usize == Territory::COUNT {
            Ending::AllTerritories
        } else {
            Ending::OpponentEliminated
        };
        events.push(Event::GameOver {
            ending,
            winners: vec![player],
            counts: game.counts(),
        });
    }
    events
}

/// COMMENT GAGNER ?: the players holding the most territories (the
/// neutrals do not win).
pub fn leaders(game: &Game) -> Vec<Colour> {
    let most = game
        .players
        .iter()
        .map(|p| game.territories_held(p.colour))
        .max()
        .unwrap_or(0);
    game.players
        .iter()
        .map(|p| p.colour)
        .filter(|c| game.territories_held(*c) == most)
        .collect()
}

/// LES CARTES TERRITOIRE: once the pile is out (the Sigma card too), the
/// cards traded in are shuffled into a new pile before the next draw.
pub fn reshuffles(game: &Game) -> bool {
    game.deck.is_empty() && !game.sigma_in_deck && !game.discard.is_empty()
}

/// The territory cards the next draw may give: the pile's, or once it is
/// out, those traded in that are shuffled into a new one ([`reshuffles`]).
pub fn drawable(game: &Game) -> &[Territory] {
    if reshuffles(game) {
        &game.discard
    } else {
        &game.deck
    }
}

/// The card Bagless draws from the pile of `size` cards (`deck`, then the
/// Sigma card if it is in): at random with the seed, or the one a file
/// recorded, which must be in the pile. A file that shows no draw where the
/// rules draw gets the first card, so what it lacks shows.
fn pick(
    game: &Game,
    deck: &[Territory],
    size: usize,
    chance: Chance,
) -> Result<usize, RuleViolation> {
    match chance.draw() {
        None => Ok(chance.rng(0, Section::DrawACard)?.random_range(0..size)),
        Some(None) => Ok(0),
        Some(Some(Draw::Card(card))) => deck.iter().position(|c| *c == card).ok_or_else(|| {
            refuse(
                RuleCode::CardNotInDeck,
                Section::DrawACard,
                format!("{} is not in the pile.", card.id()),
            )
            .with_id("territory", card)
        }),
        Some(Some(Draw::Sigma)) if game.sigma_in_deck => Ok(deck.len()),
        Some(Some(Draw::Sigma)) => Err(refuse(
            RuleCode::CardNotInDeck,
            Section::DrawACard,
            "The Sigma card is not in the pile.",
        )
        .with("territory", "sigma")),
    }
}

/// The card the turn's end draws: as entered, none when declined or when
/// nothing was conquered, or (edition 1 always) Bagless's draw.
pub(crate) struct TurnEnd {
    pub card: Option<Territory>,
    pub sigma: bool,
    pub decline: bool,
}

pub(crate) fn end_turn(
    game: &Game,
    draw: TurnEnd,
    chance: Chance,
) -> Result<Vec<Event>, RuleViolation> {
    let TurnEnd {
        card,
        sigma,
        decline,
    } = draw;
    let turn = playing(game)?;
    if !matches!(game.phase, Phase::Attack | Phase::Manoeuvre) {
        return Err(refuse(
            RuleCode::EndTurnNotNow,
            Section::HowToPlay,
            "A turn ends after the placement: place, attack, manoeuvre, draw.",
        ));
    }
    super::reinforcement::traded_assassins_placed(game, turn)?;
    let player = turn.player;
    if decline && !game.follows_edition_2() {
        return Err(refuse(
            RuleCode::DrawDeclineEdition,
            Section::DrawACard,
            "This game follows edition 1 of Bagless's reading: the card is drawn after a conquest.",
        ));
    }
    let entered = card.is_some() || sigma;
    if decline && entered {
        return Err(refuse(
            RuleCode::DrawDeclinedEntered,
            Section::DrawACard,
            "A card declined is not drawn: enter none.",
        ));
    }
    let declined = decline && turn.conquered;
    let mut events = vec![Event::TurnEnded { player, declined }];
    if declined {
        // "vous pouvez tirer": the player chose not to draw.
    } else if !turn.conquered {
        if entered {
            return Err(refuse(
                RuleCode::DrawNotAllowed,
                Section::DrawACard,
                "No territory conquered this turn: no card is drawn.",
            ));
        }
    } else if sigma {
        if !game.sigma_in_deck {
            return Err(refuse(
                RuleCode::CardNotInDeck,
                Section::DrawACard,
                "The Sigma card is not in the pile.",
            )
            .with("territory", "sigma"));
        }
        events.push(Event::SigmaDrawn {
            player,
            by_bagless: false,
        });
    } else if let Some(card) = card {
        if !game.deck.contains(&card) {
            if reshuffles(game) && game.discard.contains(&card) {
                events.push(Event::DeckReshuffled {
                    cards: game.discard.clone(),
                });
            } else {
                return Err(refuse(
                    RuleCode::CardNotInDeck,
                    Section::DrawACard,
                    format!("{} is not in the pile.", card.id()),
                )
                .with_id("territory", card));
            }
        }
        events.push(Event::CardDrawn {
            player,
            card,
            by_bagless: false,
        });
    } else {
        let mut deck = game.deck.clone();
        if reshuffles(game) {
            events.push(Event::DeckReshuffled {
                cards: game.discard.clone(),
            });
            deck = game.discard.clone();
            deck.sort();
        }
        let size = deck.len() + usize::from(game.sigma_in_deck);
        if size > 0 {
            let pick = pick(game, &deck, size, chance)?;
            match deck.get(pick) {
                Some(card) => events.push(Event::CardDrawn {
                    player,
                    card: *card,
                    by_bagless: true,
                }),
                None => events.push(Event::SigmaDrawn {
                    player,
                    by_bagless: true,
                }),
            }
        }
    }
    let next = after(game, &events);
    if matches!(events.last(), Some(Event::SigmaDrawn { .. })) {
        events.push(Event::GameOver {
            ending: Ending::SigmaDrawn,
            winners: leaders(&next),
            counts: next.counts(),
        });
        return Ok(events);
    }
    let following = next_player(&next, player);
    events.push(reinforcement::turn_start(
        &next,
        following,
        turn.number + 1,
    )?);
    Ok(events)
}
