//! Writes the migration fixture of the current schema,
//! tests/fixtures/library-schema-<N>.sqlite, with the use-cases a player
//! goes through: `make fixture` after adding a migration. The migration
//! test (crates/bagless-cli/tests/migration.rs) then upgrades it from every
//! later schema. Ignored in `cargo test`: a fixture is written once, when
//! its schema is the current one, and never again.
use crate::support::door::{Door, Parts, BOARD, HQ};
use bagless_app::games::{bov::Bov, memory::Memory, nation::Nation, risk::Risk};
use bagless_app::PlayerCommand;
use bagless_app::{App, AppDirs, AttemptInput, NewCampaign, PlayerCommand as C};
use bagless_bov::board::{CardKind, Place};
use bagless_bov::campaign::{Difficulty, Outcome, XpGained, XpSource};
use chrono::{NaiveDate, TimeZone, Utc};

use crate::support;
use support::games;

fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 11, 21, 20, 30, 0).unwrap()
}

fn attempt(memory: &str, outcome: Outcome, mandatory: u32, eliminated: &[&str]) -> AttemptInput {
    AttemptInput {
        memory: memory.into(),
        outcome,
        difficulty: Difficulty::Normal,
        xp: XpGained {
            mandatory,
            optional: if outcome == Outcome::Success { 2 } else { 0 },
            ..Default::default()
        },
        sync_met: outcome == Outcome::Success,
        stickers: vec![],
        played_on: NaiveDate::from_ymd_opt(2026, 11, 14).unwrap(),
        notes: format!("played {memory}"),
        eliminated: eliminated.iter().map(|s| s.to_string()).collect(),
    }
}

