//! The map as a picture: the 42 territories in their 6 regions, each with
//! its holder and count, the region bonuses, the table ASSASSINS PAR
//! CARTES, whose turn and which phase, and the turn's reinforcements
//! explained.

use crate::model::commands::TerritoryCount;
use crate::model::events::{Ending, Reinforcement};
use crate::model::ids::{Colour, Region, Territory};
use crate::model::state::{Game, LastRoll, Phase};
use crate::pack::{board, Mission, Names};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct TerritoryView {
    pub id: Territory,
    pub name: Names,
    pub region: Region,
    pub owner: Option<Colour>,
    pub assassins: u32,
    pub neighbours: Vec<Territory>,
    /// The crests on its card, when known.
    pub crests: Option<u8>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct RegionView {
    pub id: Region,
    pub name: Names,
    /// The bonus printed on the board, once entered.
    pub bonus: Option<u32>,
    /// The classic RISK value, to pre-fill the question.
    pub suggested_bonus: u32,
    /// The brotherhood holding the whole region.
    pub holder: Option<Colour>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct PlayerView {
    pub colour: Colour,
    pub name: String,
    pub neutral: bool,
    pub territories: u32,
    pub assassins: u32,
    pub cards: u32,
    pub eliminated: bool,
    /// LES CARTES TERRITOIRE: the cards in the player's own pile (a
    /// neutral's: the 3 set under its assassin).
    pub hand: Vec<Territory>,
    /// LES CARTES FRAGMENT DE MÉMOIRE (MISE EN PLACE 6: "Regardez-les, mais
    /// ne les dévoilez pas aux autres joueurs"): how many the player holds
    /// not yet claimed, counted, never listed on the shared screen.
    pub fragments_held: u32,
    /// Those claimed (shown to the table as they were claimed, ACCOMPLIR
    /// DES MISSIONS), with their missions.
    pub fragments_claimed: Vec<FragmentView>,
    /// LES CARTES APTITUDE still face down.
    pub aptitude_hidden: u32,
    pub aptitude_revealed: u32,
}

/// A memory-fragment card in a player's hand, and its mission when known.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct FragmentView {
    pub id: u8,
    /// The card's name, when the pack has it.
    pub name: Option<Names>,
    pub mission: Option<Mission>,
    pub used: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct TradeRow {
    pub crests: u32,
    pub assassins: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct MapView {
    pub phase: Phase,
    pub current: Option<Colour>,
    pub turn: u32,
    pub territories: Vec<TerritoryView>,
    pub regions: Vec<RegionView>,
    pub players: Vec<PlayerView>,
    pub trade_table: Vec<TradeRow>,
    pub reinforcements: Vec<Reinforcement>,
    /// The turn's reinforcements added up (1. RECEVEZ ET PLACEZ DES
    /// RENFORTS).
    pub reinforcement_total: u32,
    /// LES CARTES TERRITOIRE: the crests a card may show, for the deal's
    /// and the cards' forms.
    pub crest_counts: Vec<u8>,
    /// New assassins still to place.
    pub pool: u32,
    /// After a conquest, more assassins may follow: (from, to).
    pub move_in: Option<(Territory, Territory)>,
    pub neutral_due: bool,
    pub winners: Vec<Colour>,
    /// How the game ended, once over.
    pub ending: Option<Ending>,
    /// This turn: a territory conquered (a card is drawn at its end).
    pub conquered: bool,
    /// ATAQUES SUPPLÉMENTAIRES: beaten, no more attacks this turn.
    pub attacks_over: bool,
    pub manoeuvred: bool,
    pub aptitude_revealed: bool,
    /// The turn's last roll of the dice.
    pub last_roll: Option<LastRoll>,
    /// Whether the Sigma card is in the game, and still in the pile.
    pub sigma: bool,
    pub sigma_in_deck: bool,
    /// The territory cards in the pile, and those traded in.
    pub deck: Vec<Territory>,
    pub discard: Vec<Territory>,
    /// **2. ATTAQUEZ**: what the attack form offers, in the attack phase.
    pub attack: Option<super::attack::AttackView>,
    /// The unclaimed memory fragments of the player whose turn it is, for
    /// that player's own look when they ask (the screen keeps them hidden
    /// otherwise): the only fragments a view names before their claim.
    pub own_fragments: Vec<FragmentView>,
    /// What the forms may offer beyond edition 1 (issue 30's second
    /// reading), each false or empty in a game of edition 1.
    pub offers: Offers,
    /// Where the seed is silent or unclear, what Bagless assumes: the
    /// pack's `assumptions` (campaigns/README.md), worded by the UI's
    /// catalogue (`risk.assumptions.<id>`).
    pub assumptions: Vec<String>,
    /// What the forms may take as typed (assumption `typed_bounds`).
    pub bounds: TypedBounds,
    /// **3. MANŒUVREZ VOTRE CONFRÉRIE**: the most assassins each of the
    /// player's territories may move (one always stays), while the
    /// manoeuvre is still to make; empty otherwise.
    pub manoeuvre_forces: Vec<TerritoryCount>,
    /// **3. MANŒUVREZ VOTRE CONFRÉRIE**: the player's territories grouped
    /// by the ways joining them (the rules' `joined_groups`): a manoeuvre
    /// goes within a group; while the manoeuvre is still to make.
    pub manoeuvre_groups: Vec<Vec<Territory>>,
    /// MISE EN PLACE: what the cards dealt at the table are, while dealt.
    pub deal: Option<DealOffer>,
    /// PARTIE À 2 JOUEURS: the neutral's assassins, while due.
    pub neutral_offer: Option<NeutralOffer>,
    /// **4. TIREZ UNE CARTE SI VOUS LE POUVEZ**: the territory cards the
    /// next draw may give (the pile's, or once it is out, the discard's).
    pub drawable: Vec<Territory>,
    /// Whether the discard is shuffled into a new pile before that draw
    /// (VARIANTES DE JEU: "mélanger la pile de défausse").
    pub reshuffles: bool,
    /// ÉCHANGER DES CARTES: the trades of the player's cards the rules
    /// accept and what each gives, in the placement phase; later in the
    /// turn, those of the neutral's captured cards (edition 2).
    pub trade: Option<super::trade::TradeOffer>,
    /// CARTES APTITUDE: the territories a card turned over may take
    /// assassins from, and the most from each, while one may be turned.
    pub aptitude: Option<super::aptitude::AptitudeOffer>,
}

/// **MISE EN PLACE** 6 (PARTIE À 2 JOUEURS, MISE EN PLACE 4 and 5): what
/// the form for the cards dealt at the table asks, while they are dealt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct DealOffer {
    /// The memory-fragment cards each player gets.
    pub fragments_each: u32,
    /// The fragment cards in the box (their numbers run from 1).
    pub fragment_cards: u32,
    /// The territory cards set under each neutral's assassin (0: no
    /// neutral).
    pub neutral_stack: u32,
}

/// PARTIE À 2 JOUEURS: what the form for the neutral's assassins asks
/// while they are due this turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct NeutralOffer {
    /// The assassins added ("3 Assassins doivent être ajoutés").
    pub assassins: u32,
    /// On how many territories at most ("sur 1, 2 ou 3 territoires").
    pub territories: u32,
    /// The territories the neutral brotherhoods hold, those they may go on.
    pub on: Vec<Territory>,
}

/// The bounds the rules put on what is typed, for the forms' fields.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct TypedBounds {
    /// The longest reason a card or a correction takes, in characters.
    pub reason_chars: u32,
    /// The most assassins an aptitude card gives.
    pub aptitude_gain: u32,
    /// The fewest and most assassins a correction may leave on a territory.
    pub correction_fewest: u32,
    pub correction_most: u32,
    /// **1. PLACEZ VOS ASSASSINS**: the fewest and most new assassins one
    /// placement puts on a territory (the most: those still to place; 0
    /// when none are).
    pub place_fewest: u32,
    pub place_most: u32,
    /// **3. MANŒUVREZ VOTRE CONFRÉRIE**: the fewest assassins a manoeuvre
    /// moves (the most, territory by territory: `manoeuvre_forces`).
    pub manoeuvre_fewest: u32,
    /// COMBAT, edition 1: the fewest assassins that follow into a conquest
    /// (the most: `attack.move_in_max`).
    pub move_in_fewest: u32,
    /// LANCEZ LES DÉS: the faces a die entered from the table shows.
    pub die_fewest: u32,
    pub die_most: u32,
    /// CONTRÔLER DES RÉGIONS: the bonus a region's value may take.
    pub region_bonus_fewest: u32,
    pub region_bonus_most: u32,
    /// ACCOMPLIR DES MISSIONS: the turns and the assassins a mission
    /// entered may name.
    pub mission_turns_fewest: u32,
    pub mission_turns_most: u32,
    pub mission_assassins_fewest: u32,
    pub mission_assassins_most: u32,
    /// LES CARTES FRAGMENT DE MÉMOIRE: the numbers a fragment card dealt
    /// at the table carries.
    pub fragment_fewest: u32,
    pub fragment_most: u32,
    /// LES CARTES APTITUDE (edition 3): the fewest assassins a kept card
    /// played later gives (the most: `aptitude_gain`).
    pub kept_gain_fewest: u32,
}

