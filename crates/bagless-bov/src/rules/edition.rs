//! Editions of the rules: a campaign keeps the edition it is played under,
//! and moves to a corrected reading of the rules summary at a clean point,
//! between two memories (ADJUSTING THE NUMBER OF PLAYERS: "Between 2
//! memories (never during one)"), so no memory is played under two
//! readings. What was played stays as it was recorded.
//!
//! Edition 2 reads again (issue "The seeds read a second time", 13 to 19):
//! health is 3 plus the armor's at every memory (VILLA, ASSASSIN
//! APPRENTICES); the HQ die's special face counts for 1 ★ and a second
//! attempt's dice each provide one (COMMAND ROOM); Ezio may work in a
//! building from 1.2 on when his brown card says so (ASSIGNMENTS: MEMORY
//! 1.2 ONWARD); an assassin in hospital is never swapped, and joining,
//! leaving and swapping wait for the end of a memory (FIRST ASSIGNMENT,
//! ADJUSTING THE NUMBER OF PLAYERS); the shop keeps at most the 4 cards
//! drawn (SHOP); medicine heals an eliminated assassin too (HEADQUARTERS).
//!
//! Edition 3 reads again (issue 55, "a third reading", items 3 to 8): an
//! armor put on brings its health with it, full health being "your 3
//! initial and those added by your armor" (VILLA), and taken off takes it
//! back (item 28, before any game outside this repository played it); no assassin joins in the
//! place of one who left from the hospital or eliminated (FIRST
//! ASSIGNMENT: "You can never replace an assassin in hospital with another
//! assassin", ADJUSTING THE NUMBER OF PLAYERS); only "the card on top of
//! the chest deck" leaves it, and every card that left it in a failed
//! memory goes back (CHEST, REPLAYING A MEMORY); an optional memory may be
//! declined "for good" whenever it is offered, even after a failed first
//! attempt, but not while its memory group is out (OPTIONAL MEMORY;
//! refusal `decline_group_out`).
//!
//! Edition 4 reads again (issue 55 item 28, a second fresh reading of seed
//! 000, after edition 3 was released): an eliminated assassin recovers "as
//! soon as you complete the memory with the assassin apprentice" only if
//! that apprentice played for them, so one who left the campaign stays
//! eliminated until a memory is completed with them back in it (ASSASSIN
//! APPRENTICES); a blueprint is placed in the workshop at the assignment
//! step only ("2. Choose 1 blueprint card and place it in the workshop"),
//! taken out at either step (ASSIGNMENTS: MEMORY 1.2 ONWARD, WORKSHOP;
//! refusal `workshop_at_assignment`).
//!
//! Edition 5 reads again (a third fresh reading of seed 000): at the first
//! assignment the workshop takes no card before the assignment is
//! confirmed, the confirmation placing the flying machine blueprint there
//! ("2. Place the flying machine blueprint card … in the workshop"), so
//! the workshop holds one blueprint at most (WORKSHOP: "If you have placed
//! 1 blueprint card in the workshop"; refusal `workshop_first_assignment`);
//! the villa envelope takes or gives no card while a memory of the
//! campaign is being played in Bagless (VILLA: "Before starting the next
//! memory, you can … store or recover unused equipment from the villa
//! envelope"; refusal `villa_during_memory`). Its step moves any blueprint
//! beyond the first out of the workshop, to the main hall.
//!
//! Edition 6 reads again (a fourth fresh reading of seed 000): a card added
//! to the campaign goes into the HQ's main hall or workshop only at the
//! assignment and resolution steps, not while the memory group is out, as
//! a card moved there already did from edition 2 (HEADQUARTERS: "During the
//! assignment and resolution steps, at any time, you may: … Take or store
//! small cards in the headquarters' main hall"; refusal
//! `main_hall_during_memory`); at the first assignment a miniature is put
//! only where the first layout has room, not refused at the confirmation
//! alone (FIRST ASSIGNMENT: "1 mercenary / courtesan", "Hospital: Place 1
//! … on a white space", "Workshop: Place 1 …", "Shop: Place 1 … there if
//! you have any left"; refusals `first_one_ally`, `first_layout`,
//! `apprentice_per_patient`). Its step changes nothing recorded: at a
//! clean point no miniature is placed and no memory group is out.

use crate::model::board::Place;
use crate::model::campaign::{Campaign, Event, Reading};
use crate::model::pack::Pack;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use chrono::{DateTime, TimeZone, Utc};

/// The edition of the rules this build plays. A campaign created before
/// editions were kept plays edition 1 until its edition step.
pub const EDITION: u32 = 6;

/// When editions began to be kept (2026-11-25 18:25:03 UTC, `7d9b2f5`):
/// a creation recorded since records its edition.
pub fn editions_kept() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 25, 18, 25, 3).unwrap()
}

impl Campaign {
    /// Whether the campaign follows the readings corrected in edition 4
    /// (issue 55 item 28, a second fresh reading: an eliminated assassin who
    /// left recovers only once an apprentice played for them, a blueprint is
    /// placed in the workshop at the assignment step only): editions 1 to 3
    /// keep theirs exactly.
    pub fn follows_edition_4(&self) -> bool {
        self.edition >= 4
    }

