//! "USE A WEAPON" (and "UTILISER UNE ARME"): 1 cube; "2. ATTACK": roll the
//! weapon's assassin dice; "3. WEAPON'S SPECIAL ABILITY": "triggered once
//! only per attack. Any [special] on another dice is considered a [hit]";
//! "4. ASSIGN": "Each enemy that has received a number of [hits] equal to
//! the total of [health] on their card is eliminated", "If the total
//! [hits] is less than the enemy's total [health], their armor absorbs the
//! attack"; "5. ALERT STATE AND STATUS CHANGE": the weapon's red icons;
//! "6. RETALIATION": "If you rolled any X and there is at least 1 living
//! enemy remaining on the targeted square, the assassin becomes exposed if
//! they were incognito (the alert is triggered) and is immediately
//! subjected to 1 retaliation". "COORDINATED ATTACK" / "ATTAQUE
//! COORDONNÉE": each participant spends 1 cube and rolls; "En cas de
//! Riposte, partagez les dés aussi équitablement que possible entre tous
//! les Assassins recherchés qui ont participé". "DIFFICULTY LEVEL": in
//! easy, "ignore the retaliation rule for crossbowmen only".

use super::chance::Dice;
use super::turn::cube_for;
use super::{check_count, check_id, wrong_step};
use crate::model::box_values::{number, DieFace, ValueKey};
use crate::model::commands::AttackerInput;
use crate::model::events::Event;
use crate::model::state::{
    Attack, AttackStage, AttackerRoll, EnemyTarget, Game, RiposteShare, SQUARE_LIMIT,
};
use crate::model::types::{AlertBy, AssassinFace, BlackFace, ExposedBy, Guard, Step};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use std::collections::BTreeSet;

/// The most assassins in one attack, and enemies on one square.
pub const MAX_PARTICIPANTS: usize = 4;
/// The most dice a weapon rolls, and hits a special ability adds.
pub const MAX_DICE: usize = 10;
pub const MAX_BONUS: u8 = 10;

fn section_of(coordinated: bool) -> Section {
    if coordinated {
        Section::CoordinatedAttack
    } else {
        Section::UseAWeapon
    }
}

/// The assassin die's 6 faces, from those asked once: hit faces first,
/// then special, then riposte; any other face is blank.
pub(crate) fn assassin_die(game: &Game) -> Result<[AssassinFace; 6], RuleViolation> {
    let values = &game.box_values;
    let hit = number(values, ValueKey::Die(DieFace::AssassinHit))?;
    let special = number(values, ValueKey::Die(DieFace::AssassinSpecial))?;
    let riposte = number(values, ValueKey::Die(DieFace::AssassinRiposte))?;
    Ok(std::array::from_fn(|i| {
        let r = i as i32 + 1;
        if r <= hit {
            AssassinFace::Hit
        } else if r <= hit + special {
            AssassinFace::Special
        } else if r <= hit + special + riposte {
            AssassinFace::Riposte
        } else {
            AssassinFace::Blank
        }
    }))
}

/// The black die's 6 faces ("3. ENEMY COMBAT"): hit faces first, then
/// fails.
pub(crate) fn black_die(game: &Game) -> Result<[BlackFace; 6], RuleViolation> {
    let hit = number(&game.box_values, ValueKey::Die(DieFace::BlackHit))?;
    Ok(std::array::from_fn(|i| {
        let r = i as i32 + 1;
        if r <= hit {
            BlackFace::Hit
        } else {
            BlackFace::Fail
        }
    }))
}

fn flag(game: &Game, key: ValueKey) -> Result<bool, RuleViolation> {
    Ok(number(&game.box_values, key)? == 1)
}

/// Whether an attack may be launched in the step played: the Assassin
/// Phase, or an enemy step (paid then with the cube saved, which the attack
/// checks when it pays).
pub fn attack_step(game: &Game) -> bool {
    game.step == Step::Assassin || game.step.is_enemy()
}

