//! What the seat server answers: every request checked by [`guard`]
//! (named by the server's address, within its address's pace, answered
//! with the headers that keep the page to itself), the page and its assets
//! from the build's whitelist, and a seat's view, live view and actions,
//! each let in by its token and its device before anything else is read.

use crate::sealing::{SeatKey, ACT, ANSWER};
use crate::tokens::{Device, Refused};
use crate::{internal, Shared, DEVICE_COOKIE, MAX_ACTION_BYTES};
use axum::body::Body;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, HeaderValue, Request, StatusCode};
use axum::middleware::Next;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use bagless_app::games::seats::{Seat, SeatAnswer};
use bagless_app::AppError;
use http_body_util::BodyExt;
use serde::Serialize;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What every answer of the seat server carries.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// How the build's files are kept by a phone: their names change with
/// their content, so a kept file is never stale.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// How often a live page is written to when nothing changes: a phone gone
/// to sleep is found out by the write that waits ([`crate::connections`]).
const LIVE_PING: Duration = Duration::from_secs(10);

/// Every request: counted against its address, answered with the headers
/// that keep the page to itself.
pub(crate) async fn guard(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request<Body>,
    next: Next,
) -> Response {
    // Only requests addressed to this server by its address: a web page
    // the host visits cannot reach it under another name (DNS rebinding).
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_string);
    // The build's files are counted apart: a page load asks a dozen, none
    // carries a secret (a token guessed is counted in the other bucket).
    let limiter = if request.uri().path().starts_with("/s/assets/") {
        &shared.asset_limiter
    } else {
        &shared.limiter
    };
    let mut response = if host.as_deref() != Some(shared.address.to_string().as_str()) {
        (
            StatusCode::MISDIRECTED_REQUEST,
            Json(Refusal::new("seat_closed")),
        )
            .into_response()
    } else if limiter.allow(&peer.ip(), Instant::now()) {
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
        // Issue 56: no window of another origin keeps a hold on the page,
        // no page of another origin may load its answers.
        (
            header::HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
        (
            header::HeaderName::from_static("cross-origin-resource-policy"),
            "same-origin",
        ),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    // Nothing kept by the phone but the build's files, named by their
    // content (a reload asks none of them again).
    headers
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
    response
}

/// A refusal, by its code in the UI's catalogue.
/// A phone is told a refusal's code only (its words are the page's own; an
/// error's detail, such as a path, stays on the host).
#[derive(Serialize)]
pub(crate) struct Refusal {
    code: String,
    /// The rules a seat's own action broke (its section, its code and
    /// what it names, of that seat's action only).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    violations: Vec<bagless_app::Violation>,
}

impl Refusal {
    pub(crate) fn new(code: &str) -> Refusal {
        Refusal {
            code: code.to_string(),
            violations: Vec::new(),
        }
    }
}

fn refusal(status: StatusCode, code: &str) -> Response {
    (status, Json(Refusal::new(code))).into_response()
}

/// The device secret the request's browser sends, if well formed.
fn device(headers: &HeaderMap) -> Option<Device> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .find_map(|pair| {
            let (name, value) = pair.trim().split_once('=')?;
            (name == DEVICE_COOKIE)
                .then(|| Device::parse(value))
                .flatten()
        })
}

/// The seat `token` opens for the request's device (claimed by it when
/// free), with its key, or the answer refusing it: nothing else of the
/// request read.
fn enter(
    shared: &Shared,
    token: &str,
    headers: &HeaderMap,
) -> Result<(Seat, Device, SeatKey), Box<Response>> {
    let Some(device) = device(headers) else {
        // No device: a wrong token is still told as such.
        let known = shared
            .passes
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .find(token)
            .is_some();
        return Err(Box::new(if known {
            refusal(StatusCode::FORBIDDEN, "seat_no_device")
        } else {
            refused(None)
        }));
    };
    let mut passes = shared.passes.write().unwrap_or_else(|p| p.into_inner());
    let key = passes.key(token).cloned();
    match (passes.enter(token, &device), key) {
        (Ok(seat), Some(key)) => Ok((seat.clone(), device, key)),
        (Ok(_), None) | (Err(Refused::Unknown), _) => Err(Box::new(refused(None))),
        (Err(Refused::Taken), _) => Err(Box::new(refusal(StatusCode::FORBIDDEN, "seat_taken"))),
    }
}

/// What the seat's phone is answered, sealed with its key (issue 56: a
/// listener on the network reads none of it).
#[derive(Serialize, serde::Deserialize)]
pub(crate) struct Sealed {
    pub(crate) sealed: String,
}

