package dev.sluice.processor;

import static dev.sluice.processor.NullnessRules.TYPE_WORDS;

import dev.sluice.processor.DeparsedLexer.Kind;
import dev.sluice.processor.DeparsedLexer.Token;
import java.util.List;

/**
 * A cursor over the tokens of one deparsed expression, for {@link ExpressionNullness}: look at the
 * next token, take it, take it only if it is a given word or punctuation, and skip what a reader
 * need not understand (a balanced group, the rest of a call, a type name). A token that is not
 * where it must be is an {@link IllegalArgumentException}, which the reader turns into UNKNOWN.
 */
abstract class DeparsedCursor {
  final List<Token> tokens;

  /** The index of the next token. */
  int pos;

  DeparsedCursor(List<Token> tokens) {
    this.tokens = tokens;
  }

  final void typeName() {
    Token t = next();
    if (t.kind != Kind.WORD && t.kind != Kind.QUOTED) {
      throw new IllegalArgumentException("a type name expected");
    }
    if (peek().is(".")) {
      pos++;
      next();
    }
    while (true) {
      Token n = peek();
      if (n.kind == Kind.WORD && TYPE_WORDS.contains(n.text)) {
        pos++;
      } else if (n.is("(")) {
        skipBalanced("(", ")");
      } else if (n.is("[")) {
        skipBalanced("[", "]");
      } else {
        return;
      }
    }
  }

  final Token peek() {
    return tokens.get(pos);
  }

  final Token next() {
    Token t = tokens.get(pos);
    if (t.kind == Kind.END) {
      throw new IllegalArgumentException("unexpected end");
    }
    pos++;
    return t;
  }

  final boolean word(String w) {
    if (peek().kind == Kind.WORD && peek().text.equals(w)) {
      pos++;
      return true;
    }
    return false;
  }

  final void expectWord(String w) {
    if (!word(w)) {
      throw new IllegalArgumentException("'" + w + "' expected");
    }
  }

  final void expect(String punct) {
    if (!next().is(punct)) {
      throw new IllegalArgumentException("'" + punct + "' expected");
    }
  }

  /** Skips {@code open … close} with whatever it nests; the next token must be {@code open}. */
  final void skipBalanced(String open, String close) {
    expect(open);
    int depth = 1;
    while (depth > 0) {
      Token t = next();
      if (t.is(open)) {
        depth++;
      } else if (t.is(close)) {
        depth--;
      }
    }
  }

  /** Skips to the parenthesis that closes the current call, leaving it to be read. */
  final void skipUntilClose() {
    int depth = 0;
    while (true) {
      Token t = peek();
      if (t.kind == Kind.END) {
        throw new IllegalArgumentException("unexpected end");
      }
      if (t.is("(")) {
        depth++;
      } else if (t.is(")")) {
        if (depth == 0) {
          return;
        }
        depth--;
      }
      pos++;
    }
  }
}
