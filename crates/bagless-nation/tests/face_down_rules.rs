//! The second reading's findings (issue 30), under edition 2 of the rules:
//! what is played face down stays secret until the reveal, Reveal Cards are
//! played in their step, and the printed values Bagless asks keep to the
//! ranges the seed prints. Edition 1 keeps its readings (pinned below).

use crate::support;

use bagless_game::decide_log_again;
use bagless_nation::*;
use support::*;

fn set(table: &mut Table, key: &str, value: BoxValue) {
    table.run(Command::SetBoxValue {
        key: key.into(),
        value,
    });
}

/// A game of two whose box knows neither target 3's adjustment nor the
/// Garrote nor the Silencer.
fn with_unknown_values(edition: Option<u32>) -> Table {
    let mut command = match edition {
        Some(e) => create_command_under(2, false, e),
        None => create_command(2, false),
    };
    if let Command::CreateGame { box_values, .. } = &mut command {
        box_values.remove("target.3.msr");
    }
    let mut table = Table::empty();
    table.run(command);
    table.end_intel();
    table
}

// ---------------------------------------------------------------------------
// ASSASSINATION PHASE: face down until the reveal.

/// The value each key asks for in the tests below.
fn printed(key: &str) -> BoxValue {
    match key {
        "weapon.garrote.msr" => BoxValue::Number(3),
        "weapon.garrote.noise" => BoxValue::Text("silent".into()),
        "weapon.garrote.cause" => BoxValue::Text("asphyxiation".into()),
        "modifier.silencer.msr" => BoxValue::Number(1),
        "modifier.silencer.minutes" => BoxValue::Number(0),
        "target.3.msr" => BoxValue::Number(-1),
        other => panic!("asked {other}"),
    }
}

/// Face up, the Garrote attempt shows what its cards print: 6-3, +1, -1.
fn garrote_read(table: &Table) {
    let view = table_view(&table.game);
    let garrote = view.attempts.iter().find(|a| a.player == 0).unwrap();
    assert!(!garrote.unread);
    assert_eq!(garrote.msr.base, 3);
    assert_eq!(garrote.msr.modifiers[0].msr, 1);
    assert_eq!(garrote.msr.target, -1);
    assert_eq!(garrote.msr.need, 3);
    assert_eq!(view.pyramid[2].msr, Some(-1));
    let weapon = table.game.attempt(0).unwrap().weapon.clone().unwrap();
    assert_eq!(weapon.noise, "silent");
    assert_eq!(weapon.cause, "asphyxiation");
    // The specialist's weapon is read at the reveal too: Bea's is the Pistol.
    assert!(table.game.attempt(1).unwrap().specialist);
    assert_eq!(replay(&table.log), table.game);
    assert_eq!(decide_log_again::<Game>(&table.log).unwrap(), table.game);
}

/// "1) SELECT YOUR TARGET:" "With the dry-erase marker, secretly draw an
/// "X" in the Hex on the Targeting Map index card"; "Assassination Cards:
/// These cards (which include Weapons) are played face-down during the
/// Assassination Phase."; "1) REVEAL YOUR ASSASSINATION ATTEMPTS" "All
/// players now reveal all of their cards face-up at the same time." Nothing
/// printed on a face-down card, nor the adjustment of the target marked, is
/// asked before the reveal: no question, no history line, no value on the
/// pyramid tells the table which target or card was played. Edition 3: the
/// reveal itself asks nothing (a question while the cards can still be
/// taken back gives them away): the cards turn face up, then each value
/// missing is asked before any roll, and the attempt shows them.
#[test]
fn reveal_phase_nothing_printed_on_a_face_down_card_is_asked_before_the_reveal() {
    let mut table = with_unknown_values(None);
    let secret = Try::new(0, 3, "garrote").time(2230).modifier("silencer");
    table.run(secret.cmd());
    table.run(Try::new(1, 1, "pistol").cmd());
    // Nothing of it shows while the cards lie face down.
    let view = table_view(&table.game);
    assert!(view.attempts.is_empty());
    assert_eq!(view.asks, None);
    assert_eq!(view.pyramid[2].msr, None);
    let lines = history(&table.log);
    assert!(lines.iter().all(|l| l.key != "box_value_set"), "{lines:?}");
    // The reveal turns them face up at once, asking nothing.
    table.run(Command::Reveal);
    assert_eq!(table.game.phase, Phase::Reveal);
    let view = table_view(&table.game);
    assert_eq!(view.attempts.len(), 2);
    let garrote = view.attempts.iter().find(|a| a.player == 0).unwrap();
    assert!(garrote.unread);
    assert_eq!(garrote.chance, None);
    // No roll before every value is read: the table asks each in turn,
    // still in the Reveal Phase.
    assert_eq!(view.waiting, Waiting::Nothing);
    let step = view.round_track.iter().find(|s| s.current).unwrap();
    assert_eq!(step.step, RoundStep::Reveal);
    let mut asked = Vec::new();
    while let Some(value) = table_view(&table.game).asks {
        let refusal = table.refused(Command::Resolve {
            player: 1,
            dice: Some(vec![6]),
            believed: None,
        });
        assert_eq!(refusal.code, RuleCode::ValueNeeded);
        assert_eq!(refusal.params["key"], value.key);
        set(&mut table, &value.key, printed(&value.key));
        asked.push(value.key);
    }
    assert_eq!(asked.len(), 6, "{asked:?}");
    assert!(asked.contains(&"target.3.msr".to_string()));
    garrote_read(&table);
    assert!(matches!(
        table_view(&table.game).waiting,
        Waiting::Resolve { .. }
    ));
}

