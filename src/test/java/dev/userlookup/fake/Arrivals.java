package dev.userlookup.fake;

import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The event "a request has reached the stub", for tests that must act while a request is at the
 * service (interrupt it, let the next one go) instead of sleeping and hoping it got there. Register
 * it with {@code wireMockConfig().extensions(arrivals)}; it sees every request as it arrives, before
 * any delay of its answer, and leaves the answer as it is.
 */
public final class Arrivals implements ResponseDefinitionTransformerV2 {

    private static final long WAIT_SECONDS = 20;

    private final ConcurrentHashMap<String, CountDownLatch> byUrl = new ConcurrentHashMap<>();
    private volatile CountDownLatch any = new CountDownLatch(1);

    @Override
    public String getName() {
        return "arrivals";
    }

    @Override
    public boolean applyGlobally() {
        return true;
    }

    @Override
    public ResponseDefinition transform(ServeEvent event) {
        latch(event.getRequest().getUrl()).countDown();
        any.countDown();
        return event.getResponseDefinition();
    }

    /** Forgets what has arrived so far (call it where the stubs are reset, e.g. in {@code @BeforeEach}). */
    public void reset() {
        byUrl.clear();
        any = new CountDownLatch(1);
    }

    /** Returns once a request for {@code url} (path and query) has reached the stub. */
    public void await(String url) throws InterruptedException {
        if (!latch(url).await(WAIT_SECONDS, TimeUnit.SECONDS)) {
            throw new AssertionError("no request for " + url + " reached the stub in " + WAIT_SECONDS + " s");
        }
    }

    /** Returns once any request has reached the stub since the last {@link #reset}. */
    public void awaitAny() throws InterruptedException {
        if (!any.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
            throw new AssertionError("no request reached the stub in " + WAIT_SECONDS + " s");
        }
    }

    private CountDownLatch latch(String url) {
        return byUrl.computeIfAbsent(url, u -> new CountDownLatch(1));
    }
}
