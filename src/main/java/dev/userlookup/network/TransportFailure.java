package dev.userlookup.network;

/** A failure before any status came back, in people's words; worth a retry unless it is permanent. */
public final class TransportFailure extends Exception {

    private static final long serialVersionUID = 1L;

    public final boolean retryable;

    TransportFailure(String reason, boolean retryable, Throwable cause) {
        super(reason, cause);
        this.retryable = retryable;
    }
}
