//! The live pages following each seat now (issue 56: "the per-seat stream
//! cap free of races", "streams of a sleeping phone reaped"): a seat is
//! followed by at most [`MAX_FOLLOWING`] streams, counted and capped under
//! one lock; a new one ends the oldest (a phone that woke and reloaded
//! is the one looking, the stream of its sleep is not), never refused.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::Notify;

/// The live pages one seat may have open at once (a page reloaded before
/// its old stream noticed).
pub const MAX_FOLLOWING: usize = 2;

/// The streams of each seat, by seat id: each one's number and the way to
/// tell it to end.
type BySeat = HashMap<String, Vec<(u64, Arc<Notify>)>>;

#[derive(Default)]
pub(crate) struct Followers {
    /// The last stream's number, and the streams of each seat.
    next: Mutex<(u64, BySeat)>,
}

/// A live page following a seat, counted while its stream lasts; told to
/// end ([`Follow::ended`]) when a newer one takes its place.
pub(crate) struct Follow {
    followers: Arc<Followers>,
    seat: String,
    id: u64,
    end: Arc<Notify>,
}

impl Followers {
    /// A new stream of `seat`, the oldest told to end past the cap.
    pub(crate) fn follow(self: &Arc<Self>, seat: &str) -> Follow {
        let mut guard = self.next.lock().unwrap_or_else(|p| p.into_inner());
        let (next, by_seat) = &mut *guard;
        *next += 1;
        let id = *next;
        let streams = by_seat.entry(seat.to_string()).or_default();
        while streams.len() >= MAX_FOLLOWING {
            let (_, oldest) = streams.remove(0);
            // Stored if the stream is not waiting: it ends at its next turn.
            oldest.notify_one();
        }
        let end = Arc::new(Notify::new());
        streams.push((id, Arc::clone(&end)));
        Follow {
            followers: Arc::clone(self),
            seat: seat.to_string(),
            id,
            end,
        }
    }

    /// How many streams follow `seat` now.
    pub(crate) fn count(&self, seat: &str) -> usize {
        let guard = self.next.lock().unwrap_or_else(|p| p.into_inner());
        guard.1.get(seat).map_or(0, Vec::len)
    }

    /// Every stream of `seat` told to end (its phone freed, its link renewed).
    pub(crate) fn end_all(&self, seat: &str) {
        let mut guard = self.next.lock().unwrap_or_else(|p| p.into_inner());
        for (_, end) in guard.1.remove(seat).unwrap_or_default() {
            end.notify_one();
        }
    }
}

impl Follow {
    /// Resolves once a newer stream took this one's place.
    pub(crate) async fn ended(&self) {
        self.end.notified().await;
    }
}

impl Drop for Follow {
    fn drop(&mut self) {
        let mut guard = self
            .followers
            .next
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if let Some(streams) = guard.1.get_mut(&self.seat) {
            streams.retain(|(id, _)| *id != self.id);
            if streams.is_empty() {
                guard.1.remove(&self.seat);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn past_the_cap_the_oldest_stream_ends_and_the_count_holds() {
        let followers = Arc::new(Followers::default());
        let first = followers.follow("red");
        let second = followers.follow("red");
        let other = followers.follow("grey");
        assert_eq!(followers.count("red"), 2);
        let third = followers.follow("red");
        assert_eq!(followers.count("red"), MAX_FOLLOWING);
        tokio::time::timeout(Duration::from_secs(1), first.ended())
            .await
            .expect("the oldest is told to end");
        let told = tokio::time::timeout(Duration::from_millis(50), second.ended()).await;
        assert!(told.is_err(), "the second is not");
        drop(first);
        assert_eq!(
            followers.count("red"),
            2,
            "the ended one was already let go"
        );
        drop((second, third));
        assert_eq!(followers.count("red"), 0);
        followers.end_all("grey");
        tokio::time::timeout(Duration::from_secs(1), other.ended())
            .await
            .expect("freed: told to end");
        assert_eq!(followers.count("grey"), 0);
    }

    /// Followed from many tasks at once, a seat never counts more than the cap.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_cap_holds_under_a_race() {
        let followers = Arc::new(Followers::default());
        let mut tasks = Vec::new();
        for _ in 0..64 {
            let followers = Arc::clone(&followers);
            tasks.push(tokio::spawn(async move {
                let follow = followers.follow("red");
                let count = followers.count("red");
                tokio::task::yield_now().await;
                drop(follow);
                count
            }));
        }
        for task in tasks {
            assert!(task.await.unwrap() <= MAX_FOLLOWING);
        }
        assert_eq!(followers.count("red"), 0);
    }
}
