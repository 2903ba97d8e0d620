//! Issue "A campaign's whole life" 4: the same campaign on two computers.
//! A campaign carries its identity in its export; a file of a campaign the
//! library holds is compared by history: it brings the library up to date
//! (what was played since told), changes nothing when the library is as
//! recent or more, and, when both went different ways from a common entry,
//! shows both until the players choose which stays the campaign, the other
//! kept beside it as a copy. Never a silent duplicate, never a silent
//! merge; different campaigns are never joined.

use crate::support::door::{Door, Parts};
use bagless_app::games::bov::Bov;
use bagless_app::PlayerCommand;
use bagless_app::{App, AppDirs, ForkChoice, ImportHow, NewCampaign};
use bagless_bov::campaign::EventEnvelope;
use chrono::{TimeZone, Utc};
use proptest::prelude::*;
use std::path::{Path, PathBuf};

fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 11, 28, 21, 0, 0).unwrap()
}

/// A library in a temporary folder: one home.
struct Home {
    dir: tempfile::TempDir,
    app: App,
}

impl Home {
    fn new() -> Home {
        let dir = tempfile::tempdir().unwrap();
        let app = App::open(
            AppDirs {
                data_dir: dir.path().to_path_buf(),
            },
            clock,
        );
        Home { dir, app }
    }

    /// The game `id` exported to a file of this home.
    fn export(&self, id: &str) -> PathBuf {
        let path = self.dir.path().join(format!("{id}.bagless.json"));
        let _ = std::fs::remove_file(&path);
        self.app.export_campaign_to(id, &path).unwrap();
        path
    }

    /// The log of the game `id`, as its export holds it.
    fn log(&self, id: &str) -> Vec<EventEnvelope> {
        let file: serde_json::Value =
            serde_json::from_slice(&std::fs::read(self.export(id)).unwrap()).unwrap();
        serde_json::from_value(file["events"].clone()).unwrap()
    }

    fn ids(&self) -> Vec<String> {
        let list = self.app.list_campaigns().unwrap();
        list.campaigns
            .iter()
            .chain(&list.bin)
            .map(|c| c.id.clone())
            .collect()
    }

    fn backups(&self) -> usize {
        std::fs::read_dir(self.dir.path().join("backups"))
            .map(|d| {
                d.filter_map(|e| e.ok()?.file_name().into_string().ok())
                    .filter(|n| n.contains("before-import") && n.ends_with(".sqlite"))
                    .count()
            })
            .unwrap_or(0)
    }

    /// How many events of the game `id` the newest backup taken before an
    /// import holds.
    fn events_in_last_backup(&self, id: &str) -> u32 {
        let dir = self.dir.path().join("backups");
        let newest = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().contains("before-import"))
            .filter(|e| e.file_name().to_string_lossy().ends_with(".sqlite"))
            .max_by_key(|e| e.metadata().unwrap().modified().unwrap())
            .unwrap()
            .path();
        let conn = rusqlite::Connection::open(newest).unwrap();
        conn.query_row(
            "SELECT count(*) FROM events WHERE campaign_id = ?1",
            [id],
            |r| r.get(0),
        )
        .unwrap()
    }
}

fn campaign(home: &Home) -> String {
    home.app
        .create_campaign(NewCampaign {
            name: "Carnival nights".into(),
            pack_id: "core".into(),
            assassins: vec!["alessandra".into(), "daria".into()],
        })
        .unwrap()
        .id
}

fn import(home: &Home, file: &Path, choice: Option<ForkChoice>) -> bagless_app::Imported {
    home.app.import_file(file, choice).unwrap()
}