/// The attack rolled: each attacker pays 1 cube and rolls the weapon's
/// dice (or enters the faces rolled at the table).
pub(crate) fn attack(
    game: &Game,
    attackers: &[AttackerInput],
    enemies: &[String],
    dice: &mut Dice,
) -> Result<Vec<Event>, RuleViolation> {
    let section = section_of(attackers.len() > 1);
    if !attack_step(game) {
        return Err(wrong_step(game, section));
    }
    if attackers.is_empty() || attackers.len() > MAX_PARTICIPANTS {
        return Err(refuse(
            RuleCode::AssassinCount,
            section,
            format!("1 to {MAX_PARTICIPANTS} assassins attack together."),
        )
        .with("min", 1)
        .with("max", MAX_PARTICIPANTS));
    }
    if enemies.is_empty() || enemies.len() > usize::from(SQUARE_LIMIT) {
        return Err(refuse(
            RuleCode::EnemyCount,
            Section::Assign,
            format!("The target square holds 1 to {SQUARE_LIMIT} enemies."),
        )
        .with("max", SQUARE_LIMIT));
    }
    let mut seen = BTreeSet::new();
    let mut paid = Vec::new();
    for input in attackers {
        paid.push(cube_for(game, &input.assassin, section)?);
        if !seen.insert(&input.assassin) {
            return Err(refuse(
                RuleCode::AssassinTwice,
                section,
                format!("{} attacks once.", input.assassin),
            )
            .with("assassin", &input.assassin));
        }
        check_id(&input.weapon, "weapon", section)?;
    }
    let mut targets = Vec::new();
    for enemy in enemies {
        check_id(enemy, "enemy", Section::Enemies)?;
        // Edition 3: "An assassin's attack cannot hit another assassin."
        if game.follows_edition_3() && game.assassin(enemy).is_some() {
            return Err(refuse(
                RuleCode::EnemyIsAssassin,
                Section::Assign,
                format!(
                    "{enemy} is an assassin: an assassin's attack cannot hit another assassin."
                ),
            )
            .with("enemy", enemy));
        }
        let health = number(&game.box_values, ValueKey::EnemyHealth(enemy.clone()))?;
        targets.push(EnemyTarget {
            enemy: enemy.clone(),
            health: health as u8,
            hits: 0,
            eliminated: false,
        });
    }
    let mut rolls = Vec::new();
    for (input, paid) in attackers.iter().zip(paid) {
        let weapon = &input.weapon;
        let exposes = flag(game, ValueKey::WeaponExposes(weapon.clone()))?;
        let alerts = flag(game, ValueKey::WeaponAlerts(weapon.clone()))?;
        let known = number(&game.box_values, ValueKey::WeaponDice(weapon.clone())).ok();
        let (faces, by_bagless) = match &input.faces {
            Some(faces) => {
                match known {
                    Some(n) => check_count(faces, n as usize, Section::Attack)?,
                    None if faces.is_empty() || faces.len() > MAX_DICE => {
                        return Err(refuse(
                            RuleCode::DiceRange,
                            Section::Attack,
                            format!("A weapon rolls 1 to {MAX_DICE} dice."),
                        )
                        .with("min", 1)
                        .with("max", MAX_DICE))
                    }
                    None => {}
                }
                (faces.clone(), false)
            }
            None => {
                let n = number(&game.box_values, ValueKey::WeaponDice(weapon.clone()))?;
                let die = assassin_die(game)?;
                (dice.roll(&die, n as usize, Section::Attack)?, true)
            }
        };
        let count = |face| faces.iter().filter(|f| **f == face).count() as u8;
        rolls.push(AttackerRoll {
            assassin: input.assassin.clone(),
            weapon: weapon.clone(),
            hits: count(AssassinFace::Hit) + count(AssassinFace::Special),
            special: count(AssassinFace::Special) > 0,
            riposte: count(AssassinFace::Riposte) > 0,
            faces,
            by_bagless,
            on_target_square: input.on_target_square,
            paid,
            exposes,
            alerts,
        });
    }
    Ok(vec![Event::AttackRolled {
        attack: Attack {
            turn: game.turn,
            attackers: rolls,
            enemies: targets,
            bonus_hits: 0,
            riposte: Vec::new(),
            stage: AttackStage::Hits,
        },
    }])
}

/// Bagless's way to give the hits: the enemies with the least health
/// first, each given just enough to be eliminated; what is left is lost.
pub fn suggested_hits(enemies: &[EnemyTarget], total: u32) -> Vec<u8> {
    let mut order: Vec<usize> = (0..enemies.len()).collect();
    order.sort_by_key(|i| enemies[*i].health);
    let mut left = total;
    let mut hits = vec![0u8; enemies.len()];
    for i in order {
        let health = u32::from(enemies[i].health);
        if left >= health {
            hits[i] = enemies[i].health;
            left -= health;
        }
    }
    hits
}

/// `pool` dice shared "aussi équitablement que possible" among `n`: the
/// remainder to the first ones (the players decide it by the order they
/// list the attackers).
fn split(pool: u32, n: usize) -> Vec<u32> {
    if n == 0 {
        return Vec::new();
    }
    let (base, rest) = (pool / n as u32, pool % n as u32);
    (0..n)
        .map(|i| base + u32::from((i as u32) < rest))
        .collect()
}

