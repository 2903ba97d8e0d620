//! A seat acts from its phone (issue 32): its action goes through the
//! app's one door, decided by the game's rules, with the seat as its author
//! in the history; the host is told; a seat acts only for itself and only
//! when the rules let it (ACCOMPLIR DES MISSIONS: in its own turn); what is
//! not an action, or too long, asks nothing. On 127.0.0.1 only, every
//! request bounded in time.

use crate::support::table;
use bagless_app::games::GameCommand;
use bagless_seats::{Acted, Asset, Assets, SeatServer, MAX_ACTION_BYTES};
use serde_json::{json, Value};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};

const LOOPBACK: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

fn page() -> Assets {
    Arc::new(|_: &str| None::<Asset>)
}

/// The number of a test's next action (rising, as the phone's clock).
fn next_number() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// One POST of `body` as `content_type` to the seat of the link `url`
/// (an action in JSON sealed with its key, as its phone sends it; anything
/// else as it is), its answer read whole (opened when sealed).
async fn post(address: SocketAddr, url: &str, content_type: &str, body: &str) -> (u16, Value) {
    let path = act_path(url);
    let body = match serde_json::from_str::<Value>(body) {
        Ok(action) if content_type == "application/json" => {
            crate::http::sealed_action(url, next_number(), &action)
        }
        _ => body.to_string(),
    };
    let body = body.as_str();
    let path = path.as_str();
    let headers = format!(
        "Content-Type: {content_type}\r\nContent-Length: {}\r\n{}",
        body.len(),
        crate::http::device(1)
    );
    let (status, _, body) = crate::http::request(address, "POST", path, &headers, body).await;
    let answer = serde_json::from_str::<Value>(&body).unwrap_or(Value::Null);
    if answer.get("sealed").is_some() {
        (status, crate::http::opened(url, &body))
    } else {
        (status, answer)
    }
}

fn act_path(url: &str) -> String {
    format!("/s/{}/act", crate::http::token_of(url))
}

