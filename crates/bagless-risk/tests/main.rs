//! Every integration test of `bagless-risk` in one binary (one link, one
//! build of the shared support), each file a module named after it.

mod support;

mod adjust_rules;
mod attack_rules;
mod battle_readings;
mod battle_rules;
mod decide_again;
mod end_rules;
mod form_bounds;
mod invariants;
mod ledger_lines;
mod odds;
mod property;
mod seat_views;
mod second_reading;
mod setup_rules;
mod third_reading;
mod told;
mod turn_rules;
mod two_player_rules;
mod undo_and_views;
mod view_offers;
