//! One function per command. They print for a person; errors go back to
//! `main` as a [`Failure`], which says them on stderr with their exit code.

use crate::Failure;
use bagless_app::{App, AppDirs, Packs};
use bagless_store::{check::copy_library_file, Library, StoreError};
use chrono::{DateTime, Local, Utc};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// The name the desktop app gives the library in its data folder.
const LIBRARY_FILE_NAME: &str = "bagless.sqlite";

fn folder_of(library: &Path) -> PathBuf {
    match library.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

pub fn backups_dir(library: &Path) -> PathBuf {
    folder_of(library).join("backups")
}

/// Opens the library, refusing to create one where none is: a mistyped
/// `--library` must not leave an empty library behind.
pub fn open_existing(library: &Path) -> Result<Library, Failure> {
    if !library.exists() {
        return Err(Failure::LibraryUnopenable(format!(
            "There is no library at {}. Give its place with --library.",
            library.display()
        )));
    }
    Ok(Library::open(library, &backups_dir(library), Utc::now())?)
}

/// Takes the library's lock for a command that replaces or adds to it, or
/// refuses while the window holds it (unless `force`: then nothing is held).
pub fn hold(library: &Path, force: bool) -> Result<Option<bagless_app::LibraryLock>, Failure> {
    match bagless_app::LibraryLock::acquire(library) {
        Ok(lock) => Ok(Some(lock)),
        Err(_) if force => Ok(None),
        Err(error) if error.code == "library_open_in_app" => Err(Failure::Usage(error.message)),
        Err(error) => Err(error.into()),
    }
}

/// The app's use-cases on this library. `App` finds the library by its
/// data folder, so the file must have the app's name for it.
fn open_app(library: &Path) -> Result<App, Failure> {
    if library.file_name() != Some(LIBRARY_FILE_NAME.as_ref()) {
        return Err(Failure::Usage(format!(
            "export and import work on a library file called {LIBRARY_FILE_NAME}, as the app names it; give --library its folder"
        )));
    }
    let app = App::open(
        AppDirs {
            data_dir: folder_of(library),
        },
        bagless_app::now,
    );
    match app.library_info().error {
        Some(error) => Err(error.into()),
        None => Ok(app),
    }
}

fn local_time(time: DateTime<Utc>) -> String {
    time.with_timezone(&Local)
        .format("%Y-%m-%d %H:%M")
        .to_string()
}

/// `<folder>/bagless-<reason>-<date>.sqlite`, numbered if that name is taken.
fn dated_backup_path(folder: &Path, reason: &str) -> PathBuf {
    let stamp = Utc::now().format("%Y%m%d-%H%M%S");
    (1..)
        .map(|n| match n {
            1 => folder.join(format!("bagless-{reason}-{stamp}.sqlite")),
            n => folder.join(format!("bagless-{reason}-{stamp}-{n}.sqlite")),
        })
        .find(|path| !path.exists())
        .expect("an unused name exists")
}

fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

pub fn list(library_path: &Path) -> Result<(), Failure> {
    let library = open_existing(library_path)?;
    let packs = Packs::builtin();
    let records = library.campaigns()?;
    if records.is_empty() {
        println!(
            "The library at {} holds no campaigns yet.",
            library_path.display()
        );
        return Ok(());
    }
    let (binned, current): (Vec<_>, Vec<_>) =
        records.into_iter().partition(|r| r.deleted_at.is_some());
    for (heading, records) in [("Campaigns", current), ("In the bin", binned)] {
        if records.is_empty() {
            continue;
        }
        println!("{heading}:");
        for record in records {
            let stored = library.load(&record.id)?;
            let progress = match packs.get(&record.pack_id) {
                Ok(pack) => {
                    let xp = stored.state.xp(pack);
                    format!(
                        "{}, {xp} XP, level {}",
                        pack.name,
                        bagless_core::campaign::roman(pack.level_for(xp))
                    )
                }
                Err(_) => format!("the {} box (unknown to this version)", record.pack_id),
            };
            let played = record
                .last_played_on
                .as_deref()
                .map_or("not played yet".to_string(), |day| {
                    format!("last played {day}")
                });
            println!(
                "  {} - {progress}, {played} (id {})",
                record.name, record.id
            );
        }
    }
    Ok(())
}

pub fn check(library_path: &Path) -> Result<(), Failure> {
    let library = open_existing(library_path)?;
    println!(
        "Library {} (format {})",
        library_path.display(),
        library.schema_version()?
    );
    let mut problems = 0usize;
    let file_problems = library.integrity_check()?;
    if file_problems.is_empty() {
        println!("OK       the file itself (SQLite integrity check)");
    } else {
        problems += 1;
        for problem in file_problems.iter().take(20) {
            println!("PROBLEM  the file itself: {problem}");
        }
    }
    let records = match library.campaigns() {
        Ok(records) => records,
        Err(error) => {
            println!("PROBLEM  the list of campaigns cannot be read: {error}");
            println!("The library has problems. Put a backup back with `bagless restore FILE`.");
            return Err(Failure::ProblemsFound);
        }
    };
    for record in &records {
        let label = match record.deleted_at {
            Some(_) => format!("{} (in the bin, id {})", record.name, record.id),
            None => format!("{} (id {})", record.name, record.id),
        };
        match library.check_campaign(&record.id)? {
            None => println!("OK       {label}"),
            Some(problem) => {
                problems += 1;
                println!("PROBLEM  {label}: {problem}");
            }
        }
    }
    let campaigns = plural(records.len(), "campaign", "campaigns");
    if problems == 0 {
        println!("All good: the file and its {campaigns} are sound.");
        Ok(())
    } else {
        println!(
            "Found {} (file and {campaigns} checked). Put a backup back with `bagless restore FILE`.",
            plural(problems, "problem", "problems")
        );
        Err(Failure::ProblemsFound)
    }
}

pub fn backup(library_path: &Path, file: Option<&Path>) -> Result<(), Failure> {
    let library = open_existing(library_path)?;
    let destination = match file {
        Some(file) if file.exists() => {
            return Err(Failure::Usage(format!(
                "{} already exists; choose a new file name",
                file.display()
            )))
        }
        Some(file) => file.to_path_buf(),
        None => dated_backup_path(&backups_dir(library_path), "manual"),
    };
    library.backup_to(&destination)?;
    println!(
        "Backed up the library ({}) to {}",
        plural(library.campaigns()?.len(), "campaign", "campaigns"),
        destination.display()
    );
    Ok(())
}

pub fn restore(library_path: &Path, file: &Path, yes: bool) -> Result<(), Failure> {
    if let (Ok(a), Ok(b)) = (library_path.canonicalize(), file.canonicalize()) {
        if a == b {
            return Err(Failure::Usage(format!(
                "{} is the library itself; give a backup file",
                file.display()
            )));
        }
    }
    // The backup is copied and brought up to date beside the library, so
    // the file given is never written to and the final step is one copy.
    let staging = folder_of(library_path).join(format!(".bagless-restore-{}", std::process::id()));
    let outcome = restore_through(library_path, file, yes, &staging);
    let _ = std::fs::remove_dir_all(&staging);
    outcome
}

fn restore_through(
    library_path: &Path,
    file: &Path,
    yes: bool,
    staging: &Path,
) -> Result<(), Failure> {
    let refused = |error: StoreError| match Failure::from(error) {
        Failure::LibraryUnopenable(why) => {
            Failure::LibraryUnopenable(format!("{} cannot be restored: {why}", file.display()))
        }
        other => other,
    };
    std::fs::create_dir_all(staging)?;
    let staged_path = staging.join(LIBRARY_FILE_NAME);
    copy_library_file(file, &staged_path).map_err(refused)?;
    let staged =
        Library::open(&staged_path, &staging.join("backups"), Utc::now()).map_err(refused)?;
    // A backup that fails the check would only swap one problem for another.
    let damaged = !staged.integrity_check()?.is_empty()
        || staged
            .campaigns()?
            .iter()
            .map(|record| staged.check_campaign(&record.id))
            .collect::<Result<Vec<_>, _>>()?
            .iter()
            .any(Option::is_some);
    if damaged {
        return Err(Failure::LibraryUnopenable(format!(
            "{} cannot be restored: it does not pass `bagless check`. Nothing was changed.",
            file.display()
        )));
    }

    let records = staged.campaigns()?;
    let last_change = staged
        .last_change()?
        .map_or("never changed".to_string(), |t| {
            format!("last changed {}", local_time(t))
        });
    println!(
        "{} holds {} ({last_change}):",
        file.display(),
        plural(records.len(), "campaign", "campaigns")
    );
    for record in &records {
        let bin = if record.deleted_at.is_some() {
            " (in the bin)"
        } else {
            ""
        };
        println!("  {}{bin}", record.name);
    }
    println!(
        "It will replace the library at {}; a copy of the current library goes into {} first.",
        library_path.display(),
        backups_dir(library_path).display()
    );
    if !confirmed(yes)? {
        println!("Nothing was changed.");
        return Ok(());
    }

    if !library_path.exists() {
        staged.backup_to(library_path)?;
    } else {
        match Library::open(library_path, &backups_dir(library_path), Utc::now()) {
            Ok(mut current) => {
                let kept = dated_backup_path(&backups_dir(library_path), "before-restore");
                current.backup_to(&kept)?;
                println!("The current library was saved to {}", kept.display());
                current.replace_with(&staged)?;
            }
            Err(StoreError::Damaged(_) | StoreError::NotALibrary(_)) => {
                set_aside_unreadable(library_path)?;
                staged.backup_to(library_path)?;
            }
            Err(other) => return Err(other.into()),
        }
    }
    println!(
        "Restored {} into {}",
        file.display(),
        library_path.display()
    );
    Ok(())
}

/// A library SQLite cannot read cannot be copied through SQLite: its files
/// are moved as they are into the backups folder, to keep what can be kept.
fn set_aside_unreadable(library_path: &Path) -> Result<(), Failure> {
    let kept = dated_backup_path(&backups_dir(library_path), "unreadable");
    std::fs::create_dir_all(backups_dir(library_path))?;
    for suffix in ["", "-wal", "-shm"] {
        let mut from = library_path.as_os_str().to_owned();
        from.push(suffix);
        let mut to = kept.as_os_str().to_owned();
        to.push(suffix);
        if Path::new(&from).exists() {
            std::fs::rename(&from, &to)?;
        }
    }
    println!(
        "The current library could not be read; its files were moved to {}",
        kept.display()
    );
    Ok(())
}

/// `--yes`, or a person at the keyboard who says yes.
fn confirmed(yes: bool) -> Result<bool, Failure> {
    if yes {
        return Ok(true);
    }
    if !std::io::stdin().is_terminal() {
        return Err(Failure::Usage(
            "restore replaces the library: add --yes to go ahead (nothing was changed)".into(),
        ));
    }
    print!("Replace the library? Type y and Enter to go ahead: ");
    std::io::stdout().flush()?;
    let mut answer = String::new();
    std::io::stdin().lock().read_line(&mut answer)?;
    Ok(matches!(answer.trim().to_lowercase().as_str(), "y" | "yes"))
}

pub fn export(library_path: &Path, campaign: &str, file: &Path) -> Result<(), Failure> {
    if file.exists() {
        return Err(Failure::Usage(format!(
            "{} already exists; choose a new file name",
            file.display()
        )));
    }
    let app = open_app(library_path)?;
    let (id, name) = find_campaign(&app, campaign)?;
    let written = PathBuf::from(app.export_campaign(&id)?.path);
    move_file(&written, file)?;
    println!("Exported \"{name}\" to {}", file.display());
    Ok(())
}

/// The campaign with this id, else the one with exactly this name.
fn find_campaign(app: &App, wanted: &str) -> Result<(String, String), Failure> {
    let view = app.list_campaigns()?;
    let all: Vec<_> = view.campaigns.iter().chain(&view.bin).collect();
    if let Some(found) = all.iter().find(|c| c.id == wanted) {
        return Ok((found.id.clone(), found.name.clone()));
    }
    let named: Vec<_> = all.iter().filter(|c| c.name == wanted).collect();
    match named.as_slice() {
        [one] => Ok((one.id.clone(), one.name.clone())),
        [] => Err(Failure::Usage(format!(
            "no campaign is called {wanted:?} (see `bagless list` for names and ids)"
        ))),
        several => Err(Failure::Usage(format!(
            "{} campaigns are called {wanted:?}; give the id instead: {}",
            several.len(),
            several
                .iter()
                .map(|c| c.id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// Moves a finished file; across disks, copies it then removes the original.
fn move_file(from: &Path, to: &Path) -> Result<(), Failure> {
    if std::fs::rename(from, to).is_err() {
        std::fs::copy(from, to)?;
        std::fs::remove_file(from)?;
    }
    Ok(())
}

pub fn import(library_path: &Path, file: &Path) -> Result<(), Failure> {
    let app = open_app(library_path)?;
    let path = file.to_str().ok_or_else(|| {
        Failure::Usage(format!("{} is not a path Bagless can read", file.display()))
    })?;
    let summary = app.import_campaign(path)?;
    println!(
        "Imported \"{}\" ({}, {} XP) as a new campaign (id {})",
        summary.name, summary.pack_name, summary.xp, summary.id
    );
    Ok(())
}
