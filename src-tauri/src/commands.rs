//! One line per command. Database work runs on the async runtime's threads,
//! never the main thread, so the window does not freeze.

use bagless_app::{
    App, AppError, AttemptInput, BackupInfo, BackupPreview, BoardView, CampaignSummary, DiaryView,
    ExportFileInfo, ExportResult, HistoryView, HqView, LibraryInfo, LibraryView, NewCampaign,
    OverrideInput, PackSummary, PlayerCommand, RestoreResult,
};
use tauri::State;

type Answer<T> = Result<T, AppError>;

#[tauri::command]
async fn library_info(app: State<'_, App>) -> Answer<LibraryInfo> {
    Ok(app.library_info())
}

#[tauri::command]
async fn list_packs(app: State<'_, App>) -> Answer<Vec<PackSummary>> {
    Ok(app.list_packs())
}

#[tauri::command]
async fn list_campaigns(app: State<'_, App>) -> Answer<LibraryView> {
    app.list_campaigns()
}

#[tauri::command]
async fn create_campaign(app: State<'_, App>, input: NewCampaign) -> Answer<CampaignSummary> {
    app.create_campaign(input)
}

#[tauri::command]
async fn open_diary(app: State<'_, App>, campaign_id: String) -> Answer<DiaryView> {
    app.open_diary(&campaign_id)
}

#[tauri::command]
async fn open_board(app: State<'_, App>, campaign_id: String) -> Answer<BoardView> {
    app.open_board(&campaign_id)
}

#[tauri::command]
async fn board_act(
    app: State<'_, App>,
    campaign_id: String,
    command: PlayerCommand,
) -> Answer<BoardView> {
    app.board_act(&campaign_id, command)
}

#[tauri::command]
async fn open_hq(app: State<'_, App>, campaign_id: String) -> Answer<HqView> {
    app.open_hq(&campaign_id)
}

#[tauri::command]
async fn hq_act(
    app: State<'_, App>,
    campaign_id: String,
    command: PlayerCommand,
) -> Answer<HqView> {
    app.hq_act(&campaign_id, command)
}

#[tauri::command]
async fn record_attempt(
    app: State<'_, App>,
    campaign_id: String,
    input: AttemptInput,
) -> Answer<DiaryView> {
    app.record_attempt(&campaign_id, input)
}

#[tauri::command]
async fn decline_optional(
    app: State<'_, App>,
    campaign_id: String,
    memory_id: String,
) -> Answer<DiaryView> {
    app.decline_optional(&campaign_id, &memory_id)
}

#[tauri::command]
async fn set_hq_sticker(
    app: State<'_, App>,
    campaign_id: String,
    number: u8,
    marked: bool,
) -> Answer<DiaryView> {
    app.set_hq_sticker(&campaign_id, number, marked)
}

#[tauri::command]
async fn override_value(
    app: State<'_, App>,
    campaign_id: String,
    input: OverrideInput,
) -> Answer<DiaryView> {
    app.override_value(&campaign_id, input)
}

#[tauri::command]
async fn rename_campaign(
    app: State<'_, App>,
    campaign_id: String,
    name: String,
) -> Answer<DiaryView> {
    app.rename_campaign(&campaign_id, &name)
}

#[tauri::command]
async fn undo_last(app: State<'_, App>, campaign_id: String) -> Answer<DiaryView> {
    app.undo_last(&campaign_id)
}

#[tauri::command]
async fn delete_campaign(app: State<'_, App>, campaign_id: String) -> Answer<()> {
    app.delete_campaign(&campaign_id)
}

#[tauri::command]
async fn restore_campaign(app: State<'_, App>, campaign_id: String) -> Answer<()> {
    app.restore_campaign(&campaign_id)
}

#[tauri::command]
async fn export_campaign(app: State<'_, App>, campaign_id: String) -> Answer<ExportResult> {
    app.export_campaign(&campaign_id)
}

#[tauri::command]
async fn list_export_files(app: State<'_, App>) -> Answer<Vec<ExportFileInfo>> {
    Ok(app.list_export_files())
}

#[tauri::command]
async fn import_campaign(app: State<'_, App>, path: String) -> Answer<CampaignSummary> {
    app.import_campaign(&path)
}

#[tauri::command]
async fn history(
    app: State<'_, App>,
    campaign_id: String,
    limit: Option<u32>,
) -> Answer<HistoryView> {
    app.history(&campaign_id, limit)
}

#[tauri::command]
async fn undo(app: State<'_, App>, campaign_id: String) -> Answer<HistoryView> {
    app.undo(&campaign_id)
}

#[tauri::command]
async fn redo(app: State<'_, App>, campaign_id: String) -> Answer<HistoryView> {
    app.redo(&campaign_id)
}

#[tauri::command]
async fn jump_back(app: State<'_, App>, campaign_id: String, seq: u32) -> Answer<HistoryView> {
    app.jump_back(&campaign_id, seq)
}

#[tauri::command]
async fn list_backups(app: State<'_, App>) -> Answer<Vec<BackupInfo>> {
    Ok(app.list_backups())
}

#[tauri::command]
async fn preview_backup(app: State<'_, App>, file_name: String) -> Answer<BackupPreview> {
    app.preview_backup(&file_name)
}

#[tauri::command]
async fn restore_backup(app: State<'_, App>, file_name: String) -> Answer<RestoreResult> {
    app.restore_backup(&file_name)
}

pub fn handler() -> impl Fn(tauri::ipc::Invoke) -> bool + Send + Sync + 'static {
    tauri::generate_handler![
        library_info,
        list_packs,
        list_campaigns,
        create_campaign,
        open_diary,
        record_attempt,
        decline_optional,
        set_hq_sticker,
        override_value,
        rename_campaign,
        undo_last,
        open_board,
        board_act,
        open_hq,
        hq_act,
        delete_campaign,
        restore_campaign,
        export_campaign,
        list_export_files,
        import_campaign,
        history,
        undo,
        redo,
        jump_back,
        list_backups,
        preview_backup,
        restore_backup,
    ]
}
