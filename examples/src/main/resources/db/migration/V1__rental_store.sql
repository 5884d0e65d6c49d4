-- The rental store of the example application: stores, films, customers and their rentals.
-- Applied by the annotation processor at compile time (its checks run against this schema) and by
-- the application itself, into a schema of its own (sluice_example), when it starts.

CREATE TYPE membership AS ENUM ('basic', 'silver', 'gold');

CREATE TABLE store (
  store_id            integer PRIMARY KEY,
  name                text NOT NULL,
  address_street      text NOT NULL,
  address_city        text NOT NULL,
  address_postal_code text NOT NULL
);

CREATE TABLE film (
  film_id      integer PRIMARY KEY,
  title        text NOT NULL,
  genre        text NOT NULL,
  release_year integer NOT NULL,
  daily_rate   numeric(5, 2) NOT NULL CHECK (daily_rate > 0)
);

CREATE TABLE customer (
  customer_id integer PRIMARY KEY,
  store_id    integer NOT NULL REFERENCES store,
  first_name  text NOT NULL,
  last_name   text NOT NULL,
  email       text NOT NULL UNIQUE,
  membership  membership NOT NULL,
  joined_on   date NOT NULL
);

CREATE TABLE rental (
  rental_id   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customer,
  film_id     integer NOT NULL REFERENCES film,
  store_id    integer NOT NULL REFERENCES store,
  rented_on   date NOT NULL,
  returned_on date CHECK (returned_on >= rented_on),  -- NULL while the film is out
  amount      numeric(7, 2) NOT NULL
);

CREATE INDEX rental_customer_id_idx ON rental (customer_id);
CREATE INDEX rental_film_id_idx ON rental (film_id);
