package dev.userlookup.bench;

/** Which benchmarks of the bench profile run: {@code -Dbench.only=startup}, {@code walk}, {@code find} or {@code ratelimit}; all by default. */
final class Benchmarks {

    private Benchmarks() {
    }

    static boolean selected(String name) {
        String only = System.getProperty("bench.only", "");
        return only.isBlank() || only.equals(name);
    }
}
