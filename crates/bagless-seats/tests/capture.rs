//! Issue 56, item 4: "A capture of the loopback traffic of a whole RISK
//! and Nation evening (the test's own proxy) holds no token and no
//! fragment number, mission, hit-list name or attempt in clear." Every
//! byte between the phones and the app goes through a proxy on
//! 127.0.0.1 that keeps a copy; the phones load their page, read their
//! view, follow it live while the host plays, act (a fragment claimed, a
//! hit list kept, an attempt declared, a refusal naming the rules); then
//! the copy is searched.

use crate::http::{device, sealed_action, token_of};
use bagless_app::games::GameCommand;
use bagless_seats::{Asset, Assets, SeatServer};
use serde_json::json;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

const LOOPBACK: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

fn page() -> Assets {
    Arc::new(|path: &str| {
        (path == "seat.html").then(|| Asset {
            bytes: b"<!doctype html><title>seat</title>".to_vec(),
            mime: "text/html; charset=utf-8".into(),
        })
    })
}

type Captured = Arc<Mutex<Vec<u8>>>;

/// A proxy in front of `server`: every byte both ways copied to `captured`.
async fn proxy(server: SocketAddr, captured: Captured) -> SocketAddr {
    let listener = TcpListener::bind((LOOPBACK, 0)).await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((phone, _)) = listener.accept().await {
            let Ok(app) = TcpStream::connect(server).await else {
                continue;
            };
            let (mut phone_read, mut phone_write) = phone.into_split();
            let (mut app_read, mut app_write) = app.into_split();
            let up = Arc::clone(&captured);
            tokio::spawn(async move {
                let mut buffer = [0u8; 16384];
                while let Ok(n @ 1..) = phone_read.read(&mut buffer).await {
                    up.lock().unwrap().extend_from_slice(&buffer[..n]);
                    if app_write.write_all(&buffer[..n]).await.is_err() {
                        break;
                    }
                }
            });
            let down = Arc::clone(&captured);
            tokio::spawn(async move {
                let mut buffer = [0u8; 16384];
                while let Ok(n @ 1..) = app_read.read(&mut buffer).await {
                    down.lock().unwrap().extend_from_slice(&buffer[..n]);
                    if phone_write.write_all(&buffer[..n]).await.is_err() {
                        break;
                    }
                }
            });
        }
    });
    address
}

