package dev.userlookup.walk;

import dev.userlookup.model.UserPage;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * The first page is read alone, since only its total says how far to go. Only requests are limited
 * to {@code parallel}: a page that has arrived is read while the next request is already out, by
 * one of twice as many workers. A page of users already printed is an error, never an endless loop.
 */
public final class PageWalker {

    private final PageSource source;
    private final int pageSize;
    private final int parallel;
    private final WalkProgress progress;
    private long start;
    private PageWriter writer;

    public PageWalker(PageSource source, int pageSize, int parallel, WalkProgress progress) {
        if (pageSize < 1 || parallel < 1) {
            throw new IllegalArgumentException("page size and parallel must be at least 1");
        }
        this.source = source;
        this.pageSize = pageSize;
        this.parallel = parallel;
        this.progress = progress;
    }

    public WalkResult walk(long startOffset, UserSink out) throws IOException {
        start = startOffset;
        writer = null;
        try {
            UserPage first = source.fetch(startOffset, pageSize);
            // A service that caps the page below what was asked says so in its limit: walk in its steps,
            // or its first page would look short and end the walk far below the total.
            int step = first.limit() != null && first.limit() > 0 && first.limit() < pageSize
                    && first.users().size() == first.limit() ? first.limit() : pageSize;
            PageWriter writer = new PageWriter(out, progress, startOffset, first.total(), step);
            this.writer = writer;
            if (!writer.take(startOffset, first)) {
                return writer.result();
            }
            // Without a total there is no telling how far to go: one page at a time. With one, up to
            // `parallel` requests, and pages arriving early wait in a window of twice that.
            Semaphore requests = new Semaphore(parallel, true);
            // Set before OrderedParallel interrupts its workers: a worker that a departing request's
            // permit wakes must not start another once the walk has ended (stopped, failed or done).
            AtomicBoolean ended = new AtomicBoolean();
            OrderedParallel<Long, UserPage> pages = writer.firstTotal() == null
                    ? new OrderedParallel<>(1, 1, offset -> source.fetch(offset, step))
                    : new OrderedParallel<>(2 * parallel, 2 * parallel, offset -> fetch(requests, ended, offset, step));
            OffsetPlan plan = new OffsetPlan(writer.covered(), writer.stride(), writer.firstTotal());
            try {
                pages.run(plan, run -> {
                    boolean more = false;
                    try {
                        more = handOn(run, writer, plan);
                        return more;
                    } finally {
                        if (!more) {
                            ended.set(true);
                        }
                    }
                });
            } finally {
                ended.set(true);
            }
            return writer.result();
        } finally {
            progress.clear();
        }
    }

    /** Asked by the thread that walked, once {@link #walk} has returned or thrown. */
    public long resumeOffset() {
        return writer == null ? start : writer.resumeOffset();
    }

    private static boolean handOn(List<OrderedParallel.Done<Long, UserPage>> run, PageWriter writer, OffsetPlan plan) throws IOException {
        for (OrderedParallel.Done<Long, UserPage> done : run) {
            if (done.failure() != null) {
                throw done.failure();
            }
            plan.answered(done.input());
            if (!writer.take(done.input(), done.result())) {
                return false;
            }
            plan.replan(writer.covered(), writer.stride());
        }
        return true;
    }

    /** The reading is outside the {@code parallel} places. */
    private UserPage fetch(Semaphore requests, AtomicBoolean ended, long offset, int step) {
        try {
            requests.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        }
        if (ended.get()) {
            requests.release();
            throw new CancellationException("the walk has ended");
        }
        Supplier<UserPage> answer;
        try {
            answer = source.request(offset, step);
        } finally {
            requests.release();
        }
        return answer.get();
    }
}
