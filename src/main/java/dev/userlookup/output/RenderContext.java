package dev.userlookup.output;

import dev.userlookup.console.Style;
import java.io.OutputStream;
import java.util.function.UnaryOperator;

/**
 * Where and for whom output goes.
 *
 * @param out standard output (buffered; renderers flush at the end of a document)
 * @param style colour, or none
 * @param width terminal columns to fit tables into; 0 when not a terminal (no fitting)
 * @param terminal whether standard output is a terminal: footers for people, and server text
 *     made safe in CSV as well
 * @param nextPage how a person asks for the next page, for the footer
 * @param redact takes the key out of a text from the service before a table shows (and so may cut)
 *     it: a table is for people, never lossless; json and csv print the service's values as sent
 */
public record RenderContext(OutputStream out, Style style, int width, boolean terminal, Footers.NextPage nextPage,
        UnaryOperator<String> redact) {

    public RenderContext {
        redact = redact == null ? UnaryOperator.identity() : redact;
    }

    /** Without a key to take out. */
    public RenderContext(OutputStream out, Style style, int width, boolean terminal, Footers.NextPage nextPage) {
        this(out, style, width, terminal, nextPage, null);
    }
}
