//! "Determining the MSR of an Assassination Attempt:", "MSR (MISSION
//! SUCCESS RATE)", "SPECIALIST CARDS x6", "Playing doubles of Weapon
//! Cards:", "Unarmed Assassination:", "STORYTELLING", and the dice.

use crate::support;

use bagless_nation::*;
use support::*;

fn set(table: &mut Table, key: &str, n: i32) {
    table.run(Command::SetBoxValue {
        key: key.into(),
        value: BoxValue::Number(n),
    });
}

/// The summary's example: "6-4 (Weapon Card) +1 (Stealth Modifier) +0
/// (Fugitive Adjustment) = 6-3" — the Knife with Stealth on the Judge.
#[test]
fn determining_the_msr_knife_stealth_judge_is_six_three() {
    let mut command = create_command(2, false);
    if let Command::CreateGame { box_values, .. } = &mut command {
        box_values.remove("target.2.msr");
    }
    let mut judge = Table::empty();
    judge.run(command);
    judge.run(Command::SetBoxValue {
        key: "target.2.name".into(),
        value: BoxValue::Text("Judge".into()),
    });
    // Player 1's specialist weapon is the pistol: one die with the knife.
    judge.play(&[Try::new(1, 2, "knife").modifier("stealth")]);
    let view = table_view(&judge.game);
    let msr = &view.attempts[0].msr;
    assert_eq!((msr.base, msr.target, msr.need), (4, 0, 3));
    assert_eq!(msr.modifiers[0].msr, 1);
    assert_eq!(msr.outcome, Outcome::Roll);
    assert_eq!(msr.dice, 1);
    assert!((msr.chance - 4.0 / 6.0).abs() < 1e-12);
    assert_eq!(view.pyramid[1].name.as_deref(), Some("Judge"));
    let events = judge.resolve(1, &[2]);
    assert!(matches!(
        events[0],
        Event::AttemptResolved {
            success: false,
            need: 3,
            ..
        }
    ));
}

/// "MSR (MISSION SUCCESS RATE)" example: a Pistol (6-3) on a target of
/// adjustment 0 needs 3 or above; a 1 or 2 fails. "ASSASSINATION SUCCESS:"
/// "The Target is eliminated when a player successfully rolls within the
/// determined MSR range.": the 3 takes the tile, the miss leaves its target
/// standing.
#[test]
fn msr_pistol_needs_three_or_above() {
    let mut table = Table::new(2);
    table.play(&[Try::new(0, 1, "pistol"), Try::new(1, 2, "knife").time(900)]);
    let events = table.resolve(0, &[3]);
    assert!(matches!(
        events[0],
        Event::AttemptResolved {
            success: true,
            need: 3,
            ..
        }
    ));
    assert!(matches!(
        events[1],
        Event::TargetEliminated {
            target: 1,
            player: 0,
            ..
        }
    ));
    assert_eq!(table.target(1).holder, Some(0));
    assert!(!table.game.is_available(1));
    let events = table.resolve(1, &[3]);
    assert!(matches!(
        events[0],
        Event::AttemptResolved {
            success: false,
            need: 4,
            ..
        }
    ));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::TargetEliminated { .. })));
    assert_eq!(table.target(2).holder, None);
    assert!(table.game.is_available(2));
}

/// "Determining the MSR of an Assassination Attempt:" "+/- Target MSR
/// Adjustment", and "MSR (MISSION SUCCESS RATE)": "(including any Modifiers
/// and a Target's MSR Adjustment)": a target adjusted +1 widens the range
/// by one, a target adjusted −1 narrows it by one, and the roll is judged
/// against the range so adjusted.
#[test]
fn determining_the_msr_the_target_adjustment_is_added() {
    let mut table = Table::new(2);
    set(&mut table, "target.1.msr", 1);
    set(&mut table, "target.2.msr", -1);
    table.play(&[
        // 6-3 +1 = 6-2 (player 0's specialist is the knife: one die here).
        Try::new(0, 1, "pistol"),
        // 6-4 −1 = 6-5 (player 1's specialist is the pistol: one die).
        Try::new(1, 2, "knife"),
    ]);
    let view = table_view(&table.game);
    let (pistol, knife) = (&view.attempts[0].msr, &view.attempts[1].msr);
    assert_eq!((pistol.base, pistol.target, pistol.need), (3, 1, 2));
    assert_eq!((knife.base, knife.target, knife.need), (4, -1, 5));
    assert!((pistol.chance - 5.0 / 6.0).abs() < 1e-12);
    assert!((knife.chance - 2.0 / 6.0).abs() < 1e-12);
    // A 2 succeeds within 6-2 (it would fail at 6-3 or 6-4).
    let events = table.resolve(0, &[2]);
    assert!(matches!(
        events[0],
        Event::AttemptResolved {
            success: true,
            need: 2,
            ..
        }
    ));
    // A 4 fails within 6-5 (it would succeed at 6-4 or 6-3).
    let events = table.resolve(1, &[4]);
    assert!(matches!(
        events[0],
        Event::AttemptResolved {
            success: false,
            need: 5,
            ..
        }
    ));
}