fn sealed_json(status: StatusCode, key: &SeatKey, what: &impl Serialize) -> Response {
    match serde_json::to_vec(what) {
        Ok(plain) => (
            status,
            Json(Sealed {
                sealed: key.seal(ANSWER, &plain),
            }),
        )
            .into_response(),
        Err(_) => refusal(StatusCode::INTERNAL_SERVER_ERROR, "internal"),
    }
}

/// A sealed action as the phone sends it: its number and the action.
#[derive(serde::Deserialize)]
struct Numbered {
    n: u64,
    action: serde_json::Value,
}

/// The page; a browser with no device secret is given one (kept a year,
/// sent to this server's pages only, never read by a script).
pub(crate) async fn page(State(shared): State<Arc<Shared>>, headers: HeaderMap) -> Response {
    let mut response = served(&shared, "seat.html");
    if response.status() == StatusCode::OK && device(&headers).is_none() {
        let cookie = format!(
            "{DEVICE_COOKIE}={}; Path=/s/; Max-Age=31536000; HttpOnly; SameSite=Strict",
            Device::new().text()
        );
        if let Ok(value) = HeaderValue::from_str(&cookie) {
            response.headers_mut().insert(header::SET_COOKIE, value);
        }
    }
    response
}

/// The kinds of file the page's assets folder holds, by extension, with
/// the type each is served as (issue 56: "assets only from a whitelist").
const ASSET_KINDS: &[(&str, &str)] = &[
    ("js", "text/javascript; charset=utf-8"),
    ("css", "text/css; charset=utf-8"),
    ("woff2", "font/woff2"),
    ("woff", "font/woff"),
    ("svg", "image/svg+xml"),
    ("png", "image/png"),
    ("webp", "image/webp"),
];

pub(crate) async fn asset(State(shared): State<Arc<Shared>>, Path(path): Path<String>) -> Response {
    // One file of the build's assets folder, by a plain name ("ipc-Bx3d.js")
    // of a kind on the list: never a path, never a page.
    let plain = !path.is_empty()
        && !path.starts_with('.')
        && path
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
    let kind = path
        .rsplit_once('.')
        .and_then(|(_, ext)| ASSET_KINDS.iter().find(|(known, _)| *known == ext));
    match kind {
        Some((_, mime)) if plain => match (shared.assets)(&format!("assets/{path}")) {
            // A build that answers an unknown name with its index page
            // serves no page for it here.
            Some(asset) if !asset.mime.starts_with("text/html") => (
                [
                    (header::CONTENT_TYPE, *mime),
                    (header::CACHE_CONTROL, IMMUTABLE),
                ],
                asset.bytes,
            )
                .into_response(),
            _ => StatusCode::NOT_FOUND.into_response(),
        },
        _ => StatusCode::NOT_FOUND.into_response(),
    }
}

fn served(shared: &Shared, path: &str) -> Response {
    match (shared.assets)(path) {
        Some(asset) if asset.mime.starts_with("text/html") => {
            ([(header::CONTENT_TYPE, asset.mime)], asset.bytes).into_response()
        }
        _ => StatusCode::NOT_FOUND.into_response(),
    }
}

/// What `seat` sees now.
async fn seat_answer(shared: &Arc<Shared>, seat: &Seat) -> Result<SeatAnswer, AppError> {
    let shared = Arc::clone(shared);
    let seat = seat.id.clone();
    tokio::task::spawn_blocking(move || shared.app.seat_view(&shared.game_id, &seat))
        .await
        .unwrap_or_else(|_| Err(internal()))
}

fn refused(error: Option<AppError>) -> Response {
    match error {
        None => refusal(StatusCode::FORBIDDEN, "seat_closed"),
        Some(error) => refusal(StatusCode::CONFLICT, &error.code),
    }
}

