//! A memory's log read from a file (an import, a library edited under the
//! app's feet), believed only once decided again: each entry is turned
//! back into the command the players gave, with what chance gave in it
//! (the faces Bagless rolled, the card it drew, the order it shuffled the
//! pile in), and decided by [`decide`](super::decide)'s own path, so every
//! rule applies. What chance gave is taken from the entry and checked to be
//! what the rules could give: a face the die bears ("2. ATTACK",
//! "DETECTION TEST", "3. ENEMY COMBAT"), the top of the pile as the memory
//! knows it ("1. ENEMY REINFORCEMENT"), a new pile made of exactly the
//! discard ("<29> Enemy Reinforcement Step") or of "the 8 reinforcement
//! cards" ("SETUP"). The events the rules derive from an entry hold no
//! chance of their own: they are what the rules give, and the caller
//! compares them with the file.

use super::chance::{Chance, Recorded, Rolled};
use super::{decide_with, invariants};
use crate::model::commands::{AttackerInput, Command};
use crate::model::events::Event;
use crate::model::state::{evolve, Game};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use chrono::{DateTime, Utc};

/// The edition of the rules this crate plays. Edition 2 (issue 30, the
/// seeds read a second time): "USE A FAST TRAVEL STATION" costs its cube
/// ("can spend 1 [cube] to leave the map"), is done only by an assassin
/// who can act, and leaves the red base on the square; "Assassins who have
/// left the map cannot do anything, nor are they affected by anything";
/// "ELIMINATED": "before the end of the next game turn", so at the end of
/// its END OF TURN PHASE, not at its start. A memory recorded under
/// edition 1 keeps it until the start of its next game turn
/// ([`Game::at_clean_point`]), where Bagless writes `EditionChanged`.
///
/// Edition 3 (issue 55, the seeds read a third time;
/// [`Game::follows_edition_3`]): "ATTAQUE COORDONNÉE": the retaliation's
/// dice shared "aussi équitablement que possible entre tous les Assassins
/// recherchés qui ont participé"; "USE A FAST TRAVEL STATION": "Go to the
/// next memory" or "Return to the game" is chosen as the assassin leaves,
/// never later; "DETECTION TEST": a test is due as soon as an incognito
/// assassin arrives on a square with enemies, each due test is rolled
/// once ("1 detection test") and before anything else (Advance waits for
/// it); "3. WEAPON'S SPECIAL ABILITY": hits it adds need a [special]
/// rolled; a memory failing as turn T ends records T turns; "An
/// assassin's attack cannot hit another assassin". A memory of edition 2
/// moves to it at the start of its next game turn, as edition 1 did.
///
/// Edition 4 (issue 55 item 28, a fresh reader's finding W1;
/// [`Game::follows_edition_4`]): "Draw 1 reinforcement card and select the
/// column that corresponds to the alert state": the draw records the
/// alert state (`ReinforcementDrawn.alert`) and the guards placed come
/// from that column, though the alert turned on between the draw and the
/// placing (an entry's detection test, an attack with the saved cube, a
/// card). A memory of edition 1, 2 or 3 keeps the alert state as the
/// guards are placed until the start of its next game turn, where it
/// moves to edition 4 with its history saying so.
pub const EDITION: u32 = 4;

impl bagless_game::Rules for Game {
    type Event = Event;
    type Refusal = RuleViolation;
    const EDITION: u32 = EDITION;

    fn evolve(&mut self, event: &Event) {
        evolve(self, event)
    }

    fn decide_again(
        &self,
        recorded: &[Event],
        _now: DateTime<Utc>,
    ) -> Result<Vec<Event>, RuleViolation> {
        decide_again(self, recorded)
    }

    fn invariants(&self) -> Vec<String> {
        invariants::broken(self)
    }

    fn played_edition(&self) -> u32 {
        self.edition
    }

    fn at_clean_point(&self) -> bool {
        Game::at_clean_point(self)
    }

    fn edition_step(&self) -> Option<Vec<Event>> {
        bagless_game::edition_due(self).map(|(from, to)| vec![Event::EditionChanged { from, to }])
    }
}

/// The events the rules give for the entry `recorded[0]`, decided again
/// from the memory before it. Anything but an entry gives nothing (the
/// rules never write a derived event or a marker on their own).
fn decide_again(game: &Game, recorded: &[Event]) -> Result<Vec<Event>, RuleViolation> {
    if let Some(Event::EditionChanged { to, .. }) = recorded.first() {
        return edition_step_to(game, *to);
    }
    let Some((command, chance)) = recorded.first().and_then(command_of) else {
        return Ok(Vec::new());
    };
    decide_with(game, &command, Chance::Recorded(chance))
}

/// A recorded edition step decided again: the memory moves from the
/// edition it plays to `to`, newer and one this build knows, at the start
/// of a game turn ([`Game::at_clean_point`]). Not only to this build's
/// [`EDITION`]: an older Bagless stepped its memories to its own (1 to 2
/// under edition 2, 1 or 2 to 3 under edition 3), and a history an earlier
/// Bagless recorded is decided under the reading it was played with. The
/// memory plays `to` from there, and steps on to [`EDITION`] at its next
/// clean point, as any older memory does. A `from` that is not the
/// memory's edition is not what the rules give (the caller compares).
fn edition_step_to(game: &Game, to: u32) -> Result<Vec<Event>, RuleViolation> {
    if to > EDITION {
        return Err(refuse(
            RuleCode::EditionUnknown,
            Section::SavingTheGame,
            format!("Bagless plays editions 1 to {EDITION} of these rules, not {to}."),
        )
        .with("edition", to)
        .with("max", EDITION));
    }
    if !(game.is_started() && game.edition < to && game.at_clean_point()) {
        return Err(refuse(
            RuleCode::EditionNotDue,
            Section::SavingTheGame,
            "The rules change edition only at the start of a game turn, to a newer one.",
        ));
    }
    Ok(vec![Event::EditionChanged {
        from: game.edition,
        to,
    }])
}

