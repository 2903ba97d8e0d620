//! Issue 56, "a link for one player" and "writes that cost what they are
//! worth", on 127.0.0.1 only, every wait bounded:
//! - "a second device with a claimed link refused and shown to the host";
//!   "the host frees the seat and the second one claims it";
//! - "a new link for one seat leaves the others working";
//! - "a seat looping writes is limited and writes nothing that changes
//!   nothing"; "the host reloads at most once a frame".

use crate::http::{device, request, request_from};
use bagless_seats::{Acted, Asset, Assets, SeatServer, FRAME};
use serde_json::{json, Value};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const LOOPBACK: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

fn page() -> Assets {
    Arc::new(|_: &str| None::<Asset>)
}

use crate::http::token_of;

/// The number of a test's next action (rising, as the phone's clock).
fn next_number() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The seat view of the link `url` as the device `phone` asks it (opened).
async fn view(address: SocketAddr, url: &str, phone: u32) -> (u16, Value) {
    let token = token_of(url);
    let (status, _, body) = request(
        address,
        "GET",
        &format!("/s/{token}/view"),
        &device(phone),
        "",
    )
    .await;
    (status, answer(url, &body))
}

/// An answer, opened when sealed.
fn answer(url: &str, body: &str) -> Value {
    let clear = serde_json::from_str::<Value>(body).unwrap_or(Value::Null);
    if clear.get("sealed").is_some() {
        crate::http::opened(url, body)
    } else {
        clear
    }
}

async fn act(address: SocketAddr, url: &str, phone: u32, action: &Value) -> (u16, Value) {
    let token = token_of(url);
    let body = crate::http::sealed_action(url, next_number(), action);
    let headers = format!(
        "Content-Type: application/json\r\nContent-Length: {}\r\n{}",
        body.len(),
        device(phone)
    );
    // Each phone from its own address (127.0.1.n).
    let from = Some(IpAddr::V4(Ipv4Addr::new(127, 0, 1, phone as u8)));
    let (status, _, body) = request_from(
        from,
        address,
        "POST",
        &format!("/s/{token}/act"),
        &headers,
        &body,
    )
    .await;
    (status, answer(url, &body))
}

