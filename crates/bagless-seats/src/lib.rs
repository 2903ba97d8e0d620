//! The players' own screens (issue 32): the app opens a game's table to
//! the phones on the local network, one link per seat, each with its own
//! secret token; a phone's browser opens the seat's page, with no install,
//! and follows the game live. The app stays the only writer: a seat reads
//! what its game's rules crate shows that seat ([`App::seat_view`]), never
//! another seat's secrets.
//!
//! Served by axum's router over hyper's HTTP/1, on the tokio runtime the
//! desktop already runs, on one
//! address (the local network's: [`address::local_network_address`]; the
//! tests', 127.0.0.1), with its connections bounded and a request's head
//! read within seconds ([`connections`]), every request rate-limited by
//! address ([`limit`]), tokens compared in constant time ([`tokens`]), a strict
//! content security policy, no referrer (a link carries its token) and no
//! file access: the page and its assets come from the build the app holds.
//!
//! Routes (`{token}` is a seat's, 32 hexadecimal digits):
//! - `GET /s/{token}`: the seat's page (the UI build's seat page); a token
//!   that opens nothing gets the same page, which words the refusal;
//! - `GET /s/{token}/view`: what the seat sees now, as JSON; a token that
//!   opens nothing (wrong, or the table closed) is refused with 403 and
//!   `{"code": "seat_closed"}`;
//! - `GET /s/{token}/live`: the same, as server-sent events, again each
//!   time the game changes; a phone that slept asks again and picks up;
//! - `POST /s/{token}/act`: what the seat asks (its game's seat action, as
//!   JSON, at most [`MAX_ACTION_BYTES`]), decided by the game's rules
//!   through the app's one door with the seat as its author
//!   ([`App::seat_act`]); answered with the seat's view, or refused with
//!   the code and the rules broken (409), or 403 once the table is closed
//!   (an action is never written after the close); 202 when it was written
//!   but the view after it could not be read (the live view brings it);
//! - `GET /s/assets/{path}`: the page's scripts and styles (its relative
//!   "./assets/…" paths).

pub mod address;
pub mod connections;
pub mod handover;
pub mod limit;
pub mod tables;
pub mod tokens;

use axum::extract::DefaultBodyLimit;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderValue, Request, StatusCode};
use axum::middleware::Next;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use bagless_app::games::seats::{Seat, SeatAnswer};
use bagless_app::{App, AppError};
use serde::Serialize;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};
use tokens::Passes;
use tokio::sync::{oneshot, watch};

/// A file of the UI build, as the page asks for it.
pub struct Asset {
    pub bytes: Vec<u8>,
    pub mime: String,
}

/// Where the page and its assets come from (the desktop's embedded UI
/// build), by path: "seat.html", "assets/…".
pub type Assets = Arc<dyn Fn(&str) -> Option<Asset> + Send + Sync>;

/// Told the game's id after a seat's action is written: the host's window
/// shows the game again.
pub type Acted = Arc<dyn Fn(&str) + Send + Sync>;

/// The largest action a phone may send.
pub const MAX_ACTION_BYTES: usize = 4096;

/// What every answer of the seat server carries.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// A seat's link, to show as a QR code on the host.
#[derive(Debug, Clone, Serialize)]
pub struct SeatLink {
    pub seat: Seat,
    pub url: String,
}

/// A game's table, open to the phones until [`SeatServer::close`] (or the
/// server is dropped): every token is then forgotten.
pub struct SeatServer {
    address: SocketAddr,
    shared: Arc<Shared>,
    stop: Option<oneshot::Sender<()>>,
    served: Option<tokio::task::JoinHandle<()>>,
    /// The app's watcher number, until the table is revoked.
    watching: Option<u64>,
}

struct Shared {
    app: Arc<App>,
    /// Where the server listens, as requests must name it (`Host`).
    address: SocketAddr,
    game_id: String,
    passes: RwLock<Passes<Seat>>,
    /// Counts the library's changes; a seat's live page wakes on each.
    changes: watch::Sender<u64>,
    limiter: limit::Limiter,
    assets: Assets,
    /// The live pages following each seat now, by seat id.
    following: std::sync::Mutex<std::collections::HashMap<String, usize>>,
    /// Told after each seat's action.
    acted: RwLock<Option<Acted>>,
}

/// The live pages one seat may have open at once.
pub const MAX_FOLLOWING: usize = 4;

