package dev.userlookup.network;

/**
 * What came back for one request: the status, the body (unzipped), the headers the policy reads
 * (and Date, for doctor's clock check) and the protocol it came by ({@code HTTP/2, TLSv1.3}, for
 * -v), with the hold that counts the body in the run's {@link MemoryBudget} until whoever keeps
 * the body lets it go.
 */
public record Response(int status, byte[] body, String contentType, String location, String retryAfter, String date,
                String protocol, MemoryBudget.Hold hold) {

    /** The body is no longer kept (an error read, a retry): its bytes leave the budget. */
    public void release() {
        hold.release();
    }
}
