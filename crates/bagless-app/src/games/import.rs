//! A game's export file brought in, the same road for every game: the file
//! checked for shape, every entry decided again by the game's rules, then
//! compared with the library. A campaign lives in several homes: a file of
//! a game the library holds (the same identity, the same creation) is
//! compared by history, never added as a silent duplicate nor merged:
//! - the file goes on from the library's history: the library is brought
//!   up to date (a backup first; the new entries, decided again, appended
//!   as recorded), and what was played since is told;
//! - the library's goes on from the file's, or both are the same: nothing
//!   is written ("already here");
//! - both went on from a common entry: both ways are shown from there, and
//!   nothing is written until the players choose which stays the game; the
//!   other is kept beside it as a copy named after it. Nothing is lost.
//!
//! A file of a game the library does not hold is added, keeping its
//! identity.

use super::history::GameHistory;
use super::{game_name, registry, summary, TableGame};
use crate::dto::CampaignSummary;
use crate::files::{free_name, names_in_use};
use crate::{new_campaign_id, App, AppError, DateTime, MAX_IMPORT_EVENTS};
use bagless_game::limits::{EARLIEST_YEAR, LATEST_YEAR, MAX_NAME_CHARS};
use bagless_game::undo::Logged;
use bagless_game::Envelope;
use bagless_store::exchange::{self, GameExport, ImportError};
use bagless_store::{CampaignRecord, Library};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What an import did, or found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ImportHow {
    /// A game the library did not hold, added.
    Added,
    /// The file went on from the library's history: its new entries added.
    BroughtUpToDate,
    /// The file holds the history the library holds: nothing written.
    AlreadyHere,
    /// The library's history goes on from the file's: nothing written.
    MoreRecentHere,
    /// Both went on from a common entry: nothing written until the players
    /// choose ([`ForkChoice`]).
    WentDifferentWays,
    /// Both went different ways; the library's stays the game, the file's
    /// kept beside it as a copy.
    KeptHereAndCopy,
    /// Both went different ways; the file's becomes the game, the
    /// library's kept beside it as a copy.
    TookFileAndCopy,
}

/// What the players choose when a file and the library went different ways
/// from a common entry: which stays the game (the other is kept beside it
/// as a copy).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ForkChoice {
    KeepHere,
    KeepFile,
}

/// Both ways a game went from a common entry, side by side.
#[derive(Debug, Clone, Serialize, TS)]
#[ts(export)]
pub struct Fork {
    /// The last entry both hold (0: they share only the creation's).
    pub common: u32,
    /// What the library holds after it, newest first.
    pub here: GameHistory,
    /// What the file holds after it, newest first.
    pub there: GameHistory,
}

/// What an import did, in the players' terms.
#[derive(Debug, Clone, Serialize, TS)]
#[ts(export)]
pub struct Imported {
    pub how: ImportHow,
    /// The file imported (to import it again with the players' choice when
    /// both went different ways).
    pub path: String,
    /// The game as the library holds it now (the one the file was compared
    /// with when nothing was written).
    pub game: CampaignSummary,
    /// The game as the library held it before it was brought up to date:
    /// with `game`, what was played since (memories, XP, levels; turns).
    pub before: Option<CampaignSummary>,
    /// The copy kept beside it, when the two went different ways.
    pub copy: Option<CampaignSummary>,
    /// What the file brought (brought up to date), newest first.
    pub since: Option<GameHistory>,
    /// Both ways, when they went different ways and no choice was given.
    pub fork: Option<Fork>,
}

/// Checks an export's shape: not too long, numbered from 1, dates the
/// library can hold, starting with the game's creation, not taking it back.
fn checked_shape<G: TableGame>(file: &GameExport<G::Event>) -> Result<(), ImportError> {
    if file.events.len() > MAX_IMPORT_EVENTS {
        return Err(ImportError::Damaged("too many entries".into()));
    }
    if !G::knows_pack(&file.pack_id) {
        return Err(ImportError::UnknownPack(file.pack_id.clone()));
    }
    if !file.events.first().is_some_and(|e| e.event.is_creation()) {
        return Err(ImportError::Damaged(
            "it does not start with a new game".into(),
        ));
    }
    for (expected, envelope) in (1u32..).zip(&file.events) {
        if envelope.seq != expected {
            return Err(ImportError::Damaged(format!(
                "entry {expected} is missing or out of order"
            )));
        }
        let year = chrono::Datelike::year(&envelope.recorded_at);
        if !(EARLIEST_YEAR..=LATEST_YEAR).contains(&year) {
            return Err(ImportError::Damaged(format!(
                "entry {expected} has an impossible date"
            )));
        }
    }
    // A log that undoes its own creation holds no game.
    let stack = bagless_game::undo::UndoStack::of(&file.events);
    if stack.creation.is_some_and(|seq| !stack.is_in_effect(seq)) {
        return Err(ImportError::Damaged(
            "it takes back its own creation".into(),
        ));
    }
    Ok(())
}

