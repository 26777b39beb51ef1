package dev.userlookup.output;

import java.util.function.Consumer;

/**
 * A filter run over each user's JSON, giving lines ({@code --jq}). The implementation, and the
 * library behind it, is loaded only by a run that asks for a filter: this interface names none.
 */
public interface UserFilter {

    /**
     * Runs over one user's compact JSON ({@code length} bytes of {@code json} from {@code offset})
     * and gives each result, as one line, to {@code lines}.
     *
     * @throws Failure when the filter fails on this user
     */
    void apply(byte[] json, int offset, int length, Consumer<String> lines) throws Failure;

    /** The filter failed on one user; the message may quote the user's values, the key among them. */
    final class Failure extends Exception {
        private static final long serialVersionUID = 1L;

        public Failure(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
