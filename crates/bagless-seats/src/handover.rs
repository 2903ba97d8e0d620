//! Handing a game over to another Bagless on the same network, without a
//! file (issue "A campaign's whole life" 5): the sending Bagless serves the
//! game's export once, for a few minutes, behind a one-time code its window
//! shows; the receiving Bagless's players type the sender's address and
//! the code, and what arrives goes the road of every import: decided again
//! by the rules, then compared with the library by history (brought up to
//! date, already here, or both ways shown).
//!
//! The code (12 characters of Crockford's base 32: 60 random bits) never
//! travels: the request names a hash of it, and the export travels sealed
//! with a key drawn from it (ChaCha20-Poly1305), so a listener on a shared
//! network reads nothing and cannot pass off a file of its own. The code
//! opens the file once; a wrong one is refused, every request counted
//! against its address, and the server stops at the first good answer, at
//! the end of its time, or when the sender cancels.

use crate::connections::{self, Limits};
use crate::limit;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use bagless_app::{App, AppError};
use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use subtle::ConstantTimeEq;
use tokio::sync::oneshot;
use ts_rs::TS;

/// How long a code opens the game once shown.
pub const HANDOVER_TIME: Duration = Duration::from_secs(10 * 60);

/// The letters of a code: Crockford's base 32 (no I, L, O, U).
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// The characters of a code (5 bits each).
const CODE_LEN: usize = 12;

/// What the sending window shows: where the other Bagless asks, and the
/// code its players type.
#[derive(Debug, Clone, Serialize, TS)]
#[ts(export)]
pub struct HandoverTicket {
    /// The sender's address and port, as the other Bagless types it.
    pub address: String,
    /// The one-time code, in groups of four ("K7QM-2XPA-9RTD").
    pub code: String,
    /// How long it opens the game, in seconds.
    pub seconds: u32,
}

/// The offer the sending window shows: its ticket, and whether the other
/// Bagless took the game.
#[derive(Debug, Clone, Serialize, TS)]
#[ts(export)]
pub struct HandoverStatus {
    pub ticket: HandoverTicket,
    pub taken: bool,
}

/// A game offered to another Bagless until it is taken, its time is up or
/// the sender closes it.
pub struct Handover {
    address: SocketAddr,
    code: String,
    stop: Option<oneshot::Sender<()>>,
    served: Option<tokio::task::JoinHandle<()>>,
    shared: Arc<Offer>,
}

struct Offer {
    /// The hash the request must name (the code never travels).
    token: [u8; 32],
    /// The export, sealed with the code's key: taken once.
    sealed: Mutex<Option<Vec<u8>>>,
    address: SocketAddr,
    until: Instant,
    limiter: limit::Limiter,
    /// Told when the game was taken: the server stops.
    taken: Mutex<Option<oneshot::Sender<()>>>,
}

/// A code as the players type it: letters upper-cased, the ones a reader
/// confuses read as Crockford's base 32 does (O as 0, I and L as 1), spaces
/// and dashes dropped; `None` when it cannot be a code.
pub fn normalize(code: &str) -> Option<String> {
    let mut out = String::with_capacity(CODE_LEN);
    for c in code.chars() {
        let c = match c.to_ascii_uppercase() {
            ' ' | '-' => continue,
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        };
        if !ALPHABET.contains(&(c as u8)) || !c.is_ascii() {
            return None;
        }
        out.push(c);
    }
    (out.len() == CODE_LEN).then_some(out)
}

