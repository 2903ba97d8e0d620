//! The seat server's tests, one binary.

mod acting;
mod http;
mod serving;
mod support;
