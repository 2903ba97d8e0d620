//! How many requests each phone may send: a bucket per address that
//! refills at a steady pace, so a guessing loop is slowed to a crawl while
//! a phone that wakes and reloads is never refused.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// Requests a phone may send at once.
pub const BURST: f64 = 30.0;
/// Requests it may send each second after that.
pub const PER_SECOND: f64 = 10.0;
/// Addresses remembered at most; past that the fullest buckets go.
const ADDRESSES: usize = 256;

#[derive(Default)]
pub struct Limiter {
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl Limiter {
    /// Whether `address` may send a request at `now` (it is counted).
    pub fn allow(&self, address: IpAddr, now: Instant) -> bool {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() >= ADDRESSES && !buckets.contains_key(&address) {
            buckets.retain(|_, (left, at)| {
                *left + now.saturating_duration_since(*at).as_secs_f64() * PER_SECOND < BURST
            });
            // Hundreds of addresses busy at once is no table: start afresh.
            if buckets.len() >= ADDRESSES {
                buckets.clear();
            }
        }
        let (left, at) = buckets.entry(address).or_insert((BURST, now));
        *left = (*left + now.saturating_duration_since(*at).as_secs_f64() * PER_SECOND).min(BURST);
        *at = now;
        if *left >= 1.0 {
            *left -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_burst_then_a_steady_pace_per_address() {
        let limiter = Limiter::default();
        let (a, b): (IpAddr, IpAddr) = (
            "192.168.1.2".parse().unwrap(),
            "192.168.1.3".parse().unwrap(),
        );
        let start = Instant::now();
        let allowed = (0..100).filter(|_| limiter.allow(a, start)).count();
        assert_eq!(allowed, BURST as usize);
        assert!(limiter.allow(b, start), "another phone is not slowed");
        assert!(!limiter.allow(a, start));
        assert!(limiter.allow(a, start + Duration::from_millis(150)));
    }

    #[test]
    fn the_addresses_remembered_are_bounded() {
        let limiter = Limiter::default();
        let now = Instant::now();
        for i in 0..1000u32 {
            let address = IpAddr::from(std::net::Ipv4Addr::from(0x0a00_0000 + i));
            assert!(limiter.allow(address, now));
        }
        assert!(limiter.buckets.lock().unwrap().len() <= ADDRESSES + 1);
    }
}
