package dev.userlookup.network;

/**
 * The wire under the service client: one request sent, its answer or a failure before any
 * status. Retries, redirects, the run's pace and the log of each exchange are the client's,
 * above it; {@link HttpTransport} is the real one, and tests put a service in memory here.
 */
public interface Transport extends AutoCloseable {

    Response send(Request request) throws TransportFailure;

    /** Lets go of what sending took (threads, connections). */
    @Override
    default void close() {
    }
}