    /// Whether the campaign follows the readings corrected in edition 5 (a
    /// third fresh reading: no card in the workshop before the first
    /// assignment is confirmed, the villa envelope closed while a memory
    /// of the campaign is played in Bagless): editions 1 to 4 keep theirs.
    pub fn follows_edition_5(&self) -> bool {
        self.edition >= 5
    }

    /// Whether the campaign follows the readings corrected in edition 6 (a
    /// fourth fresh reading: no card added into the HQ's main hall or
    /// workshop while the memory group is out, the first assignment's
    /// miniatures put only where its layout has room): editions 1 to 5
    /// keep theirs.
    pub fn follows_edition_6(&self) -> bool {
        self.edition >= 6
    }
}

/// The reading of edition 1 an entry recorded at `at` was played under:
/// the builds before the assassins' boards (before 2026-11-22 07:48:59
/// UTC, `531050c`), those before the rulebook corrections of 2026-11-23
/// 11:22:15 UTC (`ba3e2a2`), then edition 1's last. An entry recorded
/// since is decided under the last whatever its history before it.
pub fn reading_of(at: DateTime<Utc>) -> Reading {
    let boards = Utc.with_ymd_and_hms(2026, 11, 22, 7, 48, 59).unwrap();
    let corrections = Utc.with_ymd_and_hms(2026, 11, 23, 11, 22, 15).unwrap();
    if at < boards {
        Reading::BeforeTheBoards
    } else if at < corrections {
        Reading::BeforeTheFirstAssignmentRule
    } else {
        Reading::Current
    }
}

/// The events an older reading of edition 1 did not record, which a
/// history of it may lack: before the boards, the cards dealt and any
/// health restored or lowered; before the corrections, health lowered with
/// an armor taken off (`ba3e2a2` derived it first).
pub fn unrecorded_under(reading: Reading, event: &Event) -> bool {
    match reading {
        Reading::Current => false,
        Reading::BeforeTheFirstAssignmentRule => matches!(event, Event::HealthLowered { .. }),
        Reading::BeforeTheBoards => matches!(
            event,
            Event::CardsDealt { .. } | Event::HealthRestored { .. } | Event::HealthLowered { .. }
        ),
    }
}

/// `(from, to)` when the campaign plays an older edition than this build's
/// and is at a clean point: the edition step is due.
pub fn edition_due(state: &Campaign, pack: &Pack) -> Option<(u32, u32)> {
    (state.is_created() && state.edition < EDITION && state.at_clean_point(pack))
        .then_some((state.edition, EDITION))
}

/// The step that moves the campaign to this build's edition, when one is
/// due: the app writes it with the next command given at a clean point.
pub fn edition_step(state: &Campaign, pack: &Pack) -> Option<Vec<Event>> {
    edition_due(state, pack).map(|(from, to)| step(state, pack, from, to))
}

fn step(state: &Campaign, pack: &Pack, from: u32, to: u32) -> Vec<Event> {
    let changed = Event::EditionChanged { from, to };
    let mut after = state.clone();
    evolve(&mut after, &changed);
    let mut events = vec![changed];
    // The new edition's maximum may be lower (edition 2: 3 + the armor's,
    // not 4): what is above it comes down to it.
    for (id, assassin) in &state.roster {
        let max = after.max_health(pack, id);
        if !assassin.eliminated && assassin.health > max {
            events.push(Event::HealthCapped {
                assassin: id.clone(),
                health: max,
            });
        }
    }
    // Edition 5's workshop holds one blueprint at most (WORKSHOP: "If you
    // have placed 1 blueprint card in the workshop"): an older edition may
    // have let a second in at the first assignment. The one the resolution
    // would build stays (the first in the ledger's order); the others go
    // to the main hall, where a blueprint not built goes.
    if from < 5 && to >= 5 {
        let beyond: Vec<String> = state
            .ledger
            .at(&Place::Workshop)
            .skip(1)
            .map(|c| c.card.id.clone())
            .collect();
        if !beyond.is_empty() {
            events.push(Event::CardsStored {
                cards: beyond,
                to: Place::MainHall,
            });
        }
    }
    events
}

/// A recorded edition step decided again (an import, `bagless check`), or
/// the app's own: refused unless a step to `to` is due now.
pub(crate) fn decide_take(
    state: &Campaign,
    pack: &Pack,
    to: u32,
) -> Result<Vec<Event>, Vec<RuleViolation>> {
    let due = state.edition < to && to <= EDITION && state.at_clean_point(pack);
    if !due {
        return Err(vec![refuse(
            RuleCode::EditionNotDue,
            Section::AdjustingTheNumberOfPlayers,
            format!(
                "The campaign cannot move to edition {to} of the rules now: it plays edition {}, and moves only between two memories.",
                state.edition
            ),
        )
        .with("to", to)
        .with("edition", state.edition)]);
    }
    Ok(step(state, pack, state.edition, to))
}

/// Applies the edition step.
pub(crate) fn evolve(state: &mut Campaign, event: &Event) {
    match event {
        Event::EditionChanged { to, .. } => state.edition = *to,
        Event::HealthCapped { assassin, health } => {
            state.roster.entry(assassin.clone()).or_default().health = *health;
        }
        _ => {}
    }
}
