//! Every integration test of `bagless-app` in one binary (one link, one
//! build of the shared support), each file a module named after it.

mod support;

mod bov_destinations;
mod bov_edition_step;
mod bov_memory_start;
mod command_table;
mod edition_fixture;
mod games;
mod history_backups;
mod import_export;
mod ledgers;
mod library_fixture;
mod memory_edition_step;
mod memory_left_open;
mod no_hq_fixture;
#[cfg(unix)]
mod one_window;
mod open_in_background;
mod picture;
mod read_only;
mod sealed_backups;
mod structure;
mod tampered_files;
#[cfg(feature = "test-game")]
mod test_game;
mod told_bov;
mod told_nation;
mod told_risk;
mod two_homes;
mod view_snapshots;
