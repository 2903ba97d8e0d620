//! SAVING THE GAME (Bagless's own rule: undo, redo, a quit mid-phase), and
//! the views: the map, the "put it back on the board" sheet, the history.

use crate::support;

use bagless_risk::*;
use support::*;

fn apply(table: &mut Table, events: Result<Vec<Event>, RuleViolation>) {
    table.record(events.unwrap());
}

#[test]
fn saving_the_game_undo_takes_back_a_roll_and_redo_brings_it_back() {
    let mut table = three_players();
    table.place_all();
    let before = table.game.clone();
    table.ok(Command::Attack {
        from: Territory::Alaska,
        to: Territory::Kamchatka,
        attackers: 3,
        dice: None,
        defence_dice: None,
    });
    let after = table.game.clone();
    let events = decide_undo(&table.log);
    apply(&mut table, events);
    assert_eq!(replay(&table.log), before);
    table.game = replay(&table.log);
    let events = decide_redo(&table.log);
    apply(&mut table, events);
    // The same faces come back: they are in the log, never rolled again.
    assert_eq!(replay(&table.log), after);
}

#[test]
fn saving_the_game_what_cannot_be_undone_or_redone() {
    let mut table = Table::new();
    table.ok(Command::CreateGame {
        players: seats(3),
        sigma: true,
        box_values: vec![],
        edition: None,
    });
    let r = decide_undo(&table.log).unwrap_err();
    assert_eq!(
        (r.code, r.section),
        (RuleCode::NothingToUndo, Section::SavingTheGame)
    );
    assert_eq!(
        decide_redo(&table.log).unwrap_err().code,
        RuleCode::NothingToRedo
    );
    let mut table = three_players();
    let place = table.log.len() as u32 + 1;
    table.ok(Command::Place {
        territory: Territory::Alaska,
        count: 1,
    });
    table.ok(Command::Place {
        territory: Territory::Alaska,
        count: 1,
    });
    let events = decide_jump_back(&table.log, place);
    apply(&mut table, events);
    table.game = replay(&table.log);
    assert_eq!(table.game.assassins(Territory::Alaska), 3);
    assert_eq!(
        decide_jump_back(&table.log, place).unwrap_err().code,
        RuleCode::GoBackNothingAfter
    );
    assert_eq!(
        decide_jump_back(&table.log, 9999).unwrap_err().code,
        RuleCode::GoBackUnknown
    );
    table.ok(Command::Place {
        territory: Territory::Alaska,
        count: 1,
    });
    assert_eq!(
        decide_redo(&table.log).unwrap_err().code,
        RuleCode::RedoAfterChange
    );
}

/// SAVING THE GAME: the game's creation begins every game; of a game's
/// entries only it counts as the creation (what the app's import reads to
/// refuse a file not starting with a new game, and undo to never take it
/// back).
#[test]
fn saving_the_game_only_the_game_created_begins_a_game() {
    let mut table = three_players();
    table.place_all();
    table.ok(Command::Attack {
        from: Territory::Alaska,
        to: Territory::Kamchatka,
        attackers: 2,
        dice: Some(vec![6, 6]),
        defence_dice: Some(vec![1]),
    });
    let creations: Vec<u32> = table
        .log
        .iter()
        .filter(|e| bagless_game::undo::Logged::is_creation(&e.event))
        .map(|e| e.seq)
        .collect();
    assert_eq!(creations, vec![table.log[0].seq]);
    assert!(matches!(table.log[0].event, Event::GameCreated { .. }));
}

#[test]
fn saving_the_game_a_quit_in_the_attack_phase_resumes_there() {
    let mut table = three_players();
    table.place_all();
    table.ok(Command::Attack {
        from: Territory::Alaska,
        to: Territory::Kamchatka,
        attackers: 2,
        dice: Some(vec![6, 6]),
        defence_dice: Some(vec![1]),
    });
    let saved = serde_json::to_string(&table.log).unwrap();
    let log: Vec<EventEnvelope> = serde_json::from_str(&saved).unwrap();
    let game = replay(&log);
    assert_eq!(game, table.game);
    assert_eq!(game.phase, Phase::Attack);
    assert_eq!(game.current(), Some(Colour::Red));
    // Edition 2: the force holds Kamchatka; no move-in is left pending.
    let turn = game.turn.as_ref().unwrap();
    assert!(turn.conquered && turn.last_roll.as_ref().is_some_and(|r| r.conquered));
    assert_eq!(game.assassins(Territory::Kamchatka), 2);
    let state: Game = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
    assert_eq!(state, game);
}

/// SAVING THE GAME: the state written and read back is the same game, the
/// new assassins a placement left (assumption `place_every_assassin`,
/// "Décidez du nombre de nouveaux Assassins que vous souhaitez placer")
/// included; a turn that left none writes no `forgone`, as the state was
/// written before edition 2 brought the field.
#[test]
fn saving_the_game_the_state_keeps_the_new_assassins_left_unplaced() {
    let mut table = three_players();
    let written = serde_json::to_value(&table.game).unwrap();
    assert!(written["turn"].is_object());
    assert_eq!(written["turn"].get("forgone"), None);
    let state: Game = serde_json::from_value(written).unwrap();
    assert_eq!(state, table.game);
    table.ok(Command::Place {
        territory: Territory::Alaska,
        count: 1,
    });
    table.ok(Command::EndPlacement);
    let forgone = table.game.turn.as_ref().unwrap().forgone;
    assert!(forgone > 0);
    let written = serde_json::to_value(&table.game).unwrap();
    assert_eq!(written["turn"]["forgone"], forgone);
    let state: Game = serde_json::from_value(written).unwrap();
    assert_eq!(state, table.game);
}

