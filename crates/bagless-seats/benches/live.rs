//! How fast the phones follow the host (issue 32's load figure): an
//! Assassin Nation game of 6 players opened to their 6 phones (one per
//! seat) on 127.0.0.1; the host renames the game 200 times, each time waiting until
//! every phone has the new view; printed: the time from the host's change
//! to each phone's update (p50, p95, worst) over the 1,200 updates. Then
//! the host's own command ("the host's IPC speeds unchanged"): 200 renames
//! timed with no table open, and 200 back to back while the 6 phones
//! follow (each change wakes every phone, which reads its view from the
//! same library while the host writes the next).
//! `make bench` runs it (`cargo bench -p bagless-seats --bench live`).

use bagless_seats::{Asset, Assets, SeatServer};
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[path = "../tests/support.rs"]
mod support;

const PHONES: usize = 6;
const CHANGES: usize = 200;

/// When each phone first saw each game name, by name.
type Seen = Arc<Mutex<HashMap<String, Vec<Instant>>>>;

/// A phone following the seat of the link `url` live: every view's game
/// name noted as it comes (each event opened with the seat's key: issue 56).
async fn follow(address: std::net::SocketAddr, url: String, device: usize, seen: Seen) {
    let secret = bagless_seats::sealing::SeatSecret::from_link(&url).unwrap();
    let (id, key) = (secret.id(), secret.key());
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    // Each phone its own device (issue 56: a seat is held by one device).
    let request = format!(
        "GET /s/{id}/live HTTP/1.1\r\nHost: {address}\r\nCookie: bagless_device={device:032x}\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut buffer = vec![0u8; 65536];
    let mut pending = String::new();
    loop {
        let n = match stream.read(&mut buffer).await {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        let now = Instant::now();
        pending.push_str(&String::from_utf8_lossy(&buffer[..n]));
        while let Some(end) = pending.find("\n\n") {
            let event: String = pending.drain(..end + 2).collect();
            for data in event.lines().filter_map(|l| l.strip_prefix("data:")) {
                let Some(plain) = key.open(bagless_seats::sealing::ANSWER, data.trim()) else {
                    continue;
                };
                let view: serde_json::Value = serde_json::from_slice(&plain).unwrap_or_default();
                if let Some(name) = view["name"].as_str() {
                    seen.lock()
                        .unwrap()
                        .entry(name.to_string())
                        .or_default()
                        .push(now);
                }
            }
        }
    }
}

/// p50 and p95 of `times`, in milliseconds.
fn quantiles(times: &mut [Duration]) -> (f64, f64) {
    times.sort();
    let at = |q: f64| times[((times.len() as f64 * q).ceil() as usize).clamp(1, times.len()) - 1];
    (
        at(0.5).as_secs_f64() * 1000.0,
        at(0.95).as_secs_f64() * 1000.0,
    )
}

/// The host renames `game` `count` times, each rename timed alone.
async fn renames(
    app: &Arc<bagless_app::App>,
    game: &str,
    label: &str,
    count: usize,
) -> Vec<Duration> {
    let mut times = Vec::with_capacity(count);
    for n in 0..count {
        let (host, id, given) = (Arc::clone(app), game.to_string(), format!("{label} {n}"));
        times.push(
            tokio::task::spawn_blocking(move || {
                let start = Instant::now();
                host.rename_game(&id, &given, None).unwrap();
                start.elapsed()
            })
            .await
            .unwrap(),
        );
    }
    times
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let (app, game) = support::six_seats(dir.path(), "Night");
        let mut alone = renames(&app, &game, "Alone", CHANGES).await;
        app.rename_game(&game, "Night", None).unwrap();
        let assets: Assets = Arc::new(|_: &str| None::<Asset>);
        let server = SeatServer::open(
            Arc::clone(&app),
            &game,
            IpAddr::V4(Ipv4Addr::LOCALHOST),
            assets,
        )
        .await
        .unwrap();
        let links = server.links();
        assert_eq!(links.len(), PHONES, "one phone for each seat");
        let seen: Seen = Arc::default();
        for (n, link) in links.iter().enumerate() {
            tokio::spawn(follow(server.address(), link.url.clone(), n + 1, Arc::clone(&seen)));
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        while seen.lock().unwrap().get("Night").map_or(0, Vec::len) < PHONES {
            assert!(Instant::now() < deadline, "the phones did not connect");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let mut latencies = Vec::with_capacity(PHONES * CHANGES);
        for n in 0..CHANGES {
            let name = format!("Night {n}");
            let (host, id, given) = (Arc::clone(&app), game.clone(), name.clone());
            let changed = Instant::now();
            tokio::task::spawn_blocking(move || host.rename_game(&id, &given, None).unwrap())
                .await
                .unwrap();
            let deadline = Instant::now() + Duration::from_secs(10);
            loop {
                let times = seen.lock().unwrap().get(&name).cloned().unwrap_or_default();
                if times.len() >= PHONES {
                    latencies.extend(times.iter().map(|t| t.duration_since(changed)));
                    break;
                }
                assert!(Instant::now() < deadline, "change {n} did not reach every phone");
                tokio::time::sleep(Duration::from_micros(200)).await;
            }
        }
        latencies.sort();
        let at = |q: f64| latencies[((latencies.len() as f64 * q).ceil() as usize).clamp(1, latencies.len()) - 1];
        println!(
            "seats: {PHONES} seats on their phones, {CHANGES} host changes, {} updates: host change to phone p50 {:.1} ms, p95 {:.1} ms, worst {:.1} ms (issue 32 asks p95 < 100 ms)",
            latencies.len(),
            at(0.5).as_secs_f64() * 1000.0,
            at(0.95).as_secs_f64() * 1000.0,
            latencies.last().unwrap().as_secs_f64() * 1000.0,
        );
        let mut followed = renames(&app, &game, "Followed", CHANGES).await;
        let (alone50, alone95) = quantiles(&mut alone);
        let (followed50, followed95) = quantiles(&mut followed);
        println!(
            "seats: the host's rename, {CHANGES} times: no table open p50 {alone50:.2} ms, p95 {alone95:.2} ms; {PHONES} phones following p50 {followed50:.2} ms, p95 {followed95:.2} ms"
        );
        server.close().await;
    });
}
