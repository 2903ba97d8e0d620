//! A game read from a file is believed only as the rules would have written
//! it (SAVING THE GAME): `bagless_game::decide_log_again` decides every
//! entry again through `decide`, with the dice, the deal and the cards drawn
//! taken from the file, compares every derived event and checks every
//! invariant after every event.
//!
//! - games played through `decide` (random play with undo, redo and jumps
//!   back; cards drawn and the discard reshuffled; everything entered from
//!   the table) are believed, to the same game;
//! - the committed 20,000-event export is believed whole (its time printed);
//! - a tampered file is refused, naming the entry: a placement raised to
//!   500, a die's face changed, a derived event removed or moved, an entry
//!   moved, a card drawn that is not in the pile, an unfair deal.

use crate::support;

use bagless_game::{decide_log_again, Disbelieved, Envelope, Rules, Why};
use bagless_risk::*;
use proptest::prelude::*;
use std::sync::OnceLock;
use std::time::Instant;
use support::random::*;
use support::*;

fn believed(log: &[EventEnvelope]) -> Result<Game, Disbelieved> {
    decide_log_again::<Game>(log)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any game played through `decide`, undone, redone and gone back in,
    /// is believed and gives the game the log replays to.
    #[test]
    fn random_play_is_believed(
        players in 2usize..=5,
        seed in any::<u64>(),
        sigma in any::<bool>(),
        steps in steps(),
    ) {
        let mut table = dealt(players, seed, sigma);
        for step in &steps {
            if let Step::Command(kind, n) = step {
                let _ = table.run(command(&table.game, *kind, *n));
            } else {
                table.step_back_or_forth(step);
            }
        }
        prop_assert_eq!(believed(&table.log), Ok(replay(&table.log)));
    }
}

fn set(table: &mut Table, territory: Territory, owner: Colour, assassins: u32) {
    if table.game.owner(territory) == Some(owner) && table.game.assassins(territory) == assassins {
        return;
    }
    table.ok(Command::Adjust {
        territory,
        owner: Some(owner),
        assassins,
        reason: "set-up for the test".into(),
    });
}

/// VARIANTES DE JEU: 60 turns without the Sigma card, each with a conquest
/// and a card drawn by Bagless, trading whenever a hand makes a trade, so
/// the pile runs out and the discard is shuffled into a new one.
fn reshuffled() -> Table {
    let mut table = dealt(3, 7, false);
    for _ in 0..60 {
        let me = table.current();
        let (from, to) = Territory::all()
            .filter(|t| table.game.owner(*t) == Some(me))
            .find_map(|f| {
                pack::board()
                    .neighbours(f)
                    .find(|n| table.game.owner(*n) != Some(me))
                    .map(|n| (f, n))
            })
            .unwrap();
        let owner = table.game.owner(to).unwrap();
        let hand = table.game.player(me).unwrap().cards.clone();
        if hand.len() >= 3 {
            table.ok(Command::TradeCards {
                cards: hand[..3].to_vec(),
            });
        }
        table.place_all();
        set(&mut table, from, me, 4);
        set(&mut table, to, owner, 1);
        // Rolled by Bagless until the territory falls or the force of 3
        // is lost (DÉPLACEZ-VOUS, ATAQUES SUPPLÉMENTAIRES).
        while table.game.owner(to) == Some(owner) {
            let turn = table.game.turn.as_ref().unwrap();
            if turn.attacks_over {
                break;
            }
            let force = turn.battle.map_or(3, |b| b.force);
            table.ok(Command::Attack {
                from,
                to,
                attackers: force as u8,
                dice: None,
                defence_dice: None,
            });
        }
        set(&mut table, to, owner, 1);
        table.ok(Command::EndTurn {
            card: None,
            sigma: false,
            decline: false,
        });
    }
    table
}

#[test]
fn cards_drawn_and_the_discard_reshuffled_are_believed() {
    let mut table = reshuffled();
    let events = || table.log.iter().map(|e| &e.event);
    assert!(events().any(|e| matches!(e, Event::DeckReshuffled { .. })));
    assert!(events().any(|e| matches!(
        e,
        Event::CardDrawn {
            by_bagless: true,
            ..
        }
    )));
    assert!(events().any(|e| matches!(
        e,
        Event::DiceRolled {
            by_bagless: true,
            ..
        }
    )));
    assert_eq!(believed(&table.log), Ok(table.game.clone()));

    // Undone, redone, gone back to a placement, and played on from there.
    table.step_back_or_forth(&Step::Undo);
    table.step_back_or_forth(&Step::Undo);
    table.step_back_or_forth(&Step::Redo);
    assert_eq!(believed(&table.log), Ok(table.game.clone()));
    let placement = table
        .log
        .iter()
        .rev()
        .find(|e| matches!(e.event, Event::AssassinsPlaced { .. }))
        .unwrap()
        .seq;
    table.ok_markers(decide_jump_back(&table.log, placement));
    assert_eq!(believed(&table.log), Ok(table.game.clone()));
    table.place_all();
    table.ok(Command::EndAttacks);
    table.ok(Command::EndTurn {
        card: None,
        sigma: false,
        decline: false,
    });
    assert_eq!(believed(&table.log), Ok(table.game.clone()));
}

