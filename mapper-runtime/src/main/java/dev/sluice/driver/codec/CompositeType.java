package dev.sluice.driver.codec;

import java.util.List;

/**
 * A named composite type as the server's catalog describes it: a {@code CREATE TYPE … AS (…)} or a
 * table's row type. Its OID and its array type's OID are what a bound value must be declared as,
 * and the field OIDs, in attribute order, are what {@code record_recv} checks each field against.
 *
 * @param name the name it was looked up by (as written, possibly schema-qualified), or the
 *     catalog's name for a type looked up by OID
 * @param oid the type's OID in this database
 * @param arrayOid the OID of its array type ({@code addr[]}), or 0 if it has none
 * @param fields the attributes, in order, without dropped columns
 */
public record CompositeType(String name, int oid, int arrayOid, List<Field> fields) {
  /**
   * One attribute.
   *
   * @param name the attribute's name
   * @param typeOid the OID of its type, which {@code record_recv} checks the written field against
   * @param kind the type's {@code typtype}: {@code b} base, {@code c} composite, {@code d} domain,
   *     {@code e} enum, {@code r}/{@code m} range/multirange, {@code p} pseudo
   * @param valueOid the type whose binary form the field's bytes take: a domain's base type
   *     (through domains over domains), else {@code typeOid}
   * @param elementOid for an array type, its element type's OID, else 0
   */
  public record Field(String name, int typeOid, char kind, int valueOid, int elementOid) {
    /** An attribute of a base type (not a domain, enum or array). */
    public Field(String name, int typeOid) {
      this(name, typeOid, 'b', typeOid, 0);
    }
  }

  public CompositeType {
    fields = List.copyOf(fields);
  }
}
