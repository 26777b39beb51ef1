package dev.userlookup.output;

import dev.userlookup.console.Style;
import java.io.OutputStream;
import java.util.function.UnaryOperator;

/**
 * {@code redact} takes the key out before a table shows (and so may cut) a text: a table is for
 * people, never lossless; json and csv print the service's values as sent.
 */
public record RenderContext(OutputStream out, Style style, int width, boolean terminal, Footer.NextPage nextPage,
        UnaryOperator<String> redact) {
}
