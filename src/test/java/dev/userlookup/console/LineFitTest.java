package dev.userlookup.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Lines fitted between words: nothing cut, no blanks left where a line breaks. */
class LineFitTest {

    @Test
    void aLineThatFitsIsLeftAsItIs() {
        assertEquals(List.of("  key   8 characters   (default)"), LineFit.wrap("  key   8 characters   (default)", 40, "        "));
        assertEquals(List.of("no limit at all"), LineFit.wrap("no limit at all", 0, "  "));
    }

    @Test
    void continuationsGoUnderTheIndentBetweenWords() {
        assertEquals(List.of("  ok   tls  one two", "            three four", "            five"),
                LineFit.wrap("  ok   tls  one two three four five", 22, "            "));
    }

    @Test
    void spacesWhereTheLineBreaksGoWithTheBreak() {
        // The three spaces before an origin fall at the break: no trailing blanks, no blank line.
        assertEquals(List.of("  CA files  /a/ca.pem,", "            /b/bundle.pem", "            (environment)"),
                LineFit.wrap("  CA files  /a/ca.pem, /b/bundle.pem   (environment)", 26, "            "));
    }

    @Test
    void aWordWiderThanTheLineKeepsALineOfItsOwnWhole() {
        String url = "https://users.example.test/a/very/long/path/that/cannot/fit";
        assertEquals(List.of("see", "  " + url, "  now"), LineFit.wrap("see " + url + " now", 20, "  "));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 5, 12, 14, 20, 30})
    void atAnyWidthNoLineIsBlankOrEndsInBlanksAndNoWordIsLost(int width) {
        String text = "  CA files  /tmp/ca.pem,   /etc/ssl/certs/ca-certificates.crt   (environment USERLOOKUP_CA_CERT)  x";
        List<String> lines = LineFit.wrap(text, width, "            ");

        for (String line : lines) {
            assertFalse(line.isBlank(), "a blank line at width " + width + ": " + lines);
            assertEquals(line.stripTrailing(), line, "trailing blanks at width " + width + ": " + lines);
        }
        assertTrue(lines.get(0).strip().startsWith("CA"), lines::toString);
        assertEquals(List.of(text.strip().split(" +")), List.of(String.join(" ", lines).strip().split(" +")),
                "every word, in order, at width " + width);
    }

    @Test
    void aWholeTextThatFitsTheLineStartsAsNearItsColumnAsItCan() {
        assertEquals(List.of("    0123456789"), LineFit.whole("0123456789", 4, 20), "at its column when it fits there");
        assertEquals(List.of("          0123456789"), LineFit.whole("0123456789", 15, 20), "moved left just enough");
        assertEquals(List.of("0123456789"), LineFit.whole("0123456789", 15, 10), "exactly the width: from the edge");
    }

    @Test
    void aWholeTextWiderThanTheLineTakesTheFewestLinesInEvenPiecesUnderOneIndent() {
        assertEquals(List.of("     0123456789", "     abcdefghij"), LineFit.whole("0123456789abcdefghij", 12, 15));
        assertEquals(List.of("  0123456789abc", "  defghij"), LineFit.whole("0123456789abcdefghij", 2, 15),
                "under its column when that takes no more lines");
        assertEquals(List.of("   0123456", "   789abcd", "   efghijk"), LineFit.whole("0123456789abcdefghijk", 30, 10),
                "three lines at least: even pieces, indented as far as they allow");
    }

    @Test
    void aWideCharacterIsNeverSplitAcrossPieces() {
        List<String> lines = LineFit.whole("\u6771\u4eac\u6771\u4eac\u6771", 0, 5);
        for (String line : lines) {
            assertTrue(DisplayWidth.of(line) <= 5, line);
        }
        assertEquals("\u6771\u4eac\u6771\u4eac\u6771", String.join("", lines).strip());
    }

    @Test
    void phrasesShareALineWhileTheyFitAndOtherwiseTakeTheirOwn() {
        List<String> footer = List.of("Showing 20 users at offset 40 of 300 users.", "Next page: userlookup list --offset 60 --limit 20");
        assertEquals(List.of(String.join(" ", footer)), LineFit.continued(footer, 0, "", ""), "no width: one line");
        assertEquals(List.of(String.join(" ", footer)), LineFit.continued(footer, 100, "", ""));
        assertEquals(footer, LineFit.continued(footer, 60, "", ""), "each on its own line, none broken");
    }

    @Test
    void aPhraseWiderThanTheLineKeepsALineOfItsOwnWhole() {
        assertEquals(List.of("a-phrase-that-is-long", "b"), LineFit.continued(List.of("a-phrase-that-is-long", "b"), 10, "", ""));
        assertEquals(List.of("a", "a-phrase-that-is-long", "b"), LineFit.continued(List.of("a", "a-phrase-that-is-long", "b"), 10, "", ""));
    }

    @Test
    void aContinuedCommandBreaksBetweenUnitsWithinTheWidthAndMarksEachBreak() {
        List<String> units = List.of("userlookup", "--base-url http://127.0.0.1:8080/", "list", "--offset 2", "--limit 2");

        assertEquals(List.of(String.join(" ", units)), LineFit.continued(units, 0, " \\", "  "), "no width: one line");
        assertEquals(List.of(String.join(" ", units)), LineFit.continued(units, 80, " \\", "  "));
        List<String> lines = LineFit.continued(units, 40, " \\", "  ");
        assertEquals(List.of("userlookup \\", "  --base-url http://127.0.0.1:8080/ \\", "  list --offset 2 --limit 2"), lines);
    }

    @Test
    void theLastUnitMayUseTheMarksRoomAndAUnitWiderThanALineKeepsOneOfItsOwn() {
        assertEquals(List.of("ab cd"), LineFit.continued(List.of("ab", "cd"), 5, " \\", "  "), "no mark after the last");
        assertEquals(List.of("ab \\", "  cd \\", "  ef"), LineFit.continued(List.of("ab", "cd", "ef"), 6, " \\", "  "));
        assertEquals(List.of("a \\", "  0123456789 \\", "  b"), LineFit.continued(List.of("a", "0123456789", "b"), 6, " \\", "  "));
    }

    @Test
    void phrasesAreMeasuredInColumnsNotChars() {
        // Two wide characters take four columns: "\u6771\u4eac ok" is 7 columns, too wide for 6.
        assertEquals(List.of("\u6771\u4eac", "ok"), LineFit.continued(List.of("\u6771\u4eac", "ok"), 6, "", ""));
        assertEquals(List.of("\u6771\u4eac ok"), LineFit.continued(List.of("\u6771\u4eac", "ok"), 7, "", ""));
    }

    @Test
    void aPathIsCutInTheMiddleKeepingItsLastPart() {
        String path = "file /home/someone/.config/userlookup/staging.key";

        assertEquals(path, LineFit.middle(path, path.length()));
        assertEquals("file /home/someon…/staging.key", LineFit.middle(path, 30));
        assertEquals("f…/staging.key", LineFit.middle(path, 14));
        assertEquals("…staging.key", LineFit.middle(path, 12), "no room for the start: as much of the end as fits");
        assertEquals("pass …aging", LineFit.middle("pass show staging", 11), "no slash: as much of the start as of the end");
        assertEquals("/デー…/鍵.key", LineFit.middle("/データ/ファイル/鍵.key", 14), "wide characters count two: one column is left");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 5, 13, 14, 29, 30, 49, 50})
    void aPathCutInTheMiddleNeverPassesTheWidth(int width) {
        String path = "file /home/someone/.config/userlookup/staging.key";
        String cut = LineFit.middle(path, width);

        assertTrue(DisplayWidth.of(cut) <= width, width + ": " + cut);
        assertEquals(cut.equals(path), DisplayWidth.of(path) <= width, width + ": " + cut);
    }
}
