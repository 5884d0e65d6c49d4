package com.example.shop;

import dev.sluice.Database;
import dev.sluice.embedded.EmbeddedServer;
import java.math.BigDecimal;
import org.flywaydb.core.Flyway;

/** Runs the shop on an embedded PostgreSQL 17: migrates it with Flyway, sells, prints revenue. */
public final class Main {
  public static void main(String[] args) {
    try (EmbeddedServer server = EmbeddedServer.start()) {
      // Flyway orders V1__, V2__, … exactly as the processor did when it checked the DAO.
      Flyway.configure()
          .dataSource(server.jdbcUrl("postgres"), EmbeddedServer.SUPERUSER, null)
          .load()
          .migrate();
      String url =
          "postgresql://" + EmbeddedServer.SUPERUSER + "@localhost:" + server.port() + "/postgres";
      try (Database db = Database.connect(url)) {
        ShopDao shop = db.dao(ShopDao.class);
        Product tea = shop.add(new Product(0, "tea", new BigDecimal("3.50")));
        Product cake = shop.add(new Product(0, "cake", new BigDecimal("2.25")));
        shop.sell(tea.productId(), 2);
        shop.sell(cake.productId(), 3);
        shop.sell(tea.productId(), 1);
        for (Revenue line : shop.revenue()) {
          System.out.println(line.name() + " " + line.sold() + " " + line.revenue());
        }
      }
    }
  }
}
