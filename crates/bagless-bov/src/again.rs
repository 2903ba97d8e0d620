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
use crate::model::campaign::{Campaign, Command, Context, Event, Reading};
use crate::model::hq_types::DiceInput;
use crate::model::packs;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use crate::rules::creation::decide_create;
use crate::rules::edition::{self, reading_of, unrecorded_under, EDITION};
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
            let decided = decide_create(pack_of(pack_id)?, name, pack_id, assassins, edition)
                .map_err(first)?;
            let reading = if edition == bagless_game::first_edition() {
                // No Bagless wrote a creation without its edition once
                // editions were kept.
                if now >= edition::editions_kept() {
                    return Err(refuse(
                        RuleCode::EditionMissing,
                        Section::Campaign,
                        "This campaign's creation records no edition of the rules, which no Bagless of its date wrote.",
                    ));
                }
                reading_of(now)
            } else {
                Reading::Current
            };
            return Ok(as_recorded(reading, decided, recorded));
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
        // Edition 1: the reading of the builds of the entry's date.
        let reading = if self.edition == bagless_game::first_edition() {
            reading_of(now)
        } else {
            Reading::Current
        };
        if reading == Reading::Current {
            return decide(self, pack, &command, &ctx).map_err(first);
        }
        let mut then = self.clone();
        then.reading = reading;
        let decided = decide(&then, pack, &command, &ctx).map_err(first)?;
        Ok(as_recorded(reading, decided, recorded))
    }

    /// What must hold after every entry: every card in one place (the
    /// ledger's), 1 to 4 assassins in play, an assassin in play eliminated
    /// without health and none above its maximum (one who left keeps the
    /// health they left with, their armor stored).
    fn invariants(&self) -> Vec<String> {
        let mut broken: Vec<String> = crate::rules::ledger_check::check_invariants(self)
            .err()
            .map(|why| format!("its cards are out of place: {why}"))
            .into_iter()
            .collect();
        let Some(pack) = packs::pack(&self.pack_id) else {
            return broken;
        };
        if self.assassins.is_empty() || self.assassins.len() > crate::campaign::MAX_ASSASSINS {
            broken.push(format!("{} assassins are in play", self.assassins.len()));
        }
        for id in &self.assassins {
            let Some(assassin) = self.roster.get(id) else {
                broken.push(format!("{id} is in play but not on the roster"));
                continue;
            };
            if assassin.eliminated && assassin.health != 0 {
                broken.push(format!(
                    "{id} is eliminated with {} health",
                    assassin.health
                ));
            }
            let max = self.max_health(pack, id);
            if assassin.health > max {
                broken.push(format!("{id} has {} health, above {max}", assassin.health));
            }
        }
        broken
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

/// What an older reading of edition 1 `decided` for an entry, as a build
/// of its time recorded it: the events it did not record yet
/// ([`unrecorded_under`]) may be missing from `recorded` (nothing else may
/// differ); they are not derived again, the boards show what was recorded.
fn as_recorded(reading: Reading, decided: Vec<Event>, recorded: &[Event]) -> Vec<Event> {
    let mut left = recorded.iter().peekable();
    let mut same = true;
    for event in &decided {
        if left.peek() == Some(&event) {
            left.next();
        } else if !unrecorded_under(reading, event) {
            same = false;
            break;
        }
    }
    if same && left.next().is_none() {
        recorded.to_vec()
    } else {
        decided
    }
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
