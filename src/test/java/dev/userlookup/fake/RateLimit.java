package dev.userlookup.fake;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * A rate limit as nginx's {@code limit_req} applies it in front of a service (its
 * ngx_http_limit_req_module, one key): a leaky bucket counted in thousandths of a request that
 * drains at the rate, read on a clock in whole milliseconds. A request passes while the bucket,
 * with it added, is no fuller than the burst; a refused one leaves the bucket as it was. With no
 * burst (nginx's default) a request passes only once 1/rate has gone by since the last one that
 * passed; with {@code burst=N nodelay}, N more may pass at once. A refused request is answered
 * with nginx's own HTML page and no {@code Retry-After} ({@link #refusal}).
 */
public final class RateLimit {

    private final LongSupplier nanoClock;
    /** Thousandths of a request a second, as nginx keeps {@code rate=2r/s}: 2000. */
    private final long milliRate;
    /** In thousandths of a request, as nginx keeps {@code burst=5}: 5000. */
    private final long milliBurst;
    private final int status;
    private final AtomicLong passed = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private boolean started;
    private long excess;
    private long lastMillis;

    private RateLimit(LongSupplier nanoClock, double perSecond, int burst, int status) {
        this.nanoClock = nanoClock;
        this.milliRate = Math.round(perSecond * 1000);
        this.milliBurst = burst * 1000L;
        this.status = status;
    }

    /** {@code limit_req zone=... burst=N nodelay} at {@code perSecond}, refusing with 503 (nginx's default status). */
    public static RateLimit nginx(double perSecond, int burst, LongSupplier nanoClock) {
        return new RateLimit(nanoClock, perSecond, burst, 503);
    }

    /** The same limit refusing with {@code status} ({@code limit_req_status 429;}). */
    public RateLimit refusingWith(int status) {
        return new RateLimit(nanoClock, milliRate / 1000.0, (int) (milliBurst / 1000), status);
    }

    /** Whether a request arriving now passes; counted either way. */
    public synchronized boolean admit() {
        long now = Math.floorDiv(nanoClock.getAsLong(), 1_000_000L);
        if (!started) {
            started = true;
            excess = 0;
            lastMillis = now;
            passed.incrementAndGet();
            return true;
        }
        long ms = Math.max(0, now - lastMillis);
        long next = Math.max(0, excess - milliRate * ms / 1000 + 1000);
        if (next > milliBurst) {
            refused.incrementAndGet();
            return false;
        }
        excess = next;
        if (ms > 0) {
            lastMillis = now;
        }
        passed.incrementAndGet();
        return true;
    }

    /** nginx's page for a refused request, with no Retry-After. */
    FakeReply refusal() {
        String title = status == 429 ? "429 Too Many Requests" : status + " Service Temporarily Unavailable";
        return FakeReply.of(status, "text/html", "<html>\r\n<head><title>" + title + "</title></head>\r\n<body>\r\n<center><h1>"
                + title + "</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n");
    }

    public long passed() {
        return passed.get();
    }

    public long refused() {
        return refused.get();
    }

    /** Starts again as new, its bucket empty and nothing counted: each run of a benchmark starts as the first did. */
    public synchronized void reset() {
        started = false;
        passed.set(0);
        refused.set(0);
    }
}
