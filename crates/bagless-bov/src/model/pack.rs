//! Content packs: the memories, stickers, XP track and assassins of one box.
//!
//! A pack holds names, numbers and structure only, never card rules text.
//! Packs are validated when they are loaded; an error names the file, the
//! entry and the problem so whoever edits a pack can fix it at once.

use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use ts_rs::TS;

/// The pack file format this build understands.
pub const PACK_FORMAT: u32 = 1;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pack {
    pub format: u32,
    pub id: String,
    pub name: String,
    pub xp_track: XpTrack,
    pub assassins: Vec<PackAssassin>,
    pub sequences: Vec<Sequence>,
    #[serde(default)]
    pub hq_stickers: HqStickers,
    /// Health, cubes and villa memories of this box's campaign.
    #[serde(default)]
    pub board: BoardRules,
    /// The cards the pack knows, where each starts. Players add the others.
    #[serde(default)]
    pub cards: Vec<PackCard>,
    /// What this box's pack plays by that the rules summary does not state,
    /// by id (`assumptions.<id>` in the UI's catalogue; campaigns/README.md
    /// lists them): the screens that use one say so.
    #[serde(default)]
    pub assumptions: Vec<String>,
}

/// The numbers behind an assassin board (ASSASSINS' HEALTH, ADJUSTING THE
/// NUMBER OF PLAYERS, VILLA, ASSASSIN APPRENTICES).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct BoardRules {
    /// Edition 2: an assassin's and an apprentice's health without armor,
    /// at every memory (VILLA: "your 3 initial"; ASSASSIN APPRENTICES: "3
    /// [health] + those of their armor").
    pub initial_health: u8,
    /// Edition 1's reading: health from memory 0.3 on (the action cubes of
    /// ADJUSTING THE NUMBER OF PLAYERS, read as health).
    pub base_health: u8,
    /// Health of an assassin while one of `reduced_health_memories` is next.
    pub reduced_health: u8,
    pub reduced_health_memories: Vec<String>,
    pub apprentice_health: u8,
    pub action_cubes: u8,
    /// The memory from which a 4th action cube is set beside the board.
    pub fourth_cube_from: Option<String>,
    /// Memories played from the villa: lost health comes back after a success.
    pub villa_memories: Vec<String>,
    /// The memory after which the HQ opens; `None` for a box without one.
    pub hq_after: Option<String>,
    /// The blueprint that goes to the workshop at the first assignment.
    pub first_blueprint: Option<String>,
    /// The ★ on each face of the HQ die (a special counts as one).
    pub hq_die: Vec<u8>,
}

impl BoardRules {
    /// SAVE 1: "When setting up maps from memory 0.3 onward, place a 4th
    /// [cube] next to each assassin board": whether `memory`'s map has it,
    /// the one answer the boards and the memory in play give (Roma's from
    /// R1.1, an assumption: campaigns/README.md).
    pub fn fourth_cube_for(&self, pack: &Pack, memory: &str) -> bool {
        let Some(from) = self.fourth_cube_from.as_deref() else {
            return false;
        };
        let order: Vec<&str> = pack.main_memories().map(|m| m.id.as_str()).collect();
        let at = |id: &str| {
            // An optional memory is set up where it is offered.
            let id = pack
                .memory(id)
                .and_then(|m| m.offered_after.as_deref())
                .unwrap_or(id);
            order.iter().position(|m| *m == id)
        };
        match (at(from), at(memory)) {
            (Some(from), Some(memory)) => memory >= from,
            _ => false,
        }
    }
}

impl Default for BoardRules {
    fn default() -> Self {
        BoardRules {
            initial_health: 3,
            base_health: 4,
            reduced_health: 4,
            reduced_health_memories: vec![],
            apprentice_health: 3,
            action_cubes: 3,
            fourth_cube_from: None,
            villa_memories: vec![],
            hq_after: None,
            first_blueprint: None,
            hq_die: vec![0, 0, 1, 1, 1, 2],
        }
    }
}

