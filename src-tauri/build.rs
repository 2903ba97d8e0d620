/// Bagless's commands. Declaring them makes each one need an explicit
/// `allow-<command>` permission in a capability (least privilege).
const COMMANDS: &[&str] = &[
    "library_info",
    "list_packs",
    "list_campaigns",
    "create_campaign",
    "open_diary",
    "record_attempt",
    "decline_optional",
    "set_hq_sticker",
    "override_value",
    "rename_campaign",
    "undo_last",
    "open_board",
    "board_act",
    "open_hq",
    "hq_act",
    "delete_campaign",
    "restore_campaign",
    "export_campaign",
    "list_export_files",
    "import_campaign",
    "history",
    "undo",
    "redo",
    "jump_back",
    "list_backups",
    "preview_backup",
    "restore_backup",
];

fn main() {
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .app_manifest(tauri_build::AppManifest::new().commands(COMMANDS)),
    )
    .expect("failed to build the Tauri context");
}