/// SAVING THE GAME: the log written and read back gives the same game, the
/// new assassins a placement left ("Décidez du nombre de nouveaux Assassins
/// que vous souhaitez placer", assumption `place_every_assassin`) included;
/// a placement that left none writes no `unplaced`, as the log was written
/// before edition 2 brought the field. Found by cargo-mutants.
#[test]
fn saving_the_game_the_log_keeps_the_new_assassins_left_unplaced() {
    let mut table = three_players();
    let pool = table.game.turn.as_ref().unwrap().pool();
    table.ok(Command::Place {
        territory: Territory::Alaska,
        count: 1,
    });
    table.ok(Command::EndPlacement);
    table.ok(Command::EndTurn {
        card: None,
        sigma: false,
        decline: false,
    });
    table.place_all();
    let written: Vec<serde_json::Value> = table
        .log
        .iter()
        .map(|e| serde_json::to_value(&e.event).unwrap())
        .filter(|e| e["type"] == "placement_ended")
        .collect();
    assert_eq!(written.len(), 2);
    assert_eq!(written[0]["player"], "red");
    assert_eq!(written[0]["unplaced"], pool - 1);
    assert_eq!(written[1]["player"], "grey");
    assert_eq!(written[1].get("unplaced"), None);
    let saved = serde_json::to_string(&table.log).unwrap();
    let log: Vec<EventEnvelope> = serde_json::from_str(&saved).unwrap();
    assert_eq!(log, table.log);
    assert_eq!(replay(&log), table.game);
}

/// APERÇU DES ÉLÉMENTS: "42 territoires ... regroupés en 6 régions";
/// ÉCHANGER DES CARTES: the table ASSASSINS PAR CARTES on screen.
#[test]
fn the_map_shows_42_territories_6_regions_and_the_table_assassins_par_cartes() {
    let table = three_players();
    let view = map_view(&table.game);
    assert_eq!(view.territories.len(), 42);
    assert_eq!(view.regions.len(), 6);
    assert_eq!(view.trade_table.len(), 9);
    assert_eq!(
        (view.trade_table[8].crests, view.trade_table[8].assassins),
        (10, 30)
    );
    assert_eq!(view.current, Some(Colour::Red));
    assert_eq!(view.pool, 4);
    assert_eq!(view.players.len(), 3);
    let alaska = &view.territories[0];
    assert_eq!(alaska.name.fr, "Alaska");
    assert_eq!(alaska.owner, Some(Colour::Red));
    assert!(alaska.neighbours.contains(&Territory::Kamchatka));
    assert_eq!(view.regions[5].bonus, Some(2));
    assert!(view.regions.iter().all(|r| r.holder.is_none()));
    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(json["phase"], "placement");
}

/// LES CONFRÉRIES D'ASSASSINS: the pieces to put back, region by region.
#[test]
fn the_sheet_lists_each_territory_region_by_region_in_the_box_pieces() {
    let mut table = three_players();
    table.ok(Command::Place {
        territory: Territory::Alaska,
        count: 4,
    });
    table.ok(Command::Adjust {
        territory: Territory::Alaska,
        owner: None,
        assassins: 17,
        reason: "photo of the board".into(),
    });
    let sheet = sheet_view(&table.game);
    assert_eq!(sheet.regions.len(), 6);
    assert_eq!(
        sheet.regions.iter().map(|r| r.rows.len()).sum::<usize>(),
        42
    );
    let alaska = &sheet.regions[0].rows[0];
    assert_eq!(alaska.assassins, 17);
    // LES CONFRÉRIES D'ASSASSINS: Aigle 10, Blason 5, Assassin 1.
    assert_eq!(
        (
            alaska.pieces.eagles,
            alaska.pieces.crests,
            alaska.pieces.assassins
        ),
        (1, 1, 2)
    );
    assert_eq!(sheet.players.len(), 3);
    assert_eq!(sheet.players[0].fragments_held, 2);
    assert_eq!(sheet.players[0].aptitude_hidden, 2);
    assert_eq!(sheet.deck, 43);
}

/// SAVING THE GAME: the history's words for the timeline.
#[test]
fn the_history_words_every_event() {
    let mut table = three_players();
    table.place_all();
    table.ok(Command::Attack {
        from: Territory::Alaska,
        to: Territory::Kamchatka,
        attackers: 2,
        dice: Some(vec![6, 2]),
        defence_dice: Some(vec![1]),
    });
    for envelope in &table.log {
        let words = history_words(&envelope.event);
        assert!(!words.key.is_empty());
    }
    let rolled = table
        .log
        .iter()
        .map(|e| history_words(&e.event))
        .find(|w| w.key == "dice_rolled")
        .unwrap();
    assert_eq!(rolled.params["attack"], "6, 2");
    assert_eq!(rolled.params["to"], "kamchatka");
    let started = history_words(&table.log[3].event);
    assert_eq!(started.key, "turn_started");
    assert_eq!(started.params["reinforcements"], "base 3, territories 1");
}