impl Shared {
    fn followers(&self, seat: &str) -> usize {
        self.following
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(seat)
            .copied()
            .unwrap_or(0)
    }
}

/// A live page following a seat, counted while its stream lasts.
struct Following {
    shared: Arc<Shared>,
    seat: String,
}

impl Following {
    fn new(shared: Arc<Shared>, seat: String) -> Following {
        *shared
            .following
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(seat.clone())
            .or_default() += 1;
        Following { shared, seat }
    }
}

impl Drop for Following {
    fn drop(&mut self) {
        let mut following = self
            .shared
            .following
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if let Some(count) = following.get_mut(&self.seat) {
            *count = count.saturating_sub(1);
        }
    }
}

/// Why the table could not be opened.
#[derive(Debug)]
pub enum OpenError {
    /// The game has no seats (or is in the bin), or cannot be read.
    Game(AppError),
    /// The address could not be listened on.
    Listen(std::io::Error),
}

impl SeatServer {
    /// Opens the table of `game_id` to phones on `bind`, on a port the
    /// system picks: one new token per seat.
    pub async fn open(
        app: Arc<App>,
        game_id: &str,
        bind: IpAddr,
        assets: Assets,
    ) -> Result<SeatServer, OpenError> {
        Self::open_on(app, game_id, SocketAddr::new(bind, 0), assets).await
    }

    /// [`SeatServer::open`] on the port of `at` (0: one the system picks).
    pub async fn open_on(
        app: Arc<App>,
        game_id: &str,
        at: SocketAddr,
        assets: Assets,
    ) -> Result<SeatServer, OpenError> {
        Self::open_limited(app, game_id, at, assets, connections::Limits::default()).await
    }

    /// [`SeatServer::open_on`] with its connections bounded by `limits`.
    pub async fn open_limited(
        app: Arc<App>,
        game_id: &str,
        at: SocketAddr,
        assets: Assets,
        limits: connections::Limits,
    ) -> Result<SeatServer, OpenError> {
        let seats = {
            let (app, id) = (Arc::clone(&app), game_id.to_string());
            tokio::task::spawn_blocking(move || app.game_seats(&id))
                .await
                .map_err(|_| OpenError::Game(internal()))?
                .map_err(OpenError::Game)?
        };
        if seats.is_empty() {
            return Err(OpenError::Game(AppError::new(
                "no_seats",
                "This game has no seats to open to the players' phones.",
            )));
        }
        let listener = tokio::net::TcpListener::bind(at)
            .await
            .map_err(OpenError::Listen)?;
        let address = listener.local_addr().map_err(OpenError::Listen)?;
        let (changes, _) = watch::channel(0u64);
        let shared = Arc::new(Shared {
            app: Arc::clone(&app),
            address,
            game_id: game_id.to_string(),
            passes: RwLock::new(Passes::new(seats)),
            changes,
            limiter: limit::Limiter::default(),
            assets,
            following: Default::default(),
            acted: RwLock::new(None),
        });
        let watching = {
            let changes = shared.changes.clone();
            app.watch(Box::new(move || changes.send_modify(|n| *n += 1)))
        };
        let router = Router::new()
            .route("/s/{token}", get(page))
            .route("/s/{token}/view", get(view))
            .route("/s/{token}/live", get(live))
            .route(
                "/s/{token}/act",
                post(act).layer(DefaultBodyLimit::max(MAX_ACTION_BYTES)),
            )
            // The page's relative paths ("./assets/…") resolve here.
            .route("/s/assets/{*path}", get(asset))
            .fallback(|| async { StatusCode::NOT_FOUND })
            .layer(axum::middleware::from_fn_with_state(
                Arc::clone(&shared),
                guard,
            ))
            .with_state(Arc::clone(&shared));
        let (stop, stopped) = oneshot::channel::<()>();
        let served = tokio::spawn(connections::serve(listener, router, limits, stopped));
        Ok(SeatServer {
            address,
            shared,
            stop: Some(stop),
            served: Some(served),
            watching: Some(watching),
        })
    }

    /// Where the server listens.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The game whose table this is.
    pub fn game_id(&self) -> &str {
        &self.shared.game_id
    }

    /// `acted` is told the game's id after each seat's action.
    pub fn on_act(&self, acted: Acted) {
        *self.shared.acted.write().unwrap_or_else(|p| p.into_inner()) = Some(acted);
    }

