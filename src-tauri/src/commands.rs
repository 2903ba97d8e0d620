//! One line per command, each handing its use-case to the blocking pool:
//! never the main thread (the window does not freeze) and never the async
//! runtime's workers (a slow disk does not stall other commands). The list
//! of commands is declared once, in command_list.rs.

use crate::dialogs;
use bagless_app::{
    App, AppError, BackupInfo, BackupPreview, CampaignSummary, ExportFileInfo, ExportResult,
    ForkChoice, GameAnswer, GameCommand, GameHistory, GamePart, GameTold, Imported, LibraryInfo,
    LibraryView, MemoryCommand, MemoryScreen, PackSummary, Progress, RestoreResult, RiskOdds,
    RiskSheet, YearTold,
};
use bagless_seats::handover::{HandoverStatus, HandoverTicket};
use bagless_seats::tables::{Network, OpenTable, Tables};
use std::sync::Arc;
use tauri::ipc::{
    Channel, CommandArg, CommandItem, InvokeError, InvokeResponseBody, JavaScriptChannelId,
    Response,
};
use tauri::{AppHandle, State};

type Answer<T> = Result<T, AppError>;

/// A game's answer as the window receives it: the screen the app wrote once
/// as JSON, handed to the window as its body (Tauri would otherwise write
/// it out again, a copy of every screen).
fn written(answer: Answer<GameAnswer>) -> Answer<Response> {
    answer.map(|answer| Response::new(InvokeResponseBody::Json(answer.into_json())))
}

/// The app as the window shares it between commands.
pub type Shared = Arc<App>;

/// Runs a use-case on the blocking pool: SQLite work never holds up the
/// async runtime, so a slow disk never stalls other commands. Every error a
/// player is shown is logged with its detail.
async fn blocking<T: Send + 'static>(
    app: &Shared,
    work: impl FnOnce(&App) -> Answer<T> + Send + 'static,
) -> Answer<T> {
    let app = Arc::clone(app);
    let answer = tauri::async_runtime::spawn_blocking(move || work(&app))
        .await
        .unwrap_or_else(|e| Err(AppError::new("internal", e.to_string())));
    if let Err(error) = &answer {
        log::warn!(
            "{}: {}{}",
            error.code,
            error.message,
            error
                .violations
                .iter()
                .map(|v| format!(" [{}: {}]", v.code(), v.message()))
                .collect::<String>()
        );
    }
    answer
}

/// Where a long command tells the window how far it has come: the
/// window's `Channel` when it sent one (`onProgress`), else nowhere.
struct Progressing(Option<Channel<Progress>>);

impl Progressing {
    fn tell(self) -> impl Fn(Progress) + Sync {
        let channel = std::sync::Mutex::new(self.0);
        move |progress| {
            if let Some(channel) = channel.lock().unwrap_or_else(|p| p.into_inner()).as_ref() {
                let _ = channel.send(progress);
            }
        }
    }
}

impl<'de, R: tauri::Runtime> CommandArg<'de, R> for Progressing {
    fn from_command(command: CommandItem<'de, R>) -> Result<Self, InvokeError> {
        let webview = command.message.webview();
        let id: Option<String> = serde::Deserialize::deserialize(command)
            .map_err(|e| InvokeError::from(e.to_string()))?;
        // A channel the page sent but that cannot be read is refused: the
        // page would wait for its words in vain.
        let channel = id
            .map(|id| {
                id.parse::<JavaScriptChannelId>()
                    .map(|id| id.channel_on(webview))
                    .map_err(|e| InvokeError::from(format!("onProgress: {e}")))
            })
            .transpose()?;
        Ok(Progressing(channel))
    }
}

#[tauri::command]
async fn library_info(app: State<'_, Shared>) -> Answer<LibraryInfo> {
    blocking(&app, move |app| Ok(app.library_info())).await
}

#[tauri::command]
async fn list_packs(app: State<'_, Shared>) -> Answer<Vec<PackSummary>> {
    blocking(&app, move |app| Ok(app.list_packs())).await
}

#[tauri::command]
async fn list_campaigns(app: State<'_, Shared>) -> Answer<LibraryView> {
    blocking(&app, move |app| app.list_campaigns()).await
}

#[tauri::command]
async fn delete_campaign(app: State<'_, Shared>, campaign_id: String) -> Answer<()> {
    blocking(&app, move |app| app.delete_campaign(&campaign_id)).await
}

#[tauri::command]
async fn restore_campaign(app: State<'_, Shared>, campaign_id: String) -> Answer<()> {
    blocking(&app, move |app| app.restore_campaign(&campaign_id)).await
}

#[tauri::command]
async fn export_campaign(app: State<'_, Shared>, campaign_id: String) -> Answer<ExportResult> {
    blocking(&app, move |app| app.export_campaign(&campaign_id)).await
}

