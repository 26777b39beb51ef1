package dev.userlookup.doctor;

import dev.userlookup.output.ShellCommand;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One step of the request taken apart: its name (dns, connect, proxy, tls, http, clock),
 * whether it went well, how long it took, what it found, and on failure what went wrong and
 * what to do next.
 *
 * @param ms milliseconds, or null for a step that is not timed (clock)
 * @param facts what the step found, in the order shown ({@code addresses}, {@code protocol}, ...)
 * @param summary one readable line of the facts, for the checklist
 * @param command a command to run, which {@code next} leads up to; null when it names none
 */
public record Step(String name, boolean ok, Long ms, Map<String, Object> facts, String summary, String problem, String next,
        ShellCommand command) {

    public Step {
        facts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(facts));
    }

    public Step(String name, boolean ok, Long ms, Map<String, Object> facts, String summary, String problem, String next) {
        this(name, ok, ms, facts, summary, problem, next, null);
    }

    /** What to do next in one line: {@code next}, then the command on one line. */
    public String advice() {
        return command == null ? next : next + " " + command;
    }

    static Step passed(String name, long ms, Map<String, Object> facts, String summary) {
        return new Step(name, true, ms, facts, summary, null, null);
    }

    static Step failed(String name, Long ms, String problem, String next) {
        return new Step(name, false, ms, Map.of(), null, problem, next);
    }

    /** Milliseconds since {@code started}, a {@link System#nanoTime} reading: a step's time. */
    static long millisSince(long started) {
        return (System.nanoTime() - started) / 1_000_000;
    }
}
