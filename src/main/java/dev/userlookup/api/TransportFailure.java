package dev.userlookup.api;

/** A failure before any status came back, in people's words; worth a retry unless it is permanent. */
final class TransportFailure extends Exception {

    private static final long serialVersionUID = 1L;

    final boolean retryable;

    TransportFailure(String reason, boolean retryable, Throwable cause) {
        super(reason, cause);
        this.retryable = retryable;
    }
}
