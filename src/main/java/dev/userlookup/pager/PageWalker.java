package dev.userlookup.pager;

import dev.userlookup.api.ServiceException;
import dev.userlookup.api.UserPage;
import dev.userlookup.api.UserRecord;
import dev.userlookup.batch.OrderedParallel;
import dev.userlookup.output.Renderer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Walks every page from an offset on and streams the users out in the service's order, each
 * once. The first page is read alone; once it has told the total, up to {@code parallel}
 * requests are in flight ({@link OrderedParallel}), and pages that arrive early wait in a window
 * of twice that many. The walk stops at an empty or short page or when the offset reaches the
 * first total; a page of users already printed is an error, never an endless loop.
 *
 * <p>What is limited to {@code parallel} is the requests ({@link PageSource#request}): a page that
 * has arrived is read and checked while the next request is already out, by one of twice as many
 * workers as requests.
 */
public final class PageWalker {

    private final PageSource source;
    private final int pageSize;
    private final int parallel;
    private final WalkProgress progress;

    public PageWalker(PageSource source, int pageSize, int parallel, WalkProgress progress) {
        if (pageSize < 1 || parallel < 1) {
            throw new IllegalArgumentException("page size and parallel must be at least 1");
        }
        this.source = source;
        this.pageSize = pageSize;
        this.parallel = parallel;
        this.progress = progress;
    }

    public WalkResult walk(long startOffset, Renderer.UserStream out) throws IOException {
        try {
            return walkPages(startOffset, out);
        } finally {
            progress.clear();
        }
    }

    private WalkResult walkPages(long startOffset, Renderer.UserStream out) throws IOException {
        UserPage first = source.fetch(startOffset, pageSize);
        // A service that caps the page below what was asked says so in its limit: walk in its steps,
        // or its first page would look short and end the walk far below the total.
        int step = first.limit() != null && first.limit() > 0 && first.limit() < pageSize
                && first.users().size() == first.limit() ? first.limit() : pageSize;
        Walk walk = new Walk(out, first.total(), step);
        walk.emit(first);
        if (first.users().isEmpty() || walk.isLast(first, startOffset)) {
            return walk.result();
        }
        // Without a total there is no telling how far to go: one page at a time. With one, up to
        // `parallel` requests, and pages arriving early wait in a window of twice that.
        Semaphore requests = new Semaphore(parallel, true);
        // Set before OrderedParallel interrupts its workers: a worker that a departing request's
        // permit wakes must not start another once the walk has ended (stopped, failed or done).
        AtomicBoolean ended = new AtomicBoolean();
        OrderedParallel<Long, UserPage> pages = walk.firstTotal == null
                ? new OrderedParallel<>(1, 1, offset -> source.fetch(offset, step))
                : new OrderedParallel<>(2 * parallel, 2 * parallel, offset -> fetch(requests, ended, offset, step));
        try {
            pages.run(offsets(startOffset + step, walk.firstTotal, step), run -> {
                boolean more = false;
                try {
                    more = walk.handOn(run);
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
        return walk.result();
    }

    /** What one walk has written so far; used by the thread that writes, only. */
    private final class Walk {
        private final SeenIds seen = new SeenIds();
        private final Renderer.UserStream out;
        private final Long firstTotal;
        private final int step;
        private Long lastTotal;
        private long printed;
        private long duplicates;
        private long pages;

        Walk(Renderer.UserStream out, Long firstTotal, int step) {
            this.out = out;
            this.firstTotal = firstTotal;
            this.lastTotal = firstTotal;
            this.step = step;
        }

        /**
         * Writes a run of pages that have arrived, in order.
         *
         * @return whether to go on: false at an empty, short or last page
         */
        boolean handOn(List<OrderedParallel.Done<Long, UserPage>> run) throws IOException {
            for (OrderedParallel.Done<Long, UserPage> done : run) {
                if (done.failure() != null) {
                    throw done.failure();
                }
                UserPage page = done.result();
                if (page.total() != null) {
                    lastTotal = page.total();
                }
                long printedBefore = printed;
                emit(page);
                if (page.users().isEmpty()) {
                    return false;
                }
                // Checked before the last-page rule: a service that ignores the offset must not pass
                // for a team that changed just because its repeated page happens to be the last.
                if (printed == printedBefore) {
                    throw noProgress(done.input());
                }
                if (isLast(page, done.input())) {
                    return false;
                }
            }
            return true;
        }

        /** Short page or the offset past the first total: nothing more to ask for. */
        boolean isLast(UserPage page, long offset) {
            return page.users().size() < step || (firstTotal != null && offset + step >= firstTotal);
        }

        void emit(UserPage page) throws IOException {
            List<UserRecord> fresh = new ArrayList<>(page.users().size());
            for (UserRecord user : page.users()) {
                if (seen.add(user.userId())) {
                    fresh.add(user);
                } else {
                    duplicates++;
                }
            }
            pages++;
            progress.clear();
            out.addAll(fresh);
            out.flush();
            // Written: its bytes leave the run's memory budget, so the pages to come have room.
            page.release();
            printed += fresh.size();
            progress.update(printed, page.total());
        }

        WalkResult result() {
            return new WalkResult(printed, pages, firstTotal, lastTotal, duplicates);
        }
    }

    /** One page: its request once one of the {@code parallel} places is free, then its reading, outside them. */
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
        PageSource.Answer answer;
        try {
            answer = source.request(offset, step);
        } finally {
            requests.release();
        }
        return answer.read();
    }

    /** Offsets from {@code from} in steps of a page, up to the total when there is one. */
    private static Iterator<Long> offsets(long from, Long total, int step) {
        return new Iterator<>() {
            private long next = from;

            @Override
            public boolean hasNext() {
                return total == null || next < total;
            }

            @Override
            public Long next() {
                long offset = next;
                next += step;
                return offset;
            }
        };
    }

    /** The service answered a page with users already printed: walking on would never end. */
    static ServiceException noProgress(long offset) {
        return new ServiceException.Unavailable("list --all", "the service makes no progress: the page at offset " + offset
                + " holds only users already printed", null,
                "it may ignore the offset parameter; stopped rather than walk forever", null);
    }
}
