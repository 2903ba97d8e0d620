//! The seat server's tests, one binary.

mod serving;
mod support;