/// Dice, deal and cards entered from the table come back entered; those
/// Bagless drew come back drawn by Bagless.
#[test]
fn what_the_table_entered_stays_entered() {
    // Edition 2: the territory retreated from is attacked again (edition 3
    // refuses it: `third_reading.rs`).
    let mut table = game_under(3, |t| COLOURS[t.index() % 3], Some(2));
    let red = table.current();
    table.place_all();
    let (from, to) = Territory::all()
        .filter(|t| table.game.owner(*t) == Some(red))
        .find_map(|f| {
            pack::board()
                .neighbours(f)
                .find(|n| table.game.owner(*n) != Some(red))
                .map(|n| (f, n))
        })
        .unwrap();
    let owner = table.game.owner(to).unwrap();
    set(&mut table, from, red, 5);
    set(&mut table, to, owner, 2);
    table.ok(Command::Attack {
        from,
        to,
        attackers: 3,
        dice: Some(vec![2, 6, 3]),
        defence_dice: None,
    });
    // DÉPLACEZ-VOUS: "jusqu'au retrait de l'attaquant".
    if table.game.turn.as_ref().unwrap().battle.is_some() {
        table.ok(Command::Retreat);
    }
    set(&mut table, from, red, 5);
    set(&mut table, to, owner, 1);
    table.ok(Command::Attack {
        from,
        to,
        attackers: 1,
        dice: Some(vec![6]),
        defence_dice: Some(vec![1]),
    });
    table.ok(Command::EndAttacks);
    let card = table.game.deck[5];
    table.ok(Command::EndTurn {
        card: Some(card),
        sigma: false,
        decline: false,
    });
    let flags: Vec<bool> = table
        .log
        .iter()
        .filter_map(|e| match e.event {
            Event::TerritoriesDealt { by_bagless, .. }
            | Event::CardsDealt { by_bagless, .. }
            | Event::DiceRolled { by_bagless, .. }
            | Event::CardDrawn { by_bagless, .. } => Some(by_bagless),
            _ => None,
        })
        .collect();
    assert_eq!(flags, [false, true, true, false, false]);
    assert_eq!(believed(&table.log), Ok(table.game.clone()));
}

/// PARTIE À 2 JOUEURS: the neutrals' stacks and the fragments entered.
#[test]
fn a_two_player_set_up_entered_at_the_table_is_believed() {
    let mut table = Table::new();
    let mut values = crests();
    values.extend(region_bonuses());
    table.ok(Command::CreateGame {
        players: seats(2),
        sigma: true,
        box_values: values,
        edition: None,
    });
    table.ok(Command::DealTerritories { deal: None });
    let neutrals = table.game.neutrals.clone();
    let stacks = neutrals
        .iter()
        .zip(Territory::all().collect::<Vec<_>>().chunks(3))
        .map(|(colour, cards)| NeutralStack {
            colour: *colour,
            cards: cards.to_vec(),
        })
        .collect();
    table.ok(Command::DealCards {
        fragments: Some(vec![
            FragmentHand {
                colour: COLOURS[0],
                fragments: vec![3],
            },
            FragmentHand {
                colour: COLOURS[1],
                fragments: vec![7],
            },
        ]),
        neutral_stacks: Some(stacks),
    });
    assert_eq!(believed(&table.log), Ok(table.game.clone()));
}

