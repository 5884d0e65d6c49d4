package com.example.shop;

import dev.sluice.annotations.Generated;
import dev.sluice.annotations.Id;
import dev.sluice.annotations.Table;
import java.math.BigDecimal;

/** A row of the product table; Sluice generates ProductDecoder and ProductTable. */
@Table("product")
public record Product(@Id @Generated int productId, String name, BigDecimal price) {}
