//! One function per command. They print for a person; errors go back to
//! `main` as a [`Failure`], which says them on stderr with their exit code.
//! Every command reaches the library through `bagless-app`, as the window
//! does: the restore is the window's own.

use crate::Failure;
use bagless_app::rescue::{dirs_of, Replaced};
use bagless_app::{App, AppError, ProgressStep};
use chrono::{DateTime, Local};
use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;

/// The name the desktop app gives the library in its data folder.
const LIBRARY_FILE_NAME: &str = "bagless.sqlite";

/// The app on this library file, refusing to create one where none is: a
/// mistyped `--library` must not leave an empty library behind.
pub fn open_existing(library: &Path) -> Result<App, Failure> {
    let app = App::open_file(library, bagless_app::now);
    match app.library_error() {
        Some(error) if error.code == "library_missing" => Err(Failure::LibraryUnopenable(format!(
            "There is no library at {}. Give its place with --library.",
            library.display()
        ))),
        Some(error) => Err(error.into()),
        None => Ok(app),
    }
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

/// An RFC 3339 time from the app, in the local time zone.
fn local_time(time: &str) -> String {
    DateTime::parse_from_rfc3339(time).map_or_else(
        |_| time.to_string(),
        |t| t.with_timezone(&Local).format("%Y-%m-%d %H:%M").to_string(),
    )
}

fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

pub fn list(library_path: &Path) -> Result<(), Failure> {
    let app = open_existing(library_path)?;
    let campaigns = app.stored_campaigns()?;
    let listed = app.list_campaigns()?;
    // What the window's library shows of each campaign (its XP and level,
    // as the rules give them): the command computes nothing itself.
    let summaries: std::collections::HashMap<&str, &bagless_app::CampaignSummary> = listed
        .campaigns
        .iter()
        .chain(&listed.bin)
        .map(|c| (c.id.as_str(), c))
        .collect();
    let games: Vec<_> = listed
        .campaigns
        .iter()
        .chain(&listed.bin)
        .filter(|c| c.game != "bov")
        .collect();
    if campaigns.is_empty() && games.is_empty() {
        println!(
            "The library at {} holds no campaigns yet.",
            library_path.display()
        );
        return Ok(());
    }
    let (binned, current): (Vec<_>, Vec<_>) = campaigns.into_iter().partition(|c| c.in_bin);
    for (heading, campaigns) in [("Campaigns", current), ("In the bin", binned)] {
        if campaigns.is_empty() {
            continue;
        }
        println!("{heading}:");
        for campaign in campaigns {
            let progress = match summaries.get(campaign.id.as_str()) {
                Some(summary) => format!(
                    "{}, {} XP, level {}",
                    summary.pack_name,
                    summary.xp,
                    bagless_bov::campaign::roman(summary.level)
                ),
                None => format!("the {} box (unknown to this version)", campaign.pack_id),
            };
            let played = campaign
                .last_played_on
                .as_deref()
                .map_or("not played yet".to_string(), |day| {
                    format!("last played {day}")
                });
            println!(
                "  {} - {progress}, {played} (id {})",
                campaign.name, campaign.id
            );
        }
    }
    if !games.is_empty() {
        println!("Games of other boxes:");
        for game in games {
            let bin = if game.deleted_at.is_some() {
                ", in the bin"
            } else {
                ""
            };
            println!(
                "  {} - {}, turn {}, {}{bin} (id {})",
                game.name,
                game.pack_name,
                game.round,
                game.assassins.join(", "),
                game.id
            );
        }
    }
    Ok(())
}

/// A line on the terminal that says how far long work has come, written
/// over itself (nothing when the output is not a terminal), and cleared
/// when dropped.
struct ProgressLine {
    shown: bool,
}

impl ProgressLine {
    fn new() -> ProgressLine {
        use std::io::IsTerminal;
        ProgressLine {
            shown: std::io::stderr().is_terminal(),
        }
    }

    fn tell(&self) -> impl Fn(bagless_app::Progress) + Sync + '_ {
        move |p| {
            if !self.shown {
                return;
            }
            let percent = if p.total == 0 {
                0
            } else {
                u64::from(p.done) * 100 / u64::from(p.total)
            };
            let words = match p.step {
                ProgressStep::Copying => format!("Copying the backup… {percent}%"),
                ProgressStep::Checking => format!("Checking game {} of {}…", p.done, p.total),
                ProgressStep::Keeping => format!("Keeping the library as it is… {percent}%"),
                ProgressStep::Restoring => format!("Putting the backup in place… {percent}%"),
            };
            eprint!("\r\x1b[2K{words}");
        }
    }
}

