//! What the app's tests share: the app on a library folder, and the other
//! games' commands and bots.

pub mod door;
pub mod games;
pub mod risk_bot;

use bagless_app::{App, AppDirs};
use std::path::Path;

/// The app on the library folder `dir`, its time given by `clock`.
pub fn app_in(dir: &Path, clock: fn() -> bagless_app::DateTime) -> App {
    App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        clock,
    )
}
