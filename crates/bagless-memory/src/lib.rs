//! A Brotherhood of Venice memory while it is played.
