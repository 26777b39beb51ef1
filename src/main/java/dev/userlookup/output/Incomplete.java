package dev.userlookup.output;

/**
 * In the document itself, so that a script that reads only the output can tell a walk was cut
 * short ({@code jq -e '.incomplete == null'}) and go on with {@code --offset N}.
 */
public record Incomplete(Reason reason, long nextOffset) {

    /** Written in lower case. */
    public enum Reason {
        INTERRUPTED,
        TERMINATED,
        /** The service's, after retries, or a walk that makes no progress. */
        FAILED
    }
}