/// The bounds of the forms' number fields, each from the rules' own
/// constant or function, the one `decide` checks the number against.
fn typed_bounds(game: &Game) -> TypedBounds {
    use crate::model::box_values::{
        fragment_numbers, MISSION_ASSASSINS, MISSION_TURNS, REGION_BONUS,
    };
    use crate::rules::{adjust, attack, cards, manoeuvre, reinforcement};
    let fragments = fragment_numbers();
    TypedBounds {
        reason_chars: crate::rules::MAX_REASON as u32,
        aptitude_gain: cards::MAX_APTITUDE_GAIN,
        correction_fewest: adjust::fewest_in_correction(game),
        correction_most: adjust::MAX_ADJUST,
        place_fewest: reinforcement::FEWEST_PLACED,
        place_most: game.turn.as_ref().map_or(0, reinforcement::most_placed),
        manoeuvre_fewest: manoeuvre::FEWEST_MOVED,
        move_in_fewest: attack::FEWEST_FOLLOWING,
        die_fewest: u32::from(*attack::DIE_FACES.start()),
        die_most: u32::from(*attack::DIE_FACES.end()),
        region_bonus_fewest: *REGION_BONUS.start(),
        region_bonus_most: *REGION_BONUS.end(),
        mission_turns_fewest: *MISSION_TURNS.start(),
        mission_turns_most: *MISSION_TURNS.end(),
        mission_assassins_fewest: *MISSION_ASSASSINS.start(),
        mission_assassins_most: *MISSION_ASSASSINS.end(),
        fragment_fewest: u32::from(*fragments.start()),
        fragment_most: u32::from(*fragments.end()),
        kept_gain_fewest: *cards::KEPT_GAIN.start(),
    }
}

