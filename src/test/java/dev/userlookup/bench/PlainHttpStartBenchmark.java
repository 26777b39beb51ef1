package dev.userlookup.bench;

import com.sun.net.httpserver.HttpServer;
import dev.userlookup.network.tls.NoTlsContext;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLParameters;

/**
 * What {@link NoTlsContext} saves a plain-http run: a fresh JVM (C1, as the launcher runs) makes
 * one request to a loopback server with an HttpClient given NoTlsContext, or with the JDK's own
 * context; alternating runs, medians of wall time and CPU. Run with the test class path as
 * {@code java -cp ... dev.userlookup.bench.PlainHttpStartBenchmark}.
 */
public final class PlainHttpStartBenchmark {

    public static void main(String[] args) throws Exception {
        if (args.length == 2) {
            request(args[0].equals("none"), URI.create(args[1]));
            return;
        }
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            exchange.sendResponseHeaders(200, 2);
            exchange.getResponseBody().write("{}".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            exchange.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
            int runs = Integer.getInteger("bench.startupRuns", 21);
            List<Long> none = new ArrayList<>();
            List<Long> jdk = new ArrayList<>();
            List<Long> noneCpu = new ArrayList<>();
            List<Long> jdkCpu = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                Measured a = Measured.run(command("none", url), Map.of());
                Measured b = Measured.run(command("jdk", url), Map.of());
                if (a.exit() != 0 || b.exit() != 0) {
                    throw new IllegalStateException("a run failed");
                }
                none.add(a.millis());
                jdk.add(b.millis());
                noneCpu.add(Math.round(a.cpuSeconds() * 1000));
                jdkCpu.add(Math.round(b.cpuSeconds() * 1000));
            }
            System.out.printf(Locale.ROOT, "one plain-http request in a fresh JVM, %d alternating runs, medians: NoTlsContext %d ms"
                    + " (CPU %d ms), the JDK's context %d ms (CPU %d ms)%n", runs, StartupBenchmark.median(none),
                    StartupBenchmark.median(noneCpu), StartupBenchmark.median(jdk), StartupBenchmark.median(jdkCpu));
        } finally {
            server.stop(0);
        }
    }

    private static List<String> command(String mode, String url) {
        return List.of(Path.java(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                PlainHttpStartBenchmark.class.getName(), mode, url);
    }

    private static void request(boolean noTls, URI uri) throws Exception {
        HttpClient.Builder builder = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1);
        if (noTls) {
            builder.sslContext(new NoTlsContext()).sslParameters(new SSLParameters());
        }
        HttpClient client = builder.build();
        int status = client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
        System.exit(status == 200 ? 0 : 1);
    }

    private static final class Path {
        static String java() {
            return java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
        }
    }
}