/// "MSR (MISSION SUCCESS RATE)": "MSRs that are modified to have a range
/// of 6-1 or more, succeed automatically; while MSRs that are 7 or above,
/// fail automatically." No die is rolled.
#[test]
fn msr_six_one_succeeds_and_seven_fails_without_a_roll() {
    let mut table = Table::new(3);
    set(&mut table, "target.1.msr", 2);
    set(&mut table, "target.2.msr", -3);
    table.play(&[
        // 6-3 +2 = 6-1.
        Try::new(0, 1, "pistol"),
        // 6-4 -3 = 7.
        Try::new(2, 2, "knife"),
    ]);
    let view = table_view(&table.game);
    assert_eq!(view.attempts[0].msr.outcome, Outcome::AutomaticSuccess);
    assert_eq!(view.attempts[0].msr.chance, 1.0);
    assert_eq!(view.attempts[1].msr.outcome, Outcome::AutomaticFailure);
    assert_eq!(view.attempts[1].msr.chance, 0.0);
    let refusal = table.refused(Command::Resolve {
        player: 0,
        dice: Some(vec![4]),
        believed: None,
    });
    assert_eq!(refusal.code, RuleCode::DiceNotNeeded);
    assert_eq!(refusal.section, Section::Msr);
    let events = table.run(Command::Resolve {
        player: 0,
        dice: None,
        believed: None,
    });
    assert!(
        matches!(&events[0], Event::AttemptResolved { success: true, dice, .. } if dice.is_empty())
    );
    let events = table.run(Command::Resolve {
        player: 2,
        dice: None,
        believed: None,
    });
    assert!(matches!(
        events[0],
        Event::AttemptResolved { success: false, .. }
    ));
}

/// "SPECIALIST CARDS x6": "When a player attempts to assassinate a target
/// using their specialty weapon, they roll two dice for the attempt
/// instead of one and keep the higher result."
#[test]
fn specialist_cards_two_dice_keep_the_higher() {
    let mut table = Table::new(2);
    // Player 0's specialist (1) uses the knife: 6-4 with two dice.
    table.play(&[Try::new(0, 1, "knife")]);
    let view = table_view(&table.game);
    assert_eq!(view.attempts[0].msr.dice, 2);
    assert!((view.attempts[0].msr.chance - (1.0 - 9.0 / 36.0)).abs() < 1e-12);
    let refusal = table.refused(Command::Resolve {
        player: 0,
        dice: Some(vec![5]),
        believed: None,
    });
    assert_eq!(refusal.code, RuleCode::DiceCount);
    assert_eq!(refusal.section, Section::SpecialistCards);
    let events = table.resolve(0, &[1, 4]);
    assert!(matches!(
        events[0],
        Event::AttemptResolved { success: true, .. }
    ));
}

/// A specialist's card names a weapon the summary does not: asked once,
/// when the cards are face up ("1) REVEAL YOUR ASSASSINATION ATTEMPTS").
#[test]
fn specialist_cards_the_specialty_weapon_is_asked_once() {
    let mut command = create_command(2, false);
    if let Command::CreateGame { box_values, .. } = &mut command {
        box_values.remove("specialist.1.weapon");
    }
    let mut table = Table::empty();
    table.run(command.clone());
    table.end_intel();
    table.run(Try::new(0, 1, "pistol").cmd());
    let refusal = table.asked();
    assert_eq!(refusal.code, RuleCode::ValueNeeded);
    assert_eq!(refusal.params["key"], "specialist.1.weapon");
    assert_eq!(refusal.section, Section::SpecialistCards);
    // Unarmed needs no weapon.
    let mut table = Table::empty();
    table.run(command);
    table.end_intel();
    table.run(Try::unarmed(0, 1).cmd());
    table.reveal();
    assert_eq!(table_view(&table.game).asks, None);
}

/// "Playing doubles of Weapon Cards:" "Playing two of the same Weapon
/// increases the MSR range by +1"; there is nothing to double unarmed.
#[test]
fn playing_doubles_adds_one_to_the_msr() {
    let mut table = Table::new(2);
    table.end_intel();
    let refusal = table.refused(Try::unarmed(0, 1).doubled().cmd());
    assert_eq!(refusal.code, RuleCode::DoubledUnarmed);
    assert_eq!(refusal.section, Section::PlayingDoubles);
    table.run(Try::new(0, 1, "pistol").doubled().cmd());
    table.reveal();
    let msr = &table_view(&table.game).attempts[0].msr;
    assert_eq!((msr.doubled, msr.need), (1, 2));
}

