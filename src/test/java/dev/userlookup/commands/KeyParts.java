package dev.userlookup.commands;

/** The key the tests of its never showing send, and how they find a part of it in what was shown. */
final class KeyParts {

    /** 34 characters, as the service's keys are; nothing in any message has six of them in a row. */
    static final String KEY = "u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL";
    /** A part of the key this long anywhere in the output counts as showing it. */
    static final int PART = 6;

    private KeyParts() {
    }

    /** The longest part of the key the text holds, if it is {@link #PART} characters or more; else null. */
    static String in(String text) {
        for (int length = KEY.length(); length >= PART; length--) {
            for (int start = 0; start + length <= KEY.length(); start++) {
                String part = KEY.substring(start, start + length);
                if (text.contains(part)) {
                    return part;
                }
            }
        }
        return null;
    }
}
