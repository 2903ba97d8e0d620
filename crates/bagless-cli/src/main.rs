//! `bagless`: the library's care kit for when the window will not start.
//! Every command goes through `bagless-app`, as the window does.

mod args;
mod commands;
#[cfg(feature = "debug-writer")]
mod debug;

use args::{Command, HELP};
use bagless_app::AppError;
use std::path::PathBuf;
use std::process::ExitCode;

/// Why a command stopped; each kind has its own exit code (see `HELP`).
#[derive(Debug)]
pub enum Failure {
    /// `check` found problems; they were already printed.
    ProblemsFound,
    Usage(String),
    LibraryUnopenable(String),
    Other(String),
}

impl Failure {
    fn exit_code(&self) -> u8 {
        match self {
            Failure::ProblemsFound => 1,
            Failure::Usage(_) => 2,
            Failure::LibraryUnopenable(_) => 3,
            Failure::Other(_) => 4,
        }
    }
}

impl From<AppError> for Failure {
    fn from(error: AppError) -> Self {
        match error.code.as_str() {
            "library_newer" | "library_foreign" | "library_damaged" => {
                Failure::LibraryUnopenable(error.message)
            }
            _ => Failure::Other(error.message),
        }
    }
}

impl From<std::io::Error> for Failure {
    fn from(error: std::io::Error) -> Self {
        Failure::Other(error.to_string())
    }
}

fn main() -> ExitCode {
    let outcome = args::parse(std::env::args().skip(1))
        .map_err(Failure::Usage)
        .and_then(|invocation| {
            if let Command::Help | Command::Version = invocation.command {
                return run(invocation.command, PathBuf::new());
            }
            let library = match invocation.library {
                Some(path) if path.is_dir() => path.join("bagless.sqlite"),
                Some(path) => path,
                None => default_library()?,
            };
            run(invocation.command, library)
        });
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            match &failure {
                Failure::ProblemsFound => {}
                Failure::Usage(message) => {
                    eprintln!("bagless: {message}. Run `bagless --help` to see the commands.")
                }
                Failure::LibraryUnopenable(message) | Failure::Other(message) => {
                    eprintln!("bagless: {message}")
                }
            }
            ExitCode::from(failure.exit_code())
        }
    }
}

fn run(command: Command, library: PathBuf) -> Result<(), Failure> {
    match command {
        Command::Help => {
            print!("{HELP}");
            Ok(())
        }
        Command::Version => {
            println!("bagless {}", env!("CARGO_PKG_VERSION"));
            Ok(())
        }
        Command::List => commands::list(&library),
        Command::Check => commands::check(&library),
        Command::Backup { file } => commands::backup(&library, file.as_deref()),
        Command::Restore {
            file,
            yes,
            force,
            leave_out,
        } => {
            let _held = commands::hold(&library, force)?;
            commands::restore(&library, &file, yes, leave_out)
        }
        Command::Export { campaign, file } => commands::export(&library, &campaign, &file),
        Command::Import {
            file,
            force,
            choice,
        } => {
            let _held = commands::hold(&library, force)?;
            commands::import(&library, &file, choice)
        }
        #[cfg(feature = "debug-writer")]
        Command::DebugRecordLoop { games, count } => debug::record_loop(&library, &games, count),
    }
}

/// The desktop app's library: its data folder is the platform's data folder
/// joined with the app identifier, as Tauri resolves it.
fn default_library() -> Result<PathBuf, Failure> {
    const APP_IDENTIFIER: &str = "org.bagless.desktop";
    let data = dirs::data_dir().ok_or_else(|| {
        Failure::Usage("the data folder is unknown here (no home folder); give --library".into())
    })?;
    Ok(data.join(APP_IDENTIFIER).join("bagless.sqlite"))
}
