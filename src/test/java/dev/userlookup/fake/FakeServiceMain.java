package dev.userlookup.fake;

import java.util.concurrent.CountDownLatch;

/**
 * Runs the fake service until killed, for trying the CLI by hand:
 * {@code mvn -Pfake test-compile exec:java [-Dfake.port=8089] [-Dfake.users=1250] [-Dfake.latency=0] [-Dfake.https] [-Dfake.cachePages]}
 * (HTTPS with a CA made for the run: it prints the CA's PEM file for {@code --ca-cert}).
 * The port may also be the first argument.
 */
public final class FakeServiceMain {
    private static final int DEFAULT_PORT = 8089;

    private FakeServiceMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        int port = Integer.parseInt(System.getProperty("fake.port",
                args.length > 0 ? args[0] : String.valueOf(DEFAULT_PORT)));
        int users = Integer.parseInt(System.getProperty("fake.users", String.valueOf(FakeUsers.DEFAULT_SIZE)));

        int latency = Integer.getInteger("fake.latency", 0);
        FakeService.Builder builder = FakeService.builder().port(port).users(users).latencyMillis(latency);
        String cachePages = System.getProperty("fake.cachePages");
        if (cachePages != null && !cachePages.equals("false")) {
            builder.cachePages();
        }
        String https = System.getProperty("fake.https");
        if (https != null && !https.equals("false")) {
            builder.https();
        }
        FakeService fake = builder.start();
        CountDownLatch stopped = new CountDownLatch(1);
        // Ctrl-C: stop Jetty cleanly before the JVM goes.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            fake.close();
            stopped.countDown();
        }, "fake-service-stop"));

        String env = "USERLOOKUP_BASE_URL=" + fake.baseUrl() + " USERLOOKUP_API_KEY=" + fake.apiKey()
                + (fake.caCert() == null ? "" : " USERLOOKUP_CA_CERT=" + fake.caCert());
        System.out.println("Fake user service on " + fake.baseUrl() + " with " + users + " users.");
        System.out.println("API key: " + fake.apiKey() + "   (" + FakeService.FORBIDDEN_KEY + " gets 403)");
        System.out.println();
        System.out.println("Try:");
        System.out.println("  " + env + " target/userlookup list --limit 5");
        System.out.println("  " + env + " target/userlookup resolve customer-000042 'a/b' '100%'");
        System.out.println("  " + env + " target/userlookup list --all --output ndjson | wc -l");
        System.out.println("Error ids for resolve: " + String.join(" ", FakeService.ID_500, FakeService.ID_503,
                FakeService.ID_429, FakeService.ID_NOT_JSON, FakeService.ID_SLOW));
        System.out.println("Ctrl-C stops it.");
        stopped.await();
    }
}