impl Drop for ProgressLine {
    fn drop(&mut self) {
        if self.shown {
            eprint!("\r\x1b[2K");
        }
    }
}

pub fn check(library_path: &Path) -> Result<(), Failure> {
    let line = ProgressLine::new();
    let report = open_existing(library_path)?.check_library_with(&line.tell())?;
    drop(line);
    println!(
        "Library {} (format {})",
        library_path.display(),
        report.format
    );
    let mut problems = 0usize;
    if report.file_problems.is_empty() {
        println!("OK       the file itself (SQLite integrity check)");
    } else {
        problems += 1;
        for problem in report.file_problems.iter().take(20) {
            println!("PROBLEM  the file itself: {problem}");
        }
    }
    let campaigns = match report.campaigns {
        Ok(campaigns) => campaigns,
        Err(error) => {
            println!("PROBLEM  the list of campaigns cannot be read: {error}");
            println!("The library has problems. Put a backup back with `bagless restore FILE`.");
            return Err(Failure::ProblemsFound);
        }
    };
    for campaign in &campaigns {
        let what = campaign
            .what
            .map(|what| format!("{what}, "))
            .unwrap_or_default();
        let label = match campaign.in_bin {
            true => format!("{} ({what}in the bin, id {})", campaign.name, campaign.id),
            false => format!("{} ({what}id {})", campaign.name, campaign.id),
        };
        match &campaign.problem {
            None => println!("OK       {label}"),
            Some(problem) => {
                problems += 1;
                println!("PROBLEM  {label}: {problem}");
            }
        }
    }
    let campaigns = plural(campaigns.len(), "campaign or game", "campaigns and games");
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
    let backed_up = open_existing(library_path)?
        .back_up(file)
        .map_err(|error| match error.code.as_str() {
            "backup_file_exists" => Failure::Usage(error.message),
            _ => error.into(),
        })?;
    println!(
        "Backed up the library ({}) to {}",
        plural(
            backed_up.campaigns,
            "campaign or game",
            "campaigns and games"
        ),
        backed_up.path.display()
    );
    Ok(())
}

/// Shows what `file` holds, asks, then puts it in place of the library
/// through the app's restore. A backup with a game whose history is not
/// what the rules give is refused, unless `leave_out`: then the others are
/// restored.
pub fn restore(
    library_path: &Path,
    file: &Path,
    yes: bool,
    leave_out: bool,
) -> Result<(), Failure> {
    // Copied and checked beside the library: the file given is never
    // written to, and a file that does not pass the check replaces nothing.
    let line = ProgressLine::new();
    let staged = App::stage_backup_with(library_path, file, bagless_app::now, &line.tell())
        .map_err(|error| refused(file, error))?;
    drop(line);
    let preview = staged.preview();
    let last_change = preview
        .last_change
        .as_deref()
        .map_or("never changed".to_string(), |t| {
            format!("last changed {}", local_time(t))
        });
    println!(
        "{} holds {} ({last_change}):",
        file.display(),
        plural(
            preview.campaigns.len(),
            "campaign or game",
            "campaigns and games"
        )
    );
    for campaign in &preview.campaigns {
        let bin = if campaign.in_bin { " (in the bin)" } else { "" };
        println!("  {}{bin}", campaign.name);
    }
    if !preview.problems.is_empty() {
        println!("Its rules would not have written these histories:");
        for problem in &preview.problems {
            println!(
                "  PROBLEM  {} ({}): {}",
                problem.name, problem.pack_name, problem.problem
            );
        }
        if !leave_out {
            println!("Nothing was changed. Add --leave-out to restore the others without them, or choose another backup.");
            return Err(Failure::ProblemsFound);
        }
        println!(
            "With --leave-out, {} left out.",
            plural(preview.problems.len(), "game is", "games are")
        );
    }
    println!(
        "It will replace the library at {}; a copy of the current library goes into {} first.",
        library_path.display(),
        dirs_of(library_path).backups().display()
    );
    if !confirmed(yes)? {
        println!("Nothing was changed.");
        return Ok(());
    }

    let line = ProgressLine::new();
    let app = App::open_file(library_path, bagless_app::now);
    let restored = if leave_out {
        app.restore_staged_leaving_out(staged, &line.tell())?
    } else {
        app.restore_staged_with(staged, &line.tell())?
    };
    drop(line);
    match restored.replaced {
        Replaced::Kept(kept) => println!("The current library was saved to {}", kept.display()),
        Replaced::SetAside(kept) => println!(
            "The current library could not be read; its files were moved to {}",
            kept.display()
        ),
        Replaced::Nothing => {}
    }
    println!(
        "Restored {} into {}",
        file.display(),
        library_path.display()
    );
    for name in &restored.left_out {
        println!("Left out: {name} (its history is not what the rules give)");
    }
    Ok(())
}

