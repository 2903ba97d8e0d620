//! The games Bagless keeps (Brotherhood of Venice's campaigns among them),
//! by the kind the library records for each (`campaigns.game`). This is the one
//! place a kind is matched: everything else reaches a game through
//! [`visit`], generic over [`TableGame`].
//!
//! Adding a game: its rules crate, its `TableGame` (a file beside this
//! one), one line in [`visit`] and its UI folder.

use super::{bov, memory, nation, risk, GameScreen, TableGame};
use crate::AppError;
use serde::{Deserialize, Serialize};

/// Work to do with a game whose kind is known only at run time.
pub(crate) trait Visit {
    type Out;
    fn visit<G: TableGame>(self) -> Self::Out;
}

/// The games on the shelf, each written once: [`visit`] matches their kinds
/// and [`KINDS`] lists them, both from this one list, so that neither can
/// know a game the other does not.
macro_rules! shelf {
    ($($door:ident::$game:ident),+ $(,)?) => {
        /// Every kind [`visit`] knows (the test-only game's aside).
        pub(crate) const KINDS: &[&str] = &[$($door::KIND),+];

        /// `work` done with the game of `kind`, or `None` when `kind` is no
        /// game's here (a kind this build does not know).
        pub(crate) fn visit<V: Visit>(kind: &str, work: V) -> Option<V::Out> {
            $(
                if kind == $door::KIND {
                    return Some(work.visit::<$door::$game>());
                }
            )+
            #[cfg(feature = "test-game")]
            if kind == super::dice_race::KIND {
                return Some(work.visit::<super::dice_race::DiceRace>());
            }
            None
        }
    };
}

shelf!(bov::Bov, risk::Risk, nation::Nation, memory::Memory);

/// A command of any game, with the game it is for: what the window's one
/// command set takes (`game_create`, `game_act`). Its `command` is read as
/// that game's own `Command` once the game is found ([`GameCommand::of`]),
/// so a game added to [`visit`] needs no variant here. (Its TypeScript is
/// `GameCommand` in ui/src/lib/ipc, made of each game's generated
/// `Command`.)
#[derive(Debug, Clone, Deserialize)]
pub struct GameCommand {
    pub game: String,
    pub command: serde_json::Value,
}

impl GameCommand {
    /// The kind of game the command is for.
    pub fn kind(&self) -> &str {
        &self.game
    }

    /// The command as `G`'s own, when it is for `G` and reads as one of its
    /// commands.
    pub(crate) fn of<G: TableGame>(&self) -> Result<G::Command, AppError> {
        if self.game != G::KIND {
            return Err(AppError::new(
                "another_game",
                "That command is for another game.",
            ));
        }
        G::Command::deserialize(&self.command).map_err(|e| {
            // A number no field of the command can hold (a count of 300
            // where at most 255 fits, a negative or a fraction) is the
            // players' typing, told in their words; any other shape is a
            // command this build does not know.
            let typed = e.to_string();
            let whole_number = typed.contains(", expected u") || typed.contains(", expected i");
            if whole_number
                && (typed.contains("invalid value: integer")
                    || typed.contains("invalid type: floating point"))
            {
                AppError::new(
                    "number_out_of_range",
                    format!("A number typed cannot be taken ({e})."),
                )
            } else {
                AppError::new(
                    "unknown_command",
                    format!("That is no command of {} ({e}).", G::what()),
                )
            }
        })
    }
}

/// A game's screen, whichever game it is: what the window's one command
/// set answers, the game's own screen written once as JSON.
#[derive(Debug, Clone, Serialize)]
pub struct GameAnswer(Box<serde_json::value::RawValue>);

impl GameAnswer {
    pub(crate) fn of<V: Serialize>(screen: &GameScreen<V>) -> Result<GameAnswer, AppError> {
        Self::written(screen)
    }

    /// The game's history, when a step was taken from it.
    pub(crate) fn of_history(history: &super::GameHistory) -> Result<GameAnswer, AppError> {
        Self::written(history)
    }

