//! The seat server's connections, each served by hyper's HTTP/1 with
//! axum's router: at most a few at once from one address and a bounded
//! number in all (a phone's browser opens six or so, and one more per page
//! following live), and a request's head must arrive within
//! [`Limits::head`] (a connection that sends nothing, or its headers a byte
//! at a time, or sits idle between requests, is closed), its head held in
//! a bounded buffer ([`HEAD_BYTES`]), an answer written within
//! [`Limits::write`] (a phone that reads nothing does not hold it), and
//! TCP keepalive probing a phone gone to sleep. So a device on the
//! network cannot hold the server by opening connections and waiting, and
//! the per-request rate limit ([`crate::limit`]) bounds what it asks once
//! connected. When the table closes, every connection is ended within
//! [`Limits::closing`] (issue 56: "every connection ended when the table
//! closes").

use axum::extract::ConnectInfo;
use axum::http::Request;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tower_service::Service;

/// The most a request's head may take in the connection's buffer (hyper's
/// smallest: its line and headers; a phone's are under 2 KB).
pub const HEAD_BYTES: usize = 8192;

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
    /// The most an action's body may take to arrive once its head has.
    pub body: Duration,
    /// The most a write of an answer may wait for the phone to read.
    pub write: Duration,
    /// The most closing the table lets the answers under way finish
    /// before every connection is ended.
    pub closing: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            per_address: 16,
            total: 256,
            head: Duration::from_secs(5),
            body: Duration::from_secs(5),
            write: Duration::from_secs(10),
            closing: Duration::from_millis(300),
        }
    }
}

/// TCP keepalive: a phone silent this long is probed, every
/// [`KEEPALIVE_EVERY`], and let go after [`KEEPALIVE_PROBES`] unanswered.
const KEEPALIVE_AFTER: Duration = Duration::from_secs(10);
const KEEPALIVE_EVERY: Duration = Duration::from_secs(5);
#[cfg(any(target_os = "linux", target_os = "macos", target_os = "windows"))]
const KEEPALIVE_PROBES: u32 = 3;

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

/// A connection whose writes fail once one has waited `limit` for the
/// phone to read (hyper has no write timeout of its own).
struct WriteLimited<S> {
    inner: S,
    limit: Duration,
    stalled: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl<S> WriteLimited<S> {
    fn new(inner: S, limit: Duration) -> WriteLimited<S> {
        WriteLimited {
            inner,
            limit,
            stalled: None,
        }
    }

    /// `poll` of a write, timed while it waits.
    fn timed<T>(
        &mut self,
        cx: &mut Context<'_>,
        poll: impl FnOnce(Pin<&mut S>, &mut Context<'_>) -> Poll<std::io::Result<T>>,
    ) -> Poll<std::io::Result<T>>
    where
        S: Unpin,
    {
        match poll(Pin::new(&mut self.inner), cx) {
            Poll::Ready(done) => {
                self.stalled = None;
                Poll::Ready(done)
            }
            Poll::Pending => {
                let limit = self.limit;
                let stalled = self
                    .stalled
                    .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
                match stalled.as_mut().poll(cx) {
                    Poll::Ready(()) => Poll::Ready(Err(std::io::ErrorKind::TimedOut.into())),
                    Poll::Pending => Poll::Pending,
                }
            }
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for WriteLimited<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for WriteLimited<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        self.get_mut().timed(cx, |s, cx| s.poll_write(cx, buf))
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        self.get_mut().timed(cx, |s, cx| s.poll_flush(cx))
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// TCP keepalive on `stream` (a phone gone to sleep or off the network is
/// found out within a minute), and on Linux unacknowledged data let go
/// after as long (a live page written to a phone that reads nothing).
fn keep_alive(stream: &TcpStream) {
    let socket = socket2::SockRef::from(stream);
    let keepalive = socket2::TcpKeepalive::new().with_time(KEEPALIVE_AFTER);
    #[cfg(any(target_os = "linux", target_os = "macos", target_os = "windows"))]
    let keepalive = keepalive
        .with_interval(KEEPALIVE_EVERY)
        .with_retries(KEEPALIVE_PROBES);
    let _ = socket.set_tcp_keepalive(&keepalive);
    #[cfg(target_os = "linux")]
    let _ = socket.set_tcp_user_timeout(Some(KEEPALIVE_AFTER + KEEPALIVE_EVERY * 4));
}

/// Serves `router` on `listener` until `stop`, then lets the answers under
/// way finish for [`Limits::closing`] (a live page ends when its token is
/// revoked, which closing the table does first) and ends every connection
/// still open.
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
    let mut connections = tokio::task::JoinSet::new();
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
            // The connections ended are let go as they end.
            Some(_) = connections.join_next(), if !connections.is_empty() => continue,
            _ = &mut stop => break,
        };
        // Over a bound: closed at once, nothing read.
        let Some(admitted) = open.admit(peer.ip()) else {
            continue;
        };
        let _ = stream.set_nodelay(true);
        keep_alive(&stream);
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
            .max_buf_size(HEAD_BYTES)
            .serve_connection(
                TokioIo::new(WriteLimited::new(stream, limits.write)),
                service,
            );
        let connection = graceful.watch(connection);
        connections.spawn(async move {
            let _ = connection.await;
            drop(admitted);
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(limits.closing, graceful.shutdown()).await;
    // Those still open (a body never sent, an answer never read) are ended:
    // their sockets closed, nothing more answered.
    connections.shutdown().await;
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
                ..Limits::default()
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