/// MISE EN PLACE 4: "Placez 1 Assassin si la carte comporte 1 Blason, 2
/// si elle en comporte 2" — the crests read off the cards the pack does not
/// print, entered in the order the table read them (here the deal from the
/// last card to the first): the event keeps that order, and the deal
/// decided again reads them in that order too, so the file is believed.
/// Found by cargo-mutants.
#[test]
fn a_deal_whose_crests_were_read_out_of_the_cards_order_is_believed() {
    let mut table = Table::new();
    table.ok(Command::CreateGame {
        players: seats(3),
        sigma: true,
        box_values: region_bonuses(),
        edition: None,
    });
    let read: Vec<BoxValue> = crests().into_iter().rev().collect();
    let cards: Vec<Territory> = Territory::all().collect();
    let deal: Vec<DealtCard> = cards
        .into_iter()
        .rev()
        .map(|territory| DealtCard {
            territory,
            owner: COLOURS[territory.index() % 3],
            crests: read.iter().find_map(|value| match value {
                BoxValue::Crests {
                    territory: t,
                    crests,
                } if *t == territory => Some(*crests),
                _ => None,
            }),
        })
        .collect();
    let events = table.ok(Command::DealTerritories { deal: Some(deal) });
    let Event::TerritoriesDealt { crests, .. } = &events[0] else {
        panic!("{events:?}");
    };
    assert!(read.len() > 1);
    assert_eq!(crests, &read);
    table.ok(Command::DealCards {
        fragments: None,
        neutral_stacks: None,
    });
    assert_eq!(believed(&table.log), Ok(table.game.clone()));
}

/// The invariant the rules keep under APERÇU DES ÉLÉMENTS (no sentence of
/// the seed says it; DÉPLACEZ-VOUS: "vous devez laisser au moins 1 Assassin"
/// behind): no territory is empty (edition 1), but the one
/// whose defenders all fell in the roll just made waits, empty, for the
/// attackers (COMBAT: "Si tous les Assassins en défense sont éliminés, la
/// Confrérie attaquante prend le contrôle du territoire"); once taken, it
/// is named if it is empty. Found by cargo-mutants.
#[test]
fn invariants_name_an_empty_territory_but_the_one_the_roll_just_emptied() {
    use Territory::*;
    let mut table = three_players_edition_1();
    table.place_all();
    set(&mut table, Alaska, Colour::Red, 9);
    set(&mut table, NorthwestTerritory, Colour::Grey, 1);
    let before = table.game.clone();
    let events = table.ok(Command::Attack {
        from: Alaska,
        to: NorthwestTerritory,
        attackers: 1,
        dice: Some(vec![6]),
        defence_dice: Some(vec![1]),
    });
    assert!(matches!(events[1], Event::TerritoryConquered { .. }));
    // Between the roll and the conquest: emptied, and nothing broken.
    let mut rolled = before;
    evolve(&mut rolled, &events[0]);
    assert_eq!(rolled.assassins(NorthwestTerritory), 0);
    assert_eq!(rolled.invariants(), Vec::<String>::new());
    assert_eq!(table.game.invariants(), Vec::<String>::new());
    // Taken, then found empty: named.
    let mut game = table.game.clone();
    game.map.get_mut(&NorthwestTerritory).unwrap().assassins = 0;
    assert_eq!(
        game.invariants(),
        ["APERÇU DES ÉLÉMENTS: northwest_territory holds no assassin"]
    );
}

impl Table {
    fn ok_markers(&mut self, markers: Result<Vec<Event>, RuleViolation>) {
        self.record(markers.unwrap());
        self.game = replay(&self.log);
    }
}

// The committed export of a 20,000-event game.

#[derive(serde::Deserialize)]
struct Export {
    events: Vec<EventEnvelope>,
}

fn long_game() -> &'static [EventEnvelope] {
    static LOG: OnceLock<Vec<EventEnvelope>> = OnceLock::new();
    LOG.get_or_init(|| {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/risk-20000-events.bagless.json"
        );
        let text = std::fs::read_to_string(path).unwrap();
        serde_json::from_str::<Export>(&text).unwrap().events
    })
}

#[test]
fn the_20000_event_export_is_believed_whole() {
    let log = long_game();
    assert_eq!(log.len(), 20_000);
    let started = Instant::now();
    let game = believed(log).unwrap();
    let took = started.elapsed();
    println!(
        "20,000 events decided again in {:.0} ms ({} build)",
        took.as_secs_f64() * 1000.0,
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        }
    );
    assert_eq!(game, replay(log));
    assert!(game.invariants().is_empty());
}

/// The fixture with `edit` applied to its events, numbered again as a
/// careful hand would (so only the rules can tell).
fn tampered(edit: impl FnOnce(&mut Vec<Event>)) -> Vec<EventEnvelope> {
    let log = long_game();
    // The refusals all come early: the first 2,000 events are enough.
    let mut events: Vec<Event> = log[..2_000].iter().map(|e| e.event.clone()).collect();
    edit(&mut events);
    events
        .into_iter()
        .zip(log)
        .enumerate()
        .map(|(i, (event, original))| Envelope {
            seq: i as u32 + 1,
            recorded_at: original.recorded_at,
            event,
            by: None,
        })
        .collect()
}

