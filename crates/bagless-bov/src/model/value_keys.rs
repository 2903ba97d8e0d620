//! The numbers printed on cards that Bagless does not know and asks the
//! players for the first time they matter, then remembers (HEADQUARTERS:
//! each ally's and apprentice's brown card; CONTRACT CARDS: the ★ a
//! contract needs, the HQ level on its back, the text box reached; HQ
//! RESOLUTION STEP: a blueprint's cost).
//!
//! A [`ValueKey`] is stored, and sent to the UI, as a short id
//! ("contract.2.stars", "brown.ally-1.hospital.2") that the core alone
//! writes and reads; the UI gets the parts as a refusal's params.

use crate::refusals::{refuse, RuleCode, RuleViolation, Section};

/// Values typed by the players stay within this (far above any card).
pub const MAX_VALUE: u32 = 99;

/// The building a brown card gives an output in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Building {
    Hospital,
    Workshop,
    Shop,
    CommandRoom,
}

impl Building {
    const ALL: [Building; 4] = [
        Building::Hospital,
        Building::Workshop,
        Building::Shop,
        Building::CommandRoom,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Building::Hospital => "hospital",
            Building::Workshop => "workshop",
            Building::Shop => "shop",
            Building::CommandRoom => "command_room",
        }
    }

    fn from_id(id: &str) -> Option<Building> {
        Building::ALL.into_iter().find(|b| b.id() == id)
    }
}

/// One number Bagless asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValueKey {
    /// ★ needed to fulfil contract `n`.
    ContractStars(u32),
    /// The HQ level printed on the back of contract `n`.
    ContractLevel(u32),
    /// The text box of contract `n` the group has reached (the chain goes on
    /// across steps while the colour matches).
    ContractBox(u32),
    /// A brown card's output in a building; the hospital's depends on the
    /// HQ level.
    Brown {
        miniature: String,
        building: Building,
        hq_level: Option<u8>,
    },
    /// What building a blueprint costs.
    BlueprintCost(String),
    /// Whether Ezio's brown card lets him work in a building (1) or not
    /// (0): from 1.2 on he may be assigned to "the buildings of your
    /// choice" (ASSIGNMENTS: MEMORY 1.2 ONWARD 5) as his card allows.
    EzioWorks(Building),
}

/// The longest id accepted from a command.
const MAX_ID: usize = 120;

impl ValueKey {
    /// The id it is stored under.
    pub fn id(&self) -> String {
        match self {
            ValueKey::ContractStars(n) => format!("contract.{n}.stars"),
            ValueKey::ContractLevel(n) => format!("contract.{n}.level"),
            ValueKey::ContractBox(n) => format!("contract.{n}.box"),
            ValueKey::Brown {
                miniature,
                building,
                hq_level: Some(level),
            } => format!("brown.{miniature}.{}.{level}", building.id()),
            ValueKey::Brown {
                miniature,
                building,
                hq_level: None,
            } => format!("brown.{miniature}.{}", building.id()),
            ValueKey::BlueprintCost(card) => format!("blueprint.{card}.cost"),
            ValueKey::EzioWorks(building) => format!("ezio_works.{}", building.id()),
        }
    }

    /// Reads an id back; `None` for anything the core does not ask for.
    pub fn parse(id: &str) -> Option<ValueKey> {
        if id.len() > MAX_ID || id.chars().any(char::is_control) {
            return None;
        }
        if let Some(rest) = id.strip_prefix("contract.") {
            let (n, what) = rest.split_once('.')?;
            let n: u32 = n.parse().ok()?;
            return match what {
                "stars" => Some(ValueKey::ContractStars(n)),
                "level" => Some(ValueKey::ContractLevel(n)),
                "box" => Some(ValueKey::ContractBox(n)),
                _ => None,
            };
        }
        if let Some(building) = id.strip_prefix("ezio_works.") {
            return Building::from_id(building).map(ValueKey::EzioWorks);
        }
        if let Some(card) = id
            .strip_prefix("blueprint.")
            .and_then(|r| r.strip_suffix(".cost"))
        {
            return (!card.is_empty()).then(|| ValueKey::BlueprintCost(card.to_string()));
        }
        let rest = id.strip_prefix("brown.")?;
        let (head, last) = rest.rsplit_once('.')?;
        let (miniature, building, hq_level) = match Building::from_id(last) {
            Some(building) => (head, building, None),
            None => {
                let level: u8 = last.parse().ok()?;
                let (miniature, building) = head.rsplit_once('.')?;
                (miniature, Building::from_id(building)?, Some(level))
            }
        };
        (!miniature.is_empty()).then(|| ValueKey::Brown {
            miniature: miniature.to_string(),
            building,
            hq_level,
        })
    }

    /// The largest number the card can print here.
    pub fn max(&self) -> u32 {
        match self {
            ValueKey::ContractLevel(_) => 4,
            ValueKey::EzioWorks(_) => 1,
            _ => MAX_VALUE,
        }
    }

