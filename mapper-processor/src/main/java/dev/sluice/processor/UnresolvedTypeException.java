package dev.sluice.processor;

import javax.lang.model.type.TypeMirror;

/**
 * Thrown while modelling a record that refers to a type javac cannot resolve yet, typically one
 * another processor generates in this round: the record is retried in the next round.
 */
final class UnresolvedTypeException extends Exception {
  private static final long serialVersionUID = 1L;

  UnresolvedTypeException(TypeMirror type) {
    super("unresolved type " + type);
  }
}
