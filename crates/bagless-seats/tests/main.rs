//! The seat server's tests, one binary.

mod acting;
mod serving;
mod support;
