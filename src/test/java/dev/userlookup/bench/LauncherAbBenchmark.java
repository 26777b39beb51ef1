package dev.userlookup.bench;

import dev.userlookup.fake.FakeService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Two builds' launchers side by side, for a change's before and after on a machine whose load
 * comes and goes: one {@code resolve} over plain http, over HTTPS with the fake's private CA, and
 * over HTTPS with {@code SSL_CERT_FILE} set to the system's bundle besides, each case run by the
 * two launchers in turn; medians of wall time and CPU (user + sys, GNU time). Arguments: the
 * launcher before, the launcher after.
 */
public final class LauncherAbBenchmark {

    private static final Path SYSTEM_BUNDLE = Path.of("/etc/ssl/certs/ca-certificates.crt");

    public static void main(String[] args) throws Exception {
        List<Path> launchers = List.of(Path.of(args[0]), Path.of(args[1]));
        int runs = Integer.getInteger("bench.startupRuns", 21);
        try (FakeService http = FakeService.builder().users(1250).start();
             FakeService https = FakeService.builder().users(1250).https().start()) {
            String id = http.users().clientUserId(42);
            Map<String, Map<String, String>> cases = new java.util.LinkedHashMap<>();
            cases.put("http", env(http, false));
            cases.put("https", env(https, false));
            if (Files.isReadable(SYSTEM_BUNDLE)) {
                cases.put("https + SSL_CERT_FILE bundle", env(https, true));
            }
            System.out.printf(Locale.ROOT, "resolve, %d runs alternating the launchers, medians: wall (CPU)%n%n", runs);
            System.out.println("| case | " + args[0] + " | " + args[1] + " |");
            System.out.println("|---|---:|---:|");
            for (Map.Entry<String, Map<String, String>> each : cases.entrySet()) {
                List<List<Long>> wall = List.of(new ArrayList<>(), new ArrayList<>());
                List<List<Long>> cpu = List.of(new ArrayList<>(), new ArrayList<>());
                for (int i = -2; i < runs; i++) {
                    for (int which = 0; which < 2; which++) {
                        Measured run = Measured.run(List.of(launchers.get(which).toString(), "resolve", id), each.getValue());
                        if (run.exit() != 0) {
                            throw new IllegalStateException(launchers.get(which) + " exited " + run.exit() + " for " + each.getKey());
                        }
                        if (i >= 0) {
                            wall.get(which).add(run.millis());
                            cpu.get(which).add(Math.round(run.cpuSeconds() * 1000));
                        }
                    }
                }
                System.out.printf(Locale.ROOT, "| %s | %d ms (%d ms) | %d ms (%d ms) |%n", each.getKey(),
                        StartupBenchmark.median(wall.get(0)), StartupBenchmark.median(cpu.get(0)),
                        StartupBenchmark.median(wall.get(1)), StartupBenchmark.median(cpu.get(1)));
            }
        }
    }

    private static Map<String, String> env(FakeService fake, boolean bundle) {
        Map<String, String> env = new HashMap<>();
        env.put("USERLOOKUP_BASE_URL", fake.baseUrl());
        env.put("USERLOOKUP_API_KEY", fake.apiKey());
        env.put("SSL_CERT_FILE", bundle ? SYSTEM_BUNDLE.toString() : null);
        if (fake.caCert() != null) {
            env.put("USERLOOKUP_CA_CERT", fake.caCert().toString());
        }
        return env;
    }

    private LauncherAbBenchmark() {
    }
}