/// Edition 3, "ATTAQUE COORDONNÉE": "partagez les dés aussi équitablement
/// que possible entre tous les Assassins recherchés qui ont participé":
/// the melee dice only reach those on the target square ("Le Garde Agile
/// ne peut pas Riposter, car il n'est pas à portée"), shared among them;
/// each ranged die then goes to whoever of the wanted has the fewest (the
/// first listed on a tie), so no one takes both kinds while another takes
/// less.
fn share_evenly(dice: &mut [u32], wanted: &[usize], near: &[usize], ranged: u32, melee: u32) {
    for (i, d) in near.iter().zip(split(melee, near.len())) {
        dice[*i] += d;
    }
    for _ in 0..ranged {
        let fewest = wanted.iter().copied().min_by_key(|i| dice[*i]);
        if let Some(i) = fewest {
            dice[i] += 1;
        }
    }
}

/// The hits given to each enemy of the target square: as the players
/// entered them (one number per enemy, no more than the attack has), or
/// Bagless's way.
fn hits_given(attack: &Attack, hits: Option<&[u8]>, total: u32) -> Result<Vec<u8>, RuleViolation> {
    let Some(hits) = hits else {
        return Ok(suggested_hits(&attack.enemies, total));
    };
    if hits.len() != attack.enemies.len() {
        return Err(refuse(
            RuleCode::HitsSize,
            Section::Assign,
            format!("Give hits to each of the {} enemies.", attack.enemies.len()),
        )
        .with("count", attack.enemies.len()));
    }
    let given: u32 = hits.iter().map(|h| u32::from(*h)).sum();
    if given > total {
        return Err(refuse(
            RuleCode::HitsTooMany,
            Section::Assign,
            format!("The attack has {total} hits to give."),
        )
        .with("hits", total));
    }
    Ok(hits.to_vec())
}

/// "6. RETALIATION": the black dice of the enemies left, shared among the
/// exposed attackers ("partagez les dés aussi équitablement que
/// possible"); enemies without a ranged weapon retaliate only against
/// those on the target square.
fn shares(
    game: &Game,
    attack: &Attack,
    retaliating: &[&EnemyTarget],
    exposed: &[bool],
) -> Result<Vec<RiposteShare>, RuleViolation> {
    let (mut ranged, mut melee) = (0u32, 0u32);
    for enemy in retaliating {
        let dice = number(&game.box_values, ValueKey::EnemyDice(enemy.enemy.clone()))?;
        if number(&game.box_values, ValueKey::EnemyRanged(enemy.enemy.clone()))? == 1 {
            ranged += dice as u32;
        } else {
            melee += dice as u32;
        }
    }
    let wanted: Vec<usize> = (0..exposed.len()).filter(|i| exposed[*i]).collect();
    let near: Vec<usize> = wanted
        .iter()
        .copied()
        .filter(|i| attack.attackers[*i].on_target_square)
        .collect();
    let mut dice = vec![0u32; attack.attackers.len()];
    if game.follows_edition_3() {
        share_evenly(&mut dice, &wanted, &near, ranged, melee);
    } else {
        for (i, d) in wanted.iter().zip(split(ranged, wanted.len())) {
            dice[*i] += d;
        }
        for (i, d) in near.iter().zip(split(melee, near.len())) {
            dice[*i] += d;
        }
    }
    Ok(wanted
        .iter()
        .filter(|i| dice[**i] > 0)
        .map(|i| RiposteShare {
            assassin: attack.attackers[*i].assassin.clone(),
            dice: dice[*i].min(u32::from(u8::MAX)) as u8,
            faces: Vec::new(),
            hits: None,
        })
        .collect())
}

/// Whether hits a special ability adds may be given with the attack's
/// (edition 3: a [special] rolled triggered it; before, always).
pub fn bonus_allowed(game: &Game, attack: &Attack) -> bool {
    !game.follows_edition_3() || attack.attackers.iter().any(|a| a.special)
}

