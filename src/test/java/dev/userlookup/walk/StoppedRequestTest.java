package dev.userlookup.walk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.fake.Users;
import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.network.BaseUrl;
import dev.userlookup.network.ClientSettings;
import dev.userlookup.network.FakeTiming;
import dev.userlookup.network.InMemoryResponses;
import dev.userlookup.network.Request;
import dev.userlookup.network.Transport;
import dev.userlookup.service.ServiceClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A walk stopped by a signal (its thread interrupted, as the shutdown hook does) while requests are
 * out. The JDK's client may fail such a request as a connection failure before the worker sees its
 * interrupt ("Task rejected from ...[Shutting down]": the run's end shut its executor down): that
 * failure is the stop's, so it is neither retried nor announced after the stop has ended the output.
 */
@Timeout(60)
class StoppedRequestTest {

    private static final int PAGE = 100;

    /** 0: the request fails before any status; else the service's answer, a retried status, comes as the stop does. */
    @ParameterizedTest(name = "answered {0}")
    @ValueSource(ints = {0, 500, 503})
    void aRequestThatFailsAsTheWalkIsStoppedIsNotRetriedNorAnnounced(int status) throws Exception {
        CountDownLatch laterPagesOut = new CountDownLatch(4);
        CountDownLatch never = new CountDownLatch(1);
        Set<Thread> senders = ConcurrentHashMap.newKeySet();
        List<String> sent = new CopyOnWriteArrayList<>();
        Transport transport = request -> {
            String query = request.uri().getRawQuery();
            sent.add(query);
            if (query.startsWith("offset=0&")) {
                byte[] first = Users.page(0, PAGE, 10 * PAGE, PAGE).getBytes(StandardCharsets.UTF_8);
                return InMemoryResponses.of(200, first, "application/json", null, null, null);
            }
            senders.add(Thread.currentThread());
            laterPagesOut.countDown();
            try {
                never.await();
            } catch (InterruptedException e) {
                // As the JDK's client answers when the stop shut it down first: the interrupt stays set.
                Thread.currentThread().interrupt();
                if (status != 0) {
                    return InMemoryResponses.of(status, new byte[0], "text/html", null, null, null);
                }
                throw InMemoryResponses.connectionFailed("connection to service.example.test failed: Task rejected from "
                        + "java.util.concurrent.ThreadPoolExecutor@1[Shutting down, pool size = 1, active threads = 1]");
            }
            throw new AssertionError("held until the walk stops");
        };
        List<String> notices = new CopyOnWriteArrayList<>();
        List<String> verbose = new CopyOnWriteArrayList<>();
        ServiceClient client = new ServiceClient(ClientSettings.to(BaseUrl.parse("https://service.example.test", false),
                ApiKey.of("k-123456789", "test")).timeout(Duration.ofSeconds(30)).retries(3)
                .timing(new FakeTiming()).retryNotice(notices::add).verboseLog(verbose::add).build(), transport);
        AtomicReference<Throwable> ended = new AtomicReference<>();
        Thread runner = new Thread(() -> {
            try {
                new PageWalker(PageSource.of(client), PAGE, 4, WalkProgress.NONE).walk(0, new PageWalkerTest.RecordingStream());
            } catch (Throwable e) {
                ended.set(e);
            }
        });
        runner.start();
        laterPagesOut.await();

        runner.interrupt();
        runner.join();
        for (Thread sender : senders) {
            sender.join();
        }

        assertInstanceOf(CancellationException.class, ended.get());
        assertEquals(List.of(), notices, "no retry is announced after the stop");
        assertFalse(verbose.stream().anyMatch(line -> line.startsWith("* retry")), "-v says no retry either: " + verbose);
        assertEquals(sent.size(), Set.copyOf(sent).size(), "no page is asked for twice: " + sent);
        assertTrue(sent.size() >= 5, "the first page and four later ones were out: " + sent);
    }
}
