package dev.userlookup.cli;

/** A bad option value, a missing base URL or key, unreadable input: exit 2. */
public final class UsageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }

    public UsageException(String message, Throwable cause) {
        super(message, cause);
    }
}
