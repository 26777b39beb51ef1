package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.fake.FakeService;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** -v lines and the progress line share stderr in a whole run (console/MessagesTest has the parts). */
class VerboseWalkTest {

    @Test
    void aWalkWithVerboseNeverWritesARequestLineOntoTheProgressLine() {
        try (FakeService fake = FakeService.builder().users(1_500).apiKey(TestKeys.KEY).start()) {
            Cli.Result result = Cli.against(fake.baseUrl()).stderrOnTerminal().run("-v", "list", "--all", "-o", "ndjson");

            assertEquals(0, result.exit(), result::toString);
            assertTrue(result.err().contains(" users, "), "the progress line was shown: " + result.err());
            assertTrue(result.err().contains("> GET "), result.err());
            // Progress text ends in "/s"; a -v line written straight after it would follow it on the same line.
            assertFalse(Pattern.compile("/s[<>] ").matcher(result.err()).find(), result.err());
        }
    }
}
