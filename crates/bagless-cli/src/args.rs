//! The command line, read by hand: six commands and two options do not need
//! a parser library, and the help text stays in one place.

use std::path::PathBuf;

pub const HELP: &str = "\
bagless - look after your Bagless library without opening the window

Your campaigns live in one library file. Use this command when the window
will not start, to check the file, back it up, put a backup back, or move a
campaign to another computer.

USAGE
  bagless [--library PATH] COMMAND [ARGUMENTS]

COMMANDS
  list                   Show every campaign: name, box, XP, level, last played
                         (campaigns in the bin are marked).
  check                  Check the library: the file itself, then every
                         campaign's diary against its history. Changes nothing.
  backup [FILE]          Save a complete copy of the library to FILE, or to a
                         dated file in the backups folder beside the library.
  restore FILE [--yes] [--force] [--leave-out]
                         Put a backup in place of the library. Shows what FILE
                         holds first (every game's history decided again by
                         its rules) and takes a copy of the current library
                         into the backups folder. Asks before replacing; --yes
                         answers for you (needed when no one can be asked).
                         A backup with a game whose history is not what the
                         rules give is refused; --leave-out restores the rest.
  export CAMPAIGN FILE   Write one campaign to FILE, to import elsewhere.
                         CAMPAIGN is its exact name or its id (see `list`).
  import FILE [--force] [--keep-here | --keep-file]
                         Bring in the campaign or game of an export file: a
                         new one is added; one the library holds is compared
                         by history and brought up to date, or left as it is
                         when it is already as recent here. When both were
                         played on differently, nothing changes until you
                         say which stays the campaign: --keep-here (this
                         library's; the file's is kept beside it as a copy)
                         or --keep-file (the file's; this library's kept as
                         a copy).
  help                   Show this text.

OPTIONS
  --library PATH         The library file (or the folder holding bagless.sqlite).
                         Default: the desktop app's library,
                         $XDG_DATA_HOME/org.bagless.desktop/bagless.sqlite
                         (~/.local/share/org.bagless.desktop/bagless.sqlite
                         when XDG_DATA_HOME is not set).
  -y, --yes              With restore: replace without asking.
  --leave-out            With restore: leave out the games whose history is
                         not what the rules give, and restore the others.
  --force                With restore and import: go ahead even though the
                         Bagless window has the library open (it holds a lock
                         on bagless.sqlite.lock; without --force they refuse).
  -h, --help             Show this text.
  -V, --version          Show the version.

`restore` and `import` refuse while the Bagless window has the library open:
quit it first. The other commands are safe while it runs.

EXAMPLES
  bagless check
  bagless list
  bagless backup ~/bagless-before-the-move.sqlite
  bagless restore ~/.local/share/org.bagless.desktop/backups/bagless-daily-20261120-210000.sqlite
  bagless export \"Venice, Tuesday group\" venice.bagless.json
  bagless import venice.bagless.json
  bagless --library /media/usb/bagless.sqlite list

EXIT CODES
  0  done, or the check found nothing wrong
  1  the check found problems (each is listed)
  2  the command line is wrong (unknown command, missing argument,
     no campaign with that name or id, restore without --yes)
  3  a library file cannot be opened: written by a newer Bagless, damaged,
     or not a Bagless library (it is left unchanged)
  4  anything else went wrong (a file could not be read or written...)
