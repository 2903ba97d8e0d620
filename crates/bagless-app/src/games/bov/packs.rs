//! The content packs compiled into the app.

use crate::{AppError, PackSummary};
use bagless_bov::Pack;

const BUILTIN: &[(&str, &str)] = &[
    (
        "campaigns/core/pack.json",
        include_str!("../../../../../campaigns/core/pack.json"),
    ),
    (
        "campaigns/roma/pack.json",
        include_str!("../../../../../campaigns/roma/pack.json"),
    ),
];

pub struct Packs(Vec<Pack>);

impl Packs {
    /// The packs shipped with the app. They are checked by the test suite,
    /// so a broken one never reaches a player: failing here is a build bug.
    pub fn builtin() -> Packs {
        Packs(
            BUILTIN
                .iter()
                .map(|(file, text)| Pack::from_json(file, text).unwrap_or_else(|e| panic!("{e}")))
                .collect(),
        )
    }

    pub fn get(&self, id: &str) -> Result<&Pack, AppError> {
        self.0.iter().find(|p| p.id == id).ok_or_else(|| {
            AppError::new(
                "unknown_pack",
                format!("This campaign needs the {id} box, which this version of Bagless does not know."),
            )
        })
    }

    /// An assassin's name, as the first box that has them prints it.
    pub fn assassin_name(&self, id: &str) -> Option<&str> {
        self.0
            .iter()
            .flat_map(|p| &p.assassins)
            .find(|a| a.id == id)
            .map(|a| a.name.as_str())
    }

    pub fn summaries(&self) -> Vec<PackSummary> {
        self.0
            .iter()
            .map(|p| PackSummary {
                id: p.id.clone(),
                name: p.name.clone(),
                assassins: p.assassins.clone(),
                memory_count: p.memories().count() as u32,
                max_assassins: bagless_bov::campaign::MAX_ASSASSINS as u32,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_builtin_packs_are_valid() {
        let packs = super::Packs::builtin();
        assert!(packs.get("core").is_ok());
        assert!(packs.get("roma").is_ok());
        assert_eq!(packs.get("tokyo").unwrap_err().code, "unknown_pack");
    }
}
