-- The engine bounds endless play itself (docs/rules.md#endless-play): the
-- server no longer ends a game the rules did not, so `ended` goes.

ALTER TABLE tables DROP COLUMN IF EXISTS ended;
