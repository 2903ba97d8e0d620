//! How many requests each phone may send: a bucket per address that
//! refills at a steady pace, so a guessing loop is slowed to a crawl while
//! a phone that wakes and reloads is never refused; and how many actions
//! each seat may ask (issue 56: "a seat's actions rate-limited per seat"),
//! the same way, by seat.

use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// Requests a phone may send at once.
pub const BURST: f64 = 30.0;
/// Requests it may send each second after that.
pub const PER_SECOND: f64 = 10.0;
/// Files of the page's build (its scripts, styles, fonts) a phone may ask
/// at once, counted apart from the requests that carry a seat's token:
/// they hold no secret, a page load asks a dozen, and a phone that reloads
/// a few times must never find its page half loaded (a script refused is
/// a seat page with nothing under its name).
pub const ASSET_BURST: f64 = 200.0;
/// Files it may ask each second after that.
pub const ASSET_PER_SECOND: f64 = 50.0;
/// Addresses remembered at most; past that the buckets full again go
/// first, then the one heard from longest ago (never all at once: a
/// busy address keeps what it spent).
pub const ADDRESSES: usize = 256;

/// Actions a seat may ask at once (a player taps quickly a few times).
pub const SEAT_BURST: f64 = 6.0;
/// Actions a seat may ask each second after that.
pub const SEAT_PER_SECOND: f64 = 2.0;

/// Buckets by key (an address, a seat).
pub struct Limiter<K = IpAddr> {
    burst: f64,
    per_second: f64,
    remembered: usize,
    buckets: Mutex<HashMap<K, (f64, Instant)>>,
}

impl Default for Limiter<IpAddr> {
    fn default() -> Self {
        Limiter::new(BURST, PER_SECOND, ADDRESSES)
    }
}

impl<K: Hash + Eq + Clone> Limiter<K> {
    /// `burst` at once, then `per_second`, for up to `remembered` keys.
    pub fn new(burst: f64, per_second: f64, remembered: usize) -> Limiter<K> {
        Limiter {
            burst,
            per_second,
            remembered: remembered.max(1),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `key` may send a request at `now` (it is counted).
    pub fn allow(&self, key: &K, now: Instant) -> bool {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        let refilled = |left: f64, at: Instant| {
            (left + now.saturating_duration_since(at).as_secs_f64() * self.per_second)
                .min(self.burst)
        };
        if buckets.len() >= self.remembered && !buckets.contains_key(key) {
            // A full bucket is a fresh one: forgetting it loses nothing.
            buckets.retain(|_, (left, at)| refilled(*left, *at) < self.burst);
            if buckets.len() >= self.remembered {
                let oldest = buckets
                    .iter()
                    .min_by_key(|(_, (_, at))| *at)
                    .map(|(k, _)| k.clone());
                if let Some(oldest) = oldest {
                    buckets.remove(&oldest);
                }
            }
        }
        let (left, at) = buckets.entry(key.clone()).or_insert((self.burst, now));
        *left = refilled(*left, *at);
        *at = now;
        if *left >= 1.0 {
            *left -= 1.0;
            true
        } else {
            false
        }
    }

    #[cfg(test)]
    fn remembered(&self) -> usize {
        self.buckets.lock().unwrap().len()
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
        let allowed = (0..100).filter(|_| limiter.allow(&a, start)).count();
        assert_eq!(allowed, BURST as usize);
        assert!(limiter.allow(&b, start), "another phone is not slowed");
        assert!(!limiter.allow(&a, start));
        assert!(limiter.allow(&a, start + Duration::from_millis(150)));
    }

    #[test]
    fn a_known_address_keeps_its_spent_bucket_when_every_place_is_taken() {
        // Only a new address makes room: one already known, however long
        // ago it was first heard, keeps what it spent.
        let limiter: Limiter<u32> = Limiter::new(2.0, 0.001, 3);
        let t = Instant::now();
        assert!(limiter.allow(&0, t));
        assert!(limiter.allow(&0, t));
        assert!(limiter.allow(&1, t + Duration::from_millis(1)));
        assert!(limiter.allow(&2, t + Duration::from_millis(2)));
        assert!(!limiter.allow(&0, t + Duration::from_millis(3)));
        assert_eq!(limiter.remembered(), 3);
    }

    #[test]
    fn the_addresses_remembered_are_bounded() {
        let limiter = Limiter::default();
        let now = Instant::now();
        for i in 0..1000u32 {
            let address = IpAddr::from(std::net::Ipv4Addr::from(0x0a00_0000 + i));
            assert!(limiter.allow(&address, now));
        }
        assert!(limiter.remembered() <= ADDRESSES);
    }

    /// Issue 56: "257 addresses with partly used buckets at once reset
    /// every address's rate limit": the oldest goes, not all.
    #[test]
    fn past_the_bound_the_oldest_address_is_forgotten_not_every_one() {
        let limiter = Limiter::default();
        let start = Instant::now();
        let looping: IpAddr = "10.1.0.1".parse().unwrap();
        while limiter.allow(&looping, start) {}
        for i in 0..1000u32 {
            let now = start + Duration::from_micros(u64::from(i) + 1);
            let other = IpAddr::from(std::net::Ipv4Addr::from(0x0a00_0000 + i));
            // Each other address spends a part of its bucket.
            assert!(limiter.allow(&other, now));
            assert!(limiter.allow(&other, now));
            // The looping address, still asking, stays slowed.
            assert!(!limiter.allow(&looping, now), "reset after {i} others");
        }
        assert!(limiter.remembered() <= ADDRESSES);
    }

    #[test]
    fn a_seat_asks_a_few_actions_at_once_then_two_a_second() {
        let limiter: Limiter<String> = Limiter::new(SEAT_BURST, SEAT_PER_SECOND, 16);
        let start = Instant::now();
        let red = "red".to_string();
        let allowed = (0..30).filter(|_| limiter.allow(&red, start)).count();
        assert_eq!(allowed, SEAT_BURST as usize);
        assert!(limiter.allow(&"grey".to_string(), start));
        assert!(!limiter.allow(&red, start + Duration::from_millis(400)));
        assert!(limiter.allow(&red, start + Duration::from_millis(510)));
    }
}