/// Whether two log entries are the same: what happened and when (who
/// entered it is a file's word only, kept when it names a seat).
fn same<E: PartialEq>(a: &Envelope<E>, b: &Envelope<E>) -> bool {
    a.seq == b.seq && a.recorded_at == b.recorded_at && a.event == b.event
}

/// An identity a file may carry into this library: the ids Bagless gives.
fn usable_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// The game of the library the file `file` is a history of: the one with
/// its identity, or, for a file that carries none (written before
/// identities were), the one of its kind with its creation. A game with
/// the same identity but another creation is another game: never joined.
fn same_game<G: TableGame>(
    library: &Library,
    file: &GameExport<G::Event>,
) -> Result<Option<CampaignRecord>, AppError> {
    let created = &file.events[0];
    let is_it = |record: &CampaignRecord| -> Result<bool, AppError> {
        let log = library.game_log::<G>(&record.id)?;
        Ok(log.first().is_some_and(|first| same(first, created)))
    };
    if let Some(id) = file.id.as_deref() {
        return Ok(match library.record(id) {
            Ok(record) if record.game == G::KIND && is_it(&record)? => Some(record),
            _ => None,
        });
    }
    for record in library.games_of(G::KIND)? {
        if is_it(&record)? {
            return Ok(Some(record));
        }
    }
    Ok(None)
}

/// How a file's history of a game stands to the library's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Compared {
    /// The same entries.
    Same,
    /// The library's goes on from the file's.
    Older,
    /// The file's goes on from the library's, which it holds whole (its
    /// length).
    GoesOn(usize),
    /// Both go on, differently, from their first `n` entries.
    Different(usize),
}

/// How the file's history of the game `record` stands to the library's.
fn compare<G: TableGame>(
    library: &Library,
    record: &CampaignRecord,
    file: &GameExport<G::Event>,
) -> Result<Compared, AppError> {
    let here = library.game_log::<G>(&record.id)?;
    let there = &file.events;
    let common = here
        .iter()
        .zip(there)
        .take_while(|(a, b)| same(a, b))
        .count();
    Ok(match (common == there.len(), common == here.len()) {
        (true, true) => Compared::Same,
        (true, false) => Compared::Older,
        (false, true) => Compared::GoesOn(common),
        (false, false) => Compared::Different(common),
    })
}

/// The history of the game `id` after entry `after`, newest first, in its
/// game's words.
fn history_after<G: TableGame>(
    record: &CampaignRecord,
    state: &G::State,
    log: &[Envelope<G::Event>],
    after: u32,
) -> Result<GameHistory, AppError> {
    let steps = log
        .iter()
        .filter(|e| e.seq > after && (e.event.is_entry() || e.event.marker().is_some()))
        .count();
    let page = G::history_page(state, log, steps)?;
    Ok(GameHistory {
        game: G::KIND.to_string(),
        id: record.id.clone(),
        name: record.name.clone(),
        in_bin: record.deleted_at.is_some(),
        entries: page.entries.into_iter().filter(|e| e.seq > after).collect(),
        older: 0,
        can_undo: false,
        can_redo: false,
    })
}

