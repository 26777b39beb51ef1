package dev.userlookup.network;

/** The body counts in the run's {@link MemoryBudget} until whoever keeps it lets it go. */
public record Response(int status, byte[] body, String contentType, String location, String retryAfter, String date,
                String protocol, MemoryBudget.Hold hold) {

    public void release() {
        hold.release();
    }
}
