//! Every integration test of `bagless-store` in one binary (one link, one
//! build of the shared support), each file a module named after it.

#[path = "../../bagless-bov/tests/support/board_steps.rs"]
mod board_steps;
mod support;

mod disk_and_backups;
mod hq_projection;
mod import_fuzz;
mod library_files;
mod replay_property;
mod undo_redo_property;