pub(crate) async fn view(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Response {
    let (seat, _, key) = match enter(&shared, &token, &headers) {
        Ok(entered) => entered,
        Err(refusal) => return *refusal,
    };
    match seat_answer(&shared, &seat).await {
        Ok(answer) => sealed_json(StatusCode::OK, &key, &answer),
        Err(error) => refused(Some(error)),
    }
}

/// A seat's action: its token and device let in first (a request with
/// neither is answered before any byte of its body is read), then its
/// seat's pace, then its body (at most [`MAX_ACTION_BYTES`], in time);
/// decided by the game's rules (the app's one door), with the seat as its
/// author; the seat's view after it, or why not.
pub(crate) async fn act(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    request: Request<Body>,
) -> Response {
    let (seat, device, key) = match enter(&shared, &token, request.headers()) {
        Ok(entered) => entered,
        Err(refusal) => return *refusal,
    };
    if !shared.seat_limiter.allow(&seat.id, Instant::now()) {
        return refusal(StatusCode::TOO_MANY_REQUESTS, "slow_down");
    }
    // Sent as JSON (not a form of another page), and no longer than an action.
    let json = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
    if !json {
        return refusal(StatusCode::UNSUPPORTED_MEDIA_TYPE, "seat_action_unknown");
    }
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_ACTION_BYTES as u64) {
        return refusal(StatusCode::PAYLOAD_TOO_LARGE, "seat_action_too_long");
    }
    let body = http_body_util::Limited::new(request.into_body(), MAX_ACTION_BYTES);
    let bytes = match tokio::time::timeout(shared.limits.body, body.collect()).await {
        Err(_) => return refusal(StatusCode::REQUEST_TIMEOUT, "seat_action_unknown"),
        Ok(Err(error)) => {
            return if error
                .downcast_ref::<http_body_util::LengthLimitError>()
                .is_some()
            {
                refusal(StatusCode::PAYLOAD_TOO_LARGE, "seat_action_too_long")
            } else {
                refusal(StatusCode::BAD_REQUEST, "seat_action_unknown")
            };
        }
        Ok(Ok(collected)) => collected.to_bytes(),
    };
    // Sealed with the seat's key as an action, numbered: nothing else is
    // asked (a listener who saw the seat's id and its device can neither
    // write an action nor send one again).
    let Some(Numbered { n, action }) = serde_json::from_slice::<Sealed>(&bytes)
        .ok()
        .and_then(|sealed| key.open(ACT, &sealed.sealed))
        .and_then(|plain| serde_json::from_slice::<Numbered>(&plain).ok())
    else {
        return refusal(StatusCode::BAD_REQUEST, "seat_action_unknown");
    };
    let answer = {
        let shared = Arc::clone(&shared);
        tokio::task::spawn_blocking(move || {
            // The token is held while the action is written: closing the
            // table waits for it, and an action after the close (or once
            // the host freed the seat) is refused, never written.
            {
                let mut passes = shared.passes.write().unwrap_or_else(|p| p.into_inner());
                passes.held_by(&token, &device)?;
                if !passes.number(&token, n) {
                    return Some(Err(AppError::new(
                        "seat_action_again",
                        "That action was already sent.",
                    )));
                }
            }
            let passes = shared.passes.read().unwrap_or_else(|p| p.into_inner());
            let seat = passes.held_by(&token, &device)?.clone();
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
            shared.host.ask();
            match view {
                Ok(answer) => sealed_json(StatusCode::OK, &key, &answer),
                // Written, but the view after it could not be read: the
                // phone is told it was taken, and follows the live view.
                Err(error) => {
                    (StatusCode::ACCEPTED, Json(Refusal::new(&error.code))).into_response()
                }
            }
        }
        // What the rules refused names the seat's own secrets: sealed.
        Err(error) => sealed_json(
            StatusCode::CONFLICT,
            &key,
            &Refusal {
                code: error.code,
                violations: error.violations,
            },
        ),
    }
}

/// The seat's view as server-sent events: at once, then after each change
/// of the library that changes it; the stream ends when the token no
/// longer opens the seat for this device (the table closed, the seat freed
/// or given a new link) or a newer page of the seat took its place.
pub(crate) async fn live(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Response {
    // Subscribed first: a change (or the table closing) while the first
    // view is read wakes the stream at once.
    let changes = shared.changes.subscribe();
    let (seat, device, key) = match enter(&shared, &token, &headers) {
        Ok(entered) => entered,
        Err(refusal) => return *refusal,
    };
    let first = seat_answer(&shared, &seat).await;
    if let Err(error) = first {
        return refused(Some(error));
    }
    let follow = shared.followers.follow(&seat.id);
    let start = (
        shared,
        token,
        device,
        key,
        changes,
        Some(first),
        String::new(),
        follow,
    );
    let events = futures_util::stream::unfold(
        start,
        |(shared, token, device, key, mut changes, mut next, mut last, follow)| async move {
            loop {
                let answer = match next.take() {
                    Some(answer) => answer,
                    None => {
                        tokio::select! {
                            changed = changes.changed() => changed.ok()?,
                            () = follow.ended() => return None,
                        }
                        let seat = shared
                            .passes
                            .read()
                            .unwrap_or_else(|p| p.into_inner())
                            .held_by(&token, &device)?
                            .clone();
                        seat_answer(&shared, &seat).await
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
                    // Sealed for the seat's phone (the comparison is of
                    // what it holds: each sealing differs).
                    let sealed = key.seal(ANSWER, data.as_bytes());
                    last = data;
                    let event = Event::default().event(name).data(sealed);
                    return Some((
                        Ok::<_, std::convert::Infallible>(event),
                        (shared, token, device, key, changes, None, last, follow),
                    ));
                }
            }
        },
    );
    Sse::new(events)
        .keep_alive(KeepAlive::new().interval(LIVE_PING))
        .into_response()
}