#[test]
fn a_campaign_carried_to_another_home_and_back_is_brought_up_to_date_never_duplicated() {
    let (a, b) = (Home::new(), Home::new());
    let id = campaign(&a);
    a.app
        .act::<Bov>(
            &id,
            PlayerCommand::SetHqSticker {
                number: 1,
                marked: true,
            },
        )
        .diary()
        .unwrap();
    let added = import(&b, &a.export(&id), None);
    assert_eq!(
        (added.how, added.game.id.as_str()),
        (ImportHow::Added, id.as_str())
    );

    // Imported twice: nothing written, no "(2)".
    let file = a.export(&id);
    let backups = b.backups();
    assert_eq!(import(&b, &file, None).how, ImportHow::AlreadyHere);
    assert_eq!(import(&b, &file, None).how, ImportHow::AlreadyHere);
    assert_eq!(b.ids(), std::slice::from_ref(&id));
    assert_eq!(b.backups(), backups, "nothing written");

    // Played on in A: B brought up to date, a backup first, what was played told.
    a.app
        .act::<Bov>(
            &id,
            PlayerCommand::SetHqSticker {
                number: 2,
                marked: true,
            },
        )
        .diary()
        .unwrap();
    a.app
        .rename::<Bov>(&id, "Carnival nights, part two")
        .diary()
        .unwrap();
    let before = b.log(&id).len() as u32;
    let up = import(&b, &a.export(&id), None);
    assert_eq!(up.how, ImportHow::BroughtUpToDate);
    assert_eq!(
        b.events_in_last_backup(&id),
        before,
        "the library as it was, kept first"
    );
    let since = up.since.expect("what was played since");
    assert_eq!(since.entries.len(), 2, "{:?}", since.entries);
    assert_eq!(up.game.name, "Carnival nights, part two");
    assert_eq!(b.log(&id), a.log(&id));

    // An older file in a library played further: nothing written.
    b.app
        .act::<Bov>(
            &id,
            PlayerCommand::SetHqSticker {
                number: 3,
                marked: true,
            },
        )
        .diary()
        .unwrap();
    assert_eq!(import(&b, &file, None).how, ImportHow::MoreRecentHere);
    assert_eq!(b.ids(), std::slice::from_ref(&id));
}

#[test]
fn both_ways_are_shown_then_each_kept_as_the_players_choose() {
    let (a, b) = (Home::new(), Home::new());
    let id = campaign(&a);
    import(&b, &a.export(&id), None);
    a.app
        .act::<Bov>(
            &id,
            PlayerCommand::SetHqSticker {
                number: 1,
                marked: true,
            },
        )
        .diary()
        .unwrap();
    b.app
        .act::<Bov>(
            &id,
            PlayerCommand::SetHqSticker {
                number: 5,
                marked: true,
            },
        )
        .diary()
        .unwrap();
    b.app
        .act::<Bov>(
            &id,
            PlayerCommand::SetHqSticker {
                number: 6,
                marked: true,
            },
        )
        .diary()
        .unwrap();
    let (from_a, a_log, b_log) = (a.export(&id), a.log(&id), b.log(&id));

    let shown = import(&b, &from_a, None);
    assert_eq!(shown.how, ImportHow::WentDifferentWays);
    let fork = shown.fork.expect("both ways");
    assert_eq!(fork.here.entries.len(), 2);
    assert_eq!(fork.there.entries.len(), 1);
    assert!(fork.common > 0);
    assert_eq!(
        b.ids(),
        std::slice::from_ref(&id),
        "nothing written until they choose"
    );
    let refused = b.app.import_campaign(from_a.to_str().unwrap()).unwrap_err();
    assert_eq!(refused.code, "import_went_different_ways");

    // Keep B's: A's kept beside it as a copy.
    let kept = import(&b, &from_a, Some(ForkChoice::KeepHere));
    assert_eq!(kept.how, ImportHow::KeptHereAndCopy);
    let copy = kept.copy.expect("a copy");
    assert!(
        copy.name.starts_with("Carnival nights (2026-"),
        "{}",
        copy.name
    );
    assert_eq!(b.log(&id), b_log);
    assert_eq!(b.log(&copy.id)[..a_log.len()], a_log[..]);

    // In A, take B's way: A's own kept as a copy, B's under the identity.
    let from_b = b.export(&id);
    let took = import(&a, &from_b, Some(ForkChoice::KeepFile));
    assert_eq!(took.how, ImportHow::TookFileAndCopy);
    assert_eq!(took.game.id, id);
    assert_eq!(a.log(&id), b_log);
    let copy = took.copy.expect("a copy");
    assert_eq!(a.log(&copy.id)[..a_log.len()], a_log[..]);
    for home in [&a, &b] {
        let check = home.app.check_library().unwrap().campaigns.unwrap();
        assert!(check.iter().all(|c| c.problem.is_none()), "{check:?}");
    }
}

