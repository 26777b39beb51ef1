package dev.userlookup.pager;

import dev.userlookup.api.ServiceException;
import dev.userlookup.api.UserPage;
import dev.userlookup.api.UserRecord;
import dev.userlookup.output.Renderer;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Walks every page from an offset on and streams the users out in the service's order, each
 * once. The first page is read alone; once it has told the total, up to {@code parallel}
 * requests are in flight, and pages that arrive early wait in a window of twice that many. The walk stops at an
 * empty or short page or when the offset reaches the first total; a page of users already
 * printed is an error, never an endless loop.
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

    private record InFlight(long offset, Future<UserPage> page) {
    }

    public WalkResult walk(long startOffset, Renderer.UserStream out) throws IOException {
        try {
            return walkPages(startOffset, out);
        } finally {
            progress.clear();
        }
    }

    private WalkResult walkPages(long startOffset, Renderer.UserStream out) throws IOException {
        SeenIds seen = new SeenIds();
        long[] counts = new long[3]; // printed, duplicates, pages
        UserPage first = source.fetch(startOffset, pageSize);
        Long firstTotal = first.total();
        Long lastTotal = firstTotal;
        emit(first, seen, out, counts);
        if (first.users().isEmpty() || isLast(first, startOffset, firstTotal)) {
            return result(counts, firstTotal, lastTotal);
        }
        // Without a total there is no telling how far to go: one page at a time. With one, the pool's
        // threads bound the requests in flight, and the window (twice that) bounds the pages fetched
        // ahead: a page that arrives early waits there without holding a request slot.
        int requests = firstTotal == null ? 1 : parallel;
        int window = firstTotal == null ? 1 : 2 * parallel;
        ExecutorService pool = Executors.newFixedThreadPool(requests, daemonThreads());
        ArrayDeque<InFlight> inFlight = new ArrayDeque<>();
        long next = startOffset + pageSize;
        try {
            next = fill(pool, inFlight, next, window, firstTotal);
            while (!inFlight.isEmpty()) {
                InFlight head = inFlight.poll();
                UserPage page = await(head.page());
                if (page.total() != null) {
                    lastTotal = page.total();
                }
                long printedBefore = counts[0];
                emit(page, seen, out, counts);
                if (page.users().isEmpty()) {
                    break;
                }
                // Checked before the last-page rule: a service that ignores the offset must not pass
                // for a team that changed just because its repeated page happens to be the last.
                if (counts[0] == printedBefore) {
                    throw noProgress(head.offset());
                }
                if (isLast(page, head.offset(), firstTotal)) {
                    break;
                }
                next = fill(pool, inFlight, next, window, firstTotal);
            }
        } finally {
            // shutdownNow first: it empties the queue, so a thread freed by a cancel below cannot
            // start a page that was only queued.
            pool.shutdownNow();
            for (InFlight pending : inFlight) {
                pending.page().cancel(true);
            }
        }
        return result(counts, firstTotal, lastTotal);
    }

    private long fill(ExecutorService pool, ArrayDeque<InFlight> inFlight, long next, int window, Long total) {
        while (inFlight.size() < window && (total == null || next < total)) {
            long offset = next;
            inFlight.add(new InFlight(offset, pool.submit(() -> source.fetch(offset, pageSize))));
            next += pageSize;
        }
        return next;
    }

    /** Short page or the offset past the first total: nothing more to ask for. */
    private boolean isLast(UserPage page, long offset, Long total) {
        return page.users().size() < pageSize || (total != null && offset + pageSize >= total);
    }

    private void emit(UserPage page, SeenIds seen, Renderer.UserStream out, long[] counts) throws IOException {
        List<UserRecord> fresh = new ArrayList<>(page.users().size());
        for (UserRecord user : page.users()) {
            if (seen.add(user.userId())) {
                fresh.add(user);
            } else {
                counts[1]++;
            }
        }
        counts[2]++;
        progress.clear();
        out.addAll(fresh);
        out.flush();
        counts[0] += fresh.size();
        progress.update(counts[0], page.total());
    }

    private static UserPage await(Future<UserPage> page) {
        try {
            return page.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw new IllegalStateException(cause);
        }
    }

    /** The service answered a page with users already printed: walking on would never end. */
    static ServiceException noProgress(long offset) {
        return new ServiceException.Unavailable("list --all", "the service makes no progress: the page at offset " + offset
                + " holds only users already printed", 0, null,
                "it may ignore the offset parameter; stopped rather than walk forever", null);
    }

    private static WalkResult result(long[] counts, Long firstTotal, Long lastTotal) {
        return new WalkResult(counts[0], counts[2], firstTotal, lastTotal, counts[1]);
    }

    private static java.util.concurrent.ThreadFactory daemonThreads() {
        AtomicInteger number = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, "userlookup-page-" + number.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
