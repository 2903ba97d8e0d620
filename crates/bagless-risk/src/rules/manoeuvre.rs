//! **3. MANŒUVREZ VOTRE CONFRÉRIE**: "Les Assassins peuvent se déplacer d'un
//! territoire à un autre, à la condition que vous les contrôliez et dans la
//! mesure où ils sont reliés par une frontière, par une voie de déplacement
//! rapide ou que vous dominiez les territoires qui les séparent ... Veillez à
//! toujours laisser au moins 1 Assassin sur le territoire initial. Vous ne
//! pouvez effectuer qu'un seul déplacement."
//!
//! EXEMPLE DE MANŒVRE: Scandinavie → Inde through Russie and Afghanistan,
//! refused if Afghanistan is not the player's.
//!
//! The way may mix borders and fast-travel routes. Which routes the board
//! prints is a value of the box, asked once. Edition 1 asks only whether a
//! route joins the two ends; edition 2, when no way is known, asks once for
//! the board's whole list of routes (`fast_travel_routes`), so a route
//! anywhere on the way counts ([`route_to_ask`]), and refuses only once no
//! route the players entered opens the way.

use super::{own, playing};
use crate::model::box_values::{needed, route_key, ROUTES_KEY};
use crate::model::events::Event;
use crate::model::ids::{Colour, Territory};
use crate::model::state::{Game, Phase};
use crate::pack::board;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use std::collections::VecDeque;
use strum::EnumCount;

/// The shortest way from `from` to `to` through territories `player` holds,
/// by borders and the fast-travel routes the players entered.
pub fn path(game: &Game, player: Colour, from: Territory, to: Territory) -> Option<Vec<Territory>> {
    let mut previous: [Option<Territory>; Territory::COUNT] = [None; Territory::COUNT];
    let mut seen = [false; Territory::COUNT];
    let mut queue = VecDeque::from([from]);
    seen[from.index()] = true;
    while let Some(at) = queue.pop_front() {
        if at == to {
            let mut way = vec![to];
            let mut step = to;
            while let Some(p) = previous[step.index()] {
                way.push(p);
                step = p;
            }
            way.reverse();
            return Some(way);
        }
        for next in Territory::all() {
            if !seen[next.index()]
                && game.owner(next) == Some(player)
                && game.box_values.connected(at, next)
            {
                seen[next.index()] = true;
                previous[next.index()] = Some(at);
                queue.push_back(next);
            }
        }
    }
    None
}

/// The player's territories grouped by the ways [`path`] finds between
/// them (borders and the fast-travel routes entered, through the player's
/// own territories): a manoeuvre goes from one territory of a group to
/// another of the same group. Groups of one are left out.
pub fn joined_groups(game: &Game, player: Colour) -> Vec<Vec<Territory>> {
    let mut grouped = [false; Territory::COUNT];
    let mut groups = Vec::new();
    for start in Territory::all().filter(|t| game.owner(*t) == Some(player)) {
        if grouped[start.index()] {
            continue;
        }
        grouped[start.index()] = true;
        let mut group = vec![start];
        let mut queue = VecDeque::from([start]);
        while let Some(at) = queue.pop_front() {
            for next in Territory::all() {
                if !grouped[next.index()]
                    && game.owner(next) == Some(player)
                    && game.box_values.connected(at, next)
                {
                    grouped[next.index()] = true;
                    group.push(next);
                    queue.push_back(next);
                }
            }
        }
        if group.len() > 1 {
            group.sort();
            groups.push(group);
        }
    }
    groups
}

/// Edition 2, when no way is known from `from` to `to`: the box value to
/// ask for, the board's whole list of fast-travel routes, unless the
/// players entered it (then every route is known and there is no way).
pub fn route_to_ask(game: &Game) -> Option<String> {
    game.box_values
        .fast_travel_routes
        .is_none()
        .then(|| ROUTES_KEY.to_string())
}

/// "Veillez à toujours laisser au moins 1 Assassin sur le territoire
/// initial": the most assassins that may leave `from` (in the manoeuvre,
/// and after a conquest under edition 1).
pub fn most_that_may_leave(game: &Game, from: Territory) -> u32 {
    game.assassins(from).saturating_sub(1)
}

/// "Sélectionnez autant d'Assassins que vous le désirez depuis un
/// territoire": the fewest a manoeuvre moves (the most:
/// [`most_that_may_leave`]).
pub const FEWEST_MOVED: u32 = 1;

pub fn manoeuvre(
    game: &Game,
    from: Territory,
    to: Territory,
    count: u32,
) -> Result<Vec<Event>, RuleViolation> {
    let turn = playing(game)?;
    if !matches!(game.phase, Phase::Attack | Phase::Manoeuvre) {
        return Err(refuse(
            RuleCode::ManoeuvreNotNow,
            Section::Manoeuvre,
            "The manoeuvre comes once the attacks are over.",
        ));
    }
    if turn.manoeuvred {
        return Err(refuse(
            RuleCode::ManoeuvreDone,
            Section::Manoeuvre,
            "Only one manoeuvre a turn.",
        ));
    }
    let player = turn.player;
    own(
        game,
        player,
        from,
        RuleCode::ManoeuvreNotYours,
        Section::Manoeuvre,
    )?;
    own(
        game,
        player,
        to,
        RuleCode::ManoeuvreNotYours,
        Section::Manoeuvre,
    )?;
    if from == to {
        return Err(refuse(
            RuleCode::ManoeuvreSameTerritory,
            Section::Manoeuvre,
            "The manoeuvre goes from one territory to another.",
        ));
    }
    let max = most_that_may_leave(game, from);
    if count < FEWEST_MOVED || count > max {
        return Err(refuse(
            RuleCode::ManoeuvreLeaveOne,
            Section::Manoeuvre,
            format!("Move {FEWEST_MOVED} to {max} assassins: at least 1 stays."),
        )
        .with_id("territory", from)
        .with("max", max));
    }
    let Some(path) = path(game, player, from, to) else {
        if game.follows_edition_2() {
            if let Some(key) = route_to_ask(game) {
                return Err(needed(Section::Manoeuvre, key, 1));
            }
        } else if !board().borders(from, to) && game.box_values.route(from, to).is_none() {
            return Err(needed(Section::Manoeuvre, route_key(from, to), 1));
        }
        return Err(refuse(
            RuleCode::ManoeuvreNotConnected,
            Section::Manoeuvre,
            "The assassins only cross territories the player holds.",
        )
        .with_id("from", from)
        .with_id("to", to));
    };
    Ok(vec![Event::Manoeuvred {
        player,
        from,
        to,
        count,
        path,
    }])
}