/// "Unarmed Assassination:" "The base MSR for attempting this is 6".
#[test]
fn unarmed_assassination_base_msr_six() {
    let mut table = Table::new(2);
    table.end_intel();
    let refusal = table.refused(
        Try {
            time: Some(800),
            ..Try::unarmed(0, 1)
        }
        .cmd(),
    );
    assert_eq!(refusal.code, RuleCode::TimeUnarmed);
    assert_eq!(refusal.section, Section::UnarmedAssassination);
    table.run(Try::unarmed(0, 1).cmd());
    table.reveal();
    let view = table_view(&table.game);
    let msr = &view.attempts[0].msr;
    assert_eq!((msr.base, msr.need, msr.weapon.clone()), (6, 6, None));
    assert_eq!(view.attempts[0].time, None);
    assert!(matches!(
        table.resolve(0, &[5])[0],
        Event::AttemptResolved { success: false, .. }
    ));
}

/// "STORYTELLING": "if the majority do not believe your plot would be
/// successful, then you will receive a -1 MSR ... but earn an extra 2 Cash
/// Tokens (+$2,000) if you successfully eliminate the target."
#[test]
fn storytelling_doubted_plot_minus_one_msr_and_two_thousand_on_success() {
    let mut table = Table::with_storytelling(2);
    table.play(&[Try::new(0, 1, "pistol"), Try::new(1, 2, "knife")]);
    let view = table_view(&table.game);
    let doubted = view.attempts[0].msr_if_doubted.clone().unwrap();
    assert_eq!((doubted.storytelling, doubted.need), (-1, 4));
    let refusal = table.refused(Command::Resolve {
        player: 0,
        dice: Some(vec![4]),
        believed: None,
    });
    assert_eq!(refusal.code, RuleCode::VoteNeeded);
    assert_eq!(refusal.section, Section::Storytelling);
    let events = table.run(Command::Resolve {
        player: 0,
        dice: Some(vec![4]),
        believed: Some(false),
    });
    assert!(matches!(
        events[0],
        Event::AttemptResolved {
            need: 4,
            success: true,
            ..
        }
    ));
    assert!(matches!(
        events[1],
        Event::TargetEliminated {
            story_bonus: 2000,
            ..
        }
    ));
    assert_eq!(table.cash(0), 2000 + 2000);
    // Believed: the roll as normal, no bonus.
    table.run(Command::Resolve {
        player: 1,
        dice: Some(vec![4]),
        believed: Some(true),
    });
    assert_eq!(table.cash(1), 2000);
}

/// "STORYTELLING" is an "OPTIONAL RULE": without it there is no vote.
#[test]
fn storytelling_no_vote_when_not_in_play() {
    let mut table = Table::new(2);
    table.play(&[Try::new(0, 1, "pistol")]);
    let refusal = table.refused(Command::Resolve {
        player: 0,
        dice: Some(vec![4]),
        believed: Some(true),
    });
    assert_eq!(refusal.code, RuleCode::VoteNotInPlay);
    assert!(table_view(&table.game).attempts[0].msr_if_doubted.is_none());
}

/// "3) RESOLVE ASSASSINATION ATTEMPTS": dice entered from the table, or
/// rolled by Bagless and recorded (the replay never rolls).
#[test]
fn resolve_assassination_attempts_dice_entered_or_rolled_and_recorded() {
    let mut table = Table::new(2);
    table.play(&[Try::new(0, 1, "pistol")]);
    let refusal = table.refused(Command::Resolve {
        player: 0,
        dice: None,
        believed: None,
    });
    assert_eq!(refusal.code, RuleCode::DiceNeeded);
    assert_eq!(refusal.section, Section::ResolveAttempts);
    assert_eq!(
        table
            .refused(Command::Resolve {
                player: 0,
                dice: Some(vec![0]),
                believed: None,
            })
            .code,
        RuleCode::DieFace
    );
    table.seed = Some(42);
    let events = table.run(Command::Resolve {
        player: 0,
        dice: None,
        believed: None,
    });
    let Event::AttemptResolved { dice, .. } = &events[0] else {
        panic!()
    };
    assert_eq!(dice.len(), 1);
    assert!((1..=6).contains(&dice[0]));
    assert_eq!(replay(&table.log), table.game);
}

/// "2) PLAY REVEAL CARDS": a modifier played face-up on any attempt, by
/// its owner or a rival, changes its MSR before the roll.
#[test]
fn play_reveal_cards_a_rival_modifier_changes_the_msr() {
    let mut table = Table::new(2);
    table.play(&[Try::new(0, 1, "pistol")]);
    table.run(Command::PlayModifier {
        player: 0,
        card: "jammed".into(),
        played_by: 1,
    });
    let msr = &table_view(&table.game).attempts[0].msr;
    assert_eq!(msr.need, 4);
    table.resolve(0, &[3]);
    let refusal = table.refused(Command::PlayModifier {
        player: 0,
        card: "stealth".into(),
        played_by: 1,
    });
    assert_eq!(refusal.code, RuleCode::AttemptSettled);
    assert_eq!(refusal.section, Section::PlayRevealCards);
}
