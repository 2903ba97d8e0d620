//! A campaign's history: the timeline the players read (newest first, in
//! their words). Undo and redo themselves are worked out in [`crate::rules::undo`].

use crate::model::board::{EquipSlot, Place};
use crate::model::campaign::{roman, Event, EventEnvelope, Outcome};
use crate::model::pack::Pack;
use crate::rules::memories::xp_counted;
pub use crate::rules::undo::{decide_jump_back, decide_redo, decide_undo, UndoStack};

use std::collections::BTreeMap;

pub use bagless_game::history::{HistoryEntry, HistoryLine, HistoryPage, PlaceRef, StepStatus};

/// The timeline of a campaign, newest first: one entry per step of the log.
pub fn history_view(log: &[EventEnvelope], pack: &Pack) -> HistoryPage {
    history_page(log, pack, usize::MAX)
}

/// The newest `limit` steps of the timeline, newest first; `older` counts
/// the rest. Only the steps sent are put into words.
pub fn history_page(log: &[EventEnvelope], pack: &Pack, limit: usize) -> HistoryPage {
    bagless_game::history::page(
        log,
        limit,
        &mut Words {
            pack,
            names: CardNames::default(),
        },
    )
}

/// A campaign's words: each event described with the card names the log
/// gave so far (a move names the card as it was then).
struct Words<'log> {
    pack: &'log Pack,
    names: CardNames<'log>,
}

impl<'log> bagless_game::history::Describe<'log, Event> for Words<'log> {
    fn line(&mut self, envelope: &'log EventEnvelope, wanted: bool) -> Option<HistoryLine> {
        let line = wanted.then(|| describe(&envelope.event, self.pack, &self.names));
        self.names.learn(&envelope.event);
        line
    }

    fn extra_details(&self, event: &Event) -> Vec<HistoryLine> {
        edition_changes(event)
    }

    fn overridden(&self, event: &Event) -> bool {
        matches!(event, Event::ValueOverridden { .. })
    }
}

/// What an edition step changed, in the players' words: one line under
/// it per edition passed, `rules_edition_<n>` in the catalogue ("health 3
/// + armor, …"), a step from 1 to 3 saying edition 2's changes and 3's.
fn edition_changes(event: &Event) -> Vec<HistoryLine> {
    match event {
        Event::EditionChanged { from, to } => (from.saturating_add(1)..=*to)
            .map(|edition| Line::new(event, &format!("rules_edition_{edition}")).0)
            .collect(),
        _ => Vec::new(),
    }
}

/// Card names by id, as the log goes: a move names the card as it was then.
/// Borrowed from the log: learning a name copies nothing.
#[derive(Default)]
struct CardNames<'log>(BTreeMap<&'log str, &'log str>);

impl<'log> CardNames<'log> {
    fn learn(&mut self, event: &'log Event) {
        match event {
            Event::CardsDealt { cards } => {
                for placed in cards {
                    self.0.insert(&placed.card.id, &placed.card.name);
                }
            }
            Event::CardAdded { placed } => {
                self.0.insert(&placed.card.id, &placed.card.name);
            }
            _ => {}
        }
    }

    fn name(&self, id: &str) -> String {
        self.0.get(id).copied().unwrap_or(id).to_string()
    }
}

fn assassin(pack: &Pack, id: &str) -> String {
    crate::model::campaign::assassin_name(pack, id)
}

/// A slot as serde spells it ("weapon"), the catalogue's key.
fn slot_words(slot: EquipSlot) -> String {
    match serde_json::to_value(slot) {
        Ok(serde_json::Value::String(words)) => words,
        _ => format!("{slot:?}"),
    }
}

