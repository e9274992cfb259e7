-- Meeting strangers (issue 31): public tables for the lobby, chat, rematch.
-- The same schema as migrations/sqlite/0020_meet.sql in PostgreSQL's
-- dialect, plus the notices other processes need (0003_notify.sql's
-- channel):
--   chat  TABLE ID  chat line ID was said at TABLE
--   meet  TABLE 0   a rematch was made, or the chat settings changed

-- `public`: listed in the lobby while it waits with a free seat.
-- `spectator_chat`: spectators may chat (the creator may turn it off).
-- `rematch`, `rematch_by`: the table made for a rematch, and the seat that
-- asked for it (set once: the first to ask makes it).
ALTER TABLE tables ADD COLUMN IF NOT EXISTS public BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE tables ADD COLUMN IF NOT EXISTS spectator_chat BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE tables ADD COLUMN IF NOT EXISTS rematch TEXT;
ALTER TABLE tables ADD COLUMN IF NOT EXISTS rematch_by INTEGER;

-- The lobby: public tables still waiting, oldest first.
CREATE INDEX IF NOT EXISTS tables_lobby ON tables (public, status, created_ms);

-- A table's chat, stored as sent (plain text, control and bidi characters
-- already dropped); goes with its table.
CREATE TABLE IF NOT EXISTS chat (
    id          BIGSERIAL PRIMARY KEY,
    table_id    TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat        INTEGER,            -- NULL: a spectator
    name        TEXT,               -- the speaker's name; NULL: a spectator without one
    text        TEXT NOT NULL,
    phrase      TEXT,               -- a canned phrase's id (the page shows it in each reader's language)
    at_ms       BIGINT NOT NULL
);

CREATE INDEX IF NOT EXISTS chat_table ON chat (table_id, id);

CREATE OR REPLACE FUNCTION tongiaki_notify_chat() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('tongiaki', 'chat ' || NEW.table_id || ' ' || NEW.id);
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS chat_notify ON chat;
CREATE TRIGGER chat_notify AFTER INSERT ON chat
    FOR EACH ROW EXECUTE FUNCTION tongiaki_notify_chat();

CREATE OR REPLACE FUNCTION tongiaki_notify_meet() RETURNS trigger AS $$
BEGIN
    IF NEW.rematch IS DISTINCT FROM OLD.rematch
       OR NEW.spectator_chat IS DISTINCT FROM OLD.spectator_chat THEN
        PERFORM pg_notify('tongiaki', 'meet ' || NEW.id || ' 0');
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS tables_meet_notify ON tables;
CREATE TRIGGER tables_meet_notify AFTER UPDATE ON tables
    FOR EACH ROW EXECUTE FUNCTION tongiaki_notify_meet();
