package dev.userlookup.output;

/**
 * What a walk's document says of itself when the walk was cut short: why, and the offset from
 * which {@code list --all --offset N} goes on (the first whose users were not printed). A json
 * document ends with it, {@code "incomplete": {"reason": "interrupted", "next_offset": N}}, so
 * a script that reads only the output can tell ({@code jq -e '.incomplete == null'}).
 */
public record Incomplete(Reason reason, long nextOffset) {

    /** Why the walk ended early, as the document names it. */
    public enum Reason {
        /** Ctrl-C (SIGINT). */
        INTERRUPTED("interrupted"),
        /** SIGTERM. */
        TERMINATED("terminated"),
        /** A failure mid-walk: the service's, after retries, or one that makes no progress. */
        FAILED("failed");

        private final String word;

        Reason(String word) {
            this.word = word;
        }

        /** The reason's name in the document. */
        public String word() {
            return word;
        }
    }
}