impl App {
    /// Imports the file `bytes` of a game of `kind`; `None` when `kind` is
    /// no game's here or its games have no file of their own.
    pub(crate) fn import_of(
        &self,
        kind: &str,
        bytes: &[u8],
        choice: Option<ForkChoice>,
    ) -> Option<Result<Imported, AppError>> {
        struct Import<'a>(&'a App, &'a [u8], Option<ForkChoice>);
        impl registry::Visit for Import<'_> {
            type Out = Option<Result<Imported, AppError>>;
            fn visit<G: TableGame>(self) -> Self::Out {
                G::LISTED.then(|| self.0.game_import::<G>(self.1, self.2))
            }
        }
        registry::visit(kind, Import(self, bytes, choice)).flatten()
    }

    /// Imports an export of a game of `G`: its shape checked, every entry
    /// decided again (nothing from outside is believed), then compared with
    /// the library (see the module's words). On any problem nothing is
    /// written; an import that writes takes a backup first.
    fn game_import<G: TableGame>(
        &self,
        bytes: &[u8],
        choice: Option<ForkChoice>,
    ) -> Result<Imported, AppError> {
        let mut file: GameExport<G::Event> = exchange::parse_game_export(bytes)?;
        checked_shape::<G>(&file)?;
        let believed = G::believe(&file.events).map_err(ImportError::from)?;
        seat_authors_only::<G>(&mut file.events);
        let name = game_name_of(&file.name)?;
        let now = (self.clock)();
        self.with_writable_library(|library| {
            let known = same_game::<G>(library, &file)?;
            let compared = match &known {
                Some(record) => Some(compare::<G>(library, record, &file)?),
                None => None,
            };
            let writes = match compared {
                None | Some(Compared::GoesOn(_)) => true,
                Some(Compared::Different(_)) => choice.is_some(),
                Some(Compared::Same | Compared::Older) => false,
            };
            // An import is the one write that brings in outside data: keep
            // the library as it was just before, in the backups folder.
            if writes {
                self.take_backup(library, "before-import", now)?;
            }
            library.writing(|library| match (known, compared) {
                (Some(record), Some(compared)) => self.import_known::<G>(
                    library, record, compared, &file, &believed, &name, choice, now,
                ),
                _ => {
                    let (game, _) =
                        self.add_game::<G>(library, &file, &believed, &name, None, None, now)?;
                    Ok(Imported {
                        how: ImportHow::Added,
                        path: String::new(),
                        game,
                        before: None,
                        copy: None,
                        since: None,
                        fork: None,
                    })
                }
            })
        })
    }

    /// The file `file` of the game `record` holds, `compared` by history.
    #[allow(clippy::too_many_arguments)]
    fn import_known<G: TableGame>(
        &self,
        library: &mut Library,
        record: CampaignRecord,
        compared: Compared,
        file: &GameExport<G::Event>,
        believed: &G::State,
        name: &str,
        choice: Option<ForkChoice>,
        now: DateTime,
    ) -> Result<Imported, AppError> {
        let (record, state) = library.game_state::<G>(&record.id)?;
        let there = &file.events;
        let answer = |how, game, copy, since, fork| Imported {
            how,
            path: String::new(),
            game,
            before: None,
            copy,
            since,
            fork,
        };
        let common = match compared {
            Compared::Same | Compared::Older => {
                let how = if compared == Compared::Same {
                    ImportHow::AlreadyHere
                } else {
                    ImportHow::MoreRecentHere
                };
                return Ok(answer(how, summary::<G>(&record, &state), None, None, None));
            }
            Compared::GoesOn(common) => {
                // The file goes on from the library's history: its new
                // entries appended as recorded.
                let before = summary::<G>(&record, &state);
                let (state, record) = library.append_game_log::<G>(
                    &record.id,
                    record.last_seq,
                    state,
                    &there[common..],
                )?;
                let log = library.game_log::<G>(&record.id)?;
                let since = history_after::<G>(&record, &state, &log, common as u32)?;
                return Ok(Imported {
                    before: Some(before),
                    ..answer(
                        ImportHow::BroughtUpToDate,
                        summary::<G>(&record, &state),
                        None,
                        Some(since),
                        None,
                    )
                });
            }
            Compared::Different(common) => common,
        };
        let here = library.game_log::<G>(&record.id)?;
        let common = here[..common].last().map_or(0, |e| e.seq);
        match choice {
            None => {
                let fork = Fork {
                    common,
                    here: history_after::<G>(&record, &state, &here, common)?,
                    there: history_after::<G>(&record, believed, there, common)?,
                };
                Ok(answer(
                    ImportHow::WentDifferentWays,
                    summary::<G>(&record, &state),
                    None,
                    None,
                    Some(fork),
                ))
            }
            Some(ForkChoice::KeepHere) => {
                // The file's way kept beside the game, as a copy of its own.
                let copy_name = copy_name(&record.name, &file.exported_at);
                let (copy, _) = self.add_game::<G>(
                    library,
                    file,
                    believed,
                    name,
                    Some(&copy_name),
                    Some(new_campaign_id()),
                    now,
                )?;
                Ok(answer(
                    ImportHow::KeptHereAndCopy,
                    summary::<G>(&record, &state),
                    Some(copy),
                    None,
                    None,
                ))
            }
            Some(ForkChoice::KeepFile) => {
                // The library's way moves to a copy of its own; the file's
                // takes the game's identity and name.
                let copy_id = new_campaign_id();
                let here = here.to_vec();
                library.remove_game(&record.id)?;
                library.insert_game_log::<G>(&copy_id, &record.name, &here)?;
                if record.deleted_at.is_some() {
                    library.move_to_bin(&copy_id, record.deleted_at.unwrap_or(now))?;
                }
                let renamed = copy_name(&record.name, &now);
                let (copy_record, copy_state) = library.game_state::<G>(&copy_id)?;
                let copy =
                    self.rename_within::<G>(library, &copy_record, &copy_state, &renamed, now)?;
                let (game, _) = self.add_game::<G>(
                    library,
                    file,
                    believed,
                    name,
                    None,
                    Some(record.id.clone()),
                    now,
                )?;
                Ok(answer(
                    ImportHow::TookFileAndCopy,
                    game,
                    Some(copy),
                    None,
                    None,
                ))
            }
        }
    }

    /// The file's game added to the library under `id` (its own identity
    /// when none is given and the library has no game of that id, else a
    /// new one), named `copy` when it is a copy, else by its own name (the
    /// rules' where they keep it, else the file's `name`), numbered if taken.
    #[allow(clippy::too_many_arguments)]
    fn add_game<G: TableGame>(
        &self,
        library: &mut Library,
        file: &GameExport<G::Event>,
        believed: &G::State,
        name: &str,
        copy: Option<&str>,
        id: Option<String>,
        now: DateTime,
    ) -> Result<(CampaignSummary, String), AppError> {
        let id = id.unwrap_or_else(|| {
            file.id
                .clone()
                .filter(|id| usable_id(id) && library.record(id).is_err())
                .unwrap_or_else(new_campaign_id)
        });
        let taken = names_in_use(library)?;
        let mut events = file.events.clone();
        // Where the rules keep the name (a campaign's is in its diary), the
        // game's own name is the one its history gives.
        let kept = G::name(believed);
        let name = copy.or(kept).unwrap_or(name);
        // Two games with one name cannot be told apart: numbered, by an
        // entry of its own where the rules keep the name (its history then
        // goes on from the file's: a later file of it is shown both ways).
        let name = free_name(name, &taken).unwrap_or_else(|| name.to_string());
        if kept.is_some_and(|kept| kept != name) {
            if let Some(rename) = G::rename_command(&name) {
                let renamed = G::decide(believed, &rename, now, 0)?;
                let next = events.len() as u32 + 1;
                events.extend((next..).zip(renamed).map(|(seq, event)| Envelope {
                    seq,
                    recorded_at: now,
                    event,
                    by: None,
                }));
            }
        }
        library.insert_game_log::<G>(&id, &name, &events)?;
        let (record, state) = library.game_state::<G>(&id)?;
        Ok((summary::<G>(&record, &state), id))
    }

    /// The game `record` renamed `name` within the write under way (by an
    /// entry of its own where the rules keep the name).
    fn rename_within<G: TableGame>(
        &self,
        library: &mut Library,
        record: &CampaignRecord,
        state: &std::sync::Arc<G::State>,
        name: &str,
        now: DateTime,
    ) -> Result<CampaignSummary, AppError> {
        let taken = names_in_use(library)?;
        let name = free_name(name, &taken).unwrap_or_else(|| name.to_string());
        match G::rename_command(&name) {
            Some(rename) => {
                let events = G::decide(state, &rename, now, 0)?;
                library.append_game::<G>(
                    &record.id,
                    record.last_seq,
                    state.clone(),
                    &events,
                    now,
                )?;
            }
            None => library.rename_game(&record.id, &name)?,
        }
        let (record, state) = library.game_state::<G>(&record.id)?;
        Ok(summary::<G>(&record, &state))
    }
}

