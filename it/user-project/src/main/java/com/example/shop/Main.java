package com.example.shop;

import dev.sluice.Database;
import dev.sluice.embedded.EmbeddedServer;
import dev.sluice.embedded.PsqlScript;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;

/** Runs the shop on an embedded PostgreSQL 17: migrates it, sells, prints the revenue. */
public final class Main {
  public static void main(String[] args) throws IOException, SQLException {
    try (EmbeddedServer server = EmbeddedServer.start()) {
      try (Connection jdbc = server.jdbc("postgres", "shop-migrations")) {
        for (String name : new String[] {"V1__product.sql", "V2__sale.sql"}) {
          try (InputStream in = Main.class.getResourceAsStream("/db/migration/" + name)) {
            new PsqlScript(name, new String(in.readAllBytes(), StandardCharsets.UTF_8)).run(jdbc);
          }
        }
      }
      String url = "postgresql://" + EmbeddedServer.SUPERUSER + "@localhost:" + server.port() + "/postgres";
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
