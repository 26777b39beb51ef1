package dev.userlookup.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UserIdTest {

    @Test
    void readsTheBitsTheJdkReadsInEitherCase() {
        Random random = new Random(22);
        for (int i = 0; i < 2_000; i++) {
            UUID uuid = new UUID(random.nextLong(), random.nextLong());
            String text = uuid.toString();
            String shouted = text.toUpperCase(Locale.ROOT);
            UserId id = UserId.parse(i % 2 == 0 ? text : shouted);
            assertEquals(uuid.getMostSignificantBits(), id.high(), text);
            assertEquals(uuid.getLeastSignificantBits(), id.low(), text);
            assertEquals(text, id.toString());
            assertEquals(id, UserId.parse(shouted));
        }
    }

    @Test
    void ordersAsTheLowerCaseTextOrders() {
        Random random = new Random(7);
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            texts.add(new UUID(random.nextLong(), random.nextLong()).toString());
        }
        texts.add("00000000-0000-0000-0000-000000000000");
        texts.add("ffffffff-ffff-ffff-ffff-ffffffffffff");
        texts.add("80000000-0000-0000-0000-000000000000");
        texts.add("7fffffff-ffff-ffff-ffff-ffffffffffff");
        List<String> byText = new ArrayList<>(texts);
        byText.sort(Comparator.naturalOrder());
        List<String> byBits = new ArrayList<>(texts);
        byBits.sort(Comparator.comparing(UserId::parse));
        assertEquals(byText, byBits);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "138adbbd-c5e6-36c4-aff7-48390b9f91d",     // one digit short
        "138adbbd-c5e6-36c4-aff7-48390b9f91da0",   // one too many
        "138adbbdc5e636c4aff748390b9f91da",        // no dashes
        "{138adbbd-c5e6-36c4-aff7-48390b9f91da}",  // braces
        "138adbbd-c5e6-36c4-aff7_48390b9f91da",    // a dash that is not one
        "138adbbd-c5e6-36c4-aff7-48390b9f91dg",    // not hex
        "138adbbd-c5e6-36c4-aff7-48390b9f91d\u0661", // an Arabic-Indic digit
        " 138adbbd-c5e6-36c4-aff7-48390b9f91da",   // a blank
        "customer-000042",
    })
    void anythingButTheCanonicalFormIsNoUserId(String text) {
        assertFalse(UserId.looksLikeOne(text));
        assertNull(UserId.parse(text));
    }

    @Test
    void nullIsNoUserId() {
        assertFalse(UserId.looksLikeOne(null));
        assertTrue(UserId.looksLikeOne("138ADBBD-c5e6-36c4-aff7-48390b9f91da"));
    }
}
