//! Every integration test of `bagless-nation` in one binary (one link, one
//! build of the shared support), each file a module named after it.

mod support;

mod conflict_rules;
mod decide_again;
mod edition_rules;
mod end_rules;
mod face_down_rules;
mod ipc_shapes;
mod money_rules;
mod msr_rules;
mod property;
mod reveal_rules;
mod round_rules;
mod seat_views;
mod setup_rules;
mod told;
mod undo_rules;
mod view_offers;