fn claim(fragment: u64) -> String {
    json!({"type": "claim_fragment", "fragment": fragment}).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_from_the_seat_on_its_turn_is_decided_by_the_rules_and_signed_by_the_seat() {
    let dir = tempfile::tempdir().unwrap();
    let (app, game) = table(dir.path(), "Claims at midnight");
    let server = SeatServer::open(Arc::clone(&app), &game, LOOPBACK, page())
        .await
        .unwrap();
    let told: Arc<Mutex<Vec<String>>> = Arc::default();
    let acted: Acted = {
        let told = Arc::clone(&told);
        Arc::new(move |id: &str| told.lock().unwrap().push(id.to_string()))
    };
    server.on_act(acted);
    let links = server.links();
    let (red, grey) = (&links[0], &links[1]);
    assert_eq!(
        (red.seat.id.as_str(), grey.seat.id.as_str()),
        ("red", "grey")
    );

    // One of red's fragments, its mission entered on the host: a territory
    // red holds, for no turn (the box's value, asked once).
    let own = app.seat_view(&game, "red").unwrap().view;
    // (The deal is random: a fragment whose mission the board does not
    // print, of the two red holds.)
    let fragment = own["fragments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["fragment"]["mission"].is_null())
        .expect("a fragment whose mission is asked")["fragment"]["id"]
        .as_u64()
        .unwrap();
    let screen = serde_json::to_value(app.open_game(&game, None).unwrap()).unwrap();
    let held = screen["view"]["territories"]
        .as_array()
        .expect("the map's territories")
        .iter()
        .find(|t| t["owner"] == "red")
        .unwrap()["id"]
        .clone();
    app.act_in_game(
        &game,
        GameCommand {
            game: "risk".into(),
            command: json!({"type": "set_box_value", "value": {"kind": "mission",
                "fragment": fragment, "mission": {"territories": [held], "turns": 0, "assassins": 3}}}),
        },
        None,
    )
    .unwrap();

    // Grey's phone: not its turn. Refused in the rules' words, nothing written.
    let before = app.game_history_of(&game, None).unwrap().entries.len();
    let (status, refusal) = post(
        server.address(),
        &grey.url,
        "application/json",
        &claim(fragment),
    )
    .await;
    assert_eq!(status, 409, "{refusal}");
    assert_eq!(refusal["code"], "rules");
    assert_eq!(refusal["violations"][0]["code"], "seat_not_on_turn");
    assert_eq!(
        refusal["violations"][0]["section"],
        "ACCOMPLIR DES MISSIONS"
    );
    assert_eq!(
        app.game_history_of(&game, None).unwrap().entries.len(),
        before
    );
    assert!(told.lock().unwrap().is_empty());

    // Red's phone, on its turn: claimed, answered with red's view.
    let (status, answer) = post(
        server.address(),
        &red.url,
        "application/json",
        &claim(fragment),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["seat"]["id"], "red");
    let claimed: Vec<u64> = answer["view"]["claimed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["id"].as_u64().unwrap())
        .collect();
    assert_eq!(claimed, [fragment]);
    // The host is told (at the frame's turn), and its history signs the
    // entry with the seat.
    let waiting = std::time::Instant::now();
    while told.lock().unwrap().is_empty() && waiting.elapsed() < std::time::Duration::from_secs(2) {
        tokio::time::sleep(bagless_seats::FRAME).await;
    }
    assert_eq!(*told.lock().unwrap(), std::slice::from_ref(&game));
    let history = app.game_history_of(&game, None).unwrap();
    let newest = &history.entries[0];
    assert_eq!(newest.by.as_deref(), Some("Ana"));
    assert_eq!(history.entries.len(), before + 1);
    // Once per game: the rules refuse the same claim again.
    let (status, refusal) = post(
        server.address(),
        &red.url,
        "application/json",
        &claim(fragment),
    )
    .await;
    assert_eq!(
        (status, &refusal["violations"][0]["code"]),
        (409, &json!("fragment_used"))
    );

    // What is not an action asks nothing, each answered for what it is:
    // another shape, not JSON, a form of another page, too long (413 and
    // nothing else, issue 56).
    for (content_type, body, expected) in [
        (
            "application/json",
            json!({"type": "end_turn"}).to_string(),
            409,
        ),
        ("application/json", "{not json".to_string(), 400),
        (
            "application/x-www-form-urlencoded",
            "type=claim_fragment&fragment=1".to_string(),
            415,
        ),
        (
            "application/json",
            format!("{{\"pad\": \"{}\"}}", "x".repeat(MAX_ACTION_BYTES)),
            413,
        ),
    ] {
        let (status, refusal) = post(server.address(), &red.url, content_type, &body).await;
        assert_eq!(status, expected, "{content_type} {refusal}");
    }
    // Issue 56: an action in clear, one sealed with another seat's key, or
    // one recorded and sent again asks nothing (a listener on the network
    // who saw the seat's id and device writes nothing).
    let address = server.address();
    // (Grey's phone: red's has asked its pace's worth.)
    let path = act_path(&grey.url);
    let raw = |body: String| {
        let headers = format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n{}",
            body.len(),
            crate::http::device(1)
        );
        let path = path.clone();
        async move { crate::http::request(address, "POST", &path, &headers, &body).await }
    };
    let (status, _, _) = raw(claim(fragment)).await;
    assert_eq!(status, 400, "in clear");
    let (status, _, _) = raw(crate::http::sealed_action(
        &red.url,
        next_number(),
        &json!({"type": "end_turn"}),
    ))
    .await;
    assert_eq!(status, 400, "another seat's key");
    let recorded =
        crate::http::sealed_action(&grey.url, next_number(), &json!({"type": "end_turn"}));
    let (first, _, _) = raw(recorded.clone()).await;
    let (again, _, body) = raw(recorded).await;
    assert_eq!(first, 409, "taken to the rules once");
    assert_eq!(again, 409);
    assert_eq!(
        crate::http::opened(&grey.url, &body)["code"],
        "seat_action_again"
    );
    let (status, refusal) = post(
        server.address(),
        &format!("http://{}/s/#{}", server.address(), "0".repeat(64)),
        "application/json",
        &claim(fragment),
    )
    .await;
    assert_eq!((status, &refusal["code"]), (403, &json!("seat_closed")));
    assert_eq!(
        app.game_history_of(&game, None).unwrap().entries.len(),
        before + 1
    );
    assert_eq!(told.lock().unwrap().len(), 1);
    server.close().await;

    // Exported and imported, the claim is still signed by its seat; a file
    // that names anyone else as an author is not believed on that point.
    let exported = app.export_campaign(&game).unwrap().path;
    let mut file: Value =
        serde_json::from_str(&std::fs::read_to_string(&exported).unwrap()).unwrap();
    // Into another home's library (the one holding it would find it
    // already there).
    let home = tempfile::tempdir().unwrap();
    let elsewhere = |_: ()| {
        bagless_app::App::open(
            bagless_app::AppDirs {
                data_dir: home.path().to_path_buf(),
            },
            bagless_app::now,
        )
    };
    let other = elsewhere(());
    let imported = other.import_campaign(&exported).unwrap();
    let newest = &other.game_history_of(&imported.id, None).unwrap().entries[0];
    assert_eq!(newest.by.as_deref(), Some("Ana"));
    drop(other);
    std::fs::remove_file(home.path().join("bagless.sqlite")).unwrap();
    let app = elsewhere(());
    let events = file["events"].as_array_mut().unwrap();
    events.last_mut().unwrap()["by"] = json!("Mallory");
    events[0]["by"] = json!("Bruno");
    let edited = dir.path().join("edited.bagless.json");
    std::fs::write(&edited, file.to_string()).unwrap();
    let imported = app.import_campaign(edited.to_str().unwrap()).unwrap();
    let history = app.game_history_of(&imported.id, Some(100)).unwrap();
    assert_eq!(history.entries[0].by, None, "not a seat of the game");
    assert_eq!(history.entries.last().unwrap().by.as_deref(), Some("Bruno"));
}

/// CARTES APTITUDE from the phone: « Au cours de la phase « Placez vos
/// Assassins » de votre tour, vous pouvez choisir de retourner une de vos
/// cartes Aptitude »: the brotherhood whose turn it is turns one over from
/// its own phone, signed by its seat; another's phone is refused; a second
/// card the same turn is refused by the rules.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_aptitude_card_is_turned_over_from_the_seat_on_its_turn() {
    let dir = tempfile::tempdir().unwrap();
    let (app, game) = table(dir.path(), "Cards at midnight");
    let server = SeatServer::open(Arc::clone(&app), &game, LOOPBACK, page())
        .await
        .unwrap();
    let links = server.links();
    let (red, grey) = (&links[0], &links[1]);
    let own = app.seat_view(&game, "red").unwrap().view;
    assert!(
        own["aptitude"].is_object(),
        "red's phone offers the card: {own}"
    );
    let hidden = own["aptitude_hidden"].as_u64().unwrap();
    assert!(app.seat_view(&game, "grey").unwrap().view["aptitude"].is_null());
    let card =
        json!({"type": "reveal_aptitude", "gain": 2, "losses": [], "reason": "Ezio"}).to_string();

    let before = app.game_history_of(&game, None).unwrap().entries.len();
    let (status, refusal) = post(server.address(), &grey.url, "application/json", &card).await;
    assert_eq!(status, 409, "{refusal}");
    assert_eq!(refusal["violations"][0]["code"], "seat_not_on_turn");
    assert_eq!(refusal["violations"][0]["section"], "CARTES APTITUDE");

    let (status, answer) = post(server.address(), &red.url, "application/json", &card).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["view"]["aptitude_hidden"].as_u64(), Some(hidden - 1));
    assert!(answer["view"]["aptitude"].is_null(), "one card a turn");
    let history = app.game_history_of(&game, None).unwrap();
    assert_eq!(history.entries.len(), before + 1);
    assert_eq!(history.entries[0].by.as_deref(), Some("Ana"));

    let (status, refusal) = post(server.address(), &red.url, "application/json", &card).await;
    assert_eq!(status, 409, "{refusal}");
    assert_eq!(refusal["violations"][0]["code"], "aptitude_once_per_turn");
    assert_eq!(
        app.game_history_of(&game, None).unwrap().entries.len(),
        before + 1
    );
    server.close().await;
}
