package dev.userlookup.network;

/**
 * Over every request at once, so no service can exhaust the heap however many requests are in
 * flight. It is for bombs and broken services: a working one never meets it.
 */
public final class MemoryBudget {

    private static final long MIB = 1L << 20;
    /** What the heap must keep besides the budget: classes, the HTTP client, parsing, output. */
    static final long FLOOR = 16 * MIB;
    static final long CEILING = 256 * MIB;

    private final long limit;
    private long held;

    MemoryBudget(long limit) {
        this.limit = limit;
    }

    /**
     * A third of the heap, between 16 and 256 MiB: the rest is for everything else a run keeps
     * (and for the objects a page's users become), so the budget holds in a 256 MB heap at
     * {@code --parallel 16}.
     */
    static long forHeap(long maxHeap) {
        return Math.max(FLOOR, Math.min(CEILING, maxHeap / 3));
    }

    public synchronized long held() {
        return held;
    }

    Hold hold() {
        return new Hold();
    }

    String describe() {
        return limit % MIB == 0 || limit >= 10 * MIB ? limit / MIB + " MiB" : limit + " bytes";
    }

    /** The bytes one request (and then its answer) holds; released once, on every path. */
    public final class Hold implements dev.userlookup.model.Releasable {
        private long bytes;
        private boolean released;

        private Hold() {
        }

        /** Counts {@code more} bytes about to be held; refused past the budget or after release. */
        public void take(long more) throws CappedBodySubscriber.TooLarge {
            synchronized (MemoryBudget.this) {
                if (released) {
                    throw new CappedBodySubscriber.TooLarge("the request has ended");
                }
                if (more > limit - held) {
                    throw new CappedBodySubscriber.TooLarge("the responses held at once would pass " + describe()
                            + " together; a page of users is far smaller");
                }
                held += more;
                bytes += more;
            }
        }

        void give(long fewer) {
            synchronized (MemoryBudget.this) {
                if (!released) {
                    long given = Math.min(fewer, bytes);
                    bytes -= given;
                    held -= given;
                }
            }
        }

        /** Lets every byte of this hold go; later calls do nothing. */
        public void release() {
            synchronized (MemoryBudget.this) {
                if (!released) {
                    released = true;
                    held -= bytes;
                    bytes = 0;
                }
            }
        }
    }
}
