-- One road for every game: a Brotherhood of Venice campaign is kept like
-- every other game, as its event log and the state its rules crate's
-- `evolve` computed after the last event, in `game_states`. The library
-- never calls a game's rules: the projection tables written from BoV's
-- state (the diary, the assassins, the cards, the HQ) go. Nothing is lost:
-- every one of their rows came from the events, which stay; each
-- campaign's state is computed again from its log when it is first read.
-- Read any game with json_extract, e.g.
--   SELECT c.name, json_extract(s.state, '$.state.hq_level')
--     FROM campaigns c JOIN game_states s ON s.campaign_id = c.id
--    WHERE c.game = 'bov';

-- The day the game was last played, as its rules say (a campaign's diary
-- dates; the last entry's day for the others), and what the library lists
-- of it (its box, players, XP or turn…, as JSON stamped with the edition of
-- the rules that computed it, like `state`): the library's list reads these
-- without reading any game's state or log.
ALTER TABLE game_states ADD COLUMN played_on TEXT;
ALTER TABLE game_states ADD COLUMN summary TEXT;

UPDATE game_states SET played_on = (
    SELECT substr(e.recorded_at, 1, 10)
      FROM campaigns c JOIN events e ON e.campaign_id = c.id AND e.seq = c.last_seq
     WHERE c.id = game_states.campaign_id);

-- Every game's state is computed again from its log when first read (rules
-- 0 is no edition), and its summary written then.
UPDATE game_states SET state = '{"rules":0,"state":null}';

-- Each campaign's day played, from the diary as it was; its state is a
-- placeholder (rules 0, which no edition is), computed again from its log
-- when first read.
INSERT INTO game_states (campaign_id, state, played_on)
SELECT c.id, '{"rules":0,"state":null}',
       (SELECT max(a.played_on) FROM diary_attempts a WHERE a.campaign_id = c.id)
  FROM campaigns c
 WHERE c.game = 'bov'
ON CONFLICT (campaign_id) DO UPDATE SET state = excluded.state, played_on = excluded.played_on;

DROP TABLE diary_attempt_eliminations;
DROP TABLE diary_attempt_stickers;
DROP TABLE diary_attempts;
DROP TABLE diary_levels;
DROP TABLE diary_declined;
DROP TABLE diary_hq_stickers;
DROP TABLE assassin_skills;
DROP TABLE assassins;
DROP TABLE campaign_assassins;
DROP TABLE cards;
DROP TABLE hq_spots;
DROP TABLE hq_values;
DROP TABLE hq;
ALTER TABLE campaigns DROP COLUMN xp_correction;
