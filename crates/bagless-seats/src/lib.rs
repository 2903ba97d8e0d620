//! The players' own screens (issue 32): the app opens a game's table to
//! the phones on the local network, one link per seat, each with its own
//! secret token; a phone's browser opens the seat's page, with no install,
//! and follows the game live. The app stays the only writer: a seat reads
//! what its game's rules crate shows that seat ([`App::seat_view`]), never
//! another seat's secrets.
//!
//! A link is for one player (issue 56): the first device that opens it
//! claims the seat (the device's secret, which the page's browser keeps as
//! a cookie, [`DEVICE_COOKIE`], and sends with each request); another
//! device is refused (403, `seat_taken`) until the host frees the seat
//! ([`SeatServer::free`]) or gives it a new link ([`SeatServer::renew`]),
//! and the host sees who holds each seat and how many devices tried.
//!
//! Served by axum's router over hyper's HTTP/1, on the tokio runtime the
//! desktop already runs, on one
//! address (the local network's: [`address::local_network_address`]; the
//! tests', 127.0.0.1), with its connections bounded, timed and ended when
//! the table closes ([`connections`]), every request rate-limited by
//! address and every action by seat ([`limit`]), tokens compared in
//! constant time ([`tokens`]) and checked before any byte of a body is
//! read, a strict content security policy, no referrer (a link carries its
//! token), no window or resource shared with another origin (COOP, CORP)
//! and no file access: the page and its assets come from the build the app
//! holds, by a whitelist of names ([`pages`]).
//!
//! Routes (`{token}` is a seat's, 32 hexadecimal digits):
//! - `GET /s/{token}`: the seat's page (the UI build's seat page); a token
//!   that opens nothing gets the same page, which words the refusal; it
//!   gives a browser that has none its device secret;
//! - `GET /s/{token}/view`: what the seat sees now, as JSON; a token that
//!   opens nothing (wrong, or the table closed) is refused with 403 and
//!   `{"code": "seat_closed"}`, a seat another device holds with 403 and
//!   `{"code": "seat_taken"}`;
//! - `GET /s/{token}/live`: the same, as server-sent events, again each
//!   time the game changes; a phone that slept asks again and picks up;
//! - `POST /s/{token}/act`: what the seat asks (its game's seat action, as
//!   JSON, at most [`MAX_ACTION_BYTES`], 413 past it), decided by the
//!   game's rules through the app's one door with the seat as its author
//!   ([`App::seat_act`]); answered with the seat's view, or refused with
//!   the code and the rules broken (409, `seat_nothing_changed` for a write
//!   that changes nothing), or 403 once the table is closed (an action is
//!   never written after the close), 429 past the seat's pace; 202 when it
//!   was written but the view after it could not be read (the live view
//!   brings it);
//! - `GET /s/assets/{path}`: the page's scripts and styles (its relative
//!   "./assets/…" paths).

pub mod address;
pub mod connections;
mod following;
pub mod handover;
mod host;
pub mod limit;
mod pages;
pub mod sealing;
pub mod tables;
pub mod tokens;

pub use following::MAX_FOLLOWING;
pub use host::{Acted, FRAME};

use axum::routing::{get, post};
use axum::Router;
use bagless_app::games::seats::Seat;
use bagless_app::{App, AppError};
use serde::Serialize;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, RwLock};
use std::time::Duration;
use tokens::{Holding, Passes};
use tokio::sync::{oneshot, watch};

/// A file of the UI build, as the page asks for it.
pub struct Asset {
    pub bytes: Vec<u8>,
    pub mime: String,
}

/// Where the page and its assets come from (the desktop's embedded UI
/// build), by path: "seat.html", "assets/…".
pub type Assets = Arc<dyn Fn(&str) -> Option<Asset> + Send + Sync>;

/// The largest action a phone may send.
pub const MAX_ACTION_BYTES: usize = 4096;

/// The cookie a phone's browser keeps its device secret in.
pub const DEVICE_COOKIE: &str = "bagless_device";