/// The forms' choices the rules allow now.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Offers {
    /// **1. PLACEZ VOS ASSASSINS**: the placement may end with new
    /// assassins left, not kept (`place_every_assassin`).
    pub leave_unplaced: bool,
    /// **4. TIREZ UNE CARTE SI VOUS LE POUVEZ**: a conquest made, the card
    /// may be declined (`draw_after_conquest`).
    pub decline_card: bool,
    /// S'EMPARER D'UNE FACTION D'ASSASSINS NEUTRE: the neutral's cards the
    /// player whose turn it is may trade now, outside the placement.
    pub captured_cards: Vec<Territory>,
    /// LES CARTES APTITUDE (edition 3): the aptitude cards the player whose
    /// turn it is kept, by their words, that may be played now for the
    /// assassins they give (`UseAptitude.card` is the place).
    pub kept_cards: Vec<String>,
}

fn offers(game: &Game) -> Offers {
    let Some(turn) = game.turn.as_ref().filter(|_| game.follows_edition_2()) else {
        return Offers::default();
    };
    let later = matches!(game.phase, Phase::Attack | Phase::Manoeuvre);
    Offers {
        leave_unplaced: game.phase == Phase::Placement && turn.pool() > 0,
        decline_card: later && turn.conquered,
        captured_cards: game
            .player(turn.player)
            .filter(|_| later)
            .map(|p| p.captured.clone())
            .unwrap_or_default(),
        kept_cards: game
            .player(turn.player)
            .filter(|_| game.follows_edition_3())
            .map(|p| p.aptitude_held.clone())
            .unwrap_or_default(),
    }
}