";

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Help,
    Version,
    List,
    Check,
    Backup {
        file: Option<PathBuf>,
    },
    Restore {
        file: PathBuf,
        yes: bool,
        force: bool,
        leave_out: bool,
    },
    Export {
        campaign: String,
        file: PathBuf,
    },
    Import {
        file: PathBuf,
        force: bool,
        choice: Option<bagless_app::ForkChoice>,
    },
    /// Hidden, for the crash tests: writes to each game given in turn, in
    /// a loop, and reports each committed write on stdout. Built with the
    /// `debug-writer` feature only.
    #[cfg(feature = "debug-writer")]
    DebugRecordLoop {
        /// The games' ids (`--game ID`, or `--campaign ID`): the library
        /// knows each one's kind.
        games: Vec<String>,
        count: Option<u64>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invocation {
    pub library: Option<PathBuf>,
    pub command: Command,
}

/// Reads the arguments (without the program name). The error is a one-line
/// explanation for the player.
pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Invocation, String> {
    let mut library = None;
    let mut yes = false;
    let mut force = false;
    let mut leave_out = false;
    let mut choice = None;
    let mut campaign_option = None;
    #[cfg(feature = "debug-writer")]
    let mut count: Option<u64> = None;
    #[cfg(feature = "debug-writer")]
    let mut games: Vec<String> = Vec::new();
    let mut words: Vec<String> = Vec::new();
    let mut args = args.into_iter();
    let mut options_done = false;
    while let Some(arg) = args.next() {
        if options_done || !arg.starts_with('-') || arg == "-" {
            words.push(arg);
            continue;
        }
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) => (name.to_string(), Some(value.to_string())),
            None => (arg.clone(), None),
        };
        let mut value = |what: &str| -> Result<String, String> {
            inline
                .clone()
                .or_else(|| args.next())
                .ok_or_else(|| format!("{name} needs {what} after it"))
        };
        match name.as_str() {
            "--" => options_done = true,
            "-h" | "--help" => return Ok(bare(Command::Help)),
            "-V" | "--version" => return Ok(bare(Command::Version)),
            "-y" | "--yes" => yes = true,
            "--force" => force = true,
            "--leave-out" => leave_out = true,
            "--keep-here" => choice = Some(bagless_app::ForkChoice::KeepHere),
            "--keep-file" => choice = Some(bagless_app::ForkChoice::KeepFile),
            "--library" => library = Some(PathBuf::from(value("the path of the library")?)),
            "--campaign" => campaign_option = Some(value("a campaign id")?),
            #[cfg(feature = "debug-writer")]
            "--game" => games.push(value("a game id")?),
            #[cfg(feature = "debug-writer")]
            "--count" => {
                let text = value("a number")?;
                count = Some(
                    text.parse()
                        .map_err(|_| format!("--count needs a number, not {text:?}"))?,
                );
            }
            _ => return Err(format!("unknown option {arg}")),
        }
    }
    let mut words = words.into_iter();
    let Some(name) = words.next() else {
        return Err("say which command to run".into());
    };
    let mut argument = |what: &str| words.next().ok_or_else(|| format!("`{name}` needs {what}"));
    let command = match name.as_str() {
        "help" => Command::Help,
        "list" => Command::List,
        "check" => Command::Check,
        "backup" => Command::Backup {
            file: words.next().map(PathBuf::from),
        },
        "restore" => Command::Restore {
            file: argument("the backup file to put back")?.into(),
            yes,
            force,
            leave_out,
        },
        "export" => Command::Export {
            campaign: argument("the campaign's name or id, then the file to write")?,
            file: argument("the file to write after the campaign")?.into(),
        },
        "import" => Command::Import {
            file: argument("the export file to import")?.into(),
            force,
            choice: choice.take(),
        },
        #[cfg(feature = "debug-writer")]
        "debug-record-loop" => {
            if let Some(campaign) = campaign_option.take() {
                games.insert(0, campaign);
            }
            if games.is_empty() {
                return Err("`debug-record-loop` needs --campaign ID or --game ID".into());
            }
            Command::DebugRecordLoop {
                games: std::mem::take(&mut games),
                count,
            }
        }
        other => return Err(format!("there is no command {other:?}")),
    };
    if let Some(extra) = words.next() {
        return Err(format!("`{name}` does not take {extra:?}"));
    }
    if yes && !matches!(command, Command::Restore { .. }) {
        return Err("--yes is only for `restore`".into());
    }
    if choice.is_some() {
        return Err("--keep-here and --keep-file are only for `import`".into());
    }
    if leave_out && !matches!(command, Command::Restore { .. }) {
        return Err("--leave-out is only for `restore`".into());
    }
    if force && !matches!(command, Command::Restore { .. } | Command::Import { .. }) {
        return Err("--force is only for `restore` and `import`".into());
    }
    if campaign_option.is_some() {
        return Err("--campaign is not an option of this command".into());
    }
    #[cfg(feature = "debug-writer")]
    if !games.is_empty() {
        return Err("--game is not an option of this command".into());
    }
    Ok(Invocation { library, command })
}

fn bare(command: Command) -> Invocation {
    Invocation {
        library: None,
        command,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_words(line: &str) -> Result<Invocation, String> {
        parse(line.split_whitespace().map(String::from))
    }

    #[test]
    fn options_go_before_or_after_the_command() {
        let before = parse_words("--library /x/lib.sqlite restore b.sqlite --yes").unwrap();
        let after = parse_words("restore --yes b.sqlite --library=/x/lib.sqlite").unwrap();
        assert_eq!(before, after);
        assert_eq!(
            before.command,
            Command::Restore {
                file: "b.sqlite".into(),
                yes: true,
                force: false,
                leave_out: false,
            }
        );
    }

    #[test]
    fn mistakes_are_explained() {
        assert!(parse_words("").is_err());
        assert!(parse_words("frobnicate").is_err());
        assert!(parse_words("export only-a-name").is_err());
        assert!(parse_words("list extra").is_err());
        assert!(parse_words("list --yes").is_err());
        assert!(parse_words("--library").is_err());
        assert!(parse_words("list --colour").is_err());
    }
}
