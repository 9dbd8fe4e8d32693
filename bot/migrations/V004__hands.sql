-- V004: provably fair hands and their history.

-- The secret every hand seed of a table derives from (HMAC-SHA256(master, 'hand:k')). Server-side
-- only: never shown, never exported; a hand's own seed is revealed once that hand is over.
CREATE TABLE table_secrets (
    table_id ${BIGINT} PRIMARY KEY REFERENCES game_tables (id),
    master   TEXT      NOT NULL
);

-- One row per hand: 'running' while it is played (no seed, the start and facts in ``running``),
-- 'finished' once over (``seed`` revealed, ``record`` the whole hand as /export gives it).
CREATE TABLE hands (
    id         ${ID},
    guild_id   ${BIGINT} NOT NULL,
    table_id   ${BIGINT} NOT NULL REFERENCES game_tables (id),
    variant    TEXT      NOT NULL,
    hand_no    INTEGER   NOT NULL,
    status     TEXT      NOT NULL CHECK (status IN ('running', 'finished')),
    commitment TEXT      NOT NULL,
    seed       TEXT,
    running    TEXT,
    record     TEXT,
    pot        ${BIGINT} NOT NULL DEFAULT 0,
    summary    TEXT      NOT NULL DEFAULT '',
    started_at ${DOUBLE} NOT NULL,
    ended_at   ${DOUBLE},
    UNIQUE (table_id, hand_no)
);
CREATE INDEX hands_by_guild ON hands (guild_id, status, id);
CREATE INDEX hands_by_end ON hands (status, ended_at);

-- The steps of a running hand, appended one per accepted action (folded into ``record`` at the end).
CREATE TABLE hand_steps (
    hand_id ${BIGINT} NOT NULL REFERENCES hands (id),
    idx     INTEGER   NOT NULL,
    step    TEXT      NOT NULL,
    PRIMARY KEY (hand_id, idx)
);

-- Who played a finished hand (members only), for /history member and per-hand statistics.
CREATE TABLE hand_players (
    hand_id  ${BIGINT} NOT NULL REFERENCES hands (id),
    guild_id ${BIGINT} NOT NULL,
    user_id  ${BIGINT} NOT NULL,
    seat     INTEGER   NOT NULL,
    won      INTEGER   NOT NULL DEFAULT 0,
    PRIMARY KEY (hand_id, seat)
);
CREATE INDEX hand_players_by_user ON hand_players (guild_id, user_id, hand_id);
