package dev.userlookup.doctor;

import dev.userlookup.output.ShellCommand;
import java.util.LinkedHashMap;
import java.util.Map;

/** One step of the request taken apart (dns, connect, proxy, tls, http, clock); {@code ms} is null for clock, which is not timed. */
public record Step(String name, boolean ok, Long ms, Map<String, Object> facts, String summary, String problem, String next,
        ShellCommand command) {

    public Step {
        facts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(facts));
    }

    public String advice() {
        return command == null ? next : next + " " + command;
    }

    static Step passed(String name, long ms, Map<String, Object> facts, String summary) {
        return new Step(name, true, ms, facts, summary, null, null, null);
    }

    static Step failed(String name, Long ms, String problem, String next) {
        return new Step(name, false, ms, Map.of(), null, problem, next, null);
    }

    /** Facts in the order given: a name, then its value, and so on. */
    static Map<String, Object> facts(Object... namesAndValues) {
        Map<String, Object> facts = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            facts.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return facts;
    }

    static long millisSince(long started) {
        return (System.nanoTime() - started) / 1_000_000;
    }
}
