package dev.userlookup.output;

/**
 * In the document itself, so that a script that reads only the output can tell a walk was cut
 * short ({@code jq -e '.incomplete == null'}) and go on with {@code --offset N}.
 */
public record Incomplete(Reason reason, long nextOffset) {

    public enum Reason {
        INTERRUPTED("interrupted"),
        TERMINATED("terminated"),
        /** The service's, after retries, or a walk that makes no progress. */
        FAILED("failed");

        private final String word;

        Reason(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }
}