#[test]
#[ignore = "writes a fixture: make fixture"]
fn write_the_current_schema_fixture() {
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!(
        "../../tests/fixtures/library-schema-{}.sqlite",
        bagless_store::SCHEMA_VERSION
    ));
    assert!(
        !out.exists(),
        "{} exists: a fixture is never rewritten",
        out.display()
    );
    let dir = tempfile::tempdir().unwrap();
    let app = App::open(
        AppDirs {
            data_dir: dir.path().to_path_buf(),
        },
        clock,
    );

    // A campaign with the diary, a level-up with skills, cards moved.
    let a = app
        .create_campaign(NewCampaign {
            name: "Carnival nights".into(),
            pack_id: "core".into(),
            assassins: vec!["alessandra".into(), "daria".into()],
        })
        .unwrap()
        .id;
    app.act::<Bov>(
        &a,
        PlayerCommand::RecordAttempt(attempt("0.1", Outcome::Success, 6, &[])),
    )
    .diary()
    .unwrap();
    app.act::<Bov>(
        &a,
        PlayerCommand::RecordAttempt(attempt("0.2", Outcome::Failure, 0, &["daria"])),
    )
    .diary()
    .unwrap();
    app.act::<Bov>(
        &a,
        PlayerCommand::RecordAttempt(attempt("0.2", Outcome::Success, 20, &[])),
    )
    .diary()
    .unwrap();
    app.act_at::<Bov>(
        &a,
        C::ChooseSkill {
            assassin: "alessandra".into(),
            level: 1,
            name: "Acrobatics".into(),
            hq_level_required: None,
        },
        BOARD,
    )
    .board()
    .unwrap();
    app.act_at::<Bov>(
        &a,
        C::PostponeSkill {
            assassin: "daria".into(),
            level: 1,
        },
        BOARD,
    )
    .board()
    .unwrap();
    let add = |name: &str, kind: CardKind, to: Place| C::AddCard {
        name: name.into(),
        kind,
        fits: None,
        health_bonus: 0,
        removal_mark: false,
        to,
    };
    app.act_at::<Bov>(
        &a,
        add("Smoke Bomb", CardKind::BlackEquipment, Place::VillaEnvelope),
        BOARD,
    )
    .board()
    .unwrap();
    app.act_at::<Bov>(&a, add("Chest 1", CardKind::Chest, Place::ChestDeck), BOARD)
        .board()
        .unwrap();
    app.act_at::<Bov>(&a, add("Chest 2", CardKind::Chest, Place::ChestDeck), BOARD)
        .board()
        .unwrap();
    app.act_at::<Bov>(
        &a,
        C::MoveCard {
            card: "added-1".into(),
            to: Place::Inventory {
                assassin: "daria".into(),
                index: 0,
            },
            chest: None,
        },
        BOARD,
    )
    .board()
    .unwrap();
    app.act_at::<Bov>(
        &a,
        C::DrawChestCard {
            to: Place::Inventory {
                assassin: "alessandra".into(),
                index: 4,
            },
        },
        BOARD,
    )
    .board()
    .unwrap();
    app.act_at::<Bov>(
        &a,
        C::SetHealth {
            assassin: "daria".into(),
            health: 2,
        },
        BOARD,
    )
    .board()
    .unwrap();
    app.act::<Bov>(
        &a,
        PlayerCommand::SetHqSticker {
            number: 1,
            marked: true,
        },
    )
    .diary()
    .unwrap();
    app.act::<Bov>(
        &a,
        PlayerCommand::SetHqSticker {
            number: 2,
            marked: true,
        },
    )
    .diary()
    .unwrap();
    app.undo::<Bov>(&a).unwrap();
    // From schema 4: an XP override.
    app.act::<Bov>(
        &a,
        PlayerCommand::Override(bagless_app::OverrideInput {
            target: bagless_bov::overrides::OverrideTarget::Xp,
            value: 33,
            reason: "the optional objective of 0.2 was forgotten".into(),
        }),
    )
    .diary()
    .unwrap();

    // A campaign ready for the HQ: 0.1 to 0.4, Bastiano eliminated in 0.4.
    let b = app
        .create_campaign(NewCampaign {
            name: "Quattro serate".into(),
            pack_id: "core".into(),
            assassins: vec!["bastiano".into(), "claudio".into(), "alessandra".into()],
        })
        .unwrap()
        .id;
    for m in ["0.1", "0.2", "0.3"] {
        app.act::<Bov>(
            &b,
            PlayerCommand::RecordAttempt(attempt(m, Outcome::Success, 5, &[])),
        )
        .diary()
        .unwrap();
    }
    app.act::<Bov>(
        &b,
        PlayerCommand::RecordAttempt(attempt("0.4", Outcome::Success, 8, &["bastiano"])),
    )
    .diary()
    .unwrap();
    app.rename::<Bov>(&b, "Quattro serate à Venise")
        .diary()
        .unwrap();
    headquarters(&app, &b);

    // A Roma campaign, in the bin.
    let c = app
        .create_campaign(NewCampaign {
            name: "Roma".into(),
            pack_id: "roma".into(),
            assassins: vec!["clara".into(), "alif".into()],
        })
        .unwrap()
        .id;
    app.delete_campaign(&c).unwrap();

    // From schema 5, one game of each other box (RISK Assassin's Creed,
    // Assassin Nation), a few turns in, with an undo.
    let risk = app
        .create::<Risk>("Midnight map", games::risk_setup())
        .unwrap()
        .id;
    app.act::<Risk>(
        &risk,
        games::risk(serde_json::json!({ "type": "deal_territories", "deal": null })),
    )
    .unwrap();
    app.act::<Risk>(
        &risk,
        games::risk(serde_json::json!({ "type": "deal_cards" })),
    )
    .unwrap();
    app.undo::<Risk>(&risk).unwrap();
    app.redo::<Risk>(&risk).unwrap();
    let nation = app
        .create::<Nation>("Friday killers", games::nation_setup())
        .unwrap()
        .id;
    app.act::<Nation>(
        &nation,
        games::nation(serde_json::json!({ "type": "end_intel" })),
    )
    .unwrap();
    app.undo::<Nation>(&nation).unwrap();
    // And the memory in play of the first campaign, two steps in.
    let next = app.open::<Bov>(&a).diary().unwrap().next.unwrap().memory;
    let memory = app
        .memory_start(&a, games::memory_setup(&a, &next, &["alessandra", "daria"]))
        .unwrap()
        .id;
    app.act::<Memory>(
        &memory,
        games::memory(serde_json::json!({ "type": "advance" })),
    )
    .unwrap();

    drop(app);
    // Closing the last connection folds the WAL into the file.
    assert!(!dir.path().join("bagless.sqlite-wal").exists());
    std::fs::copy(dir.path().join("bagless.sqlite"), &out).unwrap();
    println!("fixture written to {}", out.display());
}

/// The HQ unlocked with courtesans, the first assignment, memory 1.1 and a
/// resolution with rolled dice.
fn headquarters(app: &App, id: &str) {
    use bagless_bov::hq::{keys, AllyKind, DiceInput, Heal, ResolutionInput, Spot};
    app.act_at::<Bov>(
        id,
        C::UnlockHq {
            ally: AllyKind::Courtesans,
        },
        HQ,
    )
    .hq()
    .unwrap();
    let layout = [
        ("claudio", Spot::Memory),
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
        ("ally-4", Spot::CommandRoom),
    ];
    for (miniature, spot) in layout {
        app.act_at::<Bov>(
            id,
            C::AssignMiniature {
                miniature: miniature.into(),
                spot: Some(spot),
            },
            HQ,
        )
        .hq()
        .unwrap();
    }
    let value = |key: String, value: u32| {
        app.act_at::<Bov>(id, C::SetHqValue { key, value }, HQ)
            .hq()
            .unwrap()
    };
    value(keys::contract_level(1), 1);
    value(keys::contract_level(2), 2);
    value(keys::contract_stars(1), 4);
    value(keys::brown("apprentice-2", "hospital", Some(1)), 2);
    value(keys::brown("apprentice-3", "workshop", None), 1);
    value(keys::brown("apprentice-4", "shop", None), 1);
    for ally in ["ally-2", "ally-3", "ally-4"] {
        value(keys::brown(ally, "command_room", None), 1);
    }
    app.act_at::<Bov>(id, C::ConfirmAssignment, HQ)
        .hq()
        .unwrap();
    app.act_at::<Bov>(
        id,
        C::ChooseSkill {
            assassin: "claudio".into(),
            level: 1,
            name: "Eagle Vision".into(),
            hq_level_required: None,
        },
        BOARD,
    )
    .board()
    .unwrap();
    for assassin in ["alessandra", "bastiano"] {
        app.act_at::<Bov>(
            id,
            C::PostponeSkill {
                assassin: assassin.into(),
                level: 1,
            },
            BOARD,
        )
        .board()
        .unwrap();
    }
    app.act::<Bov>(
        id,
        PlayerCommand::RecordAttempt(attempt("1.1", Outcome::Success, 9, &[])),
    )
    .diary()
    .unwrap();
    // Short of the contract's 4 stars: the next resolution is a second attempt.
    app.act_at::<Bov>(
        id,
        C::ResolveHq(ResolutionInput {
            heal: vec![Heal {
                assassin: "bastiano".into(),
                health: 2,
            }],
            build: false,
            paid: vec![],
            kept: vec![],
            dice: DiceInput::Roll { seed: Some(7) },
        }),
        HQ,
    )
    .hq()
    .unwrap();
}

