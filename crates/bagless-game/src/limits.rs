//! The library's limits: the same for every game Bagless keeps, whatever
//! its rules. A game's name, an entry's date read from an export, a
//! campaign's name and a memory's date played in Brotherhood of Venice are
//! all held to these, so that one library never has two lengths of name or
//! two ranges of dates.

/// The longest name of a game or campaign in the library, in characters
/// (the name given at creation, a rename, an imported file's name and the
/// "name (2)" an import takes when the name is in use).
pub const MAX_NAME_CHARS: usize = 60;

/// The earliest year a date in the library may have: an entry's date in
/// an imported file, a date played typed at the table. Dates before it are
/// typing mistakes or damage (the games are from the 2020s).
pub const EARLIEST_YEAR: i32 = 2000;

/// The latest year an entry's date in an imported file may have: the
/// library writes its dates as RFC 3339, whose years end at 9999, and one
/// year is kept in hand so that no date is written that cannot be read.
pub const LATEST_YEAR: i32 = 9998;
