-- Totals per film, refreshed by the application with an upsert (INSERT … ON CONFLICT DO UPDATE).

CREATE TABLE film_stats (
  film_id integer PRIMARY KEY REFERENCES film,
  rentals bigint NOT NULL,
  revenue numeric(12, 2) NOT NULL
);
