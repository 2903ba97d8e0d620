//! RISK Assassin's Creed: set-up, turns, attacks and their odds, refereed. Pure: no I/O, no clock, no global RNG.