fn first(events: &[Event], wanted: impl Fn(&Event) -> bool) -> usize {
    events.iter().position(wanted).unwrap()
}

fn seq_of(index: usize) -> u32 {
    index as u32 + 1
}

#[test]
fn a_placement_raised_to_500_is_refused_at_its_entry() {
    let mut at = 0;
    let log = tampered(|events| {
        at = first(events, |e| matches!(e, Event::AssassinsPlaced { .. }));
        if let Event::AssassinsPlaced { count, .. } = &mut events[at] {
            *count = 500;
        }
    });
    let refused = believed(&log).unwrap_err();
    assert_eq!(refused.seq, seq_of(at));
    assert!(
        matches!(&refused.why, Why::Refused { message: why, .. } if why.contains("left to place"))
    );
    // The refusal keeps the heading it rests on, as printed.
    assert!(
        matches!(&refused.why, Why::Refused { section, .. } if section == "1. PLACEZ VOS ASSASSINS"),
        "{refused}"
    );
    assert!(refused.to_string().starts_with(&format!(
        "entry {} (2026-11-21 20:30) breaks a rule",
        seq_of(at)
    )));
}

#[test]
fn dice_that_do_not_give_the_recorded_losses_are_refused() {
    let mut at = 0;
    let log = tampered(|events| {
        at = first(
            events,
            |e| matches!(e, Event::DiceRolled { defender_losses, .. } if *defender_losses > 0),
        );
        if let Event::DiceRolled { attack, .. } = &mut events[at] {
            attack.iter_mut().for_each(|face| *face = 1);
        }
    });
    let refused = believed(&log).unwrap_err();
    assert_eq!((refused.seq, refused.why), (seq_of(at), Why::Differs));

    // A face no die shows.
    let log = tampered(|events| {
        if let Event::DiceRolled { defence, .. } = &mut events[at] {
            defence[0] = 7;
        }
    });
    let refused = believed(&log).unwrap_err();
    assert_eq!(refused.seq, seq_of(at));
    assert!(matches!(&refused.why, Why::Refused { message: why, .. } if why.contains("1 to 6")));
}

#[test]
fn a_derived_event_removed_or_moved_is_refused_at_its_entry() {
    let conquest = |e: &Event| matches!(e, Event::TerritoryConquered { .. });
    let mut roll = 0;
    let removed = tampered(|events| {
        let at = first(events, conquest);
        roll = at - 1;
        events.remove(at);
    });
    assert!(matches!(removed[roll].event, Event::DiceRolled { .. }));
    let refused = believed(&removed).unwrap_err();
    assert_eq!((refused.seq, refused.why), (seq_of(roll), Why::Differs));

    // Moved after the next entry: the roll lacks it.
    let moved = tampered(|events| {
        let at = first(events, conquest);
        let conquered = events.remove(at);
        events.insert(at + 1, conquered);
    });
    let refused = believed(&moved).unwrap_err();
    assert_eq!((refused.seq, refused.why), (seq_of(roll), Why::Differs));

    // A turn's reinforcements counted differently.
    let mut ended = 0;
    let recounted = tampered(|events| {
        let at = first(events, |e| matches!(e, Event::TurnStarted { turn: 2, .. }));
        ended = events[..at].iter().rposition(Event::is_entry).unwrap();
        if let Event::TurnStarted { total, .. } = &mut events[at] {
            *total += 1;
        }
    });
    assert!(matches!(recounted[ended].event, Event::TurnEnded { .. }));
    let refused = believed(&recounted).unwrap_err();
    assert_eq!((refused.seq, refused.why), (seq_of(ended), Why::Differs));
}

#[test]
fn an_entry_moved_is_refused_where_the_rules_stop_it() {
    let mut end = 0;
    let log = tampered(|events| {
        let at = first(events, |e| matches!(e, Event::AssassinsPlaced { .. }));
        let placed = events.remove(at);
        end = first(events, |e| matches!(e, Event::PlacementEnded { .. }));
        events.insert(end + 1, placed);
    });
    // The placement ends with an assassin still to place.
    let refused = believed(&log).unwrap_err();
    assert_eq!(refused.seq, seq_of(end));
    assert!(
        matches!(&refused.why, Why::Refused { message: why, .. } if why.contains("still to be placed"))
    );
}

