package com.example.shop;

import dev.sluice.annotations.Row;
import java.math.BigDecimal;

/** One line of the revenue report: any result shape can be a {@code @Row}. */
@Row
public record Revenue(String name, long sold, BigDecimal revenue) {}
