-- V001: the bank. Credits are integers; every change of a balance has a ledger row, so for every
-- account balance = SUM(ledger.delta). user_id 0 is the house account of a guild (bots' stakes);
-- it may go negative and never appears on leaderboards.

CREATE TABLE accounts (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    balance    INTEGER NOT NULL,
    created_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id),
    CHECK (balance >= 0 OR user_id = 0)
) WITHOUT ROWID;

-- Leaderboards: ORDER BY balance DESC, user_id within one guild.
CREATE INDEX accounts_by_balance ON accounts (guild_id, balance DESC, user_id);

CREATE TABLE ledger (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    delta    INTEGER NOT NULL,
    reason   TEXT    NOT NULL,
    table_id INTEGER,
    at       REAL    NOT NULL,
    FOREIGN KEY (guild_id, user_id) REFERENCES accounts (guild_id, user_id)
);

CREATE INDEX ledger_by_account ON ledger (guild_id, user_id, id);
CREATE INDEX ledger_by_table ON ledger (table_id) WHERE table_id IS NOT NULL;

-- Credits held by a table on behalf of a player (buy-ins); a table's total is what it holds.
CREATE TABLE escrow (
    table_id INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    amount   INTEGER NOT NULL CHECK (amount > 0),
    PRIMARY KEY (table_id, guild_id, user_id),
    FOREIGN KEY (guild_id, user_id) REFERENCES accounts (guild_id, user_id)
) WITHOUT ROWID;

CREATE INDEX escrow_by_account ON escrow (guild_id, user_id);

CREATE TABLE daily_claims (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    claimed_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;