#[test]
fn a_card_not_in_the_pile_is_refused() {
    let mut end = 0;
    let log = tampered(|events| {
        let drawn = |e: &Event| matches!(e, Event::CardDrawn { .. });
        let once = first(events, drawn);
        let Event::CardDrawn { card: taken, .. } = events[once] else {
            unreachable!()
        };
        let again = once + 1 + first(&events[once + 1..], drawn);
        end = again - 1;
        if let Event::CardDrawn { card, .. } = &mut events[again] {
            *card = taken;
        }
    });
    assert!(matches!(log[end].event, Event::TurnEnded { .. }));
    let refused = believed(&log).unwrap_err();
    assert_eq!(refused.seq, seq_of(end));
    assert!(
        matches!(&refused.why, Why::Refused { message: why, .. } if why.contains("not in the pile"))
    );
}

#[test]
fn a_deal_bagless_could_not_make_is_refused() {
    let log = tampered(|events| {
        if let Event::TerritoriesDealt { holdings, .. } = &mut events[1] {
            let red = holdings
                .iter()
                .position(|d| d.owner == Colour::Red)
                .unwrap();
            holdings[red].owner = Colour::Grey;
        }
    });
    let refused = believed(&log).unwrap_err();
    assert_eq!(refused.seq, 2);
    assert!(
        matches!(&refused.why, Why::Refused { message: why, .. } if why.contains("should get 14"))
    );
}

/// A turn's end as a file recorded it: `me` ends the turn and Bagless draws
/// the Sigma card.
fn sigma_drawn_by_bagless(me: Colour) -> [Event; 2] {
    [
        Event::TurnEnded {
            player: me,
            declined: false,
        },
        Event::SigmaDrawn {
            player: me,
            by_bagless: true,
        },
    ]
}

/// VARIANTES DE JEU: "vous pouvez choisir de ne pas intégrer la carte
/// Équipe Sigma": a file that shows Bagless drawing the Sigma card at the
/// end of a turn of a game played without it is refused there, as a card
/// not in the pile (4. TIREZ UNE CARTE SI VOUS LE POUVEZ).
#[test]
fn a_sigma_card_drawn_in_a_game_without_it_is_refused() {
    let (table, me) = a_turn_that_conquered(false);
    assert!(!table.game.deck.is_empty() && !table.game.sigma_in_deck);
    let recorded = sigma_drawn_by_bagless(me);
    let r = table
        .game
        .decide_again(&recorded, chrono::DateTime::<chrono::Utc>::UNIX_EPOCH)
        .unwrap_err();
    assert_eq!(
        (r.code, r.section),
        (RuleCode::CardNotInDeck, Section::DrawACard)
    );
    assert_eq!(r.params["territory"], "sigma");
}

/// APERÇU DES ÉLÉMENTS: "Si la carte Équipe Sigma est tirée du tas de cartes
/// Territoire, la partie prend fin immédiatement": a file that shows
/// Bagless drawing the Sigma card at the end of a turn of a game played
/// with it, the pile still full of territory cards, is believed, and the
/// game ends there.
#[test]
fn a_sigma_card_drawn_in_a_game_with_it_is_believed_and_ends_the_game() {
    let (table, me) = a_turn_that_conquered(true);
    assert!(table.game.deck.len() > 1 && table.game.sigma_in_deck);
    let recorded = sigma_drawn_by_bagless(me);
    let events = table
        .game
        .decide_again(&recorded, chrono::DateTime::<chrono::Utc>::UNIX_EPOCH)
        .unwrap();
    assert_eq!(events[..2], recorded);
    assert!(matches!(
        events[2],
        Event::GameOver {
            ending: Ending::SigmaDrawn,
            ..
        }
    ));
}

/// A game of 3 dealt with or without the Sigma card, whose first player
/// has conquered a territory this turn (so the turn's end draws a card).
fn a_turn_that_conquered(sigma: bool) -> (Table, Colour) {
    let mut table = dealt(3, 7, sigma);
    let me = table.current();
    let (from, to) = Territory::all()
        .filter(|t| table.game.owner(*t) == Some(me))
        .find_map(|f| {
            pack::board()
                .neighbours(f)
                .find(|n| table.game.owner(*n) != Some(me))
                .map(|n| (f, n))
        })
        .unwrap();
    let owner = table.game.owner(to).unwrap();
    table.place_all();
    set(&mut table, from, me, 4);
    set(&mut table, to, owner, 1);
    table.ok(Command::Attack {
        from,
        to,
        attackers: 1,
        dice: Some(vec![6]),
        defence_dice: Some(vec![1]),
    });
    assert!(table.game.turn.as_ref().unwrap().conquered);
    (table, me)
}