/// A fragment as a view shows it: its card's name and mission when known.
fn fragment_view(game: &Game, fragment: u8, used: bool) -> FragmentView {
    FragmentView {
        id: fragment,
        name: board().fragment(fragment).map(|e| e.name.clone()),
        mission: game.box_values.mission(fragment),
        used,
    }
}

/// The fragments `colour` holds, claimed (`true`) or not (`false`).
fn fragments_of(game: &Game, colour: Colour, claimed: bool) -> Vec<FragmentView> {
    game.player(colour)
        .map(|p| {
            p.fragments
                .iter()
                .filter(|f| p.fragments_used.contains(f) == claimed)
                .map(|f| fragment_view(game, *f, claimed))
                .collect()
        })
        .unwrap_or_default()
}

#[allow(
    clippy::too_many_lines,
    reason = "a view, not decide/evolve: one field per line of the map"
)]
pub fn map_view(game: &Game) -> MapView {
    let b = board();
    let territories = Territory::all()
        .map(|t| TerritoryView {
            id: t,
            name: b.territory(t).name.clone(),
            region: b.region_of(t),
            owner: game.owner(t),
            assassins: game.assassins(t),
            neighbours: Territory::all()
                .filter(|o| game.box_values.connected(t, *o))
                .collect(),
            crests: game.box_values.crests(t),
        })
        .collect();
    let regions = Region::all()
        .map(|r| {
            let owners: Vec<Option<Colour>> = b.territories_of(r).map(|t| game.owner(t)).collect();
            let holder = owners
                .first()
                .copied()
                .flatten()
                .filter(|c| owners.iter().all(|o| *o == Some(*c)));
            RegionView {
                id: r,
                name: b.region(r).name.clone(),
                bonus: game.box_values.region_bonus(r),
                suggested_bonus: b.region(r).suggested_bonus,
                holder,
            }
        })
        .collect();
    let players = game
        .players
        .iter()
        .map(|p| {
            let held = p
                .fragments
                .iter()
                .filter(|f| !p.fragments_used.contains(f))
                .count() as u32;
            let fragments = (held, fragments_of(game, p.colour, true));
            let hidden = (p.aptitude_hidden, p.aptitude_revealed);
            (
                p.colour,
                p.name.clone(),
                false,
                p.cards.clone(),
                fragments,
                hidden,
            )
        })
        .chain(game.neutrals.iter().map(|c| {
            let cards = game.neutral_stacks.get(c).cloned().unwrap_or_default();
            (*c, String::new(), true, cards, (0, Vec::new()), (0, 0))
        }))
        .map(
            |(colour, name, neutral, hand, (held, claimed), (hidden, revealed))| {
                let territories = game.territories_held(colour);
                PlayerView {
                    colour,
                    name,
                    neutral,
                    territories,
                    assassins: game
                        .map
                        .values()
                        .filter(|h| h.owner == colour)
                        .map(|h| h.assassins)
                        .sum(),
                    cards: hand.len() as u32,
                    eliminated: territories == 0 && !game.map.is_empty(),
                    hand,
                    fragments_held: held,
                    fragments_claimed: claimed,
                    aptitude_hidden: hidden,
                    aptitude_revealed: revealed,
                }
            },
        )
        .collect();
    let turn = game.turn.as_ref();
    MapView {
        phase: game.phase,
        current: game.current(),
        turn: turn.map_or(0, |t| t.number),
        territories,
        regions,
        players,
        trade_table: b
            .pack
            .trade_in
            .iter()
            .map(|[crests, assassins]| TradeRow {
                crests: *crests,
                assassins: *assassins,
            })
            .collect(),
        reinforcements: turn.map(|t| t.reinforcements.clone()).unwrap_or_default(),
        reinforcement_total: turn.map_or(0, |t| t.total()),
        crest_counts: crate::model::box_values::CRESTS.collect(),
        pool: turn.map_or(0, |t| t.pool()),
        move_in: turn.and_then(|t| t.last_conquest),
        neutral_due: game.phase == Phase::Placement
            && turn.is_some_and(|t| crate::rules::two_players::neutral_due(game, t)),
        winners: game
            .outcome
            .as_ref()
            .map(|o| o.winners.clone())
            .unwrap_or_default(),
        ending: game.outcome.as_ref().map(|o| o.ending),
        conquered: turn.is_some_and(|t| t.conquered),
        attacks_over: turn.is_some_and(|t| t.attacks_over),
        manoeuvred: turn.is_some_and(|t| t.manoeuvred),
        aptitude_revealed: turn.is_some_and(|t| t.aptitude_revealed),
        last_roll: turn.and_then(|t| t.last_roll.clone()),
        sigma: game.sigma,
        sigma_in_deck: game.sigma_in_deck,
        deck: game.deck.clone(),
        discard: game.discard.clone(),
        attack: super::attack::attack_view(game),
        own_fragments: game
            .current()
            .map(|c| fragments_of(game, c, false))
            .unwrap_or_default(),
        offers: offers(game),
        assumptions: b.pack.assumptions.clone(),
        bounds: typed_bounds(game),
        manoeuvre_forces: manoeuvre_forces(game),
        manoeuvre_groups: manoeuvre_groups(game),
        deal: deal_offer(game),
        neutral_offer: neutral_offer(game),
        drawable: crate::rules::end::drawable(game).to_vec(),
        reshuffles: crate::rules::end::reshuffles(game),
        trade: super::trade::trade_offer(game),
        aptitude: super::aptitude::aptitude_offer(game),
    }
}