fn place_ref(pack: &Pack, place: &Place) -> PlaceRef {
    let kind = match place {
        Place::Equipped { .. } => "equipped",
        Place::Inventory { .. } => "inventory",
        Place::Bag { .. } => "bag",
        Place::VillaEnvelope => "villa_envelope",
        Place::MainHall => "main_hall",
        Place::Workshop => "workshop",
        Place::EquipmentDeck => "equipment_deck",
        Place::EquipmentDiscard => "equipment_discard",
        Place::ChestDeck => "chest_deck",
        Place::RemovedFromGame => "removed_from_game",
        Place::Box => "box",
    };
    PlaceRef {
        place: kind.to_string(),
        assassin: place.assassin().map(|id| assassin(pack, id)),
        slot: match place {
            Place::Equipped { slot, .. } => Some(slot_words(*slot)),
            _ => None,
        },
        number: match place {
            Place::Inventory { index, .. } => Some(index.saturating_add(1)),
            _ => None,
        },
    }
}

struct Line(HistoryLine);

impl Line {
    fn new(event: &Event, key: &str) -> Line {
        Line(HistoryLine {
            kind: event.kind().to_string(),
            key: key.to_string(),
            params: BTreeMap::new(),
            places: BTreeMap::new(),
        })
    }

    fn with(mut self, name: &str, value: impl ToString) -> Line {
        self.0.params.insert(name.to_string(), value.to_string());
        self
    }

    fn at(mut self, name: &str, place: PlaceRef) -> Line {
        self.0.places.insert(name.to_string(), place);
        self
    }
}

/// An HQ miniature as the history names it: the assassin's name, or its id
/// ("apprentice-2", "ally-1", "ezio") for the catalogue to word.
fn miniature_words(pack: &Pack, id: &str) -> String {
    pack.assassin(id)
        .map_or_else(|| id.to_string(), |a| a.name.clone())
}

