package dev.userlookup.find;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.userlookup.UsageException;
import dev.userlookup.model.UserId;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WantedIdsTest {

    @Test
    void aValueThatIsNoUserIdIsRefusedHoweverTheIdsAreMade() {
        UsageException refused = assertThrows(UsageException.class,
                () -> new WantedIds(List.of("138adbbd-c5e6-36c4-aff7-48390b9f91da", "customer-1")));
        assertEquals("find: \"customer-1\" is not a user_id (a UUID such as 138adbbd-c5e6-36c4-aff7-48390b9f91da); "
                + "your own ids are looked up with userlookup resolve", refused.getMessage());
    }

    @Test
    void theIdsAreTheValuesAskedInTheirOrderAndKeepNoLaterChange() {
        List<String> asked = new ArrayList<>(List.of("138ADBBD-c5e6-36c4-aff7-48390b9f91da", "00000000-0000-4000-8000-000000000001"));
        WantedIds wanted = new WantedIds(asked);
        asked.clear();

        assertEquals(List.of("138ADBBD-c5e6-36c4-aff7-48390b9f91da", "00000000-0000-4000-8000-000000000001"), wanted.asked());
        assertEquals(List.of(UserId.parse("138adbbd-c5e6-36c4-aff7-48390b9f91da"), UserId.parse("00000000-0000-4000-8000-000000000001")),
                wanted.ids());
    }
}