/// A card the pack knows: names and numbers only, never rules text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackCard {
    pub id: String,
    pub name: String,
    pub kind: crate::model::cards::CardKind,
    /// The typed board slot it can be equipped in, if any.
    #[serde(default)]
    pub fits: Option<crate::model::cards::EquipSlot>,
    /// Health an armor adds to its wearer's maximum.
    #[serde(default)]
    pub health_bonus: u8,
    /// Leaves the game when used to build a blueprint.
    #[serde(default)]
    pub removal_mark: bool,
    pub starts_in: crate::model::cards::StartPlace,
    #[serde(default = "one")]
    pub copies: u8,
}

fn one() -> u8 {
    1
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct XpTrack {
    /// The last space of the track: XP beyond it is not counted.
    pub max: u32,
    pub levels: Vec<LevelMark>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct LevelMark {
    /// 1 for level I … 4 for level IV.
    pub level: u8,
    pub xp: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct PackAssassin {
    pub id: String,
    pub name: String,
    /// The skill cards of each level where the pack knows them (3 a level).
    #[serde(default)]
    pub skills: Vec<PackSkill>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct PackSkill {
    pub level: u8,
    pub name: String,
    /// "Lvl. N headquarters required" on the card.
    #[serde(default)]
    pub hq_level_required: Option<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sequence {
    pub id: String,
    pub label: String,
    /// The label in French, where the pack knows it.
    #[serde(default)]
    pub label_fr: Option<String>,
    /// Optional memories are offered at their place and may be declined.
    #[serde(default)]
    pub optional: bool,
    pub memories: Vec<Memory>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Memory {
    pub id: String,
    /// Whether the memory has a 100% sync objective.
    #[serde(default = "yes")]
    pub sync: bool,
    /// Stickers other than the 100% sync that this memory can earn.
    #[serde(default)]
    pub stickers: Vec<Sticker>,
    /// For an optional memory: the main memory after which it is offered.
    #[serde(default)]
    pub offered_after: Option<String>,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sticker {
    pub id: String,
    pub label: String,
    #[serde(default)]
    pub label_fr: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct HqStickers {
    pub count: u8,
    /// Numbers (1-based) of the legendary stickers.
    #[serde(default)]
    pub legendary: Vec<u8>,
}

/// A pack that cannot be used, with the file, the entry and the problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {entry}: {problem}")]
pub struct PackError {
    pub file: String,
    pub entry: String,
    pub problem: String,
}

impl Pack {
    /// Parses and validates a pack file's text. `file` is only used to name
    /// the file in errors.
    pub fn from_json(file: &str, text: &str) -> Result<Pack, PackError> {
        let err = |entry: &str, problem: String| PackError {
            file: file.to_string(),
            entry: entry.to_string(),
            problem,
        };
        let pack: Pack = serde_json::from_str(text).map_err(|e| {
            err(
                &format!("line {}, column {}", e.line(), e.column()),
                e.to_string(),
            )
        })?;
        pack.validate()
            .map_err(|(entry, problem)| err(&entry, problem))?;
        Ok(pack)
    }

    #[allow(
        clippy::too_many_lines,
        reason = "the pack file read, not decide/evolve: one check per field"
    )]
    fn validate(&self) -> Result<(), (String, String)> {
        if self.format != PACK_FORMAT {
            return Err((
                "format".into(),
                format!(
                    "this build reads pack format {PACK_FORMAT}, not {}",
                    self.format
                ),
            ));
        }
        if self.id.trim().is_empty() || self.name.trim().is_empty() {
            return Err(("id/name".into(), "must not be empty".into()));
        }
        let mut previous = 0;
        let mut previous_level = 0;
        for mark in &self.xp_track.levels {
            let entry = format!("xp_track level {}", mark.level);
            if mark.level <= previous_level || mark.level > 4 {
                return Err((entry, "levels must rise from 1 to at most 4".into()));
            }
            if mark.xp <= previous || mark.xp > self.xp_track.max {
                return Err((
                    entry,
                    "thresholds must rise and stay within the track".into(),
                ));
            }
            previous = mark.xp;
            previous_level = mark.level;
        }
        if self.assassins.is_empty() {
            return Err(("assassins".into(), "at least one assassin is needed".into()));
        }
        unique(self.assassins.iter().map(|a| a.id.as_str()), "assassin")?;
        unique(self.sequences.iter().map(|s| s.id.as_str()), "sequence")?;
        unique(self.memories().map(|m| m.id.as_str()), "memory")?;
        let main: BTreeSet<&str> = self
            .sequences
            .iter()
            .filter(|s| !s.optional)
            .flat_map(|s| s.memories.iter().map(|m| m.id.as_str()))
            .collect();
        if main.is_empty() {
            return Err((
                "sequences".into(),
                "at least one main memory is needed".into(),
            ));
        }
        for sequence in &self.sequences {
            if sequence.memories.is_empty() {
                return Err((
                    format!("sequence {}", sequence.id),
                    "has no memories".into(),
                ));
            }
            for memory in &sequence.memories {
                let entry = format!("memory {}", memory.id);
                if memory.id.trim().is_empty() {
                    return Err((entry, "id must not be empty".into()));
                }
                unique(memory.stickers.iter().map(|s| s.id.as_str()), "sticker")
                    .map_err(|(e, p)| (format!("{entry}, {e}"), p))?;
                match (&memory.offered_after, sequence.optional) {
                    (None, true) => {
                        return Err((entry, "an optional memory needs offered_after".into()))
                    }
                    (Some(_), false) => {
                        return Err((entry, "only optional memories are offered".into()))
                    }
                    (Some(after), true) if !main.contains(after.as_str()) => {
                        return Err((entry, format!("offered_after {after} is not a main memory")))
                    }
                    _ => {}
                }
            }
        }
        for assassin in &self.assassins {
            for skill in &assassin.skills {
                if !(1..=4).contains(&skill.level) || skill.name.trim().is_empty() {
                    return Err((
                        format!("assassin {}, skill {}", assassin.id, skill.name),
                        "needs a level from 1 to 4 and a name".into(),
                    ));
                }
            }
        }
        let mut card_ids = BTreeSet::new();
        for card in &self.cards {
            let entry = format!("card {}", card.id);
            if card.id.trim().is_empty() || card.name.trim().is_empty() || card.copies == 0 {
                return Err((entry, "needs an id, a name and at least one copy".into()));
            }
            if card.id.contains('#') || !card_ids.insert(card.id.as_str()) {
                return Err((entry, "appears twice (or has a # in its id)".into()));
            }
            if let Err(problem) = crate::model::cards::check_card_shape(card.kind, card.fits) {
                return Err((entry, problem.into()));
            }
            if card.starts_in == crate::model::cards::StartPlace::ChestDeck
                && card.kind != crate::model::cards::CardKind::Chest
            {
                return Err((entry, "only chest cards start in the chest deck".into()));
            }
        }
        let board = &self.board;
        for memory in board
            .reduced_health_memories
            .iter()
            .chain(&board.villa_memories)
            .chain(&board.fourth_cube_from)
            .chain(&board.hq_after)
        {
            if self.memory(memory).is_none() {
                return Err((
                    format!("board, memory {memory}"),
                    "is not a memory of this pack".into(),
                ));
            }
        }
        if board.hq_die.is_empty() || board.hq_die.iter().any(|f| *f > 3) {
            return Err((
                "board, hq_die".into(),
                "needs 1 or more faces of 0 to 3 stars".into(),
            ));
        }
        if let Some(id) = &board.first_blueprint {
            if !self
                .cards
                .iter()
                .any(|c| &c.id == id && c.kind == crate::model::cards::CardKind::Blueprint)
            {
                return Err((
                    format!("board, first_blueprint {id}"),
                    "is not a blueprint card of this pack".into(),
                ));
            }
        }
        let hq = &self.hq_stickers;
        if hq.legendary.iter().any(|n| *n == 0 || *n > hq.count) {
            return Err((
                "hq_stickers".into(),
                "legendary numbers must be within count".into(),
            ));
        }
        Ok(())
    }

    pub fn memories(&self) -> impl Iterator<Item = &Memory> {
        self.sequences.iter().flat_map(|s| s.memories.iter())
    }

    pub fn memory(&self, id: &str) -> Option<&Memory> {
        self.memories().find(|m| m.id == id)
    }

    /// The main (not optional) memories in campaign order.
    pub fn main_memories(&self) -> impl Iterator<Item = &Memory> {
        self.sequences
            .iter()
            .filter(|s| !s.optional)
            .flat_map(|s| s.memories.iter())
    }

    pub fn optional_memories(&self) -> impl Iterator<Item = &Memory> {
        self.sequences
            .iter()
            .filter(|s| s.optional)
            .flat_map(|s| s.memories.iter())
    }

    pub fn is_optional(&self, memory: &str) -> bool {
        self.optional_memories().any(|m| m.id == memory)
    }

    pub fn assassin(&self, id: &str) -> Option<&PackAssassin> {
        self.assassins.iter().find(|a| a.id == id)
    }

    /// The level shown on the track for a total of XP.
    pub fn level_for(&self, xp: u32) -> u8 {
        self.xp_track
            .levels
            .iter()
            .filter(|mark| xp >= mark.xp)
            .map(|mark| mark.level)
            .max()
            .unwrap_or(0)
    }
}

fn unique<'a>(ids: impl Iterator<Item = &'a str>, what: &str) -> Result<(), (String, String)> {
    let mut seen = BTreeSet::new();
    for id in ids {
        if !seen.insert(id) {
            return Err((format!("{what} {id}"), "appears twice".into()));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINIMAL: &str = r#"{"format":1,"id":"t","name":"T",
        "xp_track":{"max":10,"levels":[{"level":1,"xp":5}]},
        "assassins":[{"id":"a","name":"A"}],
        "sequences":[{"id":"0","label":"S0","memories":[{"id":"0.1"}]}]}"#;

    #[test]
    fn a_minimal_pack_loads() {
        let pack = Pack::from_json("t.json", MINIMAL).unwrap();
        assert_eq!(pack.level_for(4), 0);
        assert_eq!(pack.level_for(5), 1);
    }

    #[test]
    fn errors_name_the_file_the_entry_and_the_problem() {
        let broken = MINIMAL.replace(r#"{"id":"0.1"}"#, r#"{"id":"0.1"},{"id":"0.1"}"#);
        let error = Pack::from_json("campaigns/t/pack.json", &broken).unwrap_err();
        assert_eq!(error.file, "campaigns/t/pack.json");
        assert_eq!(error.entry, "memory 0.1");
        assert_eq!(error.problem, "appears twice");

        let error = Pack::from_json("p.json", "{\"format\":1,").unwrap_err();
        assert!(error.entry.starts_with("line 1"), "{error}");

        let unknown = MINIMAL.replace(r#""id":"t","#, r#""id":"t","colour":"red","#);
        assert!(Pack::from_json("p.json", &unknown).is_err());

        let bad_optional = MINIMAL.replace(
            r#"]}]}"#,
            r#"]},{"id":"M","label":"M","optional":true,"memories":[{"id":"M.A","offered_after":"9.9"}]}]}"#,
        );
        let error = Pack::from_json("p.json", &bad_optional).unwrap_err();
        assert_eq!(error.entry, "memory M.A");
        assert!(error.problem.contains("not a main memory"), "{error}");
    }

    /// OPTIONAL MEMORIES are offered after a main memory; a main memory is
    /// played in its order, never offered: a pack that gives one an
    /// `offered_after`, or an optional one none, is refused.
    #[test]
    fn only_optional_memories_are_offered() {
        let offered_main =
            MINIMAL.replace(r#"{"id":"0.1"}"#, r#"{"id":"0.1","offered_after":"0.1"}"#);
        let error = Pack::from_json("p.json", &offered_main).unwrap_err();
        assert_eq!(
            (error.entry.as_str(), error.problem.as_str()),
            ("memory 0.1", "only optional memories are offered")
        );
        let never_offered = MINIMAL.replace(
            r#"]}]}"#,
            r#"]},{"id":"M","label":"M","optional":true,"memories":[{"id":"M.A"}]}]}"#,
        );
        let error = Pack::from_json("p.json", &never_offered).unwrap_err();
        assert_eq!(error.problem, "an optional memory needs offered_after");
    }

    /// The experience track's level marks rise and stay on the track: a
    /// mark on its last space loads, one past it is refused.
    #[test]
    fn a_level_mark_may_stand_on_the_track_s_last_space() {
        let last = MINIMAL.replace(r#"{"level":1,"xp":5}"#, r#"{"level":1,"xp":10}"#);
        assert_eq!(Pack::from_json("p.json", &last).unwrap().level_for(10), 1);
        let past = MINIMAL.replace(r#"{"level":1,"xp":5}"#, r#"{"level":1,"xp":11}"#);
        let error = Pack::from_json("p.json", &past).unwrap_err();
        assert_eq!(
            (error.entry.as_str(), error.problem.as_str()),
            (
                "xp_track level 1",
                "thresholds must rise and stay within the track"
            )
        );
    }

    /// The HQ die (assumption `hq_die`, campaigns/README.md): each face is 0
    /// to 3 stars. A pack whose die has a face of 3 loads; one of 4, or a
    /// die with no face, is refused naming the die.
    #[test]
    fn the_hq_die_has_faces_of_0_to_3_stars() {
        let core = include_str!("../../../../campaigns/core/pack.json");
        let with_die = |faces: &[u8]| {
            let mut json: serde_json::Value = serde_json::from_str(core).unwrap();
            json["board"]["hq_die"] = serde_json::json!(faces);
            Pack::from_json("p.json", &json.to_string())
        };
        assert_eq!(with_die(&[0, 1, 2, 3]).unwrap().board.hq_die, [0, 1, 2, 3]);
        for faces in [&[0, 4][..], &[]] {
            let error = with_die(faces).unwrap_err();
            assert_eq!(
                (error.entry.as_str(), error.problem.as_str()),
                ("board, hq_die", "needs 1 or more faces of 0 to 3 stars"),
                "{faces:?}"
            );
        }
    }

    /// A pack names itself: an empty id or an empty name, either one, is
    /// refused.
    #[test]
    fn a_pack_needs_both_an_id_and_a_name() {
        for (id, name) in [("", "T"), ("t", " "), ("", "")] {
            let pack = MINIMAL.replace(
                r#""id":"t","name":"T""#,
                &format!(r#""id":"{id}","name":"{name}""#),
            );
            let error = Pack::from_json("p.json", &pack).unwrap_err();
            assert_eq!(
                (error.entry.as_str(), error.problem.as_str()),
                ("id/name", "must not be empty"),
                "{id:?} {name:?}"
            );
        }
    }

    /// The first HQ assignment's blueprint (FIRST ASSIGNMENT, "Place the
    /// flying machine blueprint card … in the workshop") must be a blueprint
    /// card of the pack: a card of another kind, or no card at all, is
    /// refused even where the pack has a blueprint.
    #[test]
    fn the_first_blueprint_is_a_blueprint_card_of_the_pack() {
        let core = include_str!("../../../../campaigns/core/pack.json");
        let with_first =
            |id: &str| {
                let mut json: serde_json::Value = serde_json::from_str(core).unwrap();
                json["cards"].as_array_mut().unwrap().push(serde_json::json!(
                {"id": "sword", "name": "Sword", "kind": "grey_equipment", "starts_in": "box"}
            ));
                json["board"]["first_blueprint"] = serde_json::json!(id);
                Pack::from_json("p.json", &json.to_string())
            };
        let pack = with_first("flying-machine").unwrap();
        assert_eq!(
            pack.board.first_blueprint.as_deref(),
            Some("flying-machine")
        );
        for id in ["sword", "no-such-card"] {
            let error = with_first(id).unwrap_err();
            assert_eq!(
                (error.entry, error.problem.as_str()),
                (
                    format!("board, first_blueprint {id}"),
                    "is not a blueprint card of this pack"
                )
            );
        }
    }

    /// LEVELING UP AND SKILLS, "a level I, II, III or IV space": the
    /// track's marks rise from level 1 to at most 4. A fifth level, or a
    /// mark that does not rise, is refused, each alone.
    #[test]
    fn the_level_marks_rise_from_1_to_at_most_4() {
        let marks = |levels: &str| {
            MINIMAL.replace(
                r#""levels":[{"level":1,"xp":5}]"#,
                &format!(r#""levels":[{levels}]"#),
            )
        };
        let four = marks(r#"{"level":1,"xp":2},{"level":4,"xp":5}"#);
        assert_eq!(Pack::from_json("p.json", &four).unwrap().level_for(5), 4);
        for (levels, entry) in [
            (
                r#"{"level":1,"xp":2},{"level":5,"xp":5}"#,
                "xp_track level 5",
            ),
            (
                r#"{"level":2,"xp":2},{"level":2,"xp":5}"#,
                "xp_track level 2",
            ),
        ] {
            let error = Pack::from_json("p.json", &marks(levels)).unwrap_err();
            assert_eq!(
                (error.entry.as_str(), error.problem.as_str()),
                (entry, "levels must rise from 1 to at most 4"),
                "{levels}"
            );
        }
    }

    /// Each skill of an assassin board has a level from 1 to 4 and a name:
    /// a skill of level 5 with a name, or of level 1 with none, is refused.
    #[test]
    fn a_skill_needs_a_level_from_1_to_4_and_a_name() {
        let skill = |level: u8, name: &str| {
            MINIMAL.replace(
                r#"{"id":"a","name":"A"}"#,
                &format!(
                    r#"{{"id":"a","name":"A","skills":[{{"level":{level},"name":"{name}"}}]}}"#
                ),
            )
        };
        assert!(Pack::from_json("p.json", &skill(4, "Eagle Vision")).is_ok());
        for (level, name) in [(5, "Eagle Vision"), (0, "Eagle Vision"), (1, " ")] {
            let error = Pack::from_json("p.json", &skill(level, name)).unwrap_err();
            assert_eq!(
                (error.entry, error.problem.as_str()),
                (
                    format!("assassin a, skill {name}"),
                    "needs a level from 1 to 4 and a name"
                )
            );
        }
    }

    /// Each card of the pack has an id, a name and at least one copy, each
    /// asked alone; the legendary HQ stickers' numbers lie from 1 to the
    /// stickers' count.
    #[test]
    fn a_card_needs_an_id_a_name_and_a_copy_and_legendary_stickers_a_number_within_count() {
        let core = include_str!("../../../../campaigns/core/pack.json");
        let edited = |edit: &dyn Fn(&mut serde_json::Value)| {
            let mut json: serde_json::Value = serde_json::from_str(core).unwrap();
            edit(&mut json);
            Pack::from_json("p.json", &json.to_string())
        };
        for (field, value) in [
            ("id", serde_json::json!(" ")),
            ("name", serde_json::json!("")),
            ("copies", serde_json::json!(0)),
        ] {
            let error = edited(&|json| json["cards"][0][field] = value.clone()).unwrap_err();
            assert_eq!(
                error.problem, "needs an id, a name and at least one copy",
                "{field}"
            );
        }
        // An id is one card's: not twice, and without the '#' that numbers
        // a card's copies.
        for id in ["flying#machine", "flying-machine"] {
            let error = edited(&|json| {
                let mut copy = json["cards"][0].clone();
                copy["id"] = serde_json::json!(id);
                json["cards"].as_array_mut().unwrap().push(copy);
            })
            .unwrap_err();
            assert_eq!(
                error.problem, "appears twice (or has a # in its id)",
                "{id}"
            );
        }
        let count = edited(&|_| {}).unwrap().hq_stickers.count;
        assert!(
            edited(&|json| json["hq_stickers"]["legendary"] = serde_json::json!([1, count]))
                .is_ok()
        );
        for number in [0, count + 1] {
            let error =
                edited(&|json| json["hq_stickers"]["legendary"] = serde_json::json!([number]))
                    .unwrap_err();
            assert_eq!(
                (error.entry.as_str(), error.problem.as_str()),
                ("hq_stickers", "legendary numbers must be within count"),
                "{number}"
            );
        }
        // "take the card on top of the chest deck" (the chest, in the
        // memory's actions): the chest deck holds chest cards only; a chest
        // card may start there.
        let starting = |kind: &str| {
            edited(&|json| {
                let card = serde_json::json!({"id": "c", "name": "C", "kind": kind, "starts_in": "chest_deck"});
                json["cards"].as_array_mut().unwrap().push(card);
            })
        };
        assert!(starting("chest").is_ok());
        let error = starting("grey_equipment").unwrap_err();
        assert_eq!(error.problem, "only chest cards start in the chest deck");
    }
}
