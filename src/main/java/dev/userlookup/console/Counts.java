package dev.userlookup.console;

import java.text.NumberFormat;
import java.util.Locale;

/** How counts are written for people, whatever the locale: {@code 1,250}. */
public final class Counts {

    private Counts() {
    }

    public static String format(long n) {
        return NumberFormat.getIntegerInstance(Locale.ROOT).format(n);
    }
}
