//! What every rules crate offers the rest of Bagless, and the one way a
//! log from outside (an import, a library edited under the app's feet) is
//! believed: every entry decided again through the rules, every derived
//! event compared with what the rules give, every invariant checked after
//! every entry.

use crate::undo::{decide_redo, decide_undo, in_effect, Logged, Marker};
use crate::{Envelope, RuleRefusal};
use chrono::{DateTime, Utc};

/// A game's rules, implemented by its state type (`bagless_risk::Game`…).
pub trait Rules: Default + Clone {
    /// What the log keeps: players' entries, what the rules derived from
    /// them, and the undo and redo markers.
    type Event: Logged + Clone + PartialEq;
    /// Why the rules refuse an entry, in the players' words, with the
    /// rulebook section it rests on.
    type Refusal: RuleRefusal;

    /// The edition of the rules this crate plays: raised whenever a
    /// corrected reading changes what `evolve` computes, so saved states
    /// of an older edition are computed again (never the app's version).
    const EDITION: u32;

    /// The one place a rule changes the state.
    fn evolve(&mut self, event: &Self::Event);

    /// An entry read from a file, decided again. `recorded[0]` is the entry
    /// (a player's input: [`Logged::is_entry`], not a marker) and
    /// `recorded[1..]` the events that followed it in the file, up to the
    /// next entry or marker. The entry is rebuilt as the command the players
    /// gave, with what chance gave recorded in it (the dice's faces, a deal,
    /// a shuffle's order, a card drawn), taken from `recorded` where the
    /// rules draw it and checked to be one they could draw, and decided by
    /// the game's `decide`. The answer is what the rules give: the caller
    /// compares it with `recorded`.
    fn decide_again(
        &self,
        recorded: &[Self::Event],
        now: DateTime<Utc>,
    ) -> Result<Vec<Self::Event>, Self::Refusal>;

    /// What must hold after every entry (the property tests' invariants),
    /// each broken one in English. Empty when all hold.
    fn invariants(&self) -> Vec<String>;

    /// The edition of the rules this game is played under: its creation's
    /// (1 for a game created before editions were recorded), raised by its
    /// edition step. A crate whose rules never changed plays its `EDITION`.
    fn played_edition(&self) -> u32 {
        Self::EDITION
    }

    /// Whether the game is at a clean point (between two turns, rounds or
    /// memories, as its rulebook divides play): where it may move to a new
    /// edition of the rules without a turn played under two readings.
    fn at_clean_point(&self) -> bool {
        true
    }

    /// The step that moves the game to this crate's `EDITION`, when one is
    /// due now ([`edition_due`]): an entry of its own (undone like any
    /// other), which the app writes with the next command given at a clean
    /// point. `decide_again` decides a recorded one by comparing it with
    /// this.
    fn edition_step(&self) -> Option<Vec<Self::Event>> {
        None
    }
}

/// The edition of a game whose log does not say (created before editions
/// were recorded): for `#[serde(default = "bagless_game::first_edition")]`.
pub const fn first_edition() -> u32 {
    1
}

/// `(from, to)` when the game `state` plays an older edition than its
/// crate's and is at a clean point: the edition step is due.
pub fn edition_due<G: Rules>(state: &G) -> Option<(u32, u32)> {
    let from = state.played_edition();
    (from < G::EDITION && state.at_clean_point()).then_some((from, G::EDITION))
}

/// Why a log was not believed: the entry (its seq and date) and what is
/// wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disbelieved {
    pub seq: u32,
    pub recorded_at: DateTime<Utc>,
    pub why: Why,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// The rules refuse the entry: the heading of the rulebook section the
    /// refusal rests on, as printed, and the rules' sentence.
    Refused { section: String, message: String },
    /// The rules accept the entry but would not record what follows it
    /// (a count, a die's effect, a derived event removed, added or moved).
    Differs,
    /// An event the rules derive, with no entry before it.
    Orphan,
    /// An undo or redo the log could not have made at that point.
    Marker,
    /// After this entry (and what it derives), something that always holds
    /// does not.
    Invariant(String),
}

impl std::fmt::Display for Disbelieved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = self.recorded_at.format("%Y-%m-%d %H:%M");
        let seq = self.seq;
        match &self.why {
            Why::Refused { section, message } => {
                write!(f, "entry {seq} ({at}) breaks a rule ({section}): {message}")
            }
            Why::Differs => write!(
                f,
                "entry {seq} ({at}) is not followed by what the rules give"
            ),
            Why::Orphan => write!(f, "entry {seq} ({at}) follows from no entry"),
            Why::Marker => write!(f, "entry {seq} ({at}) is an undo or redo that cannot be"),
            Why::Invariant(what) => write!(f, "after entry {seq} ({at}), {what}"),
        }
    }
}

