//! The seat server's tests, one binary.

mod acting;
mod connections;
mod http;
mod serving;
mod support;
