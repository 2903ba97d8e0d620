//! Starting a campaign: its name, its box and its assassins, the cards the
//! box deals and everyone's starting health (ADJUSTING THE NUMBER OF
//! PLAYERS: 3 health while 0.1 or 0.2 is next).

use crate::model::board::Ledger;
use crate::model::campaign::{Campaign, Event, MAX_ASSASSINS, MAX_NAME_CHARS};
use crate::model::pack::Pack;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use std::collections::BTreeSet;

pub(crate) fn checked_name(name: &str) -> Result<String, RuleViolation> {
    let name = name.trim();
    if name.is_empty() {
        return Err(refuse(
            RuleCode::NameEmpty,
            Section::Campaign,
            "Give the campaign a name.",
        ));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(refuse(
            RuleCode::NameTooLong,
            Section::Campaign,
            format!("A campaign name has at most {MAX_NAME_CHARS} characters."),
        )
        .with("max", MAX_NAME_CHARS));
    }
    if name.chars().any(char::is_control) {
        return Err(refuse(
            RuleCode::NameControl,
            Section::Campaign,
            "A campaign name cannot contain line breaks or control characters.",
        ));
    }
    Ok(name.to_string())
}

/// A new campaign played under `edition` of the rules: this build's for the
/// players' creation, the recorded one for a creation read from a file.
pub fn decide_create(
    pack: &Pack,
    name: &str,
    pack_id: &str,
    assassins: &[String],
    edition: u32,
) -> Result<Vec<Event>, Vec<RuleViolation>> {
    let mut violations = Vec::new();
    let name = checked_name(name).map_err(|v| violations.push(v)).ok();
    if pack_id != pack.id {
        violations.push(refuse(
            RuleCode::WrongPack,
            Section::Campaign,
            "This box is not installed.",
        ));
    }
    if assassins.is_empty() || assassins.len() > MAX_ASSASSINS {
        violations.push(
            refuse(
                RuleCode::AssassinCount,
                Section::AdjustingTheNumberOfPlayers,
                format!("Choose 1 to {MAX_ASSASSINS} assassins."),
            )
            .with("max", MAX_ASSASSINS),
        );
    }
    let mut seen = BTreeSet::new();
    for id in assassins {
        match pack.assassin(id) {
            None => violations.push(
                refuse(
                    RuleCode::AssassinUnknown,
                    Section::AdjustingTheNumberOfPlayers,
                    format!("There is no assassin called {id} in this box."),
                )
                .with("assassin", id),
            ),
            Some(a) if !seen.insert(id) => violations.push(
                refuse(
                    RuleCode::AssassinTwice,
                    Section::AdjustingTheNumberOfPlayers,
                    format!("{} can only be chosen once.", a.name),
                )
                .with("assassin", &a.name),
            ),
            Some(_) => {}
        }
    }
    let Some(name) = name.filter(|_| violations.is_empty()) else {
        return Err(violations);
    };
    let created = Event::CampaignCreated {
        name,
        pack_id: pack_id.to_string(),
        assassins: assassins.to_vec(),
    };
    if !(1..=crate::rules::edition::EDITION).contains(&edition) {
        return Err(vec![refuse(
            RuleCode::EditionUnknown,
            Section::Campaign,
            format!(
                "Bagless plays editions 1 to {} of the rules, not {edition}.",
                crate::rules::edition::EDITION
            ),
        )
        .with("edition", edition)
        .with("max", crate::rules::edition::EDITION)]);
    }
    let mut events = vec![created];
    // Edition 1 is what a creation without the mark plays.
    if edition != bagless_game::first_edition() {
        events.push(Event::EditionSet { edition });
    }
    let started = events.iter().fold(Campaign::default(), |mut state, event| {
        evolve(&mut state, event);
        state
    });
    let health = started.base_health(pack);
    let cards = Ledger::dealt(pack);
    if !cards.is_empty() {
        events.push(Event::CardsDealt { cards });
    }
    events.extend(assassins.iter().map(|assassin| Event::HealthRestored {
        assassin: assassin.clone(),
        health,
    }));
    Ok(events)
}

/// Applies the events of this section: the campaign's creation and names.
pub(crate) fn evolve(state: &mut Campaign, event: &Event) {
    match event {
        Event::CampaignCreated {
            name,
            pack_id,
            assassins,
        } => {
            state.name = name.clone();
            state.pack_id = pack_id.clone();
            // A creation that records no edition was written before
            // editions were kept: edition 1 (`EditionSet` follows otherwise).
            state.edition = bagless_game::first_edition();
            state.assassins = assassins.clone();
            for assassin in assassins {
                state.roster.entry(assassin.clone()).or_default();
            }
        }
        Event::EditionSet { edition } => state.edition = *edition,
        Event::CampaignRenamed { name } => state.name = name.clone(),
        _ => {}
    }
}
