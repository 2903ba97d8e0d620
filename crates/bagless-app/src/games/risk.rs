//! RISK Assassin's Creed through the app's door: its rules crate as a
//! [`TableGame`], saved by the store as a [`SavedGame`].

use super::{GameScreen, TableGame};
use crate::{App, AppError};
/// A territory of the board, as the window names the attack it asks odds for.
pub use bagless_risk::Territory as RiskTerritory;
use bagless_risk::{Command, Event, Game, MapView, Odds, SheetView};
/// What the rest of the app, the shell and the CLI name of RISK (the
/// crate's root re-exports them): a player's command, an attack's odds,
/// the pack-up sheet, and a refusal of its rules.
pub use bagless_risk::{
    Command as RiskCommand, Odds as RiskOdds, RuleViolation as RiskViolation,
    SheetView as RiskSheet,
};

/// `campaigns.game` for a game of RISK Assassin's Creed.
pub const KIND: &str = "risk";

/// RISK Assassin's Creed.
pub struct Risk;

saved_game!(Risk, bagless_risk, KIND, "risk-ac");

impl TableGame for Risk {
    type Command = Command;
    type View = MapView;
    type Part = super::Whole;

    rules_decisions!(bagless_risk);

    fn view(state: &Game) -> MapView {
        bagless_risk::map_view(state)
    }

    /// One assassin placed on a territory of the player whose turn it is
    /// while some are to place, else a territory's count corrected.
    fn busy_command(state: &Game, round: u64, _now: crate::DateTime) -> Option<Command> {
        let view = bagless_risk::map_view(state);
        let mine = view
            .territories
            .iter()
            .find(|t| t.owner.is_some() && t.owner == view.current);
        Some(match mine {
            Some(territory) if view.pool > 0 => Command::Place {
                territory: territory.id,
                count: 1,
            },
            _ => {
                let territory = view
                    .territories
                    .get(round as usize % view.territories.len().max(1))?;
                Command::Adjust {
                    territory: territory.id,
                    owner: None,
                    assassins: if territory.assassins == 1 { 2 } else { 1 },
                    reason: format!("write {round}"),
                }
            }
        })
    }

    fn setup_offer() -> Option<Result<serde_json::Value, serde_json::Error>> {
        Some(serde_json::to_value(bagless_risk::setup_offer()))
    }

    fn players(state: &Game) -> Vec<String> {
        state.players.iter().map(|p| p.name.clone()).collect()
    }

    fn round(state: &Game) -> u32 {
        state.turn.as_ref().map_or(0, |t| t.number)
    }