    /// The refusal that asks for this number: its id, and its parts as
    /// params so that the UI words it without reading the id.
    pub fn needed(&self) -> RuleViolation {
        let id = self.id();
        let asked = refuse(
            RuleCode::ValueNeeded,
            Section::Headquarters,
            format!("Bagless needs a number printed on a card: {id}."),
        )
        .with("key", &id)
        .with("max", self.max());
        match self {
            ValueKey::ContractStars(n) => asked.with("what", "contract_stars").with("contract", n),
            ValueKey::ContractLevel(n) => asked.with("what", "contract_level").with("contract", n),
            ValueKey::ContractBox(n) => asked.with("what", "contract_box").with("contract", n),
            ValueKey::Brown {
                miniature,
                building,
                hq_level,
            } => {
                let asked = asked
                    .with("what", "brown")
                    .with("miniature", miniature)
                    .with("building", building.id());
                match hq_level {
                    Some(level) => asked.with("level", level),
                    None => asked,
                }
            }
            ValueKey::BlueprintCost(card) => {
                asked.with("what", "blueprint_cost").with("card", card)
            }
            ValueKey::EzioWorks(building) => asked
                .with("what", "ezio_works")
                .with("building", building.id()),
        }
    }
}

/// The ids as a command sends them (tests and tools that set numbers).
pub mod keys {
    use super::{Building, ValueKey};

    pub fn contract_stars(n: u32) -> String {
        ValueKey::ContractStars(n).id()
    }
    pub fn contract_level(n: u32) -> String {
        ValueKey::ContractLevel(n).id()
    }
    pub fn contract_box(n: u32) -> String {
        ValueKey::ContractBox(n).id()
    }
    pub fn blueprint_cost(card: &str) -> String {
        ValueKey::BlueprintCost(card.to_string()).id()
    }
    /// `building` by its id ("hospital", "command_room").
    pub fn ezio_works(building: &str) -> String {
        ValueKey::EzioWorks(Building::from_id(building).expect("a building's id")).id()
    }
    /// `building` by its id ("hospital", "command_room").
    pub fn brown(miniature: &str, building: &str, hq_level: Option<u8>) -> String {
        let building = Building::from_id(building).expect("a building's id");
        ValueKey::Brown {
            miniature: miniature.to_string(),
            building,
            hq_level,
        }
        .id()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_reads_back_as_written() {
        let keys = [
            ValueKey::ContractStars(2),
            ValueKey::ContractLevel(12),
            ValueKey::ContractBox(1),
            ValueKey::Brown {
                miniature: "apprentice-2".into(),
                building: Building::Hospital,
                hq_level: Some(1),
            },
            ValueKey::Brown {
                miniature: "ally-3".into(),
                building: Building::CommandRoom,
                hq_level: None,
            },
            ValueKey::BlueprintCost("flying-machine".into()),
            ValueKey::EzioWorks(Building::Shop),
        ];
        for key in keys {
            assert_eq!(
                ValueKey::parse(&key.id()),
                Some(key.clone()),
                "{}",
                key.id()
            );
        }
        assert_eq!(
            ValueKey::parse("brown.ally-2.command_room").unwrap().id(),
            "brown.ally-2.command_room"
        );
    }

    /// An id is read up to its longest length; one character more is not a
    /// key (a file's values are decided again, never believed as written).
    #[test]
    fn an_id_of_the_longest_length_is_read_and_one_longer_is_not() {
        let card = |len: usize| "x".repeat(len - "blueprint..cost".len());
        let longest = format!("blueprint.{}.cost", card(MAX_ID));
        assert_eq!(longest.len(), MAX_ID);
        assert_eq!(
            ValueKey::parse(&longest),
            Some(ValueKey::BlueprintCost(card(MAX_ID)))
        );
        assert_eq!(
            ValueKey::parse(&format!("blueprint.{}.cost", card(MAX_ID + 1))),
            None
        );
    }

    #[test]
    fn ids_the_core_never_asks_for_are_not_keys() {
        for id in [
            "",
            "contract",
            "contract.x.stars",
            "contract.1.colour",
            "brown.ally-1",
            "brown.ally-1.garden",
            "brown..hospital",
            "blueprint..cost",
            "blueprint.x",
            "ezio_works.garden",
            "contract.1.stars\n",
            "xp.total",
        ] {
            assert_eq!(ValueKey::parse(id), None, "{id:?}");
        }
        assert_eq!(
            ValueKey::parse(&format!("brown.{}.shop", "a".repeat(120))),
            None
        );
    }

    /// The largest number a card prints for each key: a contract's HQ level
    /// up to IV, Ezio's "works here" a yes (1) or no (0), any other up to
    /// the bound on what is typed (the pack's assumption `card_value_bound`).
    #[test]
    fn each_key_takes_up_to_what_its_card_can_print() {
        assert_eq!(ValueKey::ContractLevel(3).max(), 4);
        assert_eq!(ValueKey::EzioWorks(Building::Shop).max(), 1);
        assert_eq!(ValueKey::ContractStars(3).max(), MAX_VALUE);
        const { assert!(MAX_VALUE > 4) };
    }
}
