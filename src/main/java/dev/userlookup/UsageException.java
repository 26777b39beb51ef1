package dev.userlookup;

/**
 * The user's input cannot be used: a bad option or value, a missing base URL or key, a config
 * file, profile or key source that does not work, unreadable input. Always exit 2.
 */
public final class UsageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }

    public UsageException(String message, Throwable cause) {
        super(message, cause);
    }
}
