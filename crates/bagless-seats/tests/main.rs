//! The seat server's tests, one binary.

mod acting;
mod capture;
mod claiming;
mod connections;
mod handing_over;
mod http;
mod jamming;
mod serving;
mod support;
