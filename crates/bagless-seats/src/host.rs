//! The host's window told that a seat acted (issue 56: "the host's window
//! reloads at most once a frame however many phones write"): each action
//! asks, and the window is told at once when it was not told within the
//! last [`FRAME`], else once at the frame's end for all that came in it.

use std::sync::{Arc, RwLock};
use std::time::Duration;
use tokio::sync::Notify;

/// A frame of the host's screen (60 a second), rounded up.
pub const FRAME: Duration = Duration::from_millis(17);

/// Told the game's id after a seat's action is written: the host's window
/// shows the game again.
pub type Acted = Arc<dyn Fn(&str) + Send + Sync>;

pub(crate) struct Host {
    asked: Arc<Notify>,
    acted: Arc<RwLock<Option<Acted>>>,
    telling: tokio::task::JoinHandle<()>,
}

impl Host {
    /// Tells `game_id` to whoever [`Host::on_act`] names, at most once a
    /// frame.
    pub(crate) fn new(game_id: String) -> Host {
        let asked = Arc::new(Notify::new());
        let acted: Arc<RwLock<Option<Acted>>> = Arc::default();
        let telling = {
            let (asked, acted) = (Arc::clone(&asked), Arc::clone(&acted));
            tokio::spawn(async move {
                loop {
                    // The asks of a whole frame are one stored permit.
                    asked.notified().await;
                    let told = acted.read().unwrap_or_else(|p| p.into_inner()).clone();
                    if let Some(told) = told {
                        told(&game_id);
                    }
                    tokio::time::sleep(FRAME).await;
                }
            })
        };
        Host {
            asked,
            acted,
            telling,
        }
    }

    pub(crate) fn on_act(&self, acted: Acted) {
        *self.acted.write().unwrap_or_else(|p| p.into_inner()) = Some(acted);
    }

    /// A seat's action was written.
    pub(crate) fn ask(&self) {
        self.asked.notify_one();
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        self.telling.abort();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;
    use std::time::Instant;

    /// A table closed leaves no task behind holding the window's callback.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_host_dropped_lets_its_callback_go() {
        let held = Arc::new(());
        let host = Host::new("game".into());
        {
            let held = Arc::clone(&held);
            host.on_act(Arc::new(move |_: &str| {
                let _ = &held;
            }));
        }
        assert_eq!(Arc::strong_count(&held), 2);
        drop(host);
        for _ in 0..100 {
            if Arc::strong_count(&held) == 1 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(Arc::strong_count(&held), 1, "the telling task ended");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn told_at_once_then_at_most_once_a_frame_and_after_the_last() {
        let host = Host::new("game".into());
        let told: Arc<Mutex<Vec<Instant>>> = Arc::default();
        {
            let told = Arc::clone(&told);
            host.on_act(Arc::new(move |id: &str| {
                assert_eq!(id, "game");
                told.lock().unwrap().push(Instant::now());
            }));
        }
        let start = Instant::now();
        for _ in 0..200 {
            host.ask();
            tokio::time::sleep(Duration::from_micros(500)).await;
        }
        let last = Instant::now();
        tokio::time::sleep(FRAME * 3).await;
        let told = told.lock().unwrap().clone();
        assert!(!told.is_empty());
        assert!(told[0] - start < FRAME, "the first at once");
        for pair in told.windows(2) {
            assert!(
                pair[1] - pair[0] >= FRAME - Duration::from_millis(1),
                "{told:?}"
            );
        }
        assert!(*told.last().unwrap() >= last - FRAME, "the last asks told");
        assert!(told.len() < 200 / 4, "{} times", told.len());
    }
}
