//! The seat server's connections, each served by hyper's HTTP/1 with
//! axum's router: at most a few at once from one address and a bounded
//! number in all (a phone's browser opens six or so, and one more per page
//! following live), and a request's head must arrive within
//! [`Limits::head`] (a connection that sends nothing, or its headers a byte
//! at a time, or sits idle between requests, is closed). So a device on the
//! network cannot hold the server by opening connections and waiting, and
//! the per-request rate limit ([`crate::limit`]) bounds what it asks once
//! connected.

use axum::extract::ConnectInfo;
use axum::http::Request;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tower_service::Service;

/// The bounds on the server's connections.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Connections open at once from one address.
    pub per_address: usize,
    /// Connections open at once in all.
    pub total: usize,
    /// The most a request's head (its line and headers) may take to
    /// arrive, from the connection's opening or the last answer.
    pub head: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            per_address: 24,
            total: 128,
            head: Duration::from_secs(10),
        }
    }
}

/// The connections open now, by address.
struct Open {
    limits: Limits,
    by_address: Mutex<HashMap<IpAddr, usize>>,
}

/// One connection let in; counted until it is dropped.
struct Admitted {
    open: Arc<Open>,
    address: IpAddr,
}

impl Open {
    /// A connection from `address`, or `None` when it would pass a bound.
    fn admit(self: &Arc<Self>, address: IpAddr) -> Option<Admitted> {
        let mut counts = self.by_address.lock().unwrap_or_else(|p| p.into_inner());
        let total: usize = counts.values().sum();
        let from = counts.get(&address).copied().unwrap_or(0);
        if total >= self.limits.total || from >= self.limits.per_address {
            return None;
        }
        counts.insert(address, from + 1);
        Some(Admitted {
            open: Arc::clone(self),
            address,
        })
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut counts = self
            .open
            .by_address
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if let Some(n) = counts.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.address);
            }
        }
    }
}

/// Serves `router` on `listener` until `stop`, then lets the connections
/// under way finish their answers (a live page ends when its token is
/// revoked, which closing the table does first).
pub(crate) async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    mut stop: oneshot::Receiver<()>,
) {
    let open = Arc::new(Open {
        limits,
        by_address: Mutex::default(),
    });
    let graceful = GracefulShutdown::new();
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of file descriptors, or a connection reset before it
                // was taken: the next one is tried a moment later.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut stop => break,
        };
        // Over a bound: closed at once, nothing read.
        let Some(admitted) = open.admit(peer.ip()) else {
            continue;
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
            request
                .extensions_mut()
                .insert(ConnectInfo::<SocketAddr>(peer));
            router.clone().call(request)
        });
        let connection = http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(limits.head)
            .serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let _ = connection.await;
            drop(admitted);
        });
    }
    drop(listener);
    graceful.shutdown().await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    #[test]
    fn an_address_is_let_in_up_to_its_bound_and_again_when_one_closes() {
        let open = Arc::new(Open {
            limits: Limits {
                per_address: 2,
                total: 3,
                head: Duration::from_secs(1),
            },
            by_address: Mutex::default(),
        });
        let (a, b) = (
            IpAddr::V4(Ipv4Addr::new(192, 168, 1, 20)),
            IpAddr::V4(Ipv4Addr::new(192, 168, 1, 21)),
        );
        let first = open.admit(a).expect("a first connection");
        let _second = open.admit(a).expect("a second");
        assert!(open.admit(a).is_none(), "a third from the same address");
        let _other = open.admit(b).expect("another phone is let in");
        assert!(open.admit(b).is_none(), "the total is reached");
        drop(first);
        assert!(open.admit(a).is_some(), "one closed: let in again");
        drop(_other);
        drop(_second);
        assert!(open.by_address.lock().unwrap().len() <= 1);
    }
}
