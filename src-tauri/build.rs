// Bagless's commands, from the one list in src/command_list.rs. Declaring them
// makes each one need an explicit `allow-<command>` permission in a
// capability (least privilege).
include!("src/command_list.rs");

macro_rules! names {
    ($($command:ident),* $(,)?) => {
        &[$(stringify!($command)),*]
    };
}

const COMMANDS: &[&str] = with_commands!(names);

fn main() {
    println!("cargo:rerun-if-changed=src/command_list.rs");
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .app_manifest(tauri_build::AppManifest::new().commands(COMMANDS)),
    )
    .expect("failed to build the Tauri context");
}