#[tauri::command]
async fn list_export_files(app: State<'_, Shared>) -> Answer<Vec<ExportFileInfo>> {
    blocking(&app, move |app| Ok(app.list_export_files())).await
}

#[tauri::command]
async fn import_campaign(
    app: State<'_, Shared>,
    path: String,
    choice: Option<ForkChoice>,
) -> Answer<Imported> {
    blocking(&app, move |app| {
        app.import_file(std::path::Path::new(&path), choice)
    })
    .await
}

#[tauri::command]
async fn list_backups(app: State<'_, Shared>) -> Answer<Vec<BackupInfo>> {
    blocking(&app, move |app| Ok(app.list_backups())).await
}

#[tauri::command]
async fn preview_backup(
    app: State<'_, Shared>,
    file_name: String,
    on_progress: Progressing,
) -> Answer<BackupPreview> {
    blocking(&app, move |app| {
        app.preview_backup_with(&file_name, &on_progress.tell())
    })
    .await
}

#[tauri::command]
async fn restore_backup(
    app: State<'_, Shared>,
    file_name: String,
    leave_out: bool,
    on_progress: Progressing,
) -> Answer<RestoreResult> {
    blocking(&app, move |app| {
        app.restore_backup_with(&file_name, leave_out, &on_progress.tell())
    })
    .await
}

#[tauri::command]
async fn import_chosen(
    app: State<'_, Shared>,
    window: AppHandle,
    title: String,
    filter: String,
) -> Answer<Option<Imported>> {
    blocking(&app, move |app| {
        let chosen = dialogs::choose_import(&window, &app.exports_dir(), &title, &filter);
        chosen.map(|path| app.import_file(&path, None)).transpose()
    })
    .await
}

#[tauri::command]
async fn export_chosen(
    app: State<'_, Shared>,
    window: AppHandle,
    campaign_id: String,
    title: String,
    filter: String,
) -> Answer<Option<ExportResult>> {
    blocking(&app, move |app| {
        let suggestion = app.export_file_suggestion(&campaign_id)?;
        let chosen = dialogs::choose_export(&window, &suggestion, &title, &filter);
        chosen
            .map(|path| app.export_campaign_to(&campaign_id, &path))
            .transpose()
    })
    .await
}

/// The evening's picture (a PNG the window drew) saved where the players
/// choose; `None` if they cancelled.
#[tauri::command]
async fn save_picture(
    app: State<'_, Shared>,
    window: AppHandle,
    bytes: Vec<u8>,
    title: String,
    filter: String,
) -> Answer<Option<ExportResult>> {
    blocking(&app, move |app| {
        let suggestion = app.picture_suggestion()?;
        let chosen = dialogs::choose_picture(&window, &suggestion, &title, &filter);
        chosen
            .map(|path| app.save_picture(&path, &bytes))
            .transpose()
    })
    .await
}

#[tauri::command]
async fn game_setup(app: State<'_, Shared>, game: String) -> Answer<Response> {
    written(blocking(&app, move |app| app.game_setup(&game)).await)
}

#[tauri::command]
async fn game_create(
    app: State<'_, Shared>,
    name: String,
    setup: GameCommand,
) -> Answer<CampaignSummary> {
    blocking(&app, move |app| app.create_game(&name, setup)).await
}

#[tauri::command]
async fn game_open(
    app: State<'_, Shared>,
    game_id: String,
    part: Option<GamePart>,
) -> Answer<Response> {
    written(blocking(&app, move |app| app.open_game(&game_id, part)).await)
}

#[tauri::command]
async fn game_act(
    app: State<'_, Shared>,
    game_id: String,
    command: GameCommand,
    part: Option<GamePart>,
) -> Answer<Response> {
    written(blocking(&app, move |app| app.act_in_game(&game_id, command, part)).await)
}

#[tauri::command]
async fn game_undo(
    app: State<'_, Shared>,
    game_id: String,
    part: Option<GamePart>,
) -> Answer<Response> {
    written(blocking(&app, move |app| app.undo_in_game(&game_id, part)).await)
}

#[tauri::command]
async fn game_redo(
    app: State<'_, Shared>,
    game_id: String,
    part: Option<GamePart>,
) -> Answer<Response> {
    written(blocking(&app, move |app| app.redo_in_game(&game_id, part)).await)
}

#[tauri::command]
async fn game_rename(
    app: State<'_, Shared>,
    game_id: String,
    name: String,
    part: Option<GamePart>,
) -> Answer<Response> {
    written(blocking(&app, move |app| app.rename_game(&game_id, &name, part)).await)
}

#[tauri::command]
async fn game_history(
    app: State<'_, Shared>,
    game_id: String,
    limit: Option<u32>,
) -> Answer<GameHistory> {
    blocking(&app, move |app| app.game_history_of(&game_id, limit)).await
}

