//! One write of the crash tests' writer (`bagless debug-record-loop`, built
//! with the `debug-writer` feature, never in the .deb), to a game of any
//! kind, through the registry like every command: in turn a command its
//! rules accept ([`TableGame::busy_command`]), undo, redo, undo and a
//! rename, so the game stays where it was and a command stays possible. A
//! write not possible now (nothing to undo, refused by the rules) is
//! replaced by an undo, else a command, else a rename.

use super::registry::{self, Visit};
use super::TableGame;
use crate::{App, AppError};

#[derive(Clone, Copy)]
enum Step {
    Act,
    Undo,
    Redo,
    Rename,
}

/// Not possible now: another write is tried.
fn not_now(error: &AppError) -> bool {
    error.code == "rules" || error.code == NO_COMMAND
}

const NO_COMMAND: &str = "debug_no_command";

struct Busy<'a>(&'a App, &'a str, u64);

impl Visit for Busy<'_> {
    type Out = Result<(), AppError>;

    fn visit<G: TableGame>(self) -> Self::Out {
        let Busy(app, id, round) = self;
        let part = G::Part::default();
        let planned = match round % 5 {
            0 => Step::Act,
            1 | 3 => Step::Undo,
            2 => Step::Redo,
            _ => Step::Rename,
        };
        for step in [planned, Step::Undo, Step::Act, Step::Rename] {
            let made = match step {
                Step::Act => {
                    let now = (app.clock)();
                    app.game_act_by::<G, G::Command>(id, &part, |state| {
                        let command = G::busy_command(state, round, now)
                            .ok_or_else(|| AppError::new(NO_COMMAND, "No command now."))?;
                        Ok((command, None))
                    })
                    .map(drop)
                }
                Step::Undo | Step::Redo => {
                    let forward = matches!(step, Step::Redo);
                    let history = app.game_history::<G>(id, Some(1))?;
                    if !(if forward {
                        history.can_redo
                    } else {
                        history.can_undo
                    }) {
                        continue;
                    }
                    app.game_step::<G>(id, forward, &part).map(drop)
                }
                // A memory in play has no name of its own.
                Step::Rename if !G::LISTED => continue,
                Step::Rename => app
                    .game_rename::<G>(id, &format!("Write {round}"), &part)
                    .map(drop),
            };
            match made {
                Ok(()) => return Ok(()),
                Err(error) if not_now(&error) => continue,
                Err(error) => return Err(error),
            }
        }
        Err(AppError::new(
            "debug_no_write",
            format!("No write is possible in the game {id}."),
        ))
    }
}

impl App {
    /// Write number `round` to the game `id`; answers the seq of the
    /// game's last event once it is committed.
    pub fn busy_write(&self, id: &str, round: u64) -> Result<u32, AppError> {
        let kind = self.kind_of(id)?;
        registry::visit(&kind, Busy(self, id, round))
            .unwrap_or_else(|| Err(bagless_store::StoreError::NoSuchCampaign.into()))?;
        self.with_library(|library| Ok(library.record(id)?.last_seq))
    }
}
