//! The games Bagless keeps beside Brotherhood of Venice's campaigns, by the
//! kind the library records for each (`campaigns.game`). This is the one
//! place a kind is matched: everything else reaches a game through
//! [`visit`], generic over [`TableGame`].
//!
//! Adding a game: its rules crate, its `TableGame` (a file beside this
//! one), one line in [`visit`] and its UI folder.

use super::{memory, nation, risk, TableGame};
use serde::{Deserialize, Serialize};

/// Work to do with a game whose kind is known only at run time.
pub(crate) trait Visit {
    type Out;
    fn visit<G: TableGame>(self) -> Self::Out;
}

/// `work` done with the game of `kind`, or `None` when `kind` is no game's
/// here (a Brotherhood of Venice campaign, or a kind this build does not
/// know).
pub(crate) fn visit<V: Visit>(kind: &str, work: V) -> Option<V::Out> {
    match kind {
        risk::KIND => Some(work.visit::<risk::Risk>()),
        nation::KIND => Some(work.visit::<nation::Nation>()),
        memory::KIND => Some(work.visit::<memory::Memory>()),
        _ => None,
    }
}

/// A command of any game, with the game it is for: what the window's one
/// command set takes (`game_create`, `game_act`), typed per game. (Its
/// TypeScript is `GameCommand` in ui/src/lib/ipc, made of each game's
/// generated `Command`: the three share that name, which ts-rs cannot
/// import side by side.)
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "game", content = "command", rename_all = "snake_case")]
pub enum GameCommand {
    Risk(bagless_risk::Command),
    Nation(bagless_nation::Command),
    Memory(bagless_memory::Command),
}

impl GameCommand {
    /// The kind of game the command is for.
    pub fn kind(&self) -> &'static str {
        match self {
            GameCommand::Risk(_) => risk::KIND,
            GameCommand::Nation(_) => nation::KIND,
            GameCommand::Memory(_) => memory::KIND,
        }
    }
}

/// A game's screen, whichever game it is: what the window's one command
/// set answers (the screen itself, as each game's own type). Built once per
/// command and serialized at once, so its variants' sizes do not matter.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
#[allow(clippy::large_enum_variant)]
pub enum GameAnswer {
    Risk(risk::RiskScreen),
    Nation(nation::NationScreen),
    Memory(memory::MemoryScreen),
}

/// Every kind [`visit`] knows.
#[cfg(test)]
pub(crate) const KINDS: &[&str] = &[risk::KIND, nation::KIND, memory::KIND];

/// What the library, the backups and the check call a game of `kind`.
pub(crate) fn what(kind: &str) -> Option<&'static str> {
    struct What;
    impl Visit for What {
        type Out = &'static str;
        fn visit<G: TableGame>(self) -> &'static str {
            G::what()
        }
    }
    visit(kind, What)
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
        assert_eq!(visit(bagless_store::BOV, Kind), None);
        assert_eq!(listed("memory"), Some(false));
        assert_eq!(what("risk"), Some("RISK Assassin's Creed"));
    }
}
