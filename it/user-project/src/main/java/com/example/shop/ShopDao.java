package com.example.shop;

import dev.sluice.annotations.Dao;
import dev.sluice.annotations.Insert;
import dev.sluice.annotations.Query;
import java.util.List;

/** The shop's statements; Sluice generates ShopDaoImpl and checks each against the schema. */
@Dao
public interface ShopDao {
  @Insert
  Product add(Product product);

  @Query("INSERT INTO sale (product_id, quantity) VALUES (:productId, :quantity)")
  int sell(int productId, int quantity);

  @Query(
      "SELECT p.name, sum(s.quantity) AS sold, sum(s.quantity * p.price) AS revenue"
          + " FROM product p JOIN sale s USING (product_id) GROUP BY p.name ORDER BY p.name")
  List<Revenue> revenue();
}