/// Reads a live stream until its answer ends (its last chunk, or the
/// connection closed), at most 5 s: whether it did.
async fn ends(stream: &mut tokio::net::TcpStream) -> bool {
    tokio::time::timeout(Duration::from_secs(5), async {
        let mut buffer = [0u8; 8192];
        let mut tail = Vec::new();
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => return,
                Ok(n) => {
                    tail.extend_from_slice(&buffer[..n]);
                    if tail.ends_with(b"0\r\n\r\n") {
                        return;
                    }
                }
            }
        }
    })
    .await
    .is_ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_device_is_refused_until_the_host_frees_the_seat_or_renews_its_link() {
    let dir = tempfile::tempdir().unwrap();
    let (app, game) = crate::support::table(dir.path(), "One phone each");
    let server = SeatServer::open(Arc::clone(&app), &game, LOOPBACK, page())
        .await
        .unwrap();
    let address = server.address();
    let links = server.links();
    let (red_url, grey_url) = (links[0].url.clone(), links[1].url.clone());
    let red = token_of(&red_url);
    assert!(links
        .iter()
        .all(|l| !l.holding.held && l.holding.devices == 0));

    // Red's phone opens its link first: it holds the seat.
    let (status, answer) = view(address, &red_url, 1).await;
    assert_eq!((status, &answer["seat"]["id"]), (200, &json!("red")));
    // A rival's phone, the same link scanned from the screen: refused,
    // for its view, its live view and its actions alike.
    let (status, refusal) = view(address, &red_url, 2).await;
    assert_eq!((status, &refusal["code"]), (403, &json!("seat_taken")));
    assert!(refusal.get("view").is_none());
    let (status, _, _) = request(address, "GET", &format!("/s/{red}/live"), &device(2), "").await;
    assert_eq!(status, 403);
    let withdraw = json!({"type": "end_turn"});
    let (status, refusal) = act(address, &red_url, 2, &withdraw).await;
    assert_eq!((status, &refusal["code"]), (403, &json!("seat_taken")));
    // The host sees it: red held, two devices tried; grey untouched.
    let links = server.links();
    assert!(links[0].holding.held);
    assert_eq!(links[0].holding.devices, 2);
    assert!(!links[1].holding.held);

    // Red's phone follows live; the host frees the seat: its page ends,
    // it is refused from then on, and the other device claims the seat.
    let mut live = tokio::net::TcpStream::connect(address).await.unwrap();
    live.write_all(
        format!(
            "GET /s/{red}/live HTTP/1.1\r\nHost: {address}\r\n{}\r\n",
            device(1)
        )
        .as_bytes(),
    )
    .await
    .unwrap();
    let mut first = [0u8; 256];
    let n = tokio::time::timeout(Duration::from_secs(5), live.read(&mut first))
        .await
        .unwrap()
        .unwrap();
    assert!(String::from_utf8_lossy(&first[..n]).starts_with("HTTP/1.1 200"));
    assert!(server.free("red"));
    assert!(ends(&mut live).await, "the freed phone's page ends");
    assert_eq!(view(address, &red_url, 1).await.0, 403, "the freed phone");
    let (status, answer) = view(address, &red_url, 2).await;
    assert_eq!((status, &answer["seat"]["id"]), (200, &json!("red")));
    assert_eq!(view(address, &red_url, 1).await.0, 403);

    // Grey's phone holds grey; the host gives red a new link: red's old
    // link opens nothing, grey's phone goes on, the new link is claimed.
    assert_eq!(view(address, &grey_url, 3).await.0, 200);
    assert!(server.renew("red"));
    let (status, refusal) = view(address, &red_url, 2).await;
    assert_eq!((status, &refusal["code"]), (403, &json!("seat_closed")));
    assert_eq!(view(address, &grey_url, 3).await.0, 200);
    let links = server.links();
    let fresh = links[0].url.clone();
    assert_ne!(token_of(&fresh), red);
    assert_eq!(links[1].url, grey_url, "grey's link unchanged");
    assert!(!links[0].holding.held && links[0].holding.devices == 0);
    assert_eq!(view(address, &fresh, 4).await.0, 200);
    assert_eq!(view(address, &fresh, 2).await.0, 403);
    assert!(!server.free("blue") && !server.renew("blue"));
    server.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_looping_writes_is_slowed_writes_nothing_that_changes_nothing_and_the_host_is_told_once_a_frame(
) {
    let dir = tempfile::tempdir().unwrap();
    let (app, game) = crate::support::six_seats(dir.path(), "Hit lists");
    let server = SeatServer::open(Arc::clone(&app), &game, LOOPBACK, page())
        .await
        .unwrap();
    let told: Arc<Mutex<Vec<Instant>>> = Arc::default();
    let acted: Acted = {
        let told = Arc::clone(&told);
        Arc::new(move |_: &str| told.lock().unwrap().push(Instant::now()))
    };
    server.on_act(acted);
    let address = server.address();
    let tokens: Vec<String> = server.links().iter().map(|l| l.url.clone()).collect();
    let history = || app.game_history_of(&game, Some(500)).unwrap().entries.len();
    let before = history();

    // "Players can look at this card, but should keep it secret": Ada
    // keeps her hit list from her phone, then her phone sends the same
    // card 30 times at once (the probe).
    let card = json!({"type": "keep_hit_list", "player": 0,
        "entries": [{ "target": 5, "bonus": 3000 }, { "target": 11, "bonus": 2000 }]});
    let mut statuses = Vec::new();
    for _ in 0..30 {
        let (status, answer) = act(address, &tokens[0], 1, &card).await;
        if status == 409 {
            assert_eq!(answer["code"], "seat_nothing_changed", "{answer}");
        }
        statuses.push(status);
    }
    assert_eq!(statuses[0], 200, "{statuses:?}");
    assert!(
        statuses[1..].iter().all(|s| *s == 409 || *s == 429),
        "{statuses:?}"
    );
    assert!(statuses.contains(&429), "the seat is slowed: {statuses:?}");
    assert_eq!(history(), before + 1, "one entry, not 30");

    // Six phones each write cards that change something, as fast as they
    // may: each seat slowed past its own pace, and the host told at most
    // once a frame, and after the last write.
    let mut writers = Vec::new();
    for (seat, token) in tokens.iter().enumerate() {
        let token = token.clone();
        writers.push(tokio::spawn(async move {
            let mut taken = 0;
            let mut last_taken = Instant::now() - Duration::from_secs(10);
            for n in 0..12u32 {
                let card = json!({"type": "keep_hit_list", "player": seat,
                    "entries": [{ "target": 1 + n % 18, "bonus": 1000 * (1 + n % 3) }]});
                // (When it was sent: the host may be told before the
                // phone has its answer.)
                let sent = Instant::now();
                let (status, _) = act(address, &token, 1 + seat as u32, &card).await;
                assert!(status == 200 || status == 429, "{status}");
                if status == 200 {
                    taken += 1;
                    last_taken = sent;
                }
            }
            (taken, last_taken)
        }));
    }
    let mut written = 0;
    let mut last = Instant::now() - Duration::from_secs(10);
    for writer in writers {
        let (taken, at) = writer.await.unwrap();
        assert!(taken < 12, "a seat is slowed");
        written += taken;
        last = last.max(at);
    }
    tokio::time::sleep(FRAME * 4).await;
    assert_eq!(history(), before + 1 + written as usize);
    let told = told.lock().unwrap().clone();
    assert!(written > 6, "{written}");
    assert!(
        told.len() < 1 + written as usize,
        "{} reloads for {written} writes",
        told.len()
    );
    for pair in told.windows(2) {
        assert!(
            pair[1] - pair[0] >= FRAME - Duration::from_millis(2),
            "{told:?}"
        );
    }
    assert!(
        *told.last().unwrap() + FRAME >= last,
        "told after the last write"
    );
    server.close().await;
}
