//! A campaign on the contract every game keeps (`bagless_game::Rules`):
//! an entry read from a file (an import, a restored backup, the library
//! itself) is decided again by the same `decide` as the players' commands,
//! under the edition of the rules the campaign plays (SAVING THE GAME: a
//! campaign is only believed as its rules would have written it); the
//! caller compares what it gives with what the file recorded after it.
//!
//! The box's pack is the one the campaign names (`model::packs`): nothing
//! comes from outside the crate. An entry read from a file draws nothing:
//! the command room's dice are recorded as their faces (`DiceInput::Entered`)
//! and checked like the faces a table enters; a recorded entry asking
//! Bagless to roll is refused.

use crate::game::{decide, evolve};
use crate::model::campaign::{Campaign, Command, Context, Event, EARLIEST_READING};
use crate::model::hq_types::DiceInput;
use crate::model::packs;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use crate::rules::creation::decide_create;
use crate::rules::edition::{self, EDITION};
use chrono::{DateTime, Utc};

impl bagless_game::Rules for Campaign {
    type Event = Event;
    type Refusal = RuleViolation;
    /// 2: the second reading of the rules summary (`rules::edition`).
    const EDITION: u32 = EDITION;

    fn evolve(&mut self, event: &Event) {
        *self = evolve(std::mem::take(self), event);
    }

    fn decide_again(
        &self,
        recorded: &[Event],
        now: DateTime<Utc>,
    ) -> Result<Vec<Event>, RuleViolation> {
        let first = |mut violations: Vec<RuleViolation>| violations.swap_remove(0);
        let Some(entry) = recorded.first() else {
            return Err(not_an_entry());
        };
        if let Event::CampaignCreated {
            name,
            pack_id,
            assassins,
        } = entry
        {
            if self.is_created() {
                return Err(refuse(
                    RuleCode::AlreadyCreated,
                    Section::Campaign,
                    "This campaign already exists.",
                ));
            }
            // A creation plays the edition its log records (`EditionSet`
            // after it), not this build's: none, the first edition.
            let edition = recorded[1..]
                .iter()
                .find_map(|e| match e {
                    Event::EditionSet { edition } => Some(*edition),
                    _ => None,
                })
                .unwrap_or_else(bagless_game::first_edition);
            let decided =
                decide_create(pack_of(pack_id)?, name, pack_id, assassins, edition).map_err(first);
            return if edition == bagless_game::first_edition() {
                edition_1_as_recorded(vec![decided], recorded)
            } else {
                decided
            };
        }
        let command = entry.as_command().ok_or_else(not_an_entry)?;
        if let Command::ResolveHq(input) = &command {
            if matches!(input.dice, DiceInput::Roll { .. }) {
                return Err(refuse(
                    RuleCode::RandomNeeded,
                    Section::HqResolutionStep,
                    "A resolution step read from a file records the faces its dice showed: Bagless does not roll them again.",
                ));
            }
        }
        let pack = if self.is_created() {
            pack_of(&self.pack_id)?
        } else {
            // `decide` refuses it: no campaign before its creation.
            pack_of(packs::CORE)?
        };
        let ctx = Context { now };
        let decided = decide(self, pack, &command, &ctx).map_err(first);
        if self.edition != bagless_game::first_edition() {
            return decided;
        }
        // Edition 1: its earliest reading too.
        let mut earliest = self.clone();
        earliest.edition = EARLIEST_READING;
        let earlier = decide(&earliest, pack, &command, &ctx).map_err(first);
        edition_1_as_recorded(vec![decided, earlier], recorded)
    }

    fn invariants(&self) -> Vec<String> {
        crate::rules::ledger_check::check_invariants(self)
            .err()
            .map(|why| format!("its cards are out of place: {why}"))
            .into_iter()
            .collect()
    }

    fn played_edition(&self) -> u32 {
        if self.is_created() {
            self.edition
        } else {
            EDITION
        }
    }

    /// Between two memories (ADJUSTING THE NUMBER OF PLAYERS: "Between 2
    /// memories (never during one)"), with no HQ step under way.
    fn at_clean_point(&self) -> bool {
        packs::pack(&self.pack_id).is_some_and(|pack| self.at_clean_point(pack))
    }

    fn edition_step(&self) -> Option<Vec<Event>> {
        edition::edition_step(self, packs::pack(&self.pack_id)?)
    }
}

/// An entry of a history of edition 1 (recorded before editions were
/// kept), decided under each of its readings (`answers`, the last first):
/// the first answer the history recorded, or the first answer when none
/// is. Edition 1's builds recorded the events only the assassins' boards
/// need (the box's cards dealt, health restored) from 2026-11-22 on, and
/// its histories may lack them: an answer with some of those left out, and
/// nothing else changed, is what such a build recorded. Nothing is derived
/// again: the boards show what was recorded.
fn edition_1_as_recorded(
    answers: Vec<Result<Vec<Event>, RuleViolation>>,
    recorded: &[Event],
) -> Result<Vec<Event>, RuleViolation> {
    answers
        .iter()
        .find_map(|answer| match answer {
            Ok(events) if board_events_left_out(events, recorded) => Some(Ok(recorded.to_vec())),
            _ => None,
        })
        .unwrap_or_else(|| answers.into_iter().next().expect("one reading at least"))
}

/// Whether `recorded` is `decided` with only some of the events the boards
/// need (cards dealt, health restored) left out, in the same order.
fn board_events_left_out(decided: &[Event], recorded: &[Event]) -> bool {
    let mut recorded = recorded.iter().peekable();
    for event in decided {
        if recorded.peek() == Some(&event) {
            recorded.next();
        } else if !matches!(
            event,
            Event::CardsDealt { .. } | Event::HealthRestored { .. }
        ) {
            return false;
        }
    }
    recorded.next().is_none()
}

/// The box `id`, or why a campaign of it cannot be decided here.
fn pack_of(id: &str) -> Result<&'static crate::model::pack::Pack, RuleViolation> {
    packs::pack(id).ok_or_else(|| {
        refuse(
            RuleCode::PackUnknown,
            Section::Campaign,
            format!(
                "This campaign needs the {id} box, which this version of Bagless does not know."
            ),
        )
        .with("pack", id)
    })
}

fn not_an_entry() -> RuleViolation {
    refuse(
        RuleCode::GoBackUnknown,
        Section::SavingTheGame,
        "That event is not an entry: no command of the players gives it.",
    )
}
