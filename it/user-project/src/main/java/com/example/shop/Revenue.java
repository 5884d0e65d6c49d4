package com.example.shop;

import java.math.BigDecimal;
import dev.sluice.annotations.Row;

/** One line of the revenue report: any result shape can be a {@code @Row}. */
@Row
public record Revenue(String name, long sold, BigDecimal revenue) {}