/// The command an entry records, and what chance gave in it. Where the
/// entry says Bagless rolled or drew, the command leaves it to Bagless and
/// the recorded faces, card or pile stand in for the seed; otherwise the
/// players entered them, as the command says. `None`: not an entry.
fn command_of(entry: &Event) -> Option<(Command, Recorded)> {
    let mut chance = Recorded::default();
    let command = match entry.clone() {
        Event::MemoryStarted {
            campaign_id,
            memory,
            assassins,
            box_values,
            entrances,
            easy,
            pile,
            edition,
        } => {
            chance.pile = Some(pile);
            Command::StartMemory {
                campaign_id,
                memory,
                assassins,
                box_values,
                entrances,
                easy,
                edition: Some(edition),
            }
        }
        // The alert state it records is the memory's as the card is
        // drawn (edition 4): decided again, not taken from the entry.
        Event::ReinforcementDrawn {
            card,
            reshuffled,
            by_bagless,
            alert: _,
        } => {
            chance.pile = reshuffled;
            Command::DrawReinforcement {
                card: (!by_bagless).then_some(card),
            }
        }
        Event::DetectionRolled { detection } => {
            let dice = u8::try_from(detection.faces.len()).unwrap_or(u8::MAX);
            let faces = if detection.by_bagless {
                chance.rolls.push_back(Rolled::Detection(detection.faces));
                None
            } else {
                Some(detection.faces)
            };
            Command::DetectionTest {
                assassin: detection.assassin,
                dice,
                faces,
            }
        }
        Event::AttackRolled { attack } => Command::Attack {
            attackers: attack
                .attackers
                .into_iter()
                .map(|roll| AttackerInput {
                    assassin: roll.assassin,
                    weapon: roll.weapon,
                    faces: if roll.by_bagless {
                        chance.rolls.push_back(Rolled::Assassin(roll.faces));
                        None
                    } else {
                        Some(roll.faces)
                    },
                    on_target_square: roll.on_target_square,
                })
                .collect(),
            enemies: attack.enemies.into_iter().map(|e| e.enemy).collect(),
        },
        Event::RiposteRolled { shares } => {
            // Bagless rolls every share's black dice and records their
            // faces; hits entered at the table come without faces.
            if shares.iter().any(|s| !s.faces.is_empty()) {
                let rolls = shares.into_iter().map(|s| Rolled::Black(s.faces));
                chance.rolls.extend(rolls);
                Command::RollRiposte { hits: None }
            } else {
                Command::RollRiposte {
                    hits: Some(shares.iter().map(|s| s.hits.unwrap_or(0)).collect()),
                }
            }
        }
        other => plain_command(other)?,
    };
    Some((command, chance))
}

/// The command of an entry in which chance has no part.
fn plain_command(entry: Event) -> Option<Command> {
    Some(match entry {
        Event::BoxValueSet { key, value } => Command::SetBoxValue { key, value },
        Event::StepAdvanced { .. } => Command::Advance,
        Event::CubesSpent {
            assassin,
            grouped,
            saved,
        } => Command::SpendCubes {
            assassin,
            count: grouped.saturating_add(u8::from(saved)),
        },
        Event::CubeSaved { assassin } => Command::SaveCube { assassin },
        Event::AlertSet { on } => Command::SetAlert { on },
        Event::StatusSet { assassin, exposed } => Command::SetExposed { assassin, exposed },
        Event::EntrancesSet { entrances } => Command::SetEntrances { entrances },
        Event::DifficultySet { easy } => Command::SetDifficulty { easy },
        Event::ReinforcementsPlaced { .. } => Command::PlaceReinforcements,
        Event::SquareEntered { entry } => Command::EnterSquare {
            entrance: entry.entrance,
            enemies: entry.enemies,
            bodies: entry.bodies,
            entering: entry.entering,
            incognito: entry.incognito,
        },
        Event::HitsAssigned {
            hits, bonus_hits, ..
        } => Command::AssignHits {
            hits: Some(hits),
            bonus_hits,
        },
        Event::ConditionSet {
            assassin,
            condition,
            ..
        } => Command::SetCondition {
            assassin,
            condition,
        },
        Event::MemoryEnded { reason } => Command::EndMemory { reason },
        Event::Adjusted {
            assassin,
            cubes,
            saved,
            reason,
            ..
        } => Command::Adjust {
            assassin,
            cubes,
            saved,
            reason,
        },
        Event::MemoryStarted { .. }
        | Event::EditionChanged { .. }
        | Event::ReinforcementDrawn { .. }
        | Event::DetectionRolled { .. }
        | Event::AttackRolled { .. }
        | Event::RiposteRolled { .. }
        | Event::CubesPlaced { .. }
        | Event::UnusedCubesRemoved
        | Event::AlertTriggered { .. }
        | Event::AssassinExposed { .. }
        | Event::ReinforcementDiscarded { .. }
        | Event::AssassinEliminated { .. }
        | Event::MemoryFailed { .. }
        | Event::EntryUndone { .. }
        | Event::EntryRedone { .. } => return None,
    })
}
