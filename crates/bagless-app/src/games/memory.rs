//! A Brotherhood of Venice memory while it is played, through the app's
//! door: its rules crate (`bagless-memory`) as a [`TableGame`], saved as a
//! game of its own that names its campaign, so a crash at the table loses
//! nothing while the diary keeps only what the rules save (between
//! memories). When the attempt is recorded in the diary, the memory's
//! game goes to the bin.

use super::{GameScreen, TableGame};
use crate::{App, AppError};
use bagless_memory::{Command, Event, Game, PlayView};
/// What the rest of the app, the shell and the CLI name of a memory in
/// play (the crate's root re-exports them): a player's command, and a
/// refusal of its rules.
pub use bagless_memory::{Command as MemoryCommand, RuleViolation as MemoryViolation};
use bagless_store::{CampaignRecord, Library};

/// `campaigns.game` for a memory in play.
pub const KIND: &str = "memory";

/// A memory of Brotherhood of Venice in play.
pub struct Memory;

saved_game!(Memory, bagless_memory, KIND, "memory");

impl TableGame for Memory {
    type Command = Command;
    type View = PlayView;
    type Part = super::Whole;

    rules_decisions!(bagless_memory);

    fn view(state: &Game) -> PlayView {
        bagless_memory::play_view(state)
    }

    /// The difficulty switched.
    fn busy_command(state: &Game, _round: u64, _now: crate::DateTime) -> Option<Command> {
        Some(Command::SetDifficulty {
            easy: !bagless_memory::play_view(state).easy,
        })
    }

    /// Each assassin playing the memory, on its player's phone (issue 32).
    fn seats(state: &Game) -> Vec<super::seats::Seat> {
        let packs = super::bov::builtin_packs();
        bagless_memory::views::seat::seats(state)
            .into_iter()
            .map(|id| super::seats::Seat {
                name: packs.assassin_name(&id).unwrap_or(&id).to_string(),
                id,
            })
            .collect()
    }

    /// The turn's step, the alert, the reinforcement card drawn, and the
    /// seat's own assassin's cubes and condition.
    fn seat_view(state: &Game, seat: &str) -> Option<serde_json::Value> {
        serde_json::to_value(bagless_memory::views::seat::seat_view(state, seat)?).ok()
    }

    fn players(state: &Game) -> Vec<String> {
        state.assassins.iter().map(|a| a.id.clone()).collect()
    }

    fn round(state: &Game) -> u32 {
        state.turn
    }

    fn box_name() -> &'static str {
        "Brotherhood of Venice"
    }

    fn what() -> &'static str {
        "a memory in play"
    }

    const LISTED: bool = false;

    fn box_values_set(events: &[Event]) -> Vec<(String, serde_json::Value)> {
        events
            .iter()
            .flat_map(|event| match event {
                Event::BoxValueSet { key, value } => vec![(key.clone(), value)],
                Event::MemoryStarted { box_values, .. } => {
                    box_values.iter().map(|(k, v)| (k.clone(), v)).collect()
                }
                _ => vec![],
            })
            .filter_map(|(key, value)| Some((key, serde_json::to_value(value).ok()?)))
            .collect()
    }

    fn with_box_values(command: &Command, remembered: &[(String, serde_json::Value)]) -> Command {
        let mut command = command.clone();
        if let Command::StartMemory { box_values, .. } = &mut command {
            let known = box_values.clone();
            for (key, value) in remembered {
                // A value the rules would refuse is not offered.
                let Ok(value) = serde_json::from_value(value.clone()) else {
                    continue;
                };
                let sound =
                    bagless_memory::model::box_values::check_entry(&known, key, &value).is_ok();
                if sound {
                    box_values.entry(key.clone()).or_insert(value);
                }
            }
        }
        command
    }
}

/// The screen of a memory in play.
pub type MemoryScreen = GameScreen<PlayView>;

/// The games of `campaign_id`'s `memory` in play (not in the bin), oldest
/// first. One that cannot be read is left out: the start-up check reports it.
pub(crate) fn in_play(
    library: &Library,
    campaign_id: &str,
    memory: &str,
) -> Result<Vec<String>, AppError> {
    Ok(in_play_among(
        library,
        &library.games_of(KIND)?,
        campaign_id,
        memory,
    ))
}

/// `in_play`, among the library's `records` (all of them, or its memories
/// in play) read already.
pub(crate) fn in_play_among(
    library: &Library,
    records: &[CampaignRecord],
    campaign_id: &str,
    memory: &str,
) -> Vec<String> {
    let mut found = Vec::new();
    for record in records {
        if record.game == KIND && record.deleted_at.is_none() {
            if let Ok((_, state)) = library.game_state::<Memory>(&record.id) {
                if state.campaign_id == campaign_id && state.memory == memory {
                    found.push(record.id.clone());
                }
            }
        }
    }
    found
}

impl App {
    /// Starts playing the campaign's next memory (`setup` is its
    /// `start_memory`), or answers with that memory's game already in play.
    pub fn memory_start(
        &self,
        campaign_id: &str,
        setup: Command,
    ) -> Result<MemoryScreen, AppError> {
        let Command::StartMemory {
            campaign_id: named,
            memory,
            ..
        } = &setup
        else {
            return Err(AppError::new(
                "memory_setup",
                "A memory starts with its set-up.",
            ));
        };
        if named != campaign_id {
            return Err(AppError::new(
                "memory_setup",
                "A memory starts with its set-up.",
            ));
        }
        let now = (self.clock)();
        // The check and the creation under one hold on the library: a
        // double click starts one game.
        let id = self.with_writable_library(|library| {
            // The memory played is the one the diary says is next.
            let stored = super::bov::load(library, campaign_id)?;
            if stored.record.deleted_at.is_some() {
                return Err(AppError::in_bin());
            }
            let pack = self.packs.get(&stored.record.pack_id)?;
            if stored.state.next_memory(pack) != Some(memory.as_str()) {
                return Err(AppError::new(
                    "memory_not_next",
                    format!("Memory {memory} is not the one the diary says to play next."),
                ));
            }
            if let Some(id) = in_play(library, campaign_id, memory)?.into_iter().next() {
                return Ok(id);
            }
            // The HQ steps and skill choices due before the next memory come
            // first: the campaign's rules refuse the start as they would
            // refuse its record.
            super::bov::check_memory_start(&stored.state, pack, memory)?;
            let setup = Memory::with_box_values(&setup, &library.box_values(KIND)?);
            let events = Memory::decide(&Game::default(), &setup, now, rand::random())?;
            let id = crate::new_campaign_id();
            library.create_game::<Memory>(&id, &stored.record.name, &events, now)?;
            Ok(id)
        })?;
        self.game_open::<Memory>(&id, &super::Whole)
    }
}
