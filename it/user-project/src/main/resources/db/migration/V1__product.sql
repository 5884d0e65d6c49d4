CREATE TABLE product (
  product_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  price numeric(8, 2) NOT NULL
);
