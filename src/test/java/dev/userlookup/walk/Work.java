package dev.userlookup.walk;

/** A call's own running time in the walk's tests. */
final class Work {

    private Work() {
    }

    /**
     * Takes {@code millis} of real time, as a request or a page would: to scramble the order in
     * which calls finish, or keep pages in flight while another fails. This is the work being run,
     * not a wait for something to happen (those wait on latches), hence a real sleep. An interrupt
     * ends it, as it would a request.
     */
    static void take(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
