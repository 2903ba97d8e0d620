//! Assassin Nation: the pyramid of targets, attempts, conflicts, money and the end count, refereed. Pure: no I/O, no clock, no global RNG.
