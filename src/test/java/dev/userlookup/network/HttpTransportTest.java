package dev.userlookup.network;

import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.model.UserPage;
import dev.userlookup.network.tls.CaFile;
import dev.userlookup.service.ServiceClient;
import dev.userlookup.service.ServiceException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.userlookup.fake.FakeService;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The client's life in a JVM it may share: closing one ends its own selector thread and no
 * other client's; its answers need no thread of the JVM's common pool; and an https client
 * trusts what {@link ServerTrust} says or sends nothing.
 */
@Timeout(60)
// Counts every HttpClient selector thread of the JVM, and fills the common pool: no other class may run meanwhile.
@Isolated
class HttpTransportTest {

    static {
        // As MemoryBudgetTest: App sets up java.net.http's properties before any client of this JVM.
        try {
            Class.forName("dev.userlookup.commands.App", true, HttpTransportTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final String PAGE = "{\"users\":[],\"total\":0,\"offset\":0,\"limit\":1}";

    private final CountDownLatch heldArrived = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final java.util.concurrent.atomic.AtomicInteger requests = new java.util.concurrent.atomic.AtomicInteger();
    private HttpServer server;
    private ExecutorService serverThreads;
    private ExecutorService background;

    @AfterEach
    void stop() {
        release.countDown();
        if (server != null) {
            server.stop(0);
            serverThreads.shutdownNow();
        }
        if (background != null) {
            background.shutdownNow();
        }
    }

    /** The list on loopback; a request for offset 1 is answered only once the test releases it. */
    private String startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        serverThreads = Executors.newCachedThreadPool();
        server.setExecutor(serverThreads);
        server.createContext("/v2/user/", exchange -> {
            requests.incrementAndGet();
            String query = exchange.getRequestURI().getQuery();
            if (query != null && query.contains("offset=1")) {
                heldArrived.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            answer(exchange, PAGE);
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private static void answer(HttpExchange exchange, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static ServiceClient client(ClientSettings settings) {
        return new ServiceClient(settings, new HttpTransport(settings));
    }

    private static ClientSettings settings(String baseUrl, List<CaFile> caFiles) {
        return ClientSettings.to(BaseUrl.parse(baseUrl, false), ApiKey.of("k-123456789", "test")).timeout(Duration.ofSeconds(30))
                .caFiles(caFiles).timing(new FakeTiming()).build();
    }

    private static Set<Thread> selectorThreads() {
        Set<Thread> found = new HashSet<>();
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith("HttpClient-") && thread.getName().endsWith("-SelectorManager")) {
                found.add(thread);
            }
        }
        return found;
    }

    @Test
    void closingOneClientEndsItsOwnSelectorThreadAndLeavesAnotherClientsRequestsAlone() throws Exception {
        String baseUrl = startServer();
        Set<Thread> before = selectorThreads();
        ServiceClient closed = client(settings(baseUrl, List.of()));
        closed.list(null, 1);
        Set<Thread> itsOwn = selectorThreads();
        itsOwn.removeAll(before);
        assertEquals(1, itsOwn.size(), "one selector thread for the first client: " + itsOwn);
        Thread closedSelector = itsOwn.iterator().next();

        try (ServiceClient other = client(settings(baseUrl, List.of()))) {
            other.list(null, 1);
            background = Executors.newSingleThreadExecutor();
            Future<UserPage> inFlight = background.submit(() -> other.list(1L, 1));
            assertTrue(heldArrived.await(30, TimeUnit.SECONDS), "the other client's request reached the server");

            closed.close();

            // The gain kept: the closed client's thread ends (JDK 17 to 20 by the interrupt, 21+ by close).
            closedSelector.join(TimeUnit.SECONDS.toMillis(30));
            assertFalse(closedSelector.isAlive(), closedSelector.getName() + " still runs after close");
            // The other client: its request in flight is answered, and it serves the next one.
            release.countDown();
            assertEquals(0, inFlight.get(30, TimeUnit.SECONDS).users().size());
            assertEquals(0, other.list(null, 1).users().size());
        }
    }

    @Test
    void aCallLeftBehindByTheRunSendsNothingOnceTheClientIsClosed() throws Exception {
        String baseUrl = startServer();
        Set<Thread> before = selectorThreads();
        ServiceClient client = client(settings(baseUrl, List.of()));
        client.list(null, 1);

        client.close();

        // A worker still on its way when the run ended (a batch stopped by a failure) finds no client
        // made again: no request after the run, no selector thread left to wait for at exit.
        assertThrows(java.util.concurrent.CancellationException.class, () -> client.list(null, 1));
        assertEquals(1, requests.get(), "requests that reached the server");
        Set<Thread> after = selectorThreads();
        after.removeAll(before);
        for (Thread thread : after) {
            thread.join(TimeUnit.SECONDS.toMillis(30));
            assertFalse(thread.isAlive(), thread.getName() + " still runs after close");
        }
    }

    @Test
    void anAnswerReachesTheRequestWhileEveryThreadOfTheCommonPoolIsBusy() throws Exception {
        // On JDK 25 the common pool runs every CompletableFuture's own tasks in the JVM, with one
        // thread on two cores; any code may keep its threads busy (here: waiting, as a test's
        // helper or a library may).
        String baseUrl = startServer();
        int threads = ForkJoinPool.getCommonPoolParallelism();
        CountDownLatch busy = new CountDownLatch(threads);
        Object lock = new Object();
        boolean[] free = {false};
        for (int i = 0; i < threads; i++) {
            ForkJoinPool.commonPool().execute(() -> {
                busy.countDown();
                synchronized (lock) {
                    while (!free[0]) {
                        try {
                            lock.wait();
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                }
            });
        }
        try {
            // Busy with these, or already with others' tasks (then these wait in its queue).
            ForkJoinPool pool = ForkJoinPool.commonPool();
            while (busy.getCount() > 0 && (pool.getQueuedSubmissionCount() == 0 || pool.getActiveThreadCount() < threads)) {
                busy.await(10, TimeUnit.MILLISECONDS);
            }
            ClientSettings settings = ClientSettings.to(BaseUrl.parse(baseUrl, false), ApiKey.of("k-123456789", "test"))
                    .timeout(Duration.ofSeconds(5)).timing(new FakeTiming()).build();
            try (ServiceClient client = client(settings)) {
                assertEquals(0, client.list(null, 1).users().size());
            }
        } finally {
            synchronized (lock) {
                free[0] = true;
                lock.notifyAll();
            }
        }
    }

    @Test
    void theSelectorThreadIsNamedByTheClientsOwnId() {
        HttpClient first = HttpClient.newBuilder().build();
        HttpClient second = HttpClient.newBuilder().build();
        String firstName = HttpTransport.selectorThreadName(first.toString());
        String secondName = HttpTransport.selectorThreadName(second.toString());

        assertNotNull(firstName, first::toString);
        assertFalse(firstName.equals(secondName), firstName);
        Set<String> names = new HashSet<>();
        for (Thread thread : selectorThreads()) {
            names.add(thread.getName());
        }
        assertTrue(names.contains(firstName) && names.contains(secondName), names + " holds " + firstName + " and " + secondName);
    }

    @Test
    void aClientWhoseTextNamesNoIdHasNoThreadToEnd() {
        assertEquals("HttpClient-12-SelectorManager", HttpTransport.selectorThreadName("jdk.internal.net.http.HttpClientImpl@5bda8e08(12)"));
        for (String text : List.of("a client (of some kind)", "HttpClientImpl@5bda8e08()", "HttpClientImpl@5bda8e08(12", "HttpClientImpl@5bda8e08")) {
            assertNull(HttpTransport.selectorThreadName(text), text);
        }
    }

    @Test
    void aTlsContextTheJdkCannotMakeFailsTheRequestRatherThanDroppingTheGivenCas() throws Exception {
        try (FakeService https = FakeService.builder().https().start()) {
            ClientSettings settings = settings(https.baseUrl(), List.of(CaFile.read(https.caCert())));
            // A protocol no provider offers: the JDK's own refusal, as from a java.security without TLS.
            try (ServiceClient client = new ServiceClient(settings, new HttpTransport(settings, "no-such-TLS"))) {

                ServiceException failure = assertThrows(ServiceException.Unavailable.class, () -> client.list(null, 1));

                assertTrue(failure.getMessage().startsWith("list (limit 1): this Java cannot set up TLS ("), failure.getMessage());
                assertTrue(failure.getMessage().endsWith("); check its security settings (the providers in java.security)"),
                        failure.getMessage());
                assertNotNull(TransportFailures.find(failure, NoSuchAlgorithmException.class), "the JDK's refusal is the cause");
                assertNull(TransportFailures.find(failure, SSLHandshakeException.class), "no handshake with the JDK's default context");
                // Each request alike: the context is not made once and then forgotten.
                assertThrows(ServiceException.Unavailable.class, () -> client.list(null, 1));
            }
        }
    }
}
