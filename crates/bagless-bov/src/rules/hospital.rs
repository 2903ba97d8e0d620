//! The red hospital spaces (FIRST ASSIGNMENT 1; ASSIGNMENTS: MEMORY 1.2
//! ONWARD 1): who may lie there, and that whoever does is replaced by an
//! apprentice for the next memory.

use crate::model::campaign::Campaign;
use crate::model::hq_types::{HqState, Spot};
use crate::model::pack::Pack;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};

/// Who may lie on a red hospital space: at the first assignment, "each
/// eliminated assassin" (FIRST ASSIGNMENT 1); from then on the eliminated
/// must and "if you wish, you may also place any injured assassins there"
/// (ASSIGNMENTS: MEMORY 1.2 ONWARD 1).
pub(crate) fn check_patient(
    state: &Campaign,
    pack: &Pack,
    hq: &HqState,
    assassin: &str,
) -> Result<(), Vec<RuleViolation>> {
    let Some(entry) = state.roster.get(assassin) else {
        return Ok(());
    };
    let name = crate::model::campaign::assassin_name(pack, assassin);
    if entry.eliminated {
        return Ok(());
    }
    if !hq.first_done {
        return Err(vec![refuse(
            RuleCode::HospitalFirstEliminatedOnly,
            Section::FirstAssignment,
            format!("At the first assignment only eliminated assassins lie in the hospital: {name} was not eliminated."),
        )
        .with("assassin", &name)]);
    }
    if entry.health >= state.max_health(pack, assassin) {
        return Err(vec![refuse(
            RuleCode::HospitalNotInjured,
            Section::AssignmentsFromMemory12,
            format!(
                "{name} is neither eliminated nor injured: only they lie on a red hospital space."
            ),
        )
        .with("assassin", &name)]);
    }
    Ok(())
}

/// An assassin on a red hospital space is "replaced by an assassin
/// apprentice during the next memory" (ASSIGNMENTS: MEMORY 1.2 ONWARD 1;
/// FIRST ASSIGNMENT 5): their card, health and level III and IV skills wait
/// in their bag.
pub fn in_hospital(state: &Campaign, assassin: &str) -> bool {
    state
        .hq
        .as_ref()
        .is_some_and(|hq| hq.spots.get(assassin) == Some(&Spot::HospitalRed))
}
