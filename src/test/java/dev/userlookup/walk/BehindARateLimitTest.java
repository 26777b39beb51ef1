package dev.userlookup.walk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.fake.FakeService;
import dev.userlookup.fake.RateLimit;
import dev.userlookup.find.AnswerSink;
import dev.userlookup.find.UserIdSearch;
import dev.userlookup.find.WantedIds;
import dev.userlookup.find.index.UserIndex;
import dev.userlookup.model.UserRecord;
import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.network.BaseUrl;
import dev.userlookup.network.ClientSettings;
import dev.userlookup.network.HttpTransport;
import dev.userlookup.network.VirtualTime;
import dev.userlookup.service.ServiceClient;
import dev.userlookup.settings.Settings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A service behind a rate limit that does not say its rate, as nginx's {@code limit_req} refuses
 * past it (2 requests a second, a 503 HTML page, no Retry-After), with the default settings: the
 * walk of {@code list --all}, a batch resolve and a find of the last user, each needing 40
 * answers, so 20 s of the limit's own time. Each must finish within 1.5x that, with at most a
 * quarter of its requests refused. The limit reads the run's {@link VirtualTime}: a request
 * reaches it at the moment it was sent, and no test waits for real. (Today's code failed each
 * within a few seconds: after a refusal, the four requests in flight went out again together.)
 */
@Timeout(120)
class BehindARateLimitTest {

    static {
        // As in WalkPaceTest: App sets java.net.http's proxy properties as it loads, before this
        // class builds a client, so that HttpsTest's proxy cases in the same JVM meet it set up.
        try {
            Class.forName("dev.userlookup.commands.App", true, BehindARateLimitTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final double PER_SECOND = 2;
    private static final int USERS = 20_000;
    private static final int ANSWERS = 40;
    private static final double MOST_SECONDS = 1.5 * ANSWERS / PER_SECOND;
    /** --parallel's default. */
    private static final int PARALLEL = 4;

    /** A run against the limited fake: its client, its clock and the limit's counts. */
    private static final class Run implements AutoCloseable {
        final VirtualTime time = new VirtualTime(27);
        final RateLimit limit;
        final FakeService fake;
        final ServiceClient client;
        final long started;

        Run(int burst) {
            limit = RateLimit.nginx(PER_SECOND, burst, time::stubTime);
            fake = FakeService.builder().users(USERS).cachePages().rateLimit(limit).start();
            ClientSettings settings = new ClientSettings(BaseUrl.parse(fake.baseUrl(), false), ApiKey.of(fake.apiKey(), "test"),
                    Duration.ofSeconds(Settings.DEFAULT_TIMEOUT_SECONDS), Settings.DEFAULT_RETRIES, null, null, null, null, time, 0, null);
            client = new ServiceClient(settings, new HttpTransport(settings));
            time.drive(() -> client.requestsInFlight() > 0);
            started = time.nanoTime();
        }

        /** Within 1.5x the limit's own time, at most a quarter refused. */
        void assertKeptToTheLimit() {
            double seconds = (time.nanoTime() - started) / 1e9;
            long requests = limit.passed() + limit.refused();
            String figures = String.format(Locale.ROOT, "%.1f s, %d of %d requests refused", seconds, limit.refused(), requests);
            assertTrue(seconds <= MOST_SECONDS, figures + "; at most " + MOST_SECONDS + " s expected");
            assertTrue(limit.refused() * 4 <= requests, figures + "; at most a quarter refused expected");
        }

        @Override
        public void close() {
            time.close();
            client.close();
            fake.close();
        }
    }

    @ParameterizedTest(name = "burst={0} nodelay")
    @ValueSource(ints = {0, 5})
    void theWalkOfListAllKeepsToTheRateTheServiceSustains(int burst) throws Exception {
        try (Run run = new Run(burst)) {
            AtomicInteger printed = new AtomicInteger();
            WalkResult result = new PageWalker(PageSource.of(run.client), ServiceClient.MAX_LIMIT, PARALLEL,
                    WalkProgress.NONE).walk(0, counting(printed));

            assertEquals(USERS, result.printed());
            assertEquals(USERS, printed.get());
            assertEquals(ANSWERS, run.limit.passed());
            run.assertKeptToTheLimit();
        }
    }

    @ParameterizedTest(name = "burst={0} nodelay")
    @ValueSource(ints = {0, 5})
    void aBatchResolveKeepsToItToo(int burst) throws Exception {
        try (Run run = new Run(burst)) {
            List<String> ids = IntStream.range(0, ANSWERS).mapToObj(i -> run.fake.users().clientUserId((i + 1) * (USERS / ANSWERS) - 1))
                    .toList();
            List<String> resolved = new ArrayList<>();
            // What resolve --stdin runs: the ids at --parallel at once, handed on in input order.
            new OrderedParallel<String, UserRecord>(PARALLEL, run.client::resolve).run(ids.iterator(), done -> {
                for (OrderedParallel.Done<String, UserRecord> one : done) {
                    if (one.failure() != null) {
                        throw one.failure();
                    }
                    resolved.add(one.result().clientUserId());
                    one.result().release();
                }
                return true;
            });

            assertEquals(ids, resolved);
            run.assertKeptToTheLimit();
        }
    }

    @ParameterizedTest(name = "burst={0} nodelay")
    @ValueSource(ints = {0, 5})
    void aFindOfTheLastUserKeepsToItToo(int burst) throws Exception {
        try (Run run = new Run(burst)) {
            String last = run.fake.users().userId(USERS - 1);
            List<String> found = new ArrayList<>();
            new UserIdSearch(run.client, UserIndex.none(), PARALLEL, WalkProgress.NONE, line -> { })
                    .find(new WantedIds(List.of(last)), new AnswerSink() {
                        @Override
                        public void found(String asked, UserRecord user) {
                            found.add(user.userId());
                        }

                        @Override
                        public void notFound(String asked, long searched) {
                        }
                    });

            assertEquals(List.of(last), found);
            run.assertKeptToTheLimit();
        }
    }

    private static UserSink counting(AtomicInteger printed) {
        return new UserSink() {
            @Override
            public void addAll(List<UserRecord> users) {
                printed.addAndGet(users.size());
                users.forEach(UserRecord::release);
            }

            @Override
            public void flush() {
            }
        };
    }
}