/// "Modifier Cards have a wide range of abilities such as
/// increasing/ decreasing the MSR and Time of an assassination attempt":
/// while a face-up attempt waits for a value printed on its Modifier Card,
/// its time of death is not shown (it would leave the card's shift out,
/// and the reveal order follows it); once read, it includes the shift.
#[test]
fn modifier_cards_time_of_an_attempt_is_shown_only_once_its_modifiers_are_read() {
    let mut table = with_unknown_values(None);
    table.run(
        Try::new(0, 3, "garrote")
            .time(2230)
            .modifier("silencer")
            .cmd(),
    );
    table.run(Try::new(1, 1, "pistol").cmd());
    table.run(Command::Reveal);
    let view = table_view(&table.game);
    let garrote = view.attempts.iter().find(|a| a.player == 0).unwrap();
    assert!(garrote.unread);
    assert_eq!(garrote.time, None);
    while let Some(value) = table_view(&table.game).asks {
        // "Loud or Silent": the form offers the words the rules take.
        let words: Vec<String> = match value.key.as_str() {
            "weapon.garrote.noise" => vec!["loud".into(), "silent".into()],
            _ => Vec::new(),
        };
        assert_eq!(value.choices, words);
        let input = match value.key.as_str() {
            "weapon.garrote.noise" => "noise",
            "weapon.garrote.cause" | "specialist.2.weapon" => "slug",
            _ => "number",
        };
        assert_eq!(value.input, input, "{}", value.key);
        let answer = match value.key.as_str() {
            "modifier.silencer.minutes" => BoxValue::Number(-30),
            key => printed(key),
        };
        set(&mut table, &value.key, answer);
    }
    let view = table_view(&table.game);
    let garrote = view.attempts.iter().find(|a| a.player == 0).unwrap();
    assert!(!garrote.unread);
    assert_eq!(garrote.time, Some(2200));
}

/// Edition 2 (a game recorded before the third reading) asked the values
/// at the reveal, the cards still face down, and keeps doing so until its
/// next round.
#[test]
fn an_edition_2_game_asks_the_printed_values_at_the_reveal() {
    let mut table = with_unknown_values(Some(2));
    table.run(
        Try::new(0, 3, "garrote")
            .time(2230)
            .modifier("silencer")
            .cmd(),
    );
    table.run(Try::new(1, 1, "pistol").cmd());
    let mut asked = Vec::new();
    loop {
        match table.try_run(Command::Reveal) {
            Ok(_) => break,
            Err(refusal) => {
                assert_eq!(refusal.code, RuleCode::ValueNeeded);
                let key = refusal.params["key"].clone();
                set(&mut table, &key, printed(&key));
                asked.push(key);
            }
        }
    }
    assert_eq!(asked.len(), 6, "{asked:?}");
    garrote_read(&table);
}

/// Edition 1 (a game recorded before the second reading) asked the values
/// at the declaration, and keeps doing so until its next round.
#[test]
fn an_edition_1_game_asks_the_printed_values_at_the_declaration() {
    let mut table = with_unknown_values(Some(1));
    let refusal = table.refused(Try::new(0, 3, "pistol").sent_by_edition_1().cmd());
    assert_eq!(refusal.code, RuleCode::ValueNeeded);
    assert_eq!(refusal.params["key"], "target.3.msr");
}

// ---------------------------------------------------------------------------
// REVEAL PHASE: 2) PLAY REVEAL CARDS, then 3) RESOLVE ASSASSINATION ATTEMPTS.