    fn box_name() -> &'static str {
        "RISK Assassin's Creed"
    }

    /// Every brotherhood a player leads, by its colour.
    fn seats(state: &Game) -> Vec<super::seats::Seat> {
        bagless_risk::views::seat::seats(state)
            .into_iter()
            .filter_map(|(colour, name)| {
                let id = serde_json::to_value(colour).ok()?.as_str()?.to_string();
                Some(super::seats::Seat { id, name })
            })
            .collect()
    }

    /// A brotherhood's fragments and missions, the aptitude cards it keeps
    /// (MISE EN PLACE 6: "ne les dévoilez pas aux autres joueurs").
    fn seat_view(state: &Game, seat: &str) -> Option<serde_json::Value> {
        let colour = serde_json::from_value(serde_json::Value::from(seat)).ok()?;
        serde_json::to_value(bagless_risk::views::seat::seat_view(state, colour)?).ok()
    }

    /// A brotherhood's claim (ACCOMPLIR DES MISSIONS) or aptitude card
    /// turned over (CARTES APTITUDE) from its phone, on its own turn.
    fn seat_command(
        state: &Game,
        seat: &str,
        action: serde_json::Value,
    ) -> Result<Command, AppError> {
        let colour = serde_json::from_value(serde_json::Value::from(seat))
            .map_err(|_| super::seats::no_action())?;
        let action = serde_json::from_value(action).map_err(|_| super::seats::no_action())?;
        Ok(bagless_risk::rules::seats::seat_command(
            state, colour, &action,
        )?)
    }

    /// COMMENT GAGNER ?: who holds the most territories once the turns
    /// have begun, who won once the game is over.
    fn standing(state: &Game) -> super::Standing {
        let name = |colour: bagless_risk::Colour| {
            state
                .players
                .iter()
                .find(|p| p.colour == colour)
                .map(|p| p.name.clone())
        };
        match (&state.outcome, &state.turn) {
            (Some(outcome), _) => super::Standing {
                leaders: outcome.winners.iter().filter_map(|c| name(*c)).collect(),
                over: true,
            },
            (None, Some(_)) => super::Standing {
                leaders: bagless_risk::rules::end::leaders(state)
                    .into_iter()
                    .filter_map(name)
                    .collect(),
                over: false,
            },
            (None, None) => super::Standing::default(),
        }
    }

    /// Every event in its own fields, but the deal of the cards: the
    /// memory fragments each player got are secret (MISE EN PLACE 6: "ne
    /// les dévoilez pas aux autres joueurs"), so the history counts them.
    fn history_words(log: &[bagless_game::Envelope<Event>]) -> Option<super::Words> {
        Some(
            log.iter()
                .filter(|envelope| matches!(envelope.event, Event::CardsDealt { .. }))
                .map(|envelope| {
                    let words = bagless_risk::history_words(&envelope.event);
                    (envelope.seq, (words.key, words.params))
                })
                .collect(),
        )
    }

    /// The story: each brotherhood's territories and assassins turn by
    /// turn, conquests, missions and eliminations marked (issue 57).
    fn story(_state: &Game, log: &[bagless_game::Envelope<Event>]) -> super::Told {
        Some(serde_json::to_value(bagless_risk::story_view(log)))
    }

    /// What the entries written since `since` played.
    fn evening(
        _state: &Game,
        log: &[bagless_game::Envelope<Event>],
        since: crate::DateTime,
    ) -> super::Told {
        Some(serde_json::to_value(bagless_risk::evening_view(log, since)))
    }

    /// Every game of the library: games, wins by player, turns.
    fn year(games: &[super::told::Played<Self>]) -> super::Told {
        Some(serde_json::to_value(bagless_risk::year_view(
            games
                .iter()
                .map(|g| (g.record.name.as_str(), g.state.as_ref())),
        )))
    }

    fn box_values_set(events: &[Event]) -> Vec<(String, serde_json::Value)> {
        events
            .iter()
            .flat_map(|event| match event {
                Event::BoxValueSet { value } => vec![value],
                Event::GameCreated { box_values, .. } => box_values.iter().collect(),
                // Crests read off the cards as they were dealt.
                Event::TerritoriesDealt { crests, .. } => crests.iter().collect(),
                _ => vec![],
            })
            .filter_map(|value| Some((value.key(), serde_json::to_value(value).ok()?)))
            .collect()
    }

    fn with_box_values(command: &Command, remembered: &[(String, serde_json::Value)]) -> Command {
        let mut command = command.clone();
        if let Command::CreateGame { box_values, .. } = &mut command {
            for (key, value) in remembered {
                let given = box_values.iter().any(|v| &v.key() == key);
                // A value the rules would refuse (a hand-edited library, or
                // one the pack now prints) is not offered.
                let value = serde_json::from_value::<bagless_risk::BoxValue>(value.clone());
                if let (false, Ok(value)) = (given, value) {
                    if value.check().is_ok() {
                        box_values.push(value);
                    }
                }
            }
        }
        command
    }
}

/// The screen of a game of RISK Assassin's Creed.
pub type RiskScreen = GameScreen<MapView>;

/// RISK's own commands, which no other game has: the odds of an attack
/// and the pack-up sheet (the window's `risk_odds` and `risk_sheet`).
impl App {
    /// The exact odds of a force of `attackers` assassins across the line
    /// (at most 3; one stays on guard at home) taking a territory held by
    /// `defenders`, fighting until it falls or the force is lost, its losses
    /// never replaced (DÉPLACEZ-VOUS, LANCEZ LES DÉS), and the losses to
    /// expect.
    pub fn risk_odds(&self, attackers: u32, defenders: u32) -> Odds {
        bagless_risk::odds(attackers, defenders)
    }

    /// The exact odds of the attack from `from` on `to` as the game `id` is
    /// played (the rules crate's [`bagless_risk::attack_odds`]): edition 1's
    /// for a game still under it; from edition 2 the force's (the battle
    /// under way's, or `force`, at most what `from` can send) with the
    /// aptitude cards in play for its next roll. None when it is no attack
    /// the player can make now.
    pub fn risk_attack_odds(
        &self,
        id: &str,
        from: bagless_risk::Territory,
        to: bagless_risk::Territory,
        force: u32,
    ) -> Result<Option<Odds>, AppError> {
        self.with_library(|library| {
            let (_, state) = library.game_state::<Risk>(id)?;
            Ok(bagless_risk::attack_odds(&state, from, to, force))
        })
    }

    /// The "put it back on the board" sheet.
    pub fn risk_sheet(&self, id: &str) -> Result<SheetView, AppError> {
        self.with_library(|library| {
            let (_, state) = library.game_state::<Risk>(id)?;
            Ok(bagless_risk::sheet_view(&state))
        })
    }
}
