package dev.userlookup.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import org.junit.jupiter.api.Test;

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
}
