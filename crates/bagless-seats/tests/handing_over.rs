//! Issue "A campaign's whole life" 5: a campaign handed over to another
//! Bagless on the same network, without a file, behind a one-time code the
//! receiving Bagless types; what arrives is decided again and compared by
//! history like any import. On 127.0.0.1, two libraries.

use bagless_app::{App, AppDirs, GameCommand, ImportHow, PlayerCommand};
use bagless_seats::handover::{receive, Handover};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

const LOOPBACK: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

fn home(dir: &std::path::Path) -> Arc<App> {
    Arc::new(App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        bagless_app::now,
    ))
}

/// A command of a campaign, as the window sends it through the one
/// command set.
fn bov(command: PlayerCommand) -> GameCommand {
    GameCommand {
        game: bagless_app::games::bov::KIND.into(),
        command: serde_json::to_value(command).unwrap(),
    }
}

fn campaign(app: &App) -> String {
    let create = PlayerCommand::Create {
        name: "Carnival nights".into(),
        pack_id: "core".into(),
        assassins: vec!["alessandra".into()],
    };
    app.create_game("Carnival nights", bov(create)).unwrap().id
}

/// The ticket's code with one character changed.
fn wrong(code: &str) -> String {
    let mut chars: Vec<char> = code.chars().collect();
    chars[0] = if chars[0] == 'A' { 'B' } else { 'A' };
    chars.into_iter().collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_campaign_handed_over_with_its_code_arrives_once_and_is_brought_up_to_date_after() {
    let (a_dir, b_dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (a, b) = (home(a_dir.path()), home(b_dir.path()));
    let id = campaign(&a);

    let offer = Handover::open(Arc::clone(&a), &id, LOOPBACK).await.unwrap();
    let ticket = offer.ticket();
    assert_eq!(
        ticket.code.len(),
        14,
        "three groups of four: {}",
        ticket.code
    );
    assert!(ticket.seconds > 500);

    // A wrong code opens nothing, and does not spend the offer.
    let refused = receive(&ticket.address, &wrong(&ticket.code))
        .await
        .unwrap_err();
    assert_eq!(refused.code, "handover_refused");
    assert!(!offer.taken());
    // Typed in lower case with spaces: the same code.
    let typed = ticket.code.to_lowercase().replace('-', " ");
    let bytes = receive(&ticket.address, &typed).await.unwrap();
    assert!(offer.taken());
    let imported = {
        let b = Arc::clone(&b);
        tokio::task::spawn_blocking(move || b.import_bytes(&bytes, None))
            .await
            .unwrap()
            .unwrap()
    };
    assert_eq!(
        (imported.how, imported.game.id.as_str()),
        (ImportHow::Added, id.as_str())
    );

    // Once: the code is spent, and the server stops.
    let again = receive(&ticket.address, &ticket.code).await.unwrap_err();
    assert!(
        matches!(
            again.code.as_str(),
            "handover_refused" | "handover_unreachable"
        ),
        "{again:?}"
    );
    offer.close().await;

    // Played on in A, handed over again: B brought up to date.
    a.act_in_game(
        &id,
        bov(PlayerCommand::SetHqSticker {
            number: 1,
            marked: true,
        }),
        None,
    )
    .unwrap();
    let offer = Handover::open(Arc::clone(&a), &id, LOOPBACK).await.unwrap();
    let ticket = offer.ticket();
    let bytes = receive(&ticket.address, &ticket.code).await.unwrap();
    let up = tokio::task::spawn_blocking(move || b.import_bytes(&bytes, None))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(up.how, ImportHow::BroughtUpToDate);
    offer.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_withdrawn_or_expired_offer_opens_nothing_and_bad_input_is_said() {
    let dir = tempfile::tempdir().unwrap();
    let a = home(dir.path());
    let id = campaign(&a);
    let offer = Handover::open(Arc::clone(&a), &id, LOOPBACK).await.unwrap();
    let ticket = offer.ticket();
    offer.close().await;
    let refused = receive(&ticket.address, &ticket.code).await.unwrap_err();
    assert!(
        matches!(
            refused.code.as_str(),
            "handover_refused" | "handover_unreachable"
        ),
        "{refused:?}"
    );

    let short = Handover::open_for(
        Arc::clone(&a),
        &id,
        SocketAddr::new(LOOPBACK, 0),
        Duration::from_millis(200),
    )
    .await
    .unwrap();
    let ticket = short.ticket();
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert!(
        receive(&ticket.address, &ticket.code).await.is_err(),
        "out of time"
    );

    assert_eq!(
        receive("127.0.0.1:9", "K7QM-2XPA").await.unwrap_err().code,
        "handover_code"
    );
    assert_eq!(
        receive("somewhere", "K7QM-2XPA-9RTD")
            .await
            .unwrap_err()
            .code,
        "handover_address"
    );
    // Nothing listens there.
    let closed = std::net::TcpListener::bind((LOOPBACK, 0)).unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    assert_eq!(
        receive(&format!("127.0.0.1:{port}"), "K7QM-2XPA-9RTD")
            .await
            .unwrap_err()
            .code,
        "handover_unreachable"
    );
    assert!(Handover::open(Arc::clone(&a), "no-such-game", LOOPBACK)
        .await
        .is_err());
}