/// The name of a copy kept beside a game: "<name> (<date>)", the day its
/// way was recorded (in no language: a name is the players' data, the
/// same in both), within the longest name allowed.
fn copy_name(name: &str, at: &DateTime) -> String {
    let suffix = format!(" ({})", at.format("%Y-%m-%d"));
    let room = MAX_NAME_CHARS.saturating_sub(suffix.chars().count());
    let base: String = name.chars().take(room).collect();
    format!("{}{suffix}", base.trim_end())
}

/// A file's game name, as the library takes names.
fn game_name_of(name: &str) -> Result<String, AppError> {
    game_name(name).map_err(|_| {
        AppError::from(ImportError::Damaged(
            "its name is not one Bagless writes".into(),
        ))
    })
}

/// Who entered each entry, as a file says: kept only when it names one of
/// the game's seats (a player's phone), else dropped. A file is not
/// believed, and the history shows the author.
pub(crate) fn seat_authors_only<G: TableGame>(events: &mut [Envelope<G::Event>]) {
    if events.iter().all(|e| e.by.is_none()) {
        return;
    }
    let state = G::replay(events);
    let seats: Vec<String> = G::seats(&state).into_iter().map(|s| s.name).collect();
    for envelope in events {
        if envelope.by.as_ref().is_some_and(|by| !seats.contains(by)) {
            envelope.by = None;
        }
    }
}
