package dev.sluice.driver.codec;

import java.util.List;

/**
 * A named composite type as the server's catalog describes it: a {@code CREATE TYPE … AS (…)} or a
 * table's row type. Its OID and its array type's OID are what a bound value must be declared as,
 * and the field OIDs, in attribute order, are what {@code record_recv} checks each field against.
 *
 * @param name the name it was looked up by (as written, possibly schema-qualified)
 * @param oid the type's OID in this database
 * @param arrayOid the OID of its array type ({@code addr[]}), or 0 if it has none
 * @param fields the attributes, in order, without dropped columns
 */
public record CompositeType(String name, int oid, int arrayOid, List<Field> fields) {
  /** One attribute: its name and the OID of its type. */
  public record Field(String name, int typeOid) {}

  public CompositeType {
    fields = List.copyOf(fields);
  }
}
