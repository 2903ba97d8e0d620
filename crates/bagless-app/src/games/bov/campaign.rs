//! What the `bagless` command reads of Brotherhood of Venice's campaigns
//! that no other game has: every campaign the library holds, of a box this
//! build knows or not (the library's list leaves the latter out). Every
//! other use of a campaign goes through the one command set
//! (`games::commands`), as the window's does.

use crate::{App, AppError};

impl App {
    /// Every campaign in the order the library keeps them, in the bin or
    /// not, of a known box or not.
    pub fn stored_campaigns(&self) -> Result<Vec<crate::rescue::StoredCampaignView>, AppError> {
        self.with_library(|library| {
            let mut found = Vec::new();
            // Brotherhood of Venice's campaigns; the other games have no diary.
            for record in library.campaigns()? {
                if record.game != super::KIND {
                    continue;
                }
                let stored = super::load(library, &record.id)?;
                found.push(crate::rescue::StoredCampaignView {
                    id: record.id,
                    name: record.name,
                    pack_id: record.pack_id,
                    in_bin: record.deleted_at.is_some(),
                    last_played_on: record.last_played_on,
                    last_seq: record.last_seq,
                    state: std::sync::Arc::unwrap_or_clone(stored.state),
                });
            }
            Ok(found)
        })
    }
}