/// One request through the proxy, named to the server (`Host`).
async fn through(
    proxy: SocketAddr,
    server: SocketAddr,
    method: &str,
    path: &str,
    phone: u32,
    body: &str,
) -> u16 {
    let mut stream = TcpStream::connect(proxy).await.unwrap();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {server}\r\nConnection: close\r\n{}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        device(phone),
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer))
        .await
        .unwrap()
        .unwrap();
    String::from_utf8_lossy(&answer)
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// A phone following its seat live through the proxy until the table closes.
async fn follow(proxy: SocketAddr, server: SocketAddr, token: String, phone: u32) {
    let mut stream = TcpStream::connect(proxy).await.unwrap();
    let request = format!(
        "GET /s/{token}/live HTTP/1.1\r\nHost: {server}\r\n{}\r\n",
        device(phone)
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut buffer = [0u8; 16384];
    let _ = tokio::time::timeout(Duration::from_secs(20), async {
        while let Ok(1..) = stream.read(&mut buffer).await {}
    })
    .await;
}

/// What the capture must not hold: the links' secrets and keys, and the
/// words and values of the seats' secrets.
fn assert_nothing_in_clear(captured: &[u8], secrets: &[String], words: &[&str]) {
    let text = String::from_utf8_lossy(captured);
    assert!(
        text.contains("HTTP/1.1 200"),
        "the capture is of the evening"
    );
    for secret in secrets {
        assert!(!text.contains(secret.as_str()), "a link's secret in clear");
    }
    for word in words {
        assert!(!text.contains(word), "{word} in clear");
    }
}

fn secret_of(url: &str) -> String {
    url.split_once('#').unwrap().1.to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_risk_evening_on_the_wire_holds_no_secret_in_clear() {
    let dir = tempfile::tempdir().unwrap();
    let (app, game) = crate::support::table(dir.path(), "Captured map");
    let server = SeatServer::open(Arc::clone(&app), &game, LOOPBACK, page())
        .await
        .unwrap();
    let captured: Captured = Arc::default();
    let via = proxy(server.address(), Arc::clone(&captured)).await;
    let links = server.links();
    let mut followers = Vec::new();
    for (n, link) in links.iter().enumerate() {
        let phone = n as u32 + 1;
        let token = token_of(&link.url);
        assert_eq!(
            through(via, server.address(), "GET", "/s/", phone, "").await,
            200
        );
        assert_eq!(
            through(
                via,
                server.address(),
                "GET",
                &format!("/s/{token}/view"),
                phone,
                ""
            )
            .await,
            200
        );
        followers.push(tokio::spawn(follow(via, server.address(), token, phone)));
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    // The host plays on: each phone is sent its view again.
    let host = Arc::clone(&app);
    let id = game.clone();
    tokio::task::spawn_blocking(move || {
        host.rename_game(&id, "Captured map, later", None).unwrap()
    })
    .await
    .unwrap();
    // Red claims a fragment (its mission entered on the host), grey tries
    // out of turn (a refusal naming the rules), red turns a card over.
    let own = app.seat_view(&game, "red").unwrap().view;
    let fragment = own["fragments"][0]["fragment"]["id"].as_u64().unwrap();
    let claim = json!({"type": "claim_fragment", "fragment": fragment});
    let act = |url: &str| format!("/s/{}/act", token_of(url));
    let grey = through(
        via,
        server.address(),
        "POST",
        &act(&links[1].url),
        2,
        &sealed_action(&links[1].url, 1, &claim),
    )
    .await;
    assert_eq!(grey, 409);
    let red = through(
        via,
        server.address(),
        "POST",
        &act(&links[0].url),
        1,
        &sealed_action(&links[0].url, 1, &claim),
    )
    .await;
    assert!(red == 200 || red == 409, "{red}");
    let card = json!({"type": "reveal_aptitude", "gain": 2, "losses": [], "reason": "Ezio"});
    through(
        via,
        server.address(),
        "POST",
        &act(&links[0].url),
        1,
        &sealed_action(&links[0].url, 2, &card),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    server.close().await;
    for follower in followers {
        follower.await.unwrap();
    }
    let secrets: Vec<String> = links.iter().map(|l| secret_of(&l.url)).collect();
    let mut words = vec![
        "fragment",
        "mission",
        "territories",
        "aptitude",
        "Ezio",
        "Captured map",
        "claimed",
        "seat_not_on_turn",
        "violations",
        "Ana",
        "Bruno",
    ];
    let number = format!("\"id\":{fragment}");
    words.push(&number);
    assert_nothing_in_clear(&captured.lock().unwrap(), &secrets, &words);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_nation_evening_on_the_wire_holds_no_hit_list_or_attempt_in_clear() {
    let dir = tempfile::tempdir().unwrap();
    let (app, game) = crate::support::six_seats(dir.path(), "Captured night");
    app.act_in_game(
        &game,
        GameCommand {
            game: "nation".into(),
            command: json!({"type": "keep_hit_list", "player": 1,
                "entries": [{ "target": 14, "bonus": 7000 }]}),
        },
        None,
    )
    .unwrap();
    let server = SeatServer::open(Arc::clone(&app), &game, LOOPBACK, page())
        .await
        .unwrap();
    let captured: Captured = Arc::default();
    let via = proxy(server.address(), Arc::clone(&captured)).await;
    let links = server.links();
    let mut followers = Vec::new();
    for (n, link) in links.iter().enumerate() {
        let phone = n as u32 + 1;
        let token = token_of(&link.url);
        assert_eq!(
            through(
                via,
                server.address(),
                "GET",
                &format!("/s/{token}/view"),
                phone,
                ""
            )
            .await,
            200
        );
        followers.push(tokio::spawn(follow(via, server.address(), token, phone)));
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    // Ada keeps her hit list on her phone; Bo declares an attempt (the
    // rules answer, sealed, whatever they say of it now).
    let act = |url: &str| format!("/s/{}/act", token_of(url));
    let card = json!({"type": "keep_hit_list", "player": 0,
        "entries": [{ "target": 9, "bonus": 5000 }, { "target": 16, "bonus": 4000 }]});
    let kept = through(
        via,
        server.address(),
        "POST",
        &act(&links[0].url),
        1,
        &sealed_action(&links[0].url, 1, &card),
    )
    .await;
    assert_eq!(kept, 200);
    let attempt = json!({"type": "declare_attempt", "player": 1, "target": 12, "weapon": "crossbow",
        "doubled": false, "modifiers": [], "contract": null, "time": null});
    let declared = through(
        via,
        server.address(),
        "POST",
        &act(&links[1].url),
        2,
        &sealed_action(&links[1].url, 1, &attempt),
    )
    .await;
    assert!(declared == 200 || declared == 409, "{declared}");
    tokio::time::sleep(Duration::from_millis(200)).await;
    server.close().await;
    for follower in followers {
        follower.await.unwrap();
    }
    let secrets: Vec<String> = links.iter().map(|l| secret_of(&l.url)).collect();
    assert_nothing_in_clear(
        &captured.lock().unwrap(),
        &secrets,
        &[
            "hit_list",
            "bonus",
            "target",
            "attempt",
            "crossbow",
            "weapon",
            ":5000",
            ":7000",
            "Captured night",
            "Ada",
        ],
    );
}
