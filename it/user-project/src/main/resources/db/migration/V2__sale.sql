CREATE TABLE sale (
  sale_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_id integer NOT NULL REFERENCES product,
  quantity integer NOT NULL
);
