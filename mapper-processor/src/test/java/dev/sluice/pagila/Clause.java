package dev.sluice.pagila;

import dev.sluice.annotations.Column;
import dev.sluice.annotations.Generated;
import dev.sluice.annotations.Id;
import dev.sluice.annotations.Table;

/**
 * A table the DAO tests create, named by key words PostgreSQL reserves: "join" and "left" only as
 * names of functions or types, "order" for everything. Its generated statements must quote them.
 */
@Table("join")
public record Clause(
    @Id @Generated long id, @Column("left") String left, @Column("order") int order) {}
