//! Every integration test of `bagless-bov` in one binary (one link, one
//! build of the shared support), each file a module named after it.

#[path = "support/board_steps.rs"]
mod board_steps;
#[path = "support/table.rs"]
mod table;

mod assassin_rules;
mod assumptions_listed;
mod board_property;
mod decide_again;
mod destinations;
mod diary_rules;
mod edition_2;
mod edition_3;
mod edition_4;
mod edition_5;
mod edition_6;
mod form_offers;
mod hq_property;
mod hq_resolution_edges;
mod hq_rules;
mod ledger_bov;
mod ledger_third_reading;
mod module_graph;
mod override_rules;
mod refusals_campaign;
mod refusals_cards;
mod refusals_edited_packs;
mod refusals_hq;
mod replaying_a_memory;
mod rule_codes;
mod rulebook_corrections;
mod seat_views;
mod second_reading;
mod told_property;
