//! The content packs the rules crate compiles in, as the app offers them.

use crate::{AppError, PackSummary};
use bagless_bov::Pack;

/// The boxes the rules crate knows (`bagless_bov::packs`).
pub struct Packs(&'static [Pack]);

impl Packs {
    /// The packs shipped with the app.
    pub fn builtin() -> Packs {
        Packs(bagless_bov::packs::builtin())
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
