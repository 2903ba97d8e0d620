//! The HQ on a real library file: after every step of an assignment and a
//! resolution (and its undo), the projection tables read back exactly what
//! replaying the log gives, before and after reopening the file.

use crate::support;
use bagless_bov::board::{CardKind, Place};
use bagless_bov::campaign::{
    decide, last_undoable, replay_log, AttemptInput, Campaign, Command, Context, Difficulty,
    Outcome, XpGained,
};
use bagless_bov::hq::{keys, AllyKind, DiceInput, Heal, ResolutionInput, Spot};
use bagless_bov::{Event, Pack};
use bagless_store::Library;
use chrono::{NaiveDate, TimeZone, Utc};
use support::Campaigns;

fn attempt(memory: &str, eliminated: &[&str]) -> Command {
    Command::RecordAttempt(AttemptInput {
        memory: memory.into(),
        outcome: Outcome::Success,
        difficulty: Difficulty::Normal,
        xp: XpGained::default(),
        sync_met: false,
        stickers: vec![],
        played_on: NaiveDate::from_ymd_opt(2026, 11, 1).unwrap(),
        notes: String::new(),
        eliminated: eliminated.iter().map(|s| s.to_string()).collect(),
    })
}

#[test]
fn the_hq_projection_matches_the_replayed_log_at_every_step() {
    let pack = Pack::from_json("core", include_str!("../../../campaigns/core/pack.json")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bagless.sqlite");
    let now = Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap();
    let ctx = Context { now };
    let mut library = Library::open(&path, &dir.path().join("backups"), now).unwrap();
    let run = |library: &mut Library, command: Command| {
        let (state, last) = match library.load("h") {
            Ok(stored) => (stored.state, stored.record.last_seq),
            Err(_) => (Campaign::default(), 0),
        };
        let events =
            decide(&state, &pack, &command, &ctx).unwrap_or_else(|v| panic!("{command:?}: {v:?}"));
        library.append("h", last, &events, now).unwrap();
        let stored = library.load("h").unwrap();
        assert_eq!(
            stored.state,
            replay_log(&library.events("h").unwrap()),
            "after {command:?}"
        );
        // The rows themselves, read back, not only the state loaded.
        assert_eq!(
            library.check_campaign("h").unwrap(),
            None,
            "after {command:?}"
        );
    };
    run(
        &mut library,
        Command::Create {
            name: "HQ".into(),
            pack_id: "core".into(),
            assassins: vec!["alessandra".into(), "bastiano".into()],
        },
    );
    run(
        &mut library,
        Command::AddCard {
            name: "Smoke Bomb".into(),
            kind: CardKind::BlackEquipment,
            fits: None,
            health_bonus: 0,
            removal_mark: true,
            to: Place::VillaEnvelope,
        },
    );
    for memory in ["0.1", "0.2", "0.3"] {
        run(&mut library, attempt(memory, &[]));
    }
    run(&mut library, attempt("0.4", &["bastiano"]));
    run(
        &mut library,
        Command::UnlockHq {
            ally: AllyKind::Mercenaries,
        },
    );
    for (key, value) in [
        (keys::contract_level(1), 1),
        (keys::contract_level(2), 2),
        (keys::contract_stars(1), 2),
        (keys::blueprint_cost("flying-machine"), 1),
        (keys::brown("apprentice-2", "hospital", Some(1)), 2),
        (keys::brown("apprentice-3", "workshop", None), 1),
        (keys::brown("apprentice-4", "shop", None), 1),
        (keys::brown("ally-2", "command_room", None), 1),
        (keys::brown("ally-3", "command_room", None), 1),
        (keys::brown("ally-4", "command_room", None), 1),
    ] {
        run(&mut library, Command::SetHqValue { key, value });
    }
    for (miniature, spot) in [
        ("alessandra", Spot::Memory),
        ("bastiano", Spot::HospitalRed),
        ("ezio", Spot::Memory),
        ("apprentice-1", Spot::Memory),
        ("ally-1", Spot::Memory),
        ("apprentice-2", Spot::HospitalWhite),
        ("apprentice-3", Spot::Workshop),
        ("apprentice-4", Spot::Shop),
        ("ally-2", Spot::CommandRoom),
        ("ally-3", Spot::CommandRoom),
        ("ally-4", Spot::Shop),
    ] {
        run(
            &mut library,
            Command::AssignMiniature {
                miniature: miniature.into(),
                spot: Some(spot),
            },
        );
    }
    // Taken off again, then put where the first assignment wants it.
    run(
        &mut library,
        Command::AssignMiniature {
            miniature: "ally-4".into(),
            spot: None,
        },
    );
    run(
        &mut library,
        Command::AssignMiniature {
            miniature: "ally-4".into(),
            spot: Some(Spot::CommandRoom),
        },
    );
    run(&mut library, Command::ConfirmAssignment);
    run(&mut library, attempt("1.1", &[]));
    let before = library.load("h").unwrap();
    run(
        &mut library,
        Command::ResolveHq(ResolutionInput {
            heal: vec![Heal {
                assassin: "bastiano".into(),
                health: 2,
            }],
            build: true,
            paid: vec![],
            kept: vec![],
            dice: DiceInput::Entered {
                stars: vec![1, 0, 1],
            },
        }),
    );
    let after = library.load("h").unwrap();
    assert_eq!(after.state.hq_level, 2);
    assert_eq!(
        after.state.ledger.cards["flying-machine"].card.kind,
        CardKind::SpecialEquipment
    );
    // Undo the whole resolution: the tables are as before it.
    let seq = last_undoable(&library.events("h").unwrap()).unwrap();
    library
        .append(
            "h",
            after.record.last_seq,
            &[Event::EntryUndone { seq }],
            now,
        )
        .unwrap();
    assert_eq!(library.load("h").unwrap().state, before.state);
    drop(library);
    let library = Library::open(&path, &dir.path().join("backups"), now).unwrap();
    assert_eq!(
        library.load("h").unwrap().state,
        replay_log(&library.events("h").unwrap())
    );
}
