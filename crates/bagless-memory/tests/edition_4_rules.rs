//! Rules edition 4 (issue 55 item 28, a fresh reader's finding W1): "Draw
//! 1 reinforcement card and select the column that corresponds to the
//! alert state" (seed 000, "1. ENEMY REINFORCEMENT"; seed 001: "Draw 1
//! Reinforcement card and select the column that corresponds to the Alert
//! State"): the column is the alert state's as the card is drawn. Checked
//! under edition 4 beside edition 3's reading (the alert state as the
//! guards are placed) kept for a memory recorded under it.

use crate::support;

use bagless_game::{decide_log_again, Envelope};
use bagless_memory::views::play::play_view;
use bagless_memory::*;
use support::*;

const OLDER: u32 = 3;

/// A memory of 2 under `edition`, in turn 1's 1. ENEMY REINFORCEMENT.
fn at_reinforcement(edition: u32) -> Table {
    let mut t = Table::with(under_edition(start_command(2), edition), None);
    t.advance_to(Step::Reinforcement);
    t
}

/// Card 1 drawn while calm; then, before the guards are placed, an
/// incognito Ezio on a square where 1 guard enters from entrance A, his
/// detection test showing the first icon ("1+ [first icon] The assassin
/// becomes exposed and the alert state immediately becomes [red]").
fn drawn_calm_then_alert(edition: u32) -> Table {
    let mut t = at_reinforcement(edition);
    let drawn = t.run(Command::DrawReinforcement { card: Some(1) });
    let alert = (edition >= 4).then_some(false);
    assert!(matches!(
        drawn[0],
        Event::ReinforcementDrawn { card: 1, alert: a, .. } if a == alert
    ));
    t.run(Command::EnterSquare {
        entrance: Some(Entrance::A),
        enemies: 0,
        bodies: 0,
        entering: 1,
        incognito: vec!["ezio".into()],
    });
    t.run(Command::DetectionTest {
        assassin: Some("ezio".into()),
        dice: 1,
        faces: Some(vec![DetectionFace::Detected]),
    });
    assert!(t.game.alert && t.assassin("ezio").exposed);
    t
}

fn placed(t: &Table) -> Vec<(Entrance, Option<Guard>, u8)> {
    let card = t.game.this_turns_card().unwrap();
    let placed = card.placed.as_ref().unwrap();
    placed
        .guards
        .iter()
        .map(|g| (g.entrance, g.guard, g.count))
        .collect()
}

/// The calm column of the tests' cards (tests/support: `card_values`).
fn calm() -> Vec<(Entrance, Option<Guard>, u8)> {
    vec![
        (Entrance::A, Some(Guard::Crossbowman), 1),
        (Entrance::B, None, 0),
        (Entrance::C, Some(Guard::Elite), 1),
        (Entrance::D, Some(Guard::Crossbowman), 2),
    ]
}

/// <29>'s right column: "1 Elite Guard ... Entrance A ... 1 Crossbowman
/// ... Entrance B. 1 Crossbowman ... Entrance C. No Enemies ... Entrance
/// D."
fn alert() -> Vec<(Entrance, Option<Guard>, u8)> {
    vec![
        (Entrance::A, Some(Guard::Elite), 1),
        (Entrance::B, Some(Guard::Crossbowman), 1),
        (Entrance::C, Some(Guard::Crossbowman), 1),
        (Entrance::D, None, 0),
    ]
}

/// "Draw 1 reinforcement card and select the column that corresponds to
/// the alert state": the card drawn while calm keeps the calm column,
/// though an entry's detection test turns the alert on before its guards
/// are placed; the screen shows that column and says it is kept.
#[test]
fn enemy_reinforcement_the_column_of_the_alert_state_as_the_card_is_drawn() {
    let mut t = drawn_calm_then_alert(4);
    let view = play_view(&t.game).reinforcement.unwrap();
    assert_eq!((view.column.as_str(), view.column_kept), ("calm", true));
    let shown: Vec<_> = view
        .to_place
        .iter()
        .map(|g| (g.entrance, g.guard, g.count))
        .collect();
    assert_eq!(shown, calm());
    let events = t.run(Command::PlaceReinforcements);
    assert!(matches!(
        &events[0],
        Event::ReinforcementsPlaced {
            card: 1,
            alert: false,
            ..
        }
    ));
    assert_eq!(placed(&t), calm());
    let view = play_view(&t.game).reinforcement.unwrap();
    assert_eq!((view.column.as_str(), view.column_kept), ("calm", false));
    // The next card, drawn in alert, takes the right column.
    t.advance_to(Step::EndOfTurn);
    t.advance();
    t.advance_to(Step::Reinforcement);
    t.run(Command::DrawReinforcement { card: Some(2) });
    t.run(Command::PlaceReinforcements);
    assert_eq!(placed(&t), alert());
}

/// The other way: a card drawn in the alert state keeps the alert column
/// though the alert is stopped before its guards are placed ("The only way
/// to stop the alert state is to play a specific card"); under edition 3
/// the guards came from the calm column then.
#[test]
fn enemy_reinforcement_a_card_drawn_in_alert_keeps_the_alert_column_when_the_alert_stops() {
    for (edition, column) in [(4, alert()), (OLDER, calm())] {
        let mut t = at_reinforcement(edition);
        t.run(Command::SetAlert { on: true });
        let drawn = t.run(Command::DrawReinforcement { card: Some(1) });
        let recorded = (edition >= 4).then_some(true);
        assert!(matches!(
            drawn[0],
            Event::ReinforcementDrawn { card: 1, alert: a, .. } if a == recorded
        ));
        t.run(Command::SetAlert { on: false });
        assert!(!t.game.alert);
        t.run(Command::PlaceReinforcements);
        assert_eq!(placed(&t), column, "edition {edition}");
        assert_eq!(
            decide_log_again::<Game>(&t.log).unwrap_or_else(|e| panic!("{e}")),
            t.game
        );
    }
}

