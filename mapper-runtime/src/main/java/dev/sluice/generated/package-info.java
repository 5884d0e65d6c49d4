/**
 * Support for the code the annotation processor generates ({@code FilmDecoder}, {@code Film_Table},
 * {@code FilmDaoImpl}): the enum labels, the DAO checks, the type OIDs that generated classes name,
 * the reader of composite values, the fields of records bound as composites and the row writer of
 * binary COPY. <strong>Not for hand-written code:</strong> these types change with the processor,
 * and only the processor of the same version calls them; the application API is {@link dev.sluice}
 * and {@link dev.sluice.dsl}.
 *
 * <p>The package is exported only because generated classes live in the application's own packages
 * and must reach it; generated code references nothing but this package, {@code dev.sluice}, {@code
 * dev.sluice.dsl} and the annotations.
 */
package dev.sluice.generated;