/// The most each of the player's territories may move in the manoeuvre
/// still to make (the rules' `most_that_may_leave`).
fn manoeuvre_forces(game: &Game) -> Vec<TerritoryCount> {
    let Some(turn) = game
        .turn
        .as_ref()
        .filter(|t| matches!(game.phase, Phase::Attack | Phase::Manoeuvre) && !t.manoeuvred)
    else {
        return Vec::new();
    };
    Territory::all()
        .filter(|t| game.owner(*t) == Some(turn.player))
        .map(|t| TerritoryCount {
            territory: t,
            count: crate::rules::manoeuvre::most_that_may_leave(game, t),
        })
        .filter(|c| c.count > 0)
        .collect()
}

fn manoeuvre_groups(game: &Game) -> Vec<Vec<Territory>> {
    game.turn
        .as_ref()
        .filter(|t| matches!(game.phase, Phase::Attack | Phase::Manoeuvre) && !t.manoeuvred)
        .map(|t| crate::rules::manoeuvre::joined_groups(game, t.player))
        .unwrap_or_default()
}

fn deal_offer(game: &Game) -> Option<DealOffer> {
    (game.phase == Phase::DealingCards).then(|| DealOffer {
        fragments_each: crate::rules::setup::fragments_each(game) as u32,
        fragment_cards: u32::from(board().pack.fragment_cards),
        neutral_stack: if game.neutrals.is_empty() {
            0
        } else {
            crate::rules::setup::NEUTRAL_STACK as u32
        },
    })
}

