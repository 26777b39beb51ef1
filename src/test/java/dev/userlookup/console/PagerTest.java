package dev.userlookup.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The contract's choice of pager: $USERLOOKUP_PAGER, else $PAGER, else less -FRX; empty turns it off. */
class PagerTest {

    @Test
    void lessFrxWhenNothingIsSet() {
        assertEquals("less -FRX", Pager.command(Map.of()));
    }

    @Test
    void userlookupPagerBeatsPager() {
        assertEquals("more", Pager.command(Map.of("USERLOOKUP_PAGER", "more", "PAGER", "most")));
        assertEquals("most", Pager.command(Map.of("PAGER", "most")));
    }

    @Test
    void anEmptyValueTurnsPagingOffEvenWithPagerSet() {
        assertNull(Pager.command(Map.of("USERLOOKUP_PAGER", "", "PAGER", "most")));
        assertNull(Pager.command(Map.of("PAGER", "")));
    }

    @Test
    void aPagerIsRunnableWhenItsProgramIsOnPathOrAtItsPath(@TempDir Path bin) throws Exception {
        Path less = Files.createFile(bin.resolve("less"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Files.createFile(bin.resolve("plain"));
        Files.createDirectory(bin.resolve("folder"));
        Map<String, String> env = Map.of("PATH", "/nonexistent:" + bin);

        assertTrue(Pager.runnable("less -FRX", env));
        assertTrue(Pager.runnable("  less", env));
        assertTrue(Pager.runnable(less.toString() + " -R", Map.of()));
        assertFalse(Pager.runnable("lesss -FRX", env), "a typo");
        assertFalse(Pager.runnable("plain", env), "not executable");
        assertFalse(Pager.runnable("folder", env), "a folder");
        assertFalse(Pager.runnable(bin.resolve("nothing").toString(), env));
        assertFalse(Pager.runnable("less", Map.of("PATH", "/nonexistent")), "less missing, as in a small container");
    }

    @Test
    void aCommandTheShellMustReadIsTakenToRun() {
        Map<String, String> env = Map.of("PATH", "/nonexistent");
        assertTrue(Pager.runnable("LESS=R less", env));
        assertTrue(Pager.runnable("$HOME/bin/pager", env));
        assertTrue(Pager.runnable("~/bin/pager", env));
        assertTrue(Pager.runnable("'my pager'", env));
    }

    @Test
    void whoChoseThePager() {
        assertEquals("USERLOOKUP_PAGER", Pager.chosenBy(Map.of("USERLOOKUP_PAGER", "x", "PAGER", "y")));
        assertEquals("PAGER", Pager.chosenBy(Map.of("PAGER", "y")));
        assertNull(Pager.chosenBy(Map.of()));
    }
}
