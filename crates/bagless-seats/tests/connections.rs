//! The seat server's connections are bounded (issue 32: a server on the
//! local network that a device cannot hold by opening connections and
//! waiting): a connection over its address's bound is closed at once, one
//! whose request head does not come in time is closed, and the server
//! answers again once they are gone. On 127.0.0.1 only, every wait bounded.

use crate::support::table;
use bagless_seats::connections::Limits;
use bagless_seats::{Asset, Assets, SeatServer};
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

fn page() -> Assets {
    Arc::new(|_: &str| None::<Asset>)
}

/// How long until the server closes `stream` (reads end), at most `within`.
async fn closed_after(stream: &mut TcpStream, within: Duration) -> Option<Duration> {
    let start = Instant::now();
    let mut buffer = [0u8; 1024];
    tokio::time::timeout(within, async {
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => return start.elapsed(),
                Ok(_) => {}
            }
        }
    })
    .await
    .ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_over_the_bound_or_too_slow_to_ask_are_closed() {
    let dir = tempfile::tempdir().unwrap();
    let (app, game) = table(dir.path(), "Bounded table");
    let limits = Limits {
        per_address: 3,
        total: 16,
        head: Duration::from_millis(600),
        ..Limits::default()
    };
    let at = SocketAddr::new(Ipv4Addr::LOCALHOST.into(), 0);
    let server = SeatServer::open_limited(Arc::clone(&app), &game, at, page(), limits)
        .await
        .unwrap();
    let address = server.address();
    let view = format!("/s/{}/view", crate::http::token_of(&server.links()[0].url));

    // Three idle connections from 127.0.0.1: a fourth is closed at once.
    let mut idle = Vec::new();
    for _ in 0..3 {
        idle.push(TcpStream::connect(address).await.unwrap());
    }
    // (Each is let in before the next is tried: a request on each answers.)
    let mut fourth = TcpStream::connect(address).await.unwrap();
    let waited = closed_after(&mut fourth, Duration::from_millis(400)).await;
    assert!(
        waited.is_some(),
        "a connection over the bound is closed before its head is due"
    );

    // Those that ask nothing, or send half a head, are closed when the head is due.
    idle[0]
        .write_all(format!("GET {view} HTTP/1.1\r\nHo").as_bytes())
        .await
        .unwrap();
    for stream in &mut idle {
        let waited = closed_after(stream, Duration::from_secs(5))
            .await
            .expect("closed within 5 s");
        assert!(waited < Duration::from_secs(5), "{waited:?}");
    }
    drop(idle);

    // Then a phone's request is answered again.
    let started = Instant::now();
    loop {
        let answered = tokio::time::timeout(
            Duration::from_secs(2),
            crate::http::request(address, "GET", &view, &crate::http::device(1), ""),
        )
        .await;
        if let Ok((200, _, _)) = answered {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(5), "answered again");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    server.close().await;
}
