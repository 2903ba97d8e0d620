// Every command the window may call, declared once. `build.rs` includes this
// file for the app manifest (each command then needs its `allow-<command>`
// permission), `commands.rs` for `generate_handler!`, and
// crates/bagless-app/tests/command_table.rs checks the capability file and
// ui/src/lib/ipc against it: a command declared here and not reachable from
// the UI, or the other way round, fails the tests.
macro_rules! with_commands {
    ($then:ident) => {
        $then!(
            library_info,
            list_packs,
            list_campaigns,
            delete_campaign,
            restore_campaign,
            export_campaign,
            list_export_files,
            import_campaign,
            import_chosen,
            export_chosen,
            save_picture,
            list_backups,
            preview_backup,
            restore_backup,
            game_setup,
            game_create,
            game_open,
            game_act,
            game_undo,
            game_redo,
            game_rename,
            game_history,
            game_jump_back,
            library_evening,
            library_year,
            risk_sheet,
            risk_odds,
            memory_start,
            table_open,
            table_status,
            table_close,
            table_networks,
            table_free,
            table_renew,
            handover_offer,
            handover_status,
            handover_withdraw,
            handover_receive,
            handover_choose
        )
    };
}
