package dev.userlookup.network;

/** Answers made in memory, for a service that tests put under the client ({@code fake.Registry}). */
public final class InMemoryResponses {

    private InMemoryResponses() {
    }

    /** As {@link HttpTransport} hands one on over plain HTTP/1.1; its body is counted in no run's budget. */
    public static Response of(int status, byte[] body, String contentType, String location, String retryAfter, String date) {
        return new Response(status, body, contentType, location, retryAfter, date, "HTTP/1.1", new MemoryBudget(Long.MAX_VALUE).hold());
    }

    /** A failure before any status, as {@link TransportFailures} words it: "connection to host failed: ...", worth a retry. */
    public static TransportFailure connectionFailed(String reason) {
        return new TransportFailure(reason, true, null);
    }
}
