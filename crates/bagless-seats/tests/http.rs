//! One request to the seat server, as a phone's browser sends it, its
//! answer read whole within 10 s (the server closes after it).

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// `method path` with `headers` (each line ending "\r\n") and `body`:
/// the answer's status, its head (lower-cased) and its body.
pub async fn request(
    address: SocketAddr,
    method: &str,
    path: &str,
    headers: &str,
    body: &str,
) -> (u16, String, String) {
    request_from(None, address, method, path, headers, body).await
}

/// A connection to `address` from `from` (one of 127.0.0.0/8's addresses:
/// another phone at the table), or from 127.0.0.1.
pub async fn connect(from: Option<IpAddr>, address: SocketAddr) -> tokio::net::TcpStream {
    match from {
        None => tokio::net::TcpStream::connect(address).await.unwrap(),
        Some(from) => {
            let socket = tokio::net::TcpSocket::new_v4().unwrap();
            socket.bind(SocketAddr::new(from, 0)).unwrap();
            socket.connect(address).await.unwrap()
        }
    }
}

/// [`request`] from the address `from`.
pub async fn request_from(
    from: Option<IpAddr>,
    address: SocketAddr,
    method: &str,
    path: &str,
    headers: &str,
    body: &str,
) -> (u16, String, String) {
    let read = async {
        let mut stream = connect(from, address).await;
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n{headers}\r\n{body}"
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await.unwrap();
        String::from_utf8(answer).unwrap()
    };
    let answer = tokio::time::timeout(Duration::from_secs(10), read)
        .await
        .expect("answered within 10 s");
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, head.to_lowercase(), body.to_string())
}

/// The header a phone's browser sends with each request: its device
/// secret (32 hexadecimal digits; `n` picks one of the tests' devices).
pub fn device(n: u32) -> String {
    format!("Cookie: bagless_device={n:032x}\r\n")
}

/// The seat's id a link names (derived from the secret in its fragment,
/// as the page derives it): what the requests' paths carry.
pub fn token_of(url: &str) -> String {
    bagless_seats::sealing::SeatSecret::from_link(url)
        .expect("a seat's link")
        .id()
}

/// What a sealed answer to the seat of `url` holds (`Null` when it is not
/// one, or does not open with the seat's key).
pub fn opened(url: &str, body: &str) -> serde_json::Value {
    let key = bagless_seats::sealing::SeatSecret::from_link(url)
        .expect("a seat's link")
        .key();
    serde_json::from_str::<serde_json::Value>(body)
        .ok()
        .and_then(|v| v["sealed"].as_str().map(str::to_string))
        .and_then(|sealed| key.open(bagless_seats::sealing::ANSWER, &sealed))
        .and_then(|plain| serde_json::from_slice(&plain).ok())
        .unwrap_or(serde_json::Value::Null)
}

/// Each event a live stream sent the seat of `url`, opened.
pub fn events(url: &str, received: &str) -> Vec<serde_json::Value> {
    let key = bagless_seats::sealing::SeatSecret::from_link(url)
        .expect("a seat's link")
        .key();
    received
        .lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .filter_map(|data| key.open(bagless_seats::sealing::ANSWER, data.trim()))
        .filter_map(|plain| serde_json::from_slice(&plain).ok())
        .collect()
}

/// `action` as the seat of `url` sends it: numbered `n`, sealed with its key.
pub fn sealed_action(url: &str, n: u64, action: &serde_json::Value) -> String {
    let key = bagless_seats::sealing::SeatSecret::from_link(url)
        .expect("a seat's link")
        .key();
    let plain = serde_json::json!({ "n": n, "action": action }).to_string();
    serde_json::json!({ "sealed": key.seal(bagless_seats::sealing::ACT, plain.as_bytes()) })
        .to_string()
}