/// A seat's link, to show as a QR code on the host.
#[derive(Debug, Clone, Serialize)]
pub struct SeatLink {
    pub seat: Seat,
    pub url: String,
    /// Whether a device holds the seat, and how many tried its link.
    #[serde(skip)]
    pub holding: Holding,
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
    closing: Duration,
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
    /// The page's build files asked by each address, apart ([`limit::ASSET_BURST`]).
    asset_limiter: limit::Limiter,
    /// Each seat's actions, by seat id.
    seat_limiter: limit::Limiter<String>,
    assets: Assets,
    /// The live pages following each seat now.
    followers: Arc<following::Followers>,
    /// Told after seats' actions, at most once a frame.
    host: host::Host,
    limits: connections::Limits,
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
            seat_limiter: limit::Limiter::new(
                limit::SEAT_BURST,
                limit::SEAT_PER_SECOND,
                seats.len(),
            ),
            passes: RwLock::new(Passes::new(seats)),
            changes,
            limiter: limit::Limiter::default(),
            asset_limiter: limit::Limiter::new(
                limit::ASSET_BURST,
                limit::ASSET_PER_SECOND,
                limit::ADDRESSES,
            ),
            assets,
            followers: Arc::default(),
            host: host::Host::new(game_id.to_string()),
            limits,
        });
        let watching = {
            let changes = shared.changes.clone();
            app.watch(Box::new(move || changes.send_modify(|n| *n += 1)))
        };
        let router = Router::new()
            .route("/s/", get(pages::page))
            .route("/s/{token}", get(pages::page))
            .route("/s/{token}/view", get(pages::view))
            .route("/s/{token}/live", get(pages::live))
            .route("/s/{token}/act", post(pages::act))
            // The page's relative paths ("./assets/…") resolve here.
            .route("/s/assets/{*path}", get(pages::asset))
            .fallback(|| async { axum::http::StatusCode::NOT_FOUND })
            .layer(axum::middleware::from_fn_with_state(
                Arc::clone(&shared),
                pages::guard,
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
            closing: limits.closing,
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

    /// `acted` is told the game's id after seats' actions, at most once a
    /// [`FRAME`].
    pub fn on_act(&self, acted: Acted) {
        self.shared.host.on_act(acted);
    }

    /// Whether a phone follows `seat` live now.
    pub fn connected(&self, seat: &str) -> bool {
        self.shared.followers.count(seat) > 0
    }

    /// Each seat's link (with its token), for the host to show, with who
    /// holds it.
    pub fn links(&self) -> Vec<SeatLink> {
        let passes = self.shared.passes.read().unwrap_or_else(|p| p.into_inner());
        passes
            .secrets()
            .zip(passes.holdings())
            .map(|((secret, seat), holding)| SeatLink {
                seat: seat.clone(),
                // The secret in the fragment: the browser never sends it.
                url: format!("http://{}/s/#{}", self.address, secret.text()),
                holding,
            })
            .collect()
    }

    /// The seat `seat` let go by the device holding it (its pages end):
    /// the next other device that opens its link claims it. `false` when
    /// the table has no such seat.
    pub fn free(&self, seat: &str) -> bool {
        let freed = self
            .shared
            .passes
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .free(|s| s.id == seat);
        self.let_go(seat);
        freed
    }

    /// The seat `seat` given a new link, the other seats' untouched: its
    /// old link opens nothing (its pages end), no device holds it.
    pub fn renew(&self, seat: &str) -> bool {
        let renewed = self
            .shared
            .passes
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .renew(|s| s.id == seat);
        self.let_go(seat);
        renewed
    }

    fn let_go(&self, seat: &str) {
        self.shared.followers.end_all(seat);
        // The pages that were reading wake and find their way closed.
        self.shared.changes.send_modify(|n| *n += 1);
    }

    /// Closes the table: every token forgotten (a link opens nothing any
    /// more, a live page is told so), then the server stopped and every
    /// connection ended, within a moment.
    pub async fn close(mut self) {
        self.revoke();
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(served) = self.served.take() {
            let abort = served.abort_handle();
            let wait = self.closing + Duration::from_millis(200);
            if tokio::time::timeout(wait, served).await.is_err() {
                abort.abort();
            }
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