/// Every game played since `since` (since Bagless was opened: none), told
/// back by its rules (issue 57).
#[tauri::command]
async fn library_evening(app: State<'_, Shared>, since: Option<String>) -> Answer<Vec<GameTold>> {
    blocking(&app, move |app| app.evening_since(since.as_deref())).await
}

/// What a year of play adds up to, game by game (issue 57).
#[tauri::command]
async fn library_year(app: State<'_, Shared>) -> Answer<Vec<YearTold>> {
    blocking(&app, move |app| app.year()).await
}

#[tauri::command]
async fn game_jump_back(
    app: State<'_, Shared>,
    game_id: String,
    seq: u32,
    part: Option<GamePart>,
) -> Answer<Response> {
    written(blocking(&app, move |app| app.jump_back_in_game(&game_id, seq, part)).await)
}

#[tauri::command]
async fn risk_sheet(app: State<'_, Shared>, game_id: String) -> Answer<RiskSheet> {
    blocking(&app, move |app| app.risk_sheet(&game_id)).await
}

/// The odds of the attack from `from` on `to` with `force`, as the game is
/// played (the aptitude cards in play counted); null when it is no attack.
#[tauri::command]
async fn risk_odds(
    app: State<'_, Shared>,
    game_id: String,
    from: bagless_app::games::risk::RiskTerritory,
    to: bagless_app::games::risk::RiskTerritory,
    force: u32,
) -> Answer<Option<RiskOdds>> {
    blocking(&app, move |app| {
        app.risk_attack_odds(&game_id, from, to, force)
    })
    .await
}

#[tauri::command]
async fn memory_start(
    app: State<'_, Shared>,
    campaign_id: String,
    setup: MemoryCommand,
) -> Answer<MemoryScreen> {
    blocking(&app, move |app| app.memory_start(&campaign_id, setup)).await
}

/// The game's table opened to the players' phones (new tokens), on the
/// network the host chose (its address) or the usual one.
#[tauri::command]
async fn table_open(
    tables: State<'_, Tables>,
    game_id: String,
    network: Option<String>,
) -> Answer<OpenTable> {
    tables.open(&game_id, network.as_deref()).await
}

/// The networks the table may be opened on, the usual one first.
#[tauri::command]
async fn table_networks(tables: State<'_, Tables>) -> Answer<Vec<Network>> {
    Ok(tables.networks())
}

/// One seat let go by the phone holding it: the next other phone that
/// opens its link claims it.
#[tauri::command]
async fn table_free(tables: State<'_, Tables>, seat: String) -> Answer<OpenTable> {
    tables.free(&seat).await
}

/// One seat given a new link, the others untouched.
#[tauri::command]
async fn table_renew(tables: State<'_, Tables>, seat: String) -> Answer<OpenTable> {
    tables.renew(&seat).await
}

/// The table open now, with the phones connected.
#[tauri::command]
async fn table_status(tables: State<'_, Tables>) -> Answer<Option<OpenTable>> {
    Ok(tables.status().await)
}

/// The table closed: every seat's link opens nothing any more.
#[tauri::command]
async fn table_close(tables: State<'_, Tables>) -> Answer<()> {
    tables.close().await
}

/// The game offered to another Bagless on the network, behind a new
/// one-time code.
#[tauri::command]
async fn handover_offer(tables: State<'_, Tables>, game_id: String) -> Answer<HandoverTicket> {
    tables.offer(&game_id).await
}

/// The offer made, and whether the other Bagless took it.
#[tauri::command]
async fn handover_status(tables: State<'_, Tables>) -> Answer<Option<HandoverStatus>> {
    Ok(tables
        .offered()
        .await
        .map(|(ticket, taken)| HandoverStatus { ticket, taken }))
}

/// The offer withdrawn: its code opens nothing any more.
#[tauri::command]
async fn handover_withdraw(tables: State<'_, Tables>) -> Answer<()> {
    tables.withdraw().await;
    Ok(())
}

/// The game another Bagless offers, received and imported.
#[tauri::command]
async fn handover_receive(
    tables: State<'_, Tables>,
    address: String,
    code: String,
) -> Answer<Imported> {
    tables.receive(&address, &code).await
}

/// The players' choice for the game received, when the two went different
/// ways.
#[tauri::command]
async fn handover_choose(tables: State<'_, Tables>, choice: ForkChoice) -> Answer<Imported> {
    tables.choose(choice).await
}

include!("command_list.rs");

macro_rules! handler_of {
    ($($command:ident),* $(,)?) => {
        tauri::generate_handler![$($command),*]
    };
}

pub fn handler() -> impl Fn(tauri::ipc::Invoke) -> bool + Send + Sync + 'static {
    with_commands!(handler_of)
}