/// The whole log decided again from its first entry: the state it gives,
/// or the first entry the rules would not have written. Undo and redo
/// markers must be the ones the log could make at their place.
pub fn decide_log_again<G: Rules>(log: &[Envelope<G::Event>]) -> Result<G, Disbelieved> {
    let mut state = G::default();
    let mut at = 0;
    while at < log.len() {
        let envelope = &log[at];
        let disbelieved = |why| Disbelieved {
            seq: envelope.seq,
            recorded_at: envelope.recorded_at,
            why,
        };
        if let Some(marker) = envelope.event.marker() {
            let prefix = &log[..at];
            let expected = match marker {
                Marker::Undone(_) => decide_undo(prefix),
                Marker::Redone(_) => decide_redo(prefix),
            };
            if expected != Ok(marker) {
                return Err(disbelieved(Why::Marker));
            }
            state = G::default();
            for kept in in_effect(&log[..=at]) {
                state.evolve(&kept.event);
            }
            at += 1;
            continue;
        }
        if !envelope.event.is_entry() {
            return Err(disbelieved(Why::Orphan));
        }
        let end = log[at + 1..]
            .iter()
            .position(|e| e.event.is_entry() || e.event.marker().is_some())
            .map_or(log.len(), |n| at + 1 + n);
        let recorded: Vec<G::Event> = log[at..end].iter().map(|e| e.event.clone()).collect();
        let decided = state
            .decide_again(&recorded, envelope.recorded_at)
            .map_err(|refusal| {
                disbelieved(Why::Refused {
                    section: refusal.section(),
                    message: refusal.to_string(),
                })
            })?;
        if decided != recorded {
            return Err(disbelieved(Why::Differs));
        }
        // An entry and what it derives are written, and undone, as one:
        // what always holds must hold after it (between two of its events,
        // a leaving assassin's cards are still on their board).
        for event in &recorded {
            state.evolve(event);
        }
        if let Some(broken) = state.invariants().into_iter().next() {
            return Err(disbelieved(Why::Invariant(broken)));
        }
        at = end;
    }
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two players rolling a die in turn to reach a target: the smallest
    /// game that has entries, derived events, dice and an invariant.
    #[derive(Debug, Clone, Default, PartialEq)]
    struct Race {
        scores: [u32; 2],
        next: usize,
        over: bool,
    }

    #[derive(Debug, Clone, PartialEq)]
    enum Ev {
        Created,
        Rolled { face: u32 },
        Won { player: usize },
        Undone(u32),
        Redone(u32),
    }

    impl Logged for Ev {
        fn marker(&self) -> Option<Marker> {
            match self {
                Ev::Undone(s) => Some(Marker::Undone(*s)),
                Ev::Redone(s) => Some(Marker::Redone(*s)),
                _ => None,
            }
        }
        fn is_entry(&self) -> bool {
            matches!(self, Ev::Created | Ev::Rolled { .. })
        }
        fn is_creation(&self) -> bool {
            matches!(self, Ev::Created)
        }
    }

    const TARGET: u32 = 10;

    /// The race's refusal: its sentence and the heading it rests on.
    #[derive(Debug)]
    struct RaceRefusal(&'static str, String);

    impl std::fmt::Display for RaceRefusal {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(&self.1)
        }
    }

    impl RuleRefusal for RaceRefusal {
        fn section(&self) -> String {
            self.0.to_string()
        }
    }

    impl Rules for Race {
        type Event = Ev;
        type Refusal = RaceRefusal;
        const EDITION: u32 = 1;

        fn evolve(&mut self, event: &Ev) {
            match event {
                Ev::Rolled { face } => {
                    self.scores[self.next] += face;
                    self.next = 1 - self.next;
                }
                Ev::Won { .. } => self.over = true,
                _ => {}
            }
        }

        fn decide_again(
            &self,
            recorded: &[Ev],
            _now: DateTime<Utc>,
        ) -> Result<Vec<Ev>, RaceRefusal> {
            match recorded[0] {
                Ev::Created => Ok(vec![Ev::Created]),
                Ev::Rolled { face } if self.over => {
                    Err(RaceRefusal("THE END", format!("the game is over ({face})")))
                }
                Ev::Rolled { face } if !(1..=6).contains(&face) => {
                    Err(RaceRefusal("THE DIE", format!("a die has no face {face}")))
                }
                Ev::Rolled { face } => {
                    let mut out = vec![Ev::Rolled { face }];
                    if self.scores[self.next] + face >= TARGET {
                        out.push(Ev::Won { player: self.next });
                    }
                    Ok(out)
                }
                _ => Err(RaceRefusal("THE LOG", "not an entry".into())),
            }
        }

        fn invariants(&self) -> Vec<String> {
            let total: u32 = self.scores.iter().sum();
            if total > 2 * (TARGET + 6) {
                vec![format!("the scores add up to {total}")]
            } else {
                vec![]
            }
        }
    }

    fn log(events: Vec<Ev>) -> Vec<Envelope<Ev>> {
        (1..)
            .zip(events)
            .map(|(seq, event)| Envelope {
                seq,
                recorded_at: DateTime::<Utc>::UNIX_EPOCH,
                event,
                by: None,
            })
            .collect()
    }

    fn played() -> Vec<Ev> {
        vec![
            Ev::Created,
            Ev::Rolled { face: 6 },
            Ev::Rolled { face: 2 },
            Ev::Rolled { face: 5 },
            Ev::Won { player: 0 },
        ]
    }

    /// The race played under an older edition, at a clean point when both
    /// players have rolled as often.
    #[derive(Debug, Clone, Default)]
    struct OldRace(Race, u32);

    impl Rules for OldRace {
        type Event = Ev;
        type Refusal = RaceRefusal;
        const EDITION: u32 = 3;
        fn evolve(&mut self, event: &Ev) {
            self.0.evolve(event)
        }
        fn decide_again(
            &self,
            recorded: &[Ev],
            now: DateTime<Utc>,
        ) -> Result<Vec<Ev>, RaceRefusal> {
            self.0.decide_again(recorded, now)
        }
        fn invariants(&self) -> Vec<String> {
            self.0.invariants()
        }
        fn played_edition(&self) -> u32 {
            self.1
        }
        fn at_clean_point(&self) -> bool {
            self.0.next == 0
        }
    }

    #[test]
    fn the_edition_step_is_due_at_a_clean_point_of_a_game_of_an_older_edition() {
        let mut game = OldRace(Race::default(), 1);
        assert_eq!(edition_due(&game), Some((1, 3)));
        game.evolve(&Ev::Rolled { face: 2 });
        assert_eq!(edition_due(&game), None, "between two rolls of a round");
        game.evolve(&Ev::Rolled { face: 2 });
        assert_eq!(edition_due(&game), Some((1, 3)));
        game.1 = 3;
        assert_eq!(edition_due(&game), None, "already on the crate's edition");
        assert_eq!(Race::default().played_edition(), Race::EDITION);
        assert_eq!(edition_due(&Race::default()), None);
        assert_eq!(first_edition(), 1);
    }

    #[test]
    fn a_log_the_rules_wrote_is_believed() {
        let state = decide_log_again::<Race>(&log(played())).unwrap();
        assert_eq!(state.scores, [11, 2]);
        assert!(state.over);
    }

    #[test]
    fn a_tampered_face_a_removed_or_moved_derived_event_is_named() {
        let mut face = played();
        face[3] = Ev::Rolled { face: 3 };
        let refused = decide_log_again::<Race>(&log(face)).unwrap_err();
        assert_eq!((refused.seq, refused.why), (4, Why::Differs));

        let mut removed = played();
        removed.pop();
        assert_eq!(decide_log_again::<Race>(&log(removed)).unwrap_err().seq, 4);

        let mut moved = played();
        moved.swap(2, 3);
        assert!(decide_log_again::<Race>(&log(moved)).is_err());

        let mut impossible = played();
        impossible[1] = Ev::Rolled { face: 7 };
        let refused = decide_log_again::<Race>(&log(impossible)).unwrap_err();
        assert_eq!(refused.seq, 2);
        assert_eq!(
            refused.why,
            Why::Refused {
                section: "THE DIE".into(),
                message: "a die has no face 7".into(),
            },
            "the refusal keeps the section it rests on"
        );
        assert_eq!(
            refused.to_string(),
            "entry 2 (1970-01-01 00:00) breaks a rule (THE DIE): a die has no face 7"
        );
    }

    #[test]
    fn markers_must_be_the_ones_the_log_could_make() {
        let mut events = played();
        events.truncate(3);
        events.push(Ev::Undone(3));
        events.push(Ev::Redone(3));
        events.push(Ev::Undone(3));
        let state = decide_log_again::<Race>(&log(events.clone())).unwrap();
        assert_eq!(state.scores, [6, 0]);

        events.push(Ev::Undone(3));
        let refused = decide_log_again::<Race>(&log(events)).unwrap_err();
        assert_eq!((refused.seq, refused.why), (7, Why::Marker));

        // A derived event after an entry is compared with what the entry
        // gives; before any entry, it follows from nothing.
        let added = vec![Ev::Created, Ev::Won { player: 1 }];
        assert_eq!(
            decide_log_again::<Race>(&log(added)).unwrap_err().why,
            Why::Differs
        );
        let orphan = vec![Ev::Won { player: 1 }, Ev::Created];
        assert_eq!(
            decide_log_again::<Race>(&log(orphan)).unwrap_err().why,
            Why::Orphan
        );
    }
}