/// "2) PLAY REVEAL CARDS" "Players can play any number of cards with the
/// "Reveal" icon on them." comes before "3) RESOLVE ASSASSINATION
/// ATTEMPTS": once an attempt is rolled (or players roll for the order),
/// no Reveal Card is played.
#[test]
fn play_reveal_cards_before_the_attempts_are_resolved() {
    let mut table = Table::new(3);
    table.play(&[
        Try::new(0, 1, "pistol"),
        Try::new(1, 2, "pistol"),
        Try::new(2, 3, "pistol"),
    ]);
    table.run(Command::PlayModifier {
        player: 1,
        card: "jammed".into(),
        played_by: 0,
    });
    table.resolve(0, &[6]);
    let refusal = table.refused(Command::PlayModifier {
        player: 1,
        card: "stealth".into(),
        played_by: 1,
    });
    assert_eq!(refusal.code, RuleCode::ResolvingBegun);
    assert_eq!(refusal.section, Section::PlayRevealCards);

    // A roll for the order is resolving too ("TIME OF DEATH").
    let mut table = Table::new(2);
    table.play(&[Try::new(0, 1, "pistol"), Try::new(1, 1, "pistol")]);
    table.run(Command::RollForOrder {
        target: Some(1),
        dice: Some(vec![2, 5]),
    });
    let refusal = table.refused(Command::PlayModifier {
        player: 0,
        card: "stealth".into(),
        played_by: 0,
    });
    assert_eq!(refusal.code, RuleCode::ResolvingBegun);
}

/// Edition 1 let a Reveal Card be played on an attempt still to roll after
/// others were resolved.
#[test]
fn an_edition_1_game_plays_reveal_cards_while_resolving() {
    let mut table = Table::under(2, 1);
    table.play(&[
        Try::new(0, 1, "pistol").sent_by_edition_1(),
        Try::new(1, 2, "pistol").sent_by_edition_1(),
    ]);
    table.resolve(0, &[6]);
    table.run(Command::PlayModifier {
        player: 1,
        card: "stealth".into(),
        played_by: 0,
    });
}

// ---------------------------------------------------------------------------
// The values Bagless asks, within what the seed prints.

/// "Determining the MSR of an Assassination Attempt:" "Weapon Card MSR
/// (6-4, 6-3 or 6-2)": a weapon's range is entered by its low end, 2 to 4;
/// 6-1 or 6-5 is refused.
#[test]
fn determining_the_msr_weapon_card_msr_is_six_four_six_three_or_six_two() {
    let mut table = Table::new(2);
    for low in [1, 5, 0, 6] {
        let refusal = table.refused(Command::SetBoxValue {
            key: "weapon.garrote.msr".into(),
            value: BoxValue::Number(low),
        });
        assert_eq!(refusal.code, RuleCode::ValueRange);
        assert_eq!(refusal.section, Section::Msr);
        assert_eq!(refusal.params["min"], "2");
        assert_eq!(refusal.params["max"], "4");
    }
    for low in [2, 3, 4] {
        set(&mut table, "weapon.garrote.msr", BoxValue::Number(low));
    }
}

/// "WEAPON CARDS x60" "Each Weapon card features two attributes – whether
/// the weapon is Loud or Silent and the Cause of Death": the first is one
/// of the two words, nothing else.
#[test]
fn weapon_cards_a_weapon_is_loud_or_silent() {
    let mut table = Table::new(2);
    for word in ["quiet", "Loud", "gunshot"] {
        let refusal = table.refused(Command::SetBoxValue {
            key: "weapon.garrote.noise".into(),
            value: BoxValue::Text(word.into()),
        });
        assert_eq!(refusal.code, RuleCode::ValueKind);
        assert_eq!(refusal.section, Section::WeaponAttributes);
    }
    let refusal = table.refused(Command::SetBoxValue {
        key: "weapon.garrote.noise".into(),
        value: BoxValue::Number(1),
    });
    assert_eq!(refusal.code, RuleCode::ValueKind);
    set(
        &mut table,
        "weapon.garrote.noise",
        BoxValue::Text("loud".into()),
    );
    set(
        &mut table,
        "weapon.garrote.noise",
        BoxValue::Text("silent".into()),
    );
}

/// "WEAPON CARDS x60": "the Cause of Death", the attribute a Contract Card's
/// icons are matched against. Bagless keeps it as a word of small letters,
/// digits and `_` (`gunshot`, `asphyxiation`: the form's names, not a
/// rule), and refuses anything else at once rather than never match it.
#[test]
fn weapon_cards_a_cause_of_death_is_one_word() {
    let mut table = Table::new(2);
    for word in ["Car Bomb", "", "poison!"] {
        let refusal = table.refused(Command::SetBoxValue {
            key: "weapon.garrote.cause".into(),
            value: BoxValue::Text(word.into()),
        });
        assert_eq!(refusal.code, RuleCode::ValueKind, "{word:?}");
    }
    set(
        &mut table,
        "weapon.garrote.cause",
        BoxValue::Text("asphyxiation".into()),
    );
}
