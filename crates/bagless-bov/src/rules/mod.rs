//! The rules, one module per section of the rulebook (000, "CAMPAIGN" to
//! "HQ RESOLUTION STEP"), each with its part of `decide` and `evolve`:
//! - `creation`: CAMPAIGN (a new campaign), ADJUSTING THE NUMBER OF PLAYERS;
//! - `memories`: CAMPAIGN, REPLAYING A MEMORY, OPTIONAL MEMORY, VILLA;
//! - `assassins`: LEVELING UP AND SKILLS, ASSASSINS' HEALTH, ELIMINATED,
//!   ASSASSIN APPRENTICES; `equipment`: EQUIP, CHEST (every card move);
//! - `ledger_check`: EQUIP (every card in exactly one place);
//! - `hq`: HEADQUARTERS, FIRST ASSIGNMENT, ASSIGNMENTS: MEMORY 1.2 ONWARD,
//!   CONTRACT CARDS; `hospital`: the hospital's part of the assignments;
//! - `hq_resolution`: HQ RESOLUTION STEP, one function per building;
//! - `overrides`: the players' corrections; `undo`: SAVING THE GAME;
//! - `edition`: the edition of the rules a campaign plays, and its step.

pub mod assassins;
pub mod creation;
pub mod edition;
pub(crate) mod equipment;
pub mod hospital;
pub mod hq;
pub(crate) mod hq_resolution;
pub(crate) mod ledger_check;
pub mod memories;
pub mod overrides;
pub mod undo;