#[test]
fn different_campaigns_are_never_joined() {
    let (a, b) = (Home::new(), Home::new());
    let ours = campaign(&a);
    let theirs = campaign(&b);
    let added = import(&b, &a.export(&ours), None);
    assert_eq!(added.how, ImportHow::Added);
    assert_ne!(added.game.id, theirs);
    assert_eq!(b.ids().len(), 2);
    // A file claiming another campaign's identity, with another creation:
    // another campaign, added under an identity of its own.
    let mut file: serde_json::Value =
        serde_json::from_slice(&std::fs::read(a.export(&ours)).unwrap()).unwrap();
    file["id"] = theirs.clone().into();
    file["events"][0]["recorded_at"] = "2026-11-01T20:00:00Z".into();
    let forged = a.dir.path().join("forged.bagless.json");
    std::fs::write(&forged, file.to_string()).unwrap();
    let added = import(&b, &forged, None);
    assert_eq!(added.how, ImportHow::Added);
    assert!(![ours, theirs].contains(&added.game.id));
}

/// A step a home takes in its copy of the campaign.
#[derive(Debug, Clone)]
enum Step {
    Sticker(u8, bool),
    Undo,
}

fn steps() -> impl Strategy<Value = Vec<Step>> {
    prop::collection::vec(
        prop_oneof![
            4 => (1u8..=9, any::<bool>()).prop_map(|(n, m)| Step::Sticker(n, m)),
            1 => Just(Step::Undo),
        ],
        0..6,
    )
}

fn play(home: &Home, id: &str, steps: &[Step]) {
    for step in steps {
        let _ = match step {
            Step::Sticker(n, marked) => home
                .app
                .act::<Bov>(
                    id,
                    PlayerCommand::SetHqSticker {
                        number: *n,
                        marked: *marked,
                    },
                )
                .diary()
                .map(|_| ()),
            Step::Undo => home.app.undo::<Bov>(id).map(|_| ()),
        };
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Any two histories of one campaign, imported either way with either
    /// choice, lose no entry of either: each is, whole, the beginning of a
    /// game the library holds afterwards.
    #[test]
    fn two_histories_of_one_campaign_lose_no_entry_imported_either_way(
        shared in steps(),
        here in steps(),
        there in steps(),
        keep_file in any::<bool>(),
        into_a in any::<bool>(),
    ) {
        let (a, b) = (Home::new(), Home::new());
        let id = campaign(&a);
        play(&a, &id, &shared);
        import(&b, &a.export(&id), None);
        play(&a, &id, &here);
        play(&b, &id, &there);
        let (to, from) = if into_a { (&a, &b) } else { (&b, &a) };
        let (to_log, from_log) = (to.log(&id), from.log(&id));
        let file = from.export(&id);
        let mut imported = import(to, &file, None);
        if imported.how == ImportHow::WentDifferentWays {
            let choice = if keep_file { ForkChoice::KeepFile } else { ForkChoice::KeepHere };
            imported = import(to, &file, Some(choice));
        }
        let logs: Vec<Vec<EventEnvelope>> = to.ids().iter().map(|g| to.log(g)).collect();
        for kept in [&to_log, &from_log] {
            prop_assert!(
                logs.iter().any(|log| log.len() >= kept.len() && log[..kept.len()] == kept[..]),
                "{:?}: a history lost", imported.how
            );
        }
        prop_assert!(logs.len() <= 2, "never more than the game and one copy");
    }
}
