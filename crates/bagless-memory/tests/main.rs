//! Every integration test of `bagless-memory` in one binary (one link, one
//! build of the shared support), each file a module named after it.

mod support;

mod attack_rules;
mod decide_again;
mod dice_faces;
mod edition_3_rules;
mod edition_4_rules;
mod edition_steps;
mod end_rules;
mod form_bounds;
mod invariants;
mod ipc_shapes;
mod ledger_memory;
mod property;
mod reader_findings;
mod reinforcement_rules;
mod seat_views;
mod stealth_rules;
mod turn_rules;
mod undo_rules;
mod view_offers;
mod view_waiting;
