pub mod games;
pub mod risk_bot;