fn neutral_offer(game: &Game) -> Option<NeutralOffer> {
    use crate::rules::two_players::{neutral_due, NEUTRAL_REINFORCEMENT, NEUTRAL_TERRITORIES};
    let turn = game.turn.as_ref()?;
    (game.phase == Phase::Placement && neutral_due(game, turn)).then(|| NeutralOffer {
        assassins: NEUTRAL_REINFORCEMENT,
        territories: NEUTRAL_TERRITORIES as u32,
        on: Territory::all()
            .filter(|t| game.owner(*t).is_some_and(|o| game.is_neutral(o)))
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::box_values::BoxValue;
    use crate::model::commands::{Command, DealtCard, Seat};
    use crate::model::state::evolve;
    use crate::rules::{decide, Context};

    fn run(game: &mut Game, command: Command, seed: u64) {
        let ctx = Context {
            now: chrono::DateTime::<chrono::Utc>::UNIX_EPOCH,
            seed: Some(seed),
        };
        let events = decide(game, &command, &ctx)
            .unwrap_or_else(|e| panic!("{command:?} refused: {}", e.code));
        for event in &events {
            evolve(game, event);
        }
    }

    /// Three players, every box value known, red and grey side by side in
    /// Europe: red holds 3 on Northern Europe, grey 1 on Scandinavia.
    fn game() -> Game {
        let b = board();
        let mut values: Vec<BoxValue> = Territory::all()
            .filter(|t| b.territory(*t).crests.is_none())
            .map(|t| BoxValue::Crests {
                territory: t,
                crests: 1,
            })
            .collect();
        values.extend(Region::all().map(|r| BoxValue::RegionBonus {
            region: r,
            assassins: b.region(r).suggested_bonus,
        }));
        let colours = [Colour::Red, Colour::Grey, Colour::Black];
        let mut game = Game::default();
        run(
            &mut game,
            Command::CreateGame {
                players: ["Ana", "Bruno", "Chloé"]
                    .iter()
                    .zip(colours)
                    .map(|(name, colour)| Seat {
                        name: name.to_string(),
                        colour,
                    })
                    .collect(),
                sigma: true,
                box_values: values,
                edition: None,
            },
            1,
        );
        let deal = Territory::all()
            .map(|t| DealtCard {
                territory: t,
                owner: match t {
                    Territory::NorthernEurope => Colour::Red,
                    Territory::Scandinavia => Colour::Grey,
                    Territory::Alaska => Colour::Black,
                    _ => colours[t.index() % 3],
                },
                crests: None,
            })
            .collect();
        run(&mut game, Command::DealTerritories { deal: Some(deal) }, 2);
        run(
            &mut game,
            Command::DealCards {
                fragments: None,
                neutral_stacks: None,
            },
            3,
        );
        game
    }

    #[test]
    fn the_map_shows_the_hands_the_turn_and_the_last_roll() {
        // COMBAT: the dice of the last roll stay on the map until the next.
        let mut game = game();
        let view = map_view(&game);
        let red = Colour::Red;
        assert_eq!(view.current, Some(red));
        let ana = view.players.iter().find(|p| p.colour == red).unwrap();
        // MISE EN PLACE 6: "ne les dévoilez pas aux autres joueurs".
        assert_eq!(ana.fragments_held, 2);
        assert!(ana.fragments_claimed.is_empty());
        assert_eq!(view.own_fragments.len(), 2);
        assert_eq!(ana.aptitude_hidden, 2);
        assert!(ana.hand.is_empty());
        assert_eq!(view.deck.len(), 42);
        assert!(view.sigma && view.sigma_in_deck);
        assert_eq!(view.last_roll, None);

        let pool = view.pool;
        run(
            &mut game,
            Command::Place {
                territory: Territory::NorthernEurope,
                count: pool,
            },
            4,
        );
        run(&mut game, Command::EndPlacement, 5);
        let defenders = game.assassins(Territory::Scandinavia);
        run(
            &mut game,
            Command::Attack {
                from: Territory::NorthernEurope,
                to: Territory::Scandinavia,
                attackers: 3,
                dice: Some(vec![6, 6, 6]),
                defence_dice: Some(vec![1; defenders.min(2) as usize]),
            },
            6,
        );
        let view = map_view(&game);
        let roll = view.last_roll.expect("the roll is shown");
        assert_eq!(roll.attack, vec![6, 6, 6]);
        assert_eq!(roll.defender_losses, defenders.min(2));
        assert_eq!(roll.conquered, defenders <= 2);
        assert_eq!(view.conquered, defenders <= 2);
        assert!(!view.attacks_over);
        assert_eq!(view.ending, None);
    }
}