/// Edition 3, kept for a memory recorded under it: the column of the alert
/// state as the guards are placed (the right one here).
#[test]
fn enemy_reinforcement_the_column_as_the_guards_are_placed_under_edition_3() {
    let mut t = drawn_calm_then_alert(OLDER);
    let view = play_view(&t.game).reinforcement.unwrap();
    assert_eq!((view.column.as_str(), view.column_kept), ("alert", false));
    let events = t.run(Command::PlaceReinforcements);
    assert!(matches!(
        &events[0],
        Event::ReinforcementsPlaced {
            card: 1,
            alert: true,
            ..
        }
    ));
    assert_eq!(placed(&t), alert());
}

/// The same with the cube saved for the enemy phase ("You can use 1
/// saved [cube] before or after one of these enemy steps"): an attack
/// with a weapon bearing the alert icon between the draw and the placing
/// leaves the card in the calm column it was drawn in; a line of that
/// column not known yet is asked for that column.
#[test]
fn enemy_reinforcement_an_attack_with_the_saved_cube_keeps_the_column_drawn() {
    // The players have not entered the calm column's line of entrance C
    // of card 3 yet.
    let key = "reinforcement.2.3.calm.c";
    let mut start = start_command(2);
    if let Command::StartMemory { box_values, .. } = &mut start {
        box_values.remove(key);
    }
    let mut t = Table::with(start, None);
    t.advance();
    t.run(Command::SaveCube {
        assassin: "daria".into(),
    });
    t.advance_to(Step::Reinforcement);
    t.run(Command::DrawReinforcement { card: Some(3) });
    t.attack(
        vec![attacker("daria", "pistol", &[Hit, Hit])],
        &["crossbowman"],
    );
    t.run(Command::AssignHits {
        hits: None,
        bonus_hits: 0,
    });
    assert!(t.game.alert);
    // Bagless asks for the calm column's line, not the alert one's.
    let refusal = t.refused(Command::PlaceReinforcements);
    assert_eq!(refusal.code, RuleCode::ValueNeeded);
    assert_eq!(refusal.params["key"], key);
    let view = play_view(&t.game);
    assert_eq!(view.reinforcement.unwrap().missing, vec![key.to_string()]);
    t.run(Command::SetBoxValue {
        key: key.into(),
        value: guards(Some(Guard::Elite), 1),
    });
    t.run(Command::PlaceReinforcements);
    assert_eq!(placed(&t), calm());
}

/// A memory recorded under edition 3 moves to edition 4 at the start of
/// its next game turn (the edition step, worded in its history), never
/// within a turn; the cards it draws from then on keep their column.
#[test]
fn an_edition_3_memory_moves_to_edition_4_at_the_start_of_a_turn() {
    let mut t = drawn_calm_then_alert(OLDER);
    assert_eq!(bagless_game::Rules::edition_step(&t.game), None);
    t.run(Command::SetAlert { on: false });
    t.advance_to(Step::EndOfTurn);
    t.advance();
    let step = bagless_game::Rules::edition_step(&t.game).expect("due");
    assert_eq!(step, vec![Event::EditionChanged { from: 3, to: 4 }]);
    t.push(&step);
    assert!(t.game.follows_edition_4());
    t.advance_to(Step::Reinforcement);
    t.run(Command::DrawReinforcement { card: Some(2) });
    t.run(Command::SetAlert { on: true });
    t.run(Command::PlaceReinforcements);
    assert_eq!(placed(&t), calm());
    assert_eq!(
        decide_log_again::<Game>(&t.log).unwrap_or_else(|e| panic!("{e}")),
        t.game
    );
}

/// A memory of edition 4 is believed when its file is decided again; a
/// draw whose recorded alert state is not the memory's, or an edition-3
/// draw given one, is refused, naming its entry.
#[test]
fn an_edition_4_draw_records_the_alert_state_and_is_decided_again() {
    let mut t = drawn_calm_then_alert(4);
    t.run(Command::PlaceReinforcements);
    assert_eq!(
        decide_log_again::<Game>(&t.log).unwrap_or_else(|e| panic!("{e}")),
        t.game
    );
    for (edition, wrong) in [(4, Some(true)), (4, None), (OLDER, Some(false))] {
        let mut t = drawn_calm_then_alert(edition);
        t.run(Command::PlaceReinforcements);
        let mut log: Vec<Envelope<Event>> = t.log.clone();
        let at = log
            .iter()
            .position(|e| matches!(e.event, Event::ReinforcementDrawn { .. }))
            .unwrap();
        if let Event::ReinforcementDrawn { alert, .. } = &mut log[at].event {
            *alert = wrong;
        }
        let refused = decide_log_again::<Game>(&log).expect_err("a draw's column changed");
        assert_eq!(refused.seq, log[at].seq, "edition {edition}, {wrong:?}");
    }
}
