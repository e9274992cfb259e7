-- Several processes on one database (docs/architecture.md, "Several
-- processes"): every change to a table tells the others, on the channel
-- `tongiaki`, when its transaction commits (NOTIFY is transactional: a
-- change rolled back is never announced). The payload is `KIND TABLE N`:
--   move  TABLE N   move N-1 was committed (the log now has N moves)
--   seats TABLE 0   a seat was taken or changed hands, or the game began
--   gone  TABLE 0   the table was deleted (expiry)
-- Only PostgreSQL has this; a SQLite store has one process.

CREATE OR REPLACE FUNCTION tongiaki_notify_move() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('tongiaki', 'move ' || NEW.table_id || ' ' || (NEW.n + 1));
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS moves_notify ON moves;
CREATE TRIGGER moves_notify AFTER INSERT ON moves
    FOR EACH ROW EXECUTE FUNCTION tongiaki_notify_move();

CREATE OR REPLACE FUNCTION tongiaki_notify_seats() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('tongiaki', 'gone ' || OLD.id || ' 0');
        RETURN OLD;
    ELSIF TG_TABLE_NAME = 'seats' THEN
        PERFORM pg_notify('tongiaki', 'seats ' || NEW.table_id || ' 0');
    ELSIF NEW.status IS DISTINCT FROM OLD.status AND NEW.status <> 'over' THEN
        -- The game began (its end comes with its last move).
        PERFORM pg_notify('tongiaki', 'seats ' || NEW.id || ' 0');
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS seats_notify ON seats;
CREATE TRIGGER seats_notify AFTER INSERT OR UPDATE ON seats
    FOR EACH ROW EXECUTE FUNCTION tongiaki_notify_seats();

DROP TRIGGER IF EXISTS tables_notify ON tables;
CREATE TRIGGER tables_notify AFTER UPDATE OR DELETE ON tables
    FOR EACH ROW EXECUTE FUNCTION tongiaki_notify_seats();
