package dev.userlookup.output;

import java.util.function.Consumer;

/** Names no implementation, so the library behind {@code --jq} is loaded only by a run that asks for it. */
public interface UserFilter {

    void apply(byte[] json, int offset, int length, Consumer<String> lines) throws Failure;

    /** The message may quote the user's values, the key among them: the caller takes the key out before anything shows or cuts it. */
    final class Failure extends Exception {
        private static final long serialVersionUID = 1L;

        public Failure(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
