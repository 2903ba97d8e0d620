//! The boxes this build knows: their packs (`campaigns/core/pack.json`,
//! `campaigns/roma/pack.json`), compiled in and read once. A campaign names
//! its box at its creation; its rules read that box's pack, here, so that
//! a log decided again (`bagless_game::Rules`) needs nothing from outside.

use crate::model::pack::Pack;
use std::sync::OnceLock;

const BUILTIN: &[(&str, &str)] = &[
    (
        "campaigns/core/pack.json",
        include_str!("../../../../campaigns/core/pack.json"),
    ),
    (
        "campaigns/roma/pack.json",
        include_str!("../../../../campaigns/roma/pack.json"),
    ),
];

/// The box every build knows.
pub const CORE: &str = "core";

/// Every box this build knows, in the order the library offers them. The
/// packs are checked by the test suite, so a broken one never reaches a
/// player: failing here is a build bug.
pub fn builtin() -> &'static [Pack] {
    static PACKS: OnceLock<Vec<Pack>> = OnceLock::new();
    PACKS.get_or_init(|| {
        BUILTIN
            .iter()
            .map(|(file, text)| Pack::from_json(file, text).unwrap_or_else(|e| panic!("{e}")))
            .collect()
    })
}

/// The box `id`, when this build knows it.
pub fn pack(id: &str) -> Option<&'static Pack> {
    builtin().iter().find(|p| p.id == id)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_builtin_packs_are_valid_and_found_by_id() {
        assert_eq!(super::pack("core").map(|p| p.id.as_str()), Some("core"));
        assert_eq!(super::pack("roma").map(|p| p.id.as_str()), Some("roma"));
        assert!(super::pack("tokyo").is_none());
        assert!(super::pack(super::CORE).is_some());
    }
}
