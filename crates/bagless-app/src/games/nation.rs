//! Assassin Nation through the app's door: its rules crate as a
//! [`TableGame`], saved by the store as a [`SavedGame`].

use super::{GameScreen, TableGame};
use crate::AppError;
use bagless_nation::{Command, Event, Game, TableView};
/// What the rest of the app, the shell and the CLI name of Assassin Nation
/// (the crate's root re-exports them): a player's command, and a refusal
/// of its rules.
pub use bagless_nation::{Command as NationCommand, RuleViolation as NationViolation};

/// `campaigns.game` for a game of Assassin Nation.
pub const KIND: &str = "nation";

/// Assassin Nation.
pub struct Nation;

saved_game!(Nation, bagless_nation, KIND, "nation");

impl TableGame for Nation {
    type Command = Command;
    type View = TableView;
    type Part = super::Whole;

    rules_decisions!(bagless_nation);

    fn view(state: &Game) -> TableView {
        bagless_nation::table_view(state)
    }

    /// The first player's cash corrected (tokens are $1,000).
    fn busy_command(state: &Game, round: u64, _now: crate::DateTime) -> Option<Command> {
        let view = bagless_nation::table_view(state);
        let first = view.players.first()?;
        Some(Command::Adjust {
            player: first.seat,
            cash: if first.cash == 1000 { 2000 } else { 1000 },
            debt: first.debt,
            reason: format!("write {round}"),
        })
    }

    fn setup_offer() -> Option<Result<serde_json::Value, serde_json::Error>> {
        Some(serde_json::to_value(bagless_nation::setup_offer()))
    }

    fn players(state: &Game) -> Vec<String> {
        state.players.iter().map(|p| p.name.clone()).collect()
    }

    fn round(state: &Game) -> u32 {
        state.round
    }

    fn box_name() -> &'static str {
        "Assassin Nation"
    }

    /// Every player, by seat number.
    fn seats(state: &Game) -> Vec<super::seats::Seat> {
        bagless_nation::views::seat::seats(state)
            .into_iter()
            .map(|(seat, name)| super::seats::Seat {
                id: seat.to_string(),
                name,
            })
            .collect()
    }

    /// A player's line of the table, its own attempt and its own hit list
    /// (TOP SECRET HIT LIST CARDS: "keep it secret from the other players").
    fn seat_view(state: &Game, seat: &str) -> Option<serde_json::Value> {
        let seat: u8 = seat.parse().ok()?;
        serde_json::to_value(bagless_nation::views::seat::seat_view(state, seat)?).ok()
    }

    /// A player's attempt chosen face down on their phone, or taken back
    /// (ASSASSINATION PHASE), or their Top Secret Hit List card kept there
    /// (TOP SECRET HIT LIST CARDS x20): always their own.
    fn seat_command(
        _state: &Game,
        seat: &str,
        action: serde_json::Value,
    ) -> Result<Command, AppError> {
        let seat: u8 = seat.parse().map_err(|_| super::seats::no_action())?;
        let asked = serde_json::from_value(action).map_err(|_| super::seats::no_action())?;
        bagless_nation::rules::seats::seat_command(seat, asked).ok_or_else(super::seats::no_action)
    }

    /// WINNING THE GAME: who has the most money once every hit list is
    /// shown (the bonuses still secret could change who leads), who won
    /// once the count is closed; nobody before.
    fn standing(state: &Game) -> super::Standing {
        let name = |seat: u8| state.players.get(seat as usize).map(|p| p.name.clone());
        let over = state.phase == bagless_nation::Phase::Over;
        let leaders = match state.winner {
            Some(winner) => name(winner).into_iter().collect(),
            None => bagless_nation::end_count(state)
                .map(|count| count.leaders.into_iter().filter_map(name).collect())
                .unwrap_or_default(),
        };
        super::Standing { leaders, over }
    }

    /// Told back (issue 57): the money round by round, the targets taken
    /// and the final count explained, as the table sees them (no hit list
    /// before it is shown, no attempt face down).
    fn story(_state: &Game, log: &[bagless_game::Envelope<Event>]) -> super::Told {
        Some(serde_json::to_value(bagless_nation::story(log)))
    }

    /// The rounds, targets and money of the entries written since `since`.
    fn evening(
        _state: &Game,
        log: &[bagless_game::Envelope<Event>],
        since: crate::DateTime,
    ) -> super::Told {
        Some(serde_json::to_value(bagless_nation::evening(log, since)))
    }

    /// The games played and each player's wins, by name.
    fn year(games: &[super::told::Played<Self>]) -> super::Told {
        Some(serde_json::to_value(bagless_nation::year(
            games.iter().map(|g| g.state.as_ref()),
        )))
    }

    fn history_words(log: &[bagless_game::Envelope<Event>]) -> Option<super::Words> {
        Some(
            bagless_nation::history(log)
                .into_iter()
                .map(|line| (line.seq, (line.key, line.params)))
                .collect(),
        )
    }

    fn box_values_set(events: &[Event]) -> Vec<(String, serde_json::Value)> {
        events
            .iter()
            .flat_map(|event| match event {
                Event::BoxValueSet { key, value } => vec![(key.clone(), value)],
                Event::GameCreated { box_values, .. } => {
                    box_values.iter().map(|(k, v)| (k.clone(), v)).collect()
                }
                _ => vec![],
            })
            .filter_map(|(key, value)| Some((key, serde_json::to_value(value).ok()?)))
            .collect()
    }

    fn with_box_values(command: &Command, remembered: &[(String, serde_json::Value)]) -> Command {
        let mut command = command.clone();
        if let Command::CreateGame { box_values, .. } = &mut command {
            for (key, value) in remembered {
                // A value the rules would refuse is not offered.
                let Ok(value) = serde_json::from_value(value.clone()) else {
                    continue;
                };
                if bagless_nation::model::box_values::check_entry(key, &value).is_ok() {
                    box_values.entry(key.clone()).or_insert(value);
                }
            }
        }
        command
    }
}

/// The screen of a game of Assassin Nation.
pub type NationScreen = GameScreen<TableView>;