    /// Whether a phone follows `seat` live now.
    pub fn connected(&self, seat: &str) -> bool {
        self.shared.followers(seat) > 0
    }

    /// Each seat's link (with its token), for the host to show.
    pub fn links(&self) -> Vec<SeatLink> {
        let passes = self.shared.passes.read().unwrap_or_else(|p| p.into_inner());
        passes
            .iter()
            .map(|(token, seat)| SeatLink {
                seat: seat.clone(),
                url: format!("http://{}/s/{}", self.address, token.text()),
            })
            .collect()
    }

    /// Closes the table: every token forgotten (a link opens nothing any
    /// more, a live page is told so), then the server stopped.
    pub async fn close(mut self) {
        self.revoke();
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(served) = self.served.take() {
            let _ = tokio::time::timeout(Duration::from_secs(5), served).await;
        }
    }

    fn revoke(&mut self) {
        self.shared
            .passes
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .revoke();
        if let Some(watching) = self.watching.take() {
            self.shared.app.unwatch(watching);
        }
        // Every live page wakes, finds its token gone and ends.
        self.shared.changes.send_modify(|n| *n += 1);
    }
}

impl Drop for SeatServer {
    fn drop(&mut self) {
        self.revoke();
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

fn internal() -> AppError {
    AppError::new("internal", "The seat server stopped unexpectedly.")
}

/// Every request: counted against its address, answered with the headers
/// that keep the page to itself.
async fn guard(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request<axum::body::Body>,
    next: Next,
) -> Response {
    // Only requests addressed to this server by its address: a web page
    // the host visits cannot reach it under another name (DNS rebinding).
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_string);
    let mut response = if host.as_deref() != Some(shared.address.to_string().as_str()) {
        (
            StatusCode::MISDIRECTED_REQUEST,
            Json(Refusal::new("seat_closed")),
        )
            .into_response()
    } else if shared.limiter.allow(peer.ip(), Instant::now()) {
        next.run(request).await
    } else {
        (
            StatusCode::TOO_MANY_REQUESTS,
            Json(Refusal::new("slow_down")),
        )
            .into_response()
    };
    let headers = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, CSP),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::CACHE_CONTROL, "no-store"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// A refusal, by its code in the UI's catalogue.
/// A phone is told a refusal's code only (its words are the page's own; an
/// error's detail, such as a path, stays on the host).
#[derive(Serialize)]
struct Refusal {
    code: String,
    /// The rules a seat's own action broke (its section, its code and
    /// what it names, of that seat's action only).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    violations: Vec<bagless_app::Violation>,
}

impl Refusal {
    fn new(code: &str) -> Refusal {
        Refusal {
            code: code.to_string(),
            violations: Vec::new(),
        }
    }
}

async fn page(State(shared): State<Arc<Shared>>, Path(_token): Path<String>) -> Response {
    served(&shared, "seat.html")
}

async fn asset(State(shared): State<Arc<Shared>>, Path(path): Path<String>) -> Response {
    // One file of the build's assets folder, by a plain name ("ipc-Bx3d.js"):
    // never a path, so nothing outside the build is ever asked for.
    let plain = !path.is_empty()
        && !path.starts_with('.')
        && path
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
    if !plain {
        return StatusCode::NOT_FOUND.into_response();
    }
    served(&shared, &format!("assets/{path}"))
}

fn served(shared: &Shared, path: &str) -> Response {
    match (shared.assets)(path) {
        // A build that answers an unknown name with its index page serves
        // no page for it here.
        Some(asset) if path.ends_with(".html") || !asset.mime.starts_with("text/html") => {
            ([(header::CONTENT_TYPE, asset.mime)], asset.bytes).into_response()
        }
        _ => StatusCode::NOT_FOUND.into_response(),
    }
}

/// What the seat `token` opens sees now; `None` when it opens nothing.
async fn seat_answer(shared: &Arc<Shared>, token: &str) -> Option<Result<SeatAnswer, AppError>> {
    let seat = shared
        .passes
        .read()
        .unwrap_or_else(|p| p.into_inner())
        .find(token)?
        .clone();
    let shared = Arc::clone(shared);
    Some(
        tokio::task::spawn_blocking(move || shared.app.seat_view(&shared.game_id, &seat.id))
            .await
            .unwrap_or_else(|_| Err(internal())),
    )
}

fn refused(error: Option<AppError>) -> Response {
    match error {
        None => (StatusCode::FORBIDDEN, Json(Refusal::new("seat_closed"))).into_response(),
        Some(error) => (StatusCode::CONFLICT, Json(Refusal::new(&error.code))).into_response(),
    }
}

async fn view(State(shared): State<Arc<Shared>>, Path(token): Path<String>) -> Response {
    match seat_answer(&shared, &token).await {
        Some(Ok(answer)) => Json(answer).into_response(),
        Some(Err(error)) => refused(Some(error)),
        None => refused(None),
    }
}

/// A seat's action: decided by the game's rules (the app's one door), with
/// the seat as its author; the seat's view after it, or why not.
async fn act(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    action: Result<Json<serde_json::Value>, axum::extract::rejection::JsonRejection>,
) -> Response {
    // Not JSON, too long, or not sent as JSON (a form of another page):
    // nothing is asked.
    let Ok(Json(action)) = action else {
        let known = shared
            .passes
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .find(&token)
            .is_some();
        if !known {
            return refused(None);
        }
        return (
            StatusCode::BAD_REQUEST,
            Json(Refusal::new("seat_action_unknown")),
        )
            .into_response();
    };
    let answer = {
        let shared = Arc::clone(&shared);
        tokio::task::spawn_blocking(move || {
            // The token is held while the action is written: closing the
            // table waits for it, and an action after the close is refused
            // (never written once the host has closed the table).
            let passes = shared.passes.read().unwrap_or_else(|p| p.into_inner());
            let seat = passes.find(&token)?.clone();
            Some(shared.app.seat_act(&shared.game_id, &seat.id, action))
        })
        .await
        .unwrap_or_else(|_| Some(Err(internal())))
    };
    let Some(answer) = answer else {
        return refused(None);
    };
    match answer {
        Ok(view) => {
            let acted = shared
                .acted
                .read()
                .unwrap_or_else(|p| p.into_inner())
                .clone();
            if let Some(acted) = acted {
                acted(&shared.game_id);
            }
            match view {
                Ok(answer) => Json(answer).into_response(),
                // Written, but the view after it could not be read: the
                // phone is told it was taken, and follows the live view.
                Err(error) => {
                    (StatusCode::ACCEPTED, Json(Refusal::new(&error.code))).into_response()
                }
            }
        }
        Err(error) => (
            StatusCode::CONFLICT,
            Json(Refusal {
                code: error.code,
                violations: error.violations,
            }),
        )
            .into_response(),
    }
}

/// The seat's view as server-sent events: at once, then after each change
/// of the library that changes it; the stream ends when the token no
/// longer opens the seat (the table closed).
async fn live(State(shared): State<Arc<Shared>>, Path(token): Path<String>) -> Response {
    // Subscribed first: a change (or the table closing) while the first
    // view is read wakes the stream at once.
    let changes = shared.changes.subscribe();
    let Some(first) = seat_answer(&shared, &token).await else {
        return refused(None);
    };
    let Ok(answer) = &first else {
        return refused(first.err());
    };
    let seat = answer.seat.id.clone();
    // A few phones may follow a seat (a player's phone and tablet, a page
    // reloaded before the old stream noticed); a link copied around is not
    // let open stream after stream.
    if shared.followers(&seat) >= MAX_FOLLOWING {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            Json(Refusal::new("slow_down")),
        )
            .into_response();
    }
    let following = Following::new(Arc::clone(&shared), seat);
    let start = (
        shared,
        token,
        changes,
        Some(first),
        String::new(),
        following,
    );
    let events = futures_util::stream::unfold(
        start,
        |(shared, token, mut changes, mut next, mut last, following)| async move {
            loop {
                let answer = match next.take() {
                    Some(answer) => answer,
                    None => {
                        changes.changed().await.ok()?;
                        seat_answer(&shared, &token).await?
                    }
                };
                let (name, data) = match answer {
                    Ok(answer) => ("view", serde_json::to_string(&answer).ok()?),
                    Err(error) => (
                        "refused",
                        serde_json::to_string(&Refusal::new(&error.code)).ok()?,
                    ),
                };
                if data != last {
                    last.clone_from(&data);
                    let event = Event::default().event(name).data(data);
                    return Some((
                        Ok::<_, std::convert::Infallible>(event),
                        (shared, token, changes, None, last, following),
                    ));
                }
            }
        },
    );
    Sse::new(events)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response()
}