/// What a code opens: the hash a request names, and the key the file is
/// sealed with.
fn derive(code: &str) -> ([u8; 32], [u8; 32]) {
    let hash = |what: &[u8]| -> [u8; 32] {
        let mut hasher = Sha256::new();
        hasher.update(what);
        hasher.update([0]);
        hasher.update(code.as_bytes());
        hasher.finalize().into()
    };
    (
        hash(b"bagless handover request"),
        hash(b"bagless handover key"),
    )
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `bytes` sealed with `key`: a random nonce, then the sealed text.
fn seal(key: &[u8; 32], bytes: &[u8]) -> Vec<u8> {
    let cipher = ChaCha20Poly1305::new(Key::from_slice(key));
    let nonce: [u8; 12] = rand::random();
    let mut out = nonce.to_vec();
    out.extend(
        cipher
            .encrypt(Nonce::from_slice(&nonce), bytes)
            .expect("sealing in memory does not fail"),
    );
    out
}

fn open_sealed(key: &[u8; 32], sealed: &[u8]) -> Option<Vec<u8>> {
    if sealed.len() < 12 {
        return None;
    }
    let (nonce, text) = sealed.split_at(12);
    ChaCha20Poly1305::new(Key::from_slice(key))
        .decrypt(Nonce::from_slice(nonce), text)
        .ok()
}

/// A new one-time code.
fn new_code() -> String {
    let bits: u64 = rand::random();
    (0..CODE_LEN)
        .map(|i| ALPHABET[((bits >> (5 * i)) & 31) as usize] as char)
        .collect()
}

/// A code in groups of four, as shown.
fn grouped(code: &str) -> String {
    code.as_bytes()
        .chunks(4)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join("-")
}

impl Handover {
    /// Offers the game `game_id` of `app` on `bind` (a port the system
    /// picks), for [`HANDOVER_TIME`].
    pub async fn open(app: Arc<App>, game_id: &str, bind: IpAddr) -> Result<Handover, AppError> {
        Self::open_for(app, game_id, SocketAddr::new(bind, 0), HANDOVER_TIME).await
    }

    /// [`Handover::open`] on the port of `at`, for `time`.
    pub async fn open_for(
        app: Arc<App>,
        game_id: &str,
        at: SocketAddr,
        time: Duration,
    ) -> Result<Handover, AppError> {
        let bytes = {
            let id = game_id.to_string();
            tokio::task::spawn_blocking(move || app.export_bytes(&id))
                .await
                .map_err(|_| internal())??
        };
        let listener = tokio::net::TcpListener::bind(at).await.map_err(|e| {
            AppError::new(
                "handover_listen",
                format!("Bagless could not offer the game on the network ({e})."),
            )
        })?;
        let address = listener.local_addr().map_err(|_| internal())?;
        let code = new_code();
        let (token, key) = derive(&code);
        let (taken, stopped_by_taking) = oneshot::channel::<()>();
        let shared = Arc::new(Offer {
            token,
            sealed: Mutex::new(Some(seal(&key, &bytes))),
            address,
            until: Instant::now() + time,
            limiter: limit::Limiter::default(),
            taken: Mutex::new(Some(taken)),
        });
        let router = Router::new()
            .route("/h/{token}", get(take))
            .fallback(|| async { StatusCode::NOT_FOUND })
            .with_state(Arc::clone(&shared));
        let (stop, stopped) = oneshot::channel::<()>();
        let limits = Limits {
            per_address: 4,
            total: 16,
            head: Duration::from_secs(5),
            // A whole game on its way is let finish a while.
            closing: Duration::from_secs(2),
            ..Limits::default()
        };
        // Stopped by the sender, by the game taken, or at the end of its time.
        let (end, ended) = oneshot::channel::<()>();
        tokio::spawn(async move {
            tokio::select! {
                _ = stopped => {}
                _ = stopped_by_taking => {}
                () = tokio::time::sleep(time) => {}
            }
            let _ = end.send(());
        });
        let served = tokio::spawn(connections::serve(listener, router, limits, ended));
        Ok(Handover {
            address,
            code,
            stop: Some(stop),
            served: Some(served),
            shared,
        })
    }

    /// What the sending window shows.
    pub fn ticket(&self) -> HandoverTicket {
        HandoverTicket {
            address: self.address.to_string(),
            code: grouped(&self.code),
            seconds: self
                .shared
                .until
                .saturating_duration_since(Instant::now())
                .as_secs() as u32,
        }
    }

    /// Whether the other Bagless took the game.
    pub fn taken(&self) -> bool {
        self.shared
            .sealed
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .is_none()
    }

    /// Withdraws the offer: the code opens nothing any more.
    pub async fn close(mut self) {
        self.withdraw();
        if let Some(served) = self.served.take() {
            let _ = tokio::time::timeout(Duration::from_secs(2), served).await;
        }
    }

    fn withdraw(&mut self) {
        self.shared
            .sealed
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take();
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

impl Drop for Handover {
    fn drop(&mut self) {
        self.withdraw();
    }
}

/// `GET /h/{token}`: the sealed export, once, to the request naming the
/// code's hash, addressed to this server by its address.
async fn take(
    State(offer): State<Arc<Offer>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(token): Path<String>,
    headers: axum::http::HeaderMap,
) -> Response {
    let host_ok = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .is_some_and(|h| h == offer.address.to_string());
    if !host_ok {
        return StatusCode::MISDIRECTED_REQUEST.into_response();
    }
    if !offer.limiter.allow(&peer.ip(), Instant::now()) {
        return StatusCode::TOO_MANY_REQUESTS.into_response();
    }
    let named = token.as_bytes();
    let expected = hex(&offer.token);
    if named.len() != expected.len() || !bool::from(named.ct_eq(expected.as_bytes())) {
        return StatusCode::FORBIDDEN.into_response();
    }
    if Instant::now() > offer.until {
        return StatusCode::GONE.into_response();
    }
    let Some(sealed) = offer
        .sealed
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .take()
    else {
        return StatusCode::GONE.into_response();
    };
    if let Some(taken) = offer.taken.lock().unwrap_or_else(|p| p.into_inner()).take() {
        let _ = taken.send(());
    }
    let mut response = sealed.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/octet-stream"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The game another Bagless at `address` offers behind `code`, as an export
/// file's bytes (to import: [`App::import_bytes`]). Refused in the players'
/// words: a code in the wrong form, no Bagless there, a wrong or spent code,
/// a file that does not open with the code's key.
pub async fn receive(address: &str, code: &str) -> Result<Vec<u8>, AppError> {
    let code = normalize(code).ok_or_else(|| {
        AppError::new(
            "handover_code",
            "A code is 12 letters and digits, as the other Bagless shows it.",
        )
    })?;
    let address: SocketAddr = address.trim().parse().map_err(|_| {
        AppError::new(
            "handover_address",
            "Type the other Bagless's address as it shows it, for example 192.168.1.20:43817.",
        )
    })?;
    let (token, key) = derive(&code);
    let unreachable = || {
        AppError::new(
            "handover_unreachable",
            "No Bagless answers at that address: check it, and that both computers are on the same network.",
        )
    };
    let body = tokio::time::timeout(Duration::from_secs(60), fetch(address, &hex(&token)))
        .await
        .map_err(|_| unreachable())?
        .map_err(|status| match status {
            Some(403 | 410) => AppError::new(
                "handover_refused",
                "The other Bagless does not offer a game with that code (a wrong code, or one already used or out of time).",
            ),
            Some(_) | None => unreachable(),
        })?;
    open_sealed(&key, &body).ok_or_else(|| {
        AppError::new(
            "handover_damaged",
            "What arrived is not the game the code opens. Nothing was imported.",
        )
    })
}

/// The body of `GET /h/{token}` at `address` (at most an export's largest
/// size and its seal); the status when not 200, `None` when nothing answers.
async fn fetch(address: SocketAddr, token: &str) -> Result<Vec<u8>, Option<u16>> {
    use http_body_util::{BodyExt, Empty, Limited};
    let stream = tokio::net::TcpStream::connect(address)
        .await
        .map_err(|_| None)?;
    let (mut sender, connection) =
        hyper::client::conn::http1::handshake(hyper_util::rt::TokioIo::new(stream))
            .await
            .map_err(|_| None)?;
    tokio::spawn(connection);
    let request = axum::http::Request::get(format!("/h/{token}"))
        .header(header::HOST, address.to_string())
        .body(Empty::<axum::body::Bytes>::new())
        .map_err(|_| None)?;
    let response = sender.send_request(request).await.map_err(|_| None)?;
    if response.status() != StatusCode::OK {
        return Err(Some(response.status().as_u16()));
    }
    let max = bagless_app::MAX_EXPORT_BYTES as usize + 64;
    let body = Limited::new(response.into_body(), max)
        .collect()
        .await
        .map_err(|_| None)?;
    Ok(body.to_bytes().to_vec())
}

fn internal() -> AppError {
    AppError::new("internal", "The handover stopped unexpectedly.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_read_as_the_players_type_it() {
        let code = new_code();
        assert_eq!(code.len(), CODE_LEN);
        assert_eq!(normalize(&grouped(&code)).as_deref(), Some(code.as_str()));
        assert_eq!(
            normalize(" k7qm-2xpa 9rtd ").as_deref(),
            Some("K7QM2XPA9RTD")
        );
        assert_eq!(normalize("O1LI-0000-0000").as_deref(), Some("011100000000"));
        assert_eq!(normalize("K7QM-2XPA"), None, "too short");
        assert_eq!(normalize("K7QM-2XPA-9RTU"), None, "no U in base 32");
        assert_eq!(normalize("K7QM-2XPA-9RTÉ"), None);
    }

    #[test]
    fn a_sealed_file_opens_only_with_its_code_s_key() {
        let (_, key) = derive("K7QM2XPA9RTD");
        let (_, other) = derive("K7QM2XPA9RTE");
        let sealed = seal(&key, b"the campaign");
        assert_eq!(
            open_sealed(&key, &sealed).as_deref(),
            Some(&b"the campaign"[..])
        );
        assert_eq!(open_sealed(&other, &sealed), None);
        let mut edited = sealed.clone();
        *edited.last_mut().unwrap() ^= 1;
        assert_eq!(open_sealed(&key, &edited), None);
        assert_ne!(
            derive("K7QM2XPA9RTD").0,
            key,
            "the request's hash is not the key"
        );
    }
}