/// Why `file` cannot be restored, said of that file.
fn refused(file: &Path, error: AppError) -> Failure {
    match error.code.as_str() {
        "backup_is_library" => Failure::Usage(format!(
            "{} is the library itself; give a backup file",
            file.display()
        )),
        "backup_foreign" | "backup_damaged" | "backup_newer" | "backup_check_failed" => {
            Failure::LibraryUnopenable(format!(
                "{} cannot be restored: {}",
                file.display(),
                error.message
            ))
        }
        _ => error.into(),
    }
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
    let app = open_existing(library_path)?;
    let (id, name) = find_campaign(&app, campaign)?;
    app.export_campaign_to(&id, file)?;
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

pub fn import(
    library_path: &Path,
    file: &Path,
    choice: Option<bagless_app::ForkChoice>,
) -> Result<(), Failure> {
    use bagless_app::ImportHow as How;
    // The app's own library is created if it is not there yet, as the
    // window creates it on its first start.
    let app = if !library_path.exists() && library_path.ends_with(LIBRARY_FILE_NAME) {
        let app = App::open(dirs_of(library_path), bagless_app::now);
        match app.library_error() {
            Some(error) => return Err(error.into()),
            None => app,
        }
    } else {
        open_existing(library_path)?
    };
    let imported = app.import_file(file, choice)?;
    let game = &imported.game;
    let line = |summary: &bagless_app::CampaignSummary| {
        if summary.game == "bov" {
            format!(
                "\"{}\" ({}, {} XP, id {})",
                summary.name, summary.pack_name, summary.xp, summary.id
            )
        } else {
            format!(
                "\"{}\" ({}, id {})",
                summary.name, summary.pack_name, summary.id
            )
        }
    };
    let steps =
        |history: &bagless_app::GameHistory| plural(history.entries.len(), "entry", "entries");
    match imported.how {
        How::Added => println!("Imported {} as a new campaign or game", line(game)),
        How::AlreadyHere => println!(
            "{} is already here as this file holds it: nothing changed",
            line(game)
        ),
        How::MoreRecentHere => println!(
            "{} is more recent here than in this file: nothing changed",
            line(game)
        ),
        How::BroughtUpToDate => {
            let since = imported.since.as_ref().map_or_else(String::new, steps);
            println!(
                "Brought {} up to date: {since} played elsewhere added",
                line(game)
            );
            if let Some(before) = &imported.before {
                for change in played_since(before, game) {
                    println!("  {change}");
                }
            }
        }
        How::WentDifferentWays => {
            let fork = imported.fork.as_ref();
            println!(
                "{} was played on both here and in this file after entry {}: here {}, in the file {}.",
                line(game),
                fork.map_or(0, |f| f.common),
                fork.map_or_else(String::new, |f| steps(&f.here)),
                fork.map_or_else(String::new, |f| steps(&f.there)),
            );
            println!("Nothing was changed. Import it again with --keep-here (this library's stays the campaign, the file's is kept beside it as a copy) or --keep-file (the file's becomes the campaign, this library's is kept as a copy).");
            return Err(Failure::ProblemsFound);
        }
        How::KeptHereAndCopy | How::TookFileAndCopy => {
            println!("{} is the campaign now", line(game));
            if let Some(copy) = &imported.copy {
                println!("The other way is kept beside it as {}", line(copy));
            }
        }
    }
    Ok(())
}

/// What was played between two summaries of one game, in words.
fn played_since(
    before: &bagless_app::CampaignSummary,
    after: &bagless_app::CampaignSummary,
) -> Vec<String> {
    let mut said = Vec::new();
    if after.game == "bov" {
        if after.memories_done != before.memories_done {
            said.push(format!(
                "Memories done: {} (was {})",
                after.memories_done, before.memories_done
            ));
        }
        if after.xp != before.xp {
            said.push(format!("XP: {} (was {})", after.xp, before.xp));
        }
        if after.level != before.level {
            said.push(format!("Level: {} (was {})", after.level, before.level));
        }
        if let Some(next) = after
            .next_memory
            .as_deref()
            .filter(|_| after.next_memory != before.next_memory)
        {
            said.push(format!("Next memory: {next}"));
        }
    } else if after.round != before.round {
        said.push(format!(
            "Turn or round: {} (was {})",
            after.round, before.round
        ));
    }
    if after.over && !before.over {
        said.push(format!("The game is over: {}", after.leaders.join(", ")));
    }
    said
}