/// The words for one event: a message key and its parameters, never English.
#[allow(
    clippy::too_many_lines,
    reason = "a view, not decide/evolve: one arm per event"
)]
fn describe(event: &Event, pack: &Pack, cards: &CardNames) -> HistoryLine {
    let line = Line::new(event, event.kind());
    let names = |ids: &[String]| {
        ids.iter()
            .map(|id| assassin(pack, id))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let line = match event {
        Event::CampaignCreated {
            name, assassins, ..
        } => line.with("name", name).with("assassins", names(assassins)),
        Event::CampaignRenamed { name } => line.with("name", name),
        Event::AttemptRecorded { attempt } => {
            let key = match (attempt.outcome, attempt.synchronized) {
                (Outcome::Success, _) => "attempt_success",
                (Outcome::Failure, true) => "attempt_synchronized",
                (Outcome::Failure, false) => "attempt_failure",
            };
            Line::new(event, key)
                .with("memory", &attempt.memory)
                .with("xp", xp_counted(attempt))
                .with("date", attempt.played_on)
        }
        Event::LevelReached {
            level,
            after_memory,
        } => line
            .with("level", roman(*level))
            .with("memory", after_memory),
        Event::OptionalMemoryDeclined { memory } => line.with("memory", memory),
        Event::HqStickerSet { number, marked } => Line::new(
            event,
            if *marked {
                "hq_sticker_set"
            } else {
                "hq_sticker_cleared"
            },
        )
        .with("number", number),
        Event::CardsDealt { cards } => line.with("count", cards.len()),
        Event::CardAdded { placed } => line
            .with("card", &placed.card.name)
            .at("to", place_ref(pack, &placed.place)),
        Event::CardMoved { card, from, to, .. } => line
            .with("card", cards.name(card))
            .at("from", place_ref(pack, from))
            .at("to", place_ref(pack, to)),
        Event::ChestCardDrawn { card, to } => line
            .with("card", cards.name(card))
            .at("to", place_ref(pack, to)),
        Event::ChestCardsReturned { cards: returned }
        | Event::CardsStored {
            cards: returned, ..
        } => {
            let list = returned
                .iter()
                .map(|id| cards.name(id))
                .collect::<Vec<_>>()
                .join(", ");
            let line = line.with("cards", list);
            match event {
                Event::CardsStored { to, .. } => line.at("to", place_ref(pack, to)),
                _ => line,
            }
        }
        Event::SkillChosen {
            assassin: id,
            level,
            name,
            ..
        } => line
            .with("assassin", assassin(pack, id))
            .with("level", roman(*level))
            .with("skill", name),
        Event::SkillPostponed {
            assassin: id,
            level,
        } => line
            .with("assassin", assassin(pack, id))
            .with("level", roman(*level)),
        Event::HealthSet {
            assassin: id,
            health,
        }
        | Event::HealthRestored {
            assassin: id,
            health,
        }
        | Event::HealthLowered {
            assassin: id,
            health,
        }
        | Event::HealthRaised {
            assassin: id,
            health,
        }
        | Event::HealthCapped {
            assassin: id,
            health,
        }
        | Event::AssassinRecovered {
            assassin: id,
            health,
        } => line
            .with("assassin", assassin(pack, id))
            .with("health", health),
        Event::AssassinEliminated { assassin: id } => line.with("assassin", assassin(pack, id)),
        Event::AssassinJoined {
            assassin: id,
            replacing,
            ..
        } => {
            let key = if replacing.is_some() {
                "assassin_joined_swap"
            } else {
                "assassin_joined"
            };
            Line::new(event, key).with("assassin", assassin(pack, id))
        }
        Event::AssassinLeft {
            assassin: id,
            replaced_by,
        } => match replaced_by {
            Some(joining) => Line::new(event, "assassin_swapped")
                .with("assassin", assassin(pack, id))
                .with("joining", assassin(pack, joining)),
            None => line.with("assassin", assassin(pack, id)),
        },
        Event::HqUnlocked { ally } => Line::new(
            event,
            match ally {
                crate::rules::hq::AllyKind::Mercenaries => "hq_unlocked_mercenaries",
                crate::rules::hq::AllyKind::Courtesans => "hq_unlocked_courtesans",
            },
        ),
        Event::HqValueSet { key, value } => line.with("key", key).with("value", value),
        Event::MiniatureAssigned { miniature, spot } => match spot {
            Some(spot) => line
                .with("miniature", miniature_words(pack, miniature))
                .with("spot", spot.word()),
            None => Line::new(event, "miniature_unassigned")
                .with("miniature", miniature_words(pack, miniature)),
        },
        Event::HqResolved {
            stars, fulfilled, ..
        } => Line::new(
            event,
            if *fulfilled {
                "hq_resolved_fulfilled"
            } else {
                "hq_resolved_failed"
            },
        )
        .with("stars", stars),
        Event::HqLevelChanged { level } => line.with("level", roman(*level)),
        // One line per edition, saying what changed in the players' words
        // ("edition_changed_2" in the catalogue).
        Event::EditionSet { edition } => line.with("edition", edition),
        Event::EditionChanged { from, to } => line.with("from", from).with("to", to),
        Event::CardBuilt { card } => line.with("card", cards.name(card)),
        Event::ValueOverridden {
            target,
            from,
            to,
            reason,
        } => {
            let (key, from, to) = match target {
                crate::rules::overrides::OverrideTarget::Xp => {
                    ("xp_overridden", from.to_string(), to.to_string())
                }
                crate::rules::overrides::OverrideTarget::HqLevel => (
                    "hq_level_overridden",
                    roman(*from as u8).to_string(),
                    roman(*to as u8).to_string(),
                ),
            };
            Line::new(event, key)
                .with("from", from)
                .with("to", to)
                .with("reason", reason)
        }
        // Events added later are listed by kind: the UI shows a generic
        // line until its catalogue has words for them.
        #[allow(unreachable_patterns)]
        _ => line,
    };
    line.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::campaign::{effective, last_undoable, replay_log};
    use chrono::TimeZone;
    use chrono::{DateTime, Utc};

    #[test]
    fn an_edition_step_from_1_to_3_says_edition_2_s_changes_and_3_s() {
        let keys = |event: &Event| -> Vec<String> {
            edition_changes(event).into_iter().map(|l| l.key).collect()
        };
        assert_eq!(
            keys(&Event::EditionChanged { from: 1, to: 3 }),
            ["rules_edition_2", "rules_edition_3"]
        );
        assert_eq!(
            keys(&Event::EditionChanged { from: 2, to: 3 }),
            ["rules_edition_3"]
        );
        assert!(keys(&Event::EditionSet { edition: 3 }).is_empty());
    }

    fn at(minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 20, 21, minute, 0).unwrap()
    }

    /// A log under construction, one envelope per event.
    struct Log(Vec<EventEnvelope>);

    impl Log {
        fn new() -> Log {
            let mut log = Log(Vec::new());
            log.push(Event::CampaignCreated {
                name: "Venice".into(),
                pack_id: "core".into(),
                assassins: vec!["claudio".into()],
            });
            log
        }
        fn push(&mut self, event: Event) -> u32 {
            let seq = self.0.len() as u32 + 1;
            self.0.push(EventEnvelope {
                seq,
                recorded_at: at(seq),
                event,
                by: None,
            });
            seq
        }
        /// A player's entry (an HQ sticker) with one derived event.
        fn entry(&mut self, number: u8) -> u32 {
            let seq = self.push(Event::HqStickerSet {
                number,
                marked: true,
            });
            self.push(Event::LevelReached {
                level: number,
                after_memory: format!("{number}"),
            });
            seq
        }
        fn apply(&mut self, events: Vec<Event>) {
            for event in events {
                self.push(event);
            }
        }
        fn undo(&mut self) {
            self.apply(decide_undo(&self.0).unwrap());
        }
        fn redo(&mut self) {
            self.apply(decide_redo(&self.0).unwrap());
        }
        /// The HQ stickers in effect: which entries count.
        fn stickers(&self) -> Vec<u8> {
            replay_log(&self.0).hq_stickers.into_iter().collect()
        }
        fn levels(&self) -> Vec<u8> {
            replay_log(&self.0).levels_reached.into_keys().collect()
        }
    }

    #[test]
    fn undo_redo_undo_chains_follow_the_stack() {
        let mut log = Log::new();
        log.entry(1);
        log.entry(2);
        log.entry(3);
        log.undo();
        log.undo();
        assert_eq!(log.stickers(), [1]);
        assert_eq!(log.levels(), [1], "derived events go with their entry");
        log.redo();
        assert_eq!(log.stickers(), [1, 2]);
        assert_eq!(log.levels(), [1, 2]);
        log.undo();
        assert_eq!(log.stickers(), [1]);
        log.redo();
        log.redo();
        assert_eq!(log.stickers(), [1, 2, 3]);
        assert_eq!(decide_redo(&log.0).unwrap_err().code, "nothing_to_redo");
        log.undo();
        log.undo();
        log.undo();
        assert_eq!(log.stickers(), Vec::<u8>::new());
        assert_eq!(decide_undo(&log.0).unwrap_err().code, "nothing_to_undo");
        for _ in 0..3 {
            log.redo();
        }
        assert_eq!(log.stickers(), [1, 2, 3]);
        assert_eq!(
            effective(&log.0)
                .filter(|e| matches!(
                    e.event,
                    Event::EntryUndone { .. } | Event::EntryRedone { .. }
                ))
                .count(),
            0
        );
    }

    #[test]
    fn a_new_change_clears_the_redo_stack() {
        let mut log = Log::new();
        let first = log.entry(1);
        let second = log.entry(2);
        log.undo();
        assert_eq!(UndoStack::of(&log.0).next_redo(), Some(second));
        let third = log.entry(3);
        assert_eq!(log.stickers(), [1, 3]);
        assert_eq!(decide_redo(&log.0).unwrap_err().code, "redo_after_change");
        // A hand-made redo of the old entry changes nothing.
        log.push(Event::EntryRedone { seq: second });
        assert_eq!(log.stickers(), [1, 3]);
        assert_eq!(last_undoable(&log.0), Some(third));
        log.undo();
        log.undo();
        assert_eq!(log.stickers(), Vec::<u8>::new());
        assert_eq!(UndoStack::of(&log.0).redo, [third, first]);
        log.redo();
        assert_eq!(log.stickers(), [1]);
    }

    #[test]
    fn going_back_undoes_every_later_entry_and_redo_brings_them_back_in_order() {
        let mut log = Log::new();
        let first = log.entry(1);
        let second = log.entry(2);
        let third = log.entry(3);
        let fourth = log.entry(4);
        log.undo(); // the fourth, on the redo stack
        let markers = decide_jump_back(&log.0, first).unwrap();
        assert_eq!(
            markers,
            [
                Event::EntryUndone { seq: third },
                Event::EntryUndone { seq: second }
            ],
            "newest first, the undone entries left out"
        );
        log.apply(markers);
        assert_eq!(log.stickers(), [1]);
        assert_eq!(UndoStack::of(&log.0).redo, [fourth, third, second]);
        log.redo();
        assert_eq!(log.stickers(), [1, 2]);
        log.redo();
        log.redo();
        assert_eq!(log.stickers(), [1, 2, 3, 4]);
        // Back to the creation: everything after it.
        let created = 1;
        log.apply(decide_jump_back(&log.0, created).unwrap());
        assert_eq!(log.stickers(), Vec::<u8>::new());
        assert_eq!(
            decide_jump_back(&log.0, created).unwrap_err().code,
            "go_back_nothing_after"
        );
        assert_eq!(
            decide_jump_back(&log.0, third).unwrap_err().code,
            "go_back_unknown",
            "an undone entry"
        );
        assert_eq!(
            decide_jump_back(&log.0, 3).unwrap_err().code,
            "go_back_unknown",
            "a derived event"
        );
    }

    #[test]
    fn markers_that_break_the_rules_are_ignored() {
        let mut log = Log::new();
        let first = log.entry(1);
        let second = log.entry(2);
        log.push(Event::EntryUndone { seq: 99 }); // no such entry
        log.push(Event::EntryUndone { seq: 3 }); // a derived event
        log.push(Event::EntryRedone { seq: second }); // never undone
        assert_eq!(log.stickers(), [1, 2]);
        assert_eq!(replay_log(&log.0).name, "Venice");
        log.push(Event::EntryUndone { seq: first }); // an old entry, as old logs may hold
        log.push(Event::EntryUndone { seq: first }); // twice
        assert_eq!(log.stickers(), [2]);
        log.push(Event::EntryRedone { seq: 42 });
        assert_eq!(log.stickers(), [2]);
        log.redo();
        assert_eq!(log.stickers(), [1, 2]);
    }

    #[test]
    fn the_history_lists_every_entry_newest_first_with_its_status() {
        let pack =
            Pack::from_json("core", include_str!("../../../../campaigns/core/pack.json")).unwrap();
        let mut log = Log::new();
        let first = log.entry(1);
        let second = log.entry(2);
        let third = log.entry(3);
        log.undo();
        log.undo();
        log.redo();
        let view = history_view(&log.0, &pack);
        let seqs: Vec<u32> = view.entries.iter().map(|e| e.seq).collect();
        assert_eq!(seqs, [third, second, first, 1]);
        let status: Vec<StepStatus> = view.entries.iter().map(|e| e.status).collect();
        assert_eq!(
            status,
            [
                StepStatus::Redoable,
                StepStatus::Done,
                StepStatus::Done,
                StepStatus::Done
            ]
        );
        assert!(view.entries[0].next_redo && view.entries[0].undone_at.is_some());
        assert_eq!(
            view.entries
                .iter()
                .map(|e| e.can_go_back_here)
                .collect::<Vec<_>>(),
            [false, false, true, true]
        );
        assert!(view.can_undo && view.can_redo);
        let line = &view.entries[1].line;
        assert_eq!(
            (line.key.as_str(), line.params["number"].as_str()),
            ("hq_sticker_set", "2")
        );
        assert_eq!(view.entries[1].details[0].key, "level_reached");
        assert_eq!(view.entries[3].line.params["assassins"], "Claudio");
        // A new change: the undone entry is gone for good.
        log.entry(4);
        let view = history_view(&log.0, &pack);
        assert_eq!(view.entries[1].status, StepStatus::Undone);
        assert!(!view.can_redo);
    }
}
