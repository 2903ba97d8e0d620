-- Overrides: what the players typed over the XP the memories credited, as
-- a correction added to their sum (the HQ level override writes hq.level).
ALTER TABLE campaigns ADD COLUMN xp_correction INTEGER NOT NULL DEFAULT 0;
