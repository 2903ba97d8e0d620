//! Every integration test of `bagless-store` in one binary (one link, one
//! build of the shared support), each file a module named after it.

mod support;

mod disk_and_backups;
mod import_fuzz;
mod library_files;
mod replay_property;
mod saved_state;
mod undo_redo_property;
