package dev.userlookup.model;

/**
 * Also thrown later, when a row reads a value the check let through (a timestamp that is not
 * ISO-8601); the command line gives it the same exit status as the service layer's own kind.
 */
public final class BadResponse extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** What every such failure says before its reason. */
    public static final String WORDS = "the response is not the JSON expected";

    private final String operation;
    private final String reason;

    public BadResponse(String operation, String reason, Throwable cause) {
        super(operation + ": " + WORDS + (reason == null || reason.isEmpty() ? "" : ": " + reason), cause);
        this.operation = operation;
        this.reason = reason;
    }

    /** {@code resolve "customer-1"}, {@code list (limit 1)}. */
    public String operation() {
        return operation;
    }

    /** The service's text in it with the key out. */
    public String reason() {
        return reason;
    }
}
