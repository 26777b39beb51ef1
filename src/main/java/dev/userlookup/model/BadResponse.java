package dev.userlookup.model;

/**
 * A body that is not the JSON the service specifies, as the model finds it: while a response is
 * parsed, or later, when a row or card reads a value the check let through (a timestamp that is
 * not ISO-8601). The words are those of the service's failure for it; the service layer turns one
 * met while reading an answer into its own kind, and the command line gives either the same
 * exit status.
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

    /** What was being done: {@code resolve "customer-1"}, {@code list (limit 1)}. */
    public String operation() {
        return operation;
    }

    /** What is wrong with the body, in the tool's words (the service's text in it with the key out). */
    public String reason() {
        return reason;
    }
}
