-- V003: which process drives a table. A process holds a table while its lease row names it
-- (owner = the process's INSTANCE_ID, token = this run of it) and renews expires_at while it
-- runs; once expires_at has passed, any other process may take the table over from its
-- stored state. A table without a lease row is free.
CREATE TABLE table_leases (
    table_id   ${BIGINT} NOT NULL PRIMARY KEY REFERENCES game_tables (id),
    owner      TEXT      NOT NULL,
    token      TEXT      NOT NULL,
    expires_at ${DOUBLE} NOT NULL
);
CREATE INDEX table_leases_by_token ON table_leases (token);
