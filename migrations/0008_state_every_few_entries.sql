-- A game's state is saved every few entries (`SAVED_EVERY` in
-- crates/bagless-store/src/games.rs) and at every undo, redo and import,
-- stamped with the entry it is at ("seq" beside "rules"); the entries
-- after it are played on it when the game is read. Serialising a long
-- campaign's state and checking its JSON at every entry took as long as
-- the commit itself.
--
-- What the library lists of a game (the day it was last played, its
-- summary) changes with every entry: it moves to the game's record, the
-- small row every entry rewrites anyway (its last_seq), so that an entry
-- writes no state. Read a game's state at its entry with
--   SELECT c.name, json_extract(s.state, '$.seq'), json_extract(s.state, '$.state')
--     FROM campaigns c JOIN game_states s ON s.campaign_id = c.id;
ALTER TABLE campaigns ADD COLUMN played_on TEXT;
ALTER TABLE campaigns ADD COLUMN summary TEXT;

UPDATE campaigns SET
    played_on = (SELECT s.played_on FROM game_states s WHERE s.campaign_id = campaigns.id),
    summary = (SELECT s.summary FROM game_states s WHERE s.campaign_id = campaigns.id);

ALTER TABLE game_states DROP COLUMN played_on;
ALTER TABLE game_states DROP COLUMN summary;

-- Who entered an entry, when not the host's window: a seat at the table,
-- from its phone, by the seat's name then (NULL: the host's window).
ALTER TABLE events ADD COLUMN author TEXT;
