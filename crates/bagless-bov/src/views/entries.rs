//! What an event is in the history: its stored name, whether it is a
//! player's entry or derived from one, and the command behind an entry
//! (imports replay those through `decide`).

use crate::model::board::{ChestEnd, Place};
use crate::model::campaign::{AttemptInput, Command, Event};
use crate::model::override_types::OverrideInput;

impl Event {
    /// The event's kind, as serde tags it ("card_moved").
    pub fn kind(&self) -> &'static str {
        crate::model::campaign::EventKind::from(self).into()
    }

    /// Whether this event starts an entry of the history (a player's input,
    /// not derived from one): exactly when [`Event::as_command`] gives one,
    /// without building it (the history and undo walk every event).
    pub fn is_entry(&self) -> bool {
        !matches!(
            self,
            Event::LevelReached { .. }
                | Event::EntryUndone { .. }
                | Event::EntryRedone { .. }
                | Event::CardsDealt { .. }
                | Event::ChestCardsReturned { .. }
                | Event::CardsStored { .. }
                | Event::HealthRestored { .. }
                | Event::HealthLowered { .. }
                | Event::HealthRaised { .. }
                | Event::HealthCapped { .. }
                | Event::EditionSet { .. }
                | Event::AssassinEliminated { .. }
                | Event::AssassinRecovered { .. }
                | Event::HqLevelChanged { .. }
                | Event::CardBuilt { .. }
                | Event::AssassinJoined {
                    replacing: Some(_),
                    ..
                }
        )
    }

    /// The player's input behind this event, if it is not derived. Imports
    /// replay these through `decide`, so a file can never smuggle in a state
    /// the rules would refuse.
    pub fn as_command(&self) -> Option<Command> {
        if !self.is_entry() {
            return None;
        }
        Some(match self {
            Event::CampaignCreated {
                name,
                pack_id,
                assassins,
            } => Command::Create {
                name: name.clone(),
                pack_id: pack_id.clone(),
                assassins: assassins.clone(),
            },
            Event::CampaignRenamed { name } => Command::Rename { name: name.clone() },
            Event::AttemptRecorded { attempt } => Command::RecordAttempt(AttemptInput {
                memory: attempt.memory.clone(),
                outcome: attempt.outcome,
                difficulty: attempt.difficulty,
                xp: attempt.xp,
                sync_met: attempt.sync.is_some(),
                stickers: attempt.stickers.clone(),
                played_on: attempt.played_on,
                notes: attempt.notes.clone(),
                eliminated: attempt.eliminated.clone(),
            }),
            Event::HqUnlocked { ally } => Command::UnlockHq { ally: *ally },
            Event::HqValueSet { key, value } => Command::SetHqValue {
                key: key.clone(),
                value: *value,
            },
            Event::MiniatureAssigned { miniature, spot } => Command::AssignMiniature {
                miniature: miniature.clone(),
                spot: *spot,
            },
            Event::AssignmentConfirmed => Command::ConfirmAssignment,
            Event::HqResolved { input, .. } => Command::ResolveHq(input.clone()),
            Event::CardAdded { placed } => Command::AddCard {
                name: placed.card.name.clone(),
                kind: placed.card.kind,
                fits: placed.card.fits,
                health_bonus: placed.card.health_bonus,
                removal_mark: placed.card.removal_mark,
                to: placed.place.clone(),
            },
            Event::CardMoved {
                card, to, chest, ..
            } => Command::MoveCard {
                card: card.clone(),
                to: to.clone(),
                // An old log's card put back in the chest deck went under it.
                chest: (*to == Place::ChestDeck).then_some(chest.unwrap_or(ChestEnd::Bottom)),
            },
            Event::ChestCardDrawn { to, .. } => Command::DrawChestCard { to: to.clone() },
            Event::SkillChosen {
                assassin,
                level,
                name,
                hq_level_required,
            } => Command::ChooseSkill {
                assassin: assassin.clone(),
                level: *level,
                name: name.clone(),
                hq_level_required: *hq_level_required,
            },
            Event::SkillPostponed { assassin, level } => Command::PostponeSkill {
                assassin: assassin.clone(),
                level: *level,
            },
            Event::HealthSet { assassin, health } => Command::SetHealth {
                assassin: assassin.clone(),
                health: *health,
            },
            Event::AssassinJoined {
                assassin,
                replacing: None,
                ..
            } => Command::JoinAssassin {
                assassin: assassin.clone(),
            },
            Event::AssassinLeft {
                assassin,
                replaced_by: None,
            } => Command::LeaveAssassin {
                assassin: assassin.clone(),
            },
            Event::AssassinLeft {
                assassin,
                replaced_by: Some(joining),
            } => Command::SwapAssassin {
                leaving: assassin.clone(),
                joining: joining.clone(),
            },
            Event::OptionalMemoryDeclined { memory } => Command::DeclineOptional {
                memory: memory.clone(),
            },
            Event::HqStickerSet { number, marked } => Command::SetHqSticker {
                number: *number,
                marked: *marked,
            },
            Event::EditionChanged { to, .. } => Command::TakeEdition { to: *to },
            Event::ValueOverridden {
                target, to, reason, ..
            } => Command::Override(OverrideInput {
                target: *target,
                value: *to,
                reason: reason.clone(),
            }),
            // Derived events: `is_entry` said no above.
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::model::campaign::{Event, EventKind};
    use strum::VariantArray;

    #[test]
    fn an_event_is_named_as_serde_tags_it() {
        let event = Event::AssignmentConfirmed;
        let tagged = serde_json::to_value(&event).unwrap();
        assert_eq!(tagged["kind"], event.kind());
        let moved = Event::EntryUndone { seq: 3 };
        assert_eq!(
            serde_json::to_value(&moved).unwrap()["kind"],
            "entry_undone"
        );
        assert_eq!(moved.kind(), "entry_undone");
        // Every kind is distinct, in snake_case.
        let names: std::collections::BTreeSet<&str> = EventKind::VARIANTS
            .iter()
            .map(|k| <&str>::from(*k))
            .collect();
        assert_eq!(names.len(), EventKind::VARIANTS.len());
        assert!(names
            .iter()
            .all(|n| n.chars().all(|c| c.is_ascii_lowercase() || c == '_')));
    }
}