/// The hits given, then the weapon's red icons, then the retaliation.
pub fn assign_hits(
    game: &Game,
    hits: Option<&[u8]>,
    bonus_hits: u8,
) -> Result<Vec<Event>, RuleViolation> {
    let Some(attack) = game
        .attack
        .as_ref()
        .filter(|a| a.stage == AttackStage::Hits)
    else {
        return Err(refuse(
            RuleCode::HitsNotDue,
            Section::Assign,
            "No attack waits for its hits.",
        ));
    };
    if bonus_hits > MAX_BONUS {
        return Err(refuse(
            RuleCode::BonusTooHigh,
            Section::SpecialAbility,
            format!("At most {MAX_BONUS} hits are added."),
        )
        .with("max", MAX_BONUS));
    }
    // Edition 3, "3. WEAPON'S SPECIAL ABILITY": only a [special] rolled
    // triggers it ("[special] = 1 [hit] and triggers the weapon's special
    // ability"), so hits it adds need one.
    if bonus_hits > 0 && !bonus_allowed(game, attack) {
        return Err(refuse(
            RuleCode::BonusWithoutSpecial,
            Section::SpecialAbility,
            "No special ability was triggered: no hits are added.",
        ));
    }
    let total = attack
        .attackers
        .iter()
        .map(|a| u32::from(a.hits))
        .sum::<u32>()
        + u32::from(bonus_hits);
    let hits = hits_given(attack, hits, total)?;
    let eliminated: Vec<bool> = attack
        .enemies
        .iter()
        .zip(&hits)
        .map(|(e, h)| *h >= e.health)
        .collect();
    let mut derived = Vec::new();
    let mut alert = game.alert;
    let mut exposed: Vec<bool> = attack
        .attackers
        .iter()
        .map(|a| game.assassin(&a.assassin).is_some_and(|s| s.exposed))
        .collect();
    // Edition 3, "CRITICAL CONDITION": "remove their red base from the
    // map. They cannot do anything." An attacker laid down (or gone)
    // before the hits are given is neither exposed nor retaliated against.
    let standing: Vec<bool> = attack
        .attackers
        .iter()
        .map(|a| {
            !game.follows_edition_3() || game.assassin(&a.assassin).is_some_and(|s| s.can_act())
        })
        .collect();
    let mut expose = |i: usize, cause: ExposedBy, derived: &mut Vec<Event>, alert: &mut bool| {
        if standing[i] && !exposed[i] {
            exposed[i] = true;
            derived.push(Event::AssassinExposed {
                assassin: attack.attackers[i].assassin.clone(),
                cause,
            });
            if !*alert {
                *alert = true;
                derived.push(Event::AlertTriggered {
                    cause: AlertBy::Exposure,
                });
            }
        }
    };
    for (i, roll) in attack.attackers.iter().enumerate() {
        if roll.exposes {
            expose(i, ExposedBy::Weapon, &mut derived, &mut alert);
        }
        if roll.alerts && !alert {
            alert = true;
            derived.push(Event::AlertTriggered {
                cause: AlertBy::Weapon,
            });
        }
    }
    // "DIFFICULTY LEVEL": in easy, crossbowmen do not retaliate.
    let spared = |e: &EnemyTarget| game.easy && e.enemy == Guard::Crossbowman.enemy();
    let retaliating: Vec<&EnemyTarget> = attack
        .enemies
        .iter()
        .zip(&eliminated)
        .filter(|(e, gone)| !**gone && !spared(e))
        .map(|(e, _)| e)
        .collect();
    let mut riposte = Vec::new();
    if !retaliating.is_empty() && attack.attackers.iter().any(|a| a.riposte) {
        for (i, roll) in attack.attackers.iter().enumerate() {
            if roll.riposte {
                expose(i, ExposedBy::Riposte, &mut derived, &mut alert);
            }
        }
        let wanted: Vec<bool> = exposed
            .iter()
            .zip(&standing)
            .map(|(e, s)| *e && *s)
            .collect();
        riposte = shares(game, attack, &retaliating, &wanted)?;
    }
    let mut events = vec![Event::HitsAssigned {
        hits,
        bonus_hits,
        eliminated,
        riposte,
    }];
    events.extend(derived);
    Ok(events)
}

/// The black dice of the retaliation: the hits each assassin took, or
/// Bagless rolls ("Each [hit] removes 1 [health] from the targeted
/// assassin").
pub(crate) fn roll_riposte(
    game: &Game,
    hits: Option<&[u8]>,
    dice: &mut Dice,
) -> Result<Vec<Event>, RuleViolation> {
    let Some(attack) = game
        .attack
        .as_ref()
        .filter(|a| a.stage == AttackStage::Riposte)
    else {
        return Err(refuse(
            RuleCode::RiposteNotDue,
            Section::Retaliation,
            "No enemy retaliates now.",
        ));
    };
    let section = if attack.attackers.len() > 1 {
        Section::AttaqueCoordonnee
    } else {
        Section::Retaliation
    };
    let mut shares = attack.riposte.clone();
    match hits {
        Some(hits) => {
            if hits.len() != shares.len() {
                return Err(refuse(
                    RuleCode::HitsSize,
                    section,
                    format!("Say the hits each of the {} assassins took.", shares.len()),
                )
                .with("count", shares.len()));
            }
            for (share, h) in shares.iter_mut().zip(hits) {
                if *h > share.dice {
                    return Err(refuse(
                        RuleCode::HitsTooMany,
                        section,
                        format!("{} rolls {} black dice.", share.assassin, share.dice),
                    )
                    .with("hits", share.dice));
                }
                share.hits = Some(*h);
            }
        }
        None => {
            let die = black_die(game)?;
            for share in &mut shares {
                share.faces = dice.roll(&die, usize::from(share.dice), Section::EnemyCombat)?;
                share.hits =
                    Some(share.faces.iter().filter(|f| **f == BlackFace::Hit).count() as u8);
            }
        }
    }
    Ok(vec![Event::RiposteRolled { shares }])
}
