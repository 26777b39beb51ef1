package dev.userlookup.output;

import dev.userlookup.terminal.Style;
import java.io.OutputStream;

/**
 * Where and for whom output goes.
 *
 * @param out standard output (buffered; renderers flush at the end of a document)
 * @param style colour, or none
 * @param width terminal columns to fit tables into; 0 when not a terminal (no fitting)
 * @param terminal whether standard output is a terminal: footers for people, and server text
 *     made safe in CSV as well
 * @param nextPageCommand how a person asks for more, e.g. {@code userlookup list}, for the footer
 */
public record RenderContext(OutputStream out, Style style, int width, boolean terminal, String nextPageCommand) {
}