/// tests/fixtures/library-no-hq-past-1.1.sqlite: a library that an older
/// Bagless let go past memory 1.1 without the HQ, which the rules make
/// mandatory after 0.4 (FIRST ASSIGNMENT: the flying machine is "collected at
/// the end of memory 0.4"; ASSIGNMENTS: MEMORY 1.2 ONWARD). Written from the
/// events that build left, through the store alone (today's rules refuse
/// them), once: crates/bagless-app/tests/no_hq_fixture.rs opens it.
#[test]
#[ignore = "writes a fixture: make fixture"]
fn write_the_no_hq_fixture() {
    use bagless_bov::campaign::{Attempt, Event};
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/library-no-hq-past-1.1.sqlite");
    assert!(
        !out.exists(),
        "{} exists: a fixture is never rewritten",
        out.display()
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bagless.sqlite");
    let mut library =
        bagless_store::Library::open(&path, &dir.path().join("backups"), clock()).unwrap();
    let assassins = vec!["alessandra".to_string(), "claudio".to_string()];
    let mut events = vec![Event::CampaignCreated {
        name: "Senza quartier generale".into(),
        pack_id: "core".into(),
        assassins: assassins.clone(),
    }];
    events.extend(assassins.iter().map(|a| Event::HealthRestored {
        assassin: a.clone(),
        health: 3,
    }));
    let id = "c-no-hq-past-1-1";
    use bagless_app::games::bov::Bov;
    let mut state = library
        .create_game::<Bov>(id, "", &events, clock())
        .unwrap();
    let mut seq = events.len() as u32;
    for (memory, xp) in [("0.1", 6), ("0.2", 6), ("0.3", 6), ("0.4", 8), ("1.1", 9)] {
        let input = attempt(memory, Outcome::Success, xp, &[]);
        let mut events = vec![Event::AttemptRecorded {
            attempt: Attempt {
                memory: input.memory,
                number: 1,
                outcome: input.outcome,
                difficulty: input.difficulty,
                xp: input.xp,
                xp_credited: input.xp.of(&XpSource::ALL),
                synchronized: false,
                sync: None,
                stickers: vec![],
                played_on: input.played_on,
                notes: input.notes,
                eliminated: vec![],
            },
        }];
        if memory == "0.4" {
            // 8 + 8 + 8 + 10 = 34: level I at 25.
            events.push(Event::LevelReached {
                level: 1,
                after_memory: "0.4".into(),
            });
        }
        let (after, record) = library
            .append_game::<Bov>(id, seq, state, &events, clock())
            .unwrap();
        (state, seq) = (after, record.last_seq);
    }
    drop(library);
    assert!(!dir.path().join("bagless.sqlite-wal").exists());
    std::fs::copy(&path, &out).unwrap();
    println!("fixture written to {}", out.display());
}

/// tests/fixtures/risk-20000-events.bagless.json: the bot's game of RISK
/// Assassin's Creed of 20,000 events as an export, imported by the IPC
/// speed spec to time every RISK command on a long game.
#[test]
#[ignore = "writes a fixture: make fixture"]
fn write_the_long_risk_game_export() {
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/risk-20000-events.bagless.json");
    assert!(
        !out.exists(),
        "{} exists: a fixture is never rewritten",
        out.display()
    );
    let dir = tempfile::tempdir().unwrap();
    let log = support::risk_bot::long_game(20_000, clock());
    let mut library = bagless_store::Library::open(
        &dir.path().join("bagless.sqlite"),
        &dir.path().join("backups"),
        clock(),
    )
    .unwrap();
    library
        .insert_game_log::<bagless_app::games::risk::Risk>("long", "A long night", &log)
        .unwrap();
    drop(library);
    let app = App::open(
        AppDirs {
            data_dir: dir.path().to_path_buf(),
        },
        clock,
    );
    app.export_campaign_to("long", &out).unwrap();
    println!("fixture written to {}", out.display());
}
