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

    private ExitCode() {
    }
}
