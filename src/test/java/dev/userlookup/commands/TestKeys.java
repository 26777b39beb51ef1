package dev.userlookup.commands;

/** The key the tests send; distinctive, so a leak anywhere in output is easy to find. */
final class TestKeys {

    static final String KEY = "sk_test_4f9c2e7a1b8d6053";

    private TestKeys() {
    }
}
