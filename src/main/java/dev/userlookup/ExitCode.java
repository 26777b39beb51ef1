package dev.userlookup;

/** The exit statuses of the contract. */
public final class ExitCode {

    public static final int OK = 0;
    public static final int FAILURE = 1;
    public static final int USAGE = 2;
    public static final int NOT_FOUND = 3;
    public static final int AUTH = 4;
    public static final int UNAVAILABLE = 5;
    public static final int INTERRUPTED = 130;
    /** Stopped by SIGTERM (128 + 15), as the JVM ends on it. */
    public static final int TERMINATED = 143;

    private ExitCode() {
    }
}
