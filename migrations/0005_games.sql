-- A library of several games: each row of `campaigns` says which box it is
-- from. Every campaign written before this is Brotherhood of Venice's.
ALTER TABLE campaigns ADD COLUMN game TEXT NOT NULL DEFAULT 'bov'
    CHECK (game IN ('bov', 'risk', 'nation'));

-- The state of a game of RISK Assassin's Creed or Assassin Nation after the
-- last event of its log, as its rules crate's `evolve` computed it, written
-- in the same transaction as the events (no rule here). Read it with
-- json_extract, e.g.
--   SELECT json_extract(state, '$.turn') FROM game_states;
CREATE TABLE game_states (
    campaign_id TEXT PRIMARY KEY REFERENCES campaigns(id) ON DELETE CASCADE,
    state       TEXT NOT NULL CHECK (json_valid(state))
) STRICT;
