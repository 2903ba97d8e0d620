//! A library an older Bagless let go past memory 1.1 without the HQ
//! (tests/fixtures/library-no-hq-past-1.1.sqlite) still opens: the HQ view
//! says it is missing and offers the set-up, the next memory waits for the
//! first assignment (FIRST ASSIGNMENT), and once it is made the campaign
//! goes on.

use crate::support::door::{Door, Parts, BOARD, HQ};
use bagless_app::games::bov::Bov;
use bagless_app::PlayerCommand;
use bagless_app::{App, AppDirs, AttemptInput, PlayerCommand as C};
use bagless_bov::campaign::{Difficulty, Outcome, XpGained};
use bagless_bov::hq::{keys, AllyKind, Spot};
use chrono::{NaiveDate, TimeZone, Utc};

fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 11, 22, 21, 0, 0).unwrap()
}

#[test]
fn a_campaign_past_1_1_without_an_hq_opens_and_offers_the_set_up() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/library-no-hq-past-1.1.sqlite"
        ),
        dir.path().join("bagless.sqlite"),
    )
    .unwrap();
    let app = App::open(
        AppDirs {
            data_dir: dir.path().to_path_buf(),
        },
        clock,
    );
    app.wait_for_check();
    assert!(app.library_info().read_only.is_none(), "the file adds up");
    let campaigns = app.list_campaigns().unwrap().campaigns;
    assert_eq!(campaigns.len(), 1);
    let id = campaigns[0].id.clone();
    let diary = app.open::<Bov>(&id).diary().unwrap();
    assert_eq!(diary.next.as_ref().unwrap().memory, "1.2");
    let hq = app.open_at::<Bov>(&id, HQ).hq().unwrap();
    assert!(hq.missing && hq.can_unlock, "the diary offers the set-up");

    for assassin in ["alessandra", "claudio"] {
        app.act_at::<Bov>(
            &id,
            C::PostponeSkill {
                assassin: assassin.into(),
                level: 1,
            },
            BOARD,
        )
        .board()
        .unwrap();
    }
    let input = AttemptInput {
        memory: "1.2".into(),
        outcome: Outcome::Success,
        difficulty: Difficulty::Normal,
        xp: XpGained::default(),
        sync_met: false,
        stickers: vec![],
        played_on: NaiveDate::from_ymd_opt(2026, 11, 22).unwrap(),
        notes: String::new(),
        eliminated: vec![],
    };
    let refused = app
        .act::<Bov>(&id, PlayerCommand::RecordAttempt(input.clone()))
        .diary()
        .unwrap_err();
    let bagless_app::Violation::Bov(refusal) = &refused.violations[0] else {
        panic!("a Brotherhood of Venice rule: {:?}", refused.violations);
    };
    assert_eq!(refusal.code, "hq_first_assignment_due");
    assert_eq!(refusal.section, bagless_bov::Section::FirstAssignment);

    app.act_at::<Bov>(
        &id,
        C::UnlockHq {
            ally: AllyKind::Mercenaries,
        },
        HQ,
    )
    .hq()
    .unwrap();
    let layout = [
        ("alessandra", Spot::Memory),
        ("claudio", Spot::Memory),
        ("ezio", Spot::Memory),
        ("ally-1", Spot::Memory),
        ("apprentice-1", Spot::HospitalWhite),
        ("apprentice-2", Spot::Workshop),
        ("apprentice-3", Spot::Shop),
        ("apprentice-4", Spot::CommandRoom),
        ("ally-2", Spot::CommandRoom),
        ("ally-3", Spot::CommandRoom),
        ("ally-4", Spot::CommandRoom),
    ];
    for (miniature, spot) in layout {
        app.act_at::<Bov>(
            &id,
            C::AssignMiniature {
                miniature: miniature.into(),
                spot: Some(spot),
            },
            HQ,
        )
        .hq()
        .unwrap();
    }
    app.act_at::<Bov>(
        &id,
        C::SetHqValue {
            key: keys::contract_level(1),
            value: 1,
        },
        HQ,
    )
    .hq()
    .unwrap();
    app.act_at::<Bov>(&id, C::ConfirmAssignment, HQ)
        .hq()
        .unwrap();
    assert!(!app.open_at::<Bov>(&id, HQ).hq().unwrap().missing);
    let diary = app
        .act::<Bov>(&id, PlayerCommand::RecordAttempt(input))
        .diary()
        .unwrap();
    assert_eq!(diary.next.unwrap().memory, "1.3");
}
