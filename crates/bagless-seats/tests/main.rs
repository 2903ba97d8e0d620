//! The seat server's tests, one binary.

mod acting;
mod connections;
mod handing_over;
mod http;
mod serving;
mod support;
