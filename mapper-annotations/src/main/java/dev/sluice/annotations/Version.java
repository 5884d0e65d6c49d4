package dev.sluice.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The optimistic-locking version of a {@link Table} record: an integral component ({@code int},
 * {@code long}, {@code short} or their boxes, not null). Generated updates require the row's
 * version to equal the record's and set it to one more; generated deletes require it to be equal.
 * When the row's version moved, the statement matches no row and fails with {@code
 * dev.sluice.OptimisticLockException}. At most one per record.
 *
 * <pre>{@code
 * @Table("note")
 * public record Note(@Id @Generated long id, String body, @Version int version) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Version {}
