-- V006: a tournament's rising antes. ``blinds`` is its schedule (JSON: every, unit "hands" or
-- "minutes", factor; '' when the antes never rise), ``level`` the highest level any of its
-- tables has reached (a table opened later starts there), ``started_at`` when it started (a
-- schedule in minutes counts from it).
ALTER TABLE tournaments ADD COLUMN blinds TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN level INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN started_at ${DOUBLE};