    /// A game told back (its story or an evening).
    pub(crate) fn of_told(told: &super::GameTold) -> Result<GameAnswer, AppError> {
        Self::written(told)
    }

    /// What a box's new-game form offers.
    pub(crate) fn of_setup(offer: serde_json::Value) -> Result<GameAnswer, AppError> {
        Self::written(&offer)
    }

    fn written(answer: &impl Serialize) -> Result<GameAnswer, AppError> {
        let json = serde_json::value::to_raw_value(answer)
            .map_err(|e| AppError::new("library_io", e.to_string()))?;
        Ok(GameAnswer(json))
    }

    /// The screen as JSON.
    pub fn json(&self) -> &str {
        self.0.get()
    }

    /// The screen as JSON, handed over whole: the window's command answers
    /// with it as it is, not written again (src-tauri's `written`).
    pub fn into_json(self) -> String {
        Box::<str>::from(self.0).into_string()
    }
}

/// The kind of game an export file holds, by the kind it names: an export
/// written before the library kept other games names none, and is a
/// campaign's.
pub(crate) fn kind_of_export(kind: &str) -> &str {
    if kind.is_empty() {
        bov::KIND
    } else {
        kind
    }
}

/// What the backups and the check call a game of `kind`; `None` for a
/// campaign (named by its box) or a kind this build does not know.
pub(crate) fn what(kind: &str) -> Option<&'static str> {
    struct What;
    impl Visit for What {
        type Out = Option<&'static str>;
        fn visit<G: TableGame>(self) -> Option<&'static str> {
            (!G::CAMPAIGN).then(G::what)
        }
    }
    visit(kind, What).flatten()
}

/// Whether a game of `kind` has a line of its own in the library, the
/// backups' previews and its own export (a memory in play is its
/// campaign's). `None` for a kind that is no game's here.
pub(crate) fn listed(kind: &str) -> Option<bool> {
    struct Listed;
    impl Visit for Listed {
        type Out = bool;
        fn visit<G: TableGame>(self) -> bool {
            G::LISTED
        }
    }
    visit(kind, Listed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_visited_as_itself() {
        struct Kind;
        impl Visit for Kind {
            type Out = &'static str;
            fn visit<G: TableGame>(self) -> &'static str {
                <G as bagless_store::SavedGame>::KIND
            }
        }
        for kind in KINDS {
            assert_eq!(visit(kind, Kind), Some(*kind));
        }
        // Each once (tests/structure.rs checks that every door is on the shelf).
        let mut once = KINDS.to_vec();
        once.sort_unstable();
        once.dedup();
        assert_eq!(once.len(), KINDS.len(), "a kind listed twice: {KINDS:?}");
        assert_eq!(visit("chess", Kind), None);
        assert_eq!(what("bov"), None);
        assert_eq!(listed("memory"), Some(false));
        assert_eq!(what("risk"), Some("RISK Assassin's Creed"));
    }

    #[test]
    fn a_number_no_field_holds_is_told_as_a_number_typed() {
        let command = |count: serde_json::Value| GameCommand {
            game: "memory".into(),
            command: serde_json::json!({"type": "spend_cubes", "assassin": "ezio", "count": count}),
        };
        for typed in [
            serde_json::json!(300),
            serde_json::json!(-1),
            serde_json::json!(2.5),
        ] {
            let refused = command(typed.clone()).of::<memory::Memory>().unwrap_err();
            assert_eq!(refused.code, "number_out_of_range", "{typed}");
        }
        assert!(command(serde_json::json!(2)).of::<memory::Memory>().is_ok());
        // A number where a name is due is no number typed out of range.
        let named = GameCommand {
            game: "memory".into(),
            command: serde_json::json!({"type": "spend_cubes", "assassin": 2.5, "count": 1}),
        };
        assert_eq!(
            named.of::<memory::Memory>().unwrap_err().code,
            "unknown_command"
        );
        let unknown = GameCommand {
            game: "memory".into(),
            command: serde_json::json!({"type": "fly"}),
        };
        assert_eq!(
            unknown.of::<memory::Memory>().unwrap_err().code,
            "unknown_command"
        );
    }
}
