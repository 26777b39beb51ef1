package dev.userlookup.fake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Starts the fake service and runs the built launcher against it: one resolve, the same user
 * found by its user_id, one list.
 * No network and no real key needed. {@code mvn -Pdemo -DskipTests package} runs it with
 * {@code target/userlookup} as its one argument.
 */
public final class Demo {
    private static final long COMMAND_TIMEOUT_SECONDS = 60;
    private static final int DEMO_USER_INDEX = 42;

    private Demo() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 1) {
            System.err.println("usage: Demo PATH_TO_LAUNCHER   (e.g. target/userlookup)");
            System.exit(2);
        }
        Path launcher = Path.of(args[0]);
        if (!Files.isExecutable(launcher)) {
            System.err.println("demo: " + launcher + " is not an executable file; build it with mvn package");
            System.exit(2);
        }

        List<String> failed = new ArrayList<>();
        try (FakeService fake = FakeService.builder().start()) {
            String clientUserId = fake.users().clientUserId(DEMO_USER_INDEX);
            for (List<String> command : List.of(
                    List.of("resolve", clientUserId),
                    // --no-cache: each demo's fake has a port of its own, so an index would only be litter.
                    List.of("find", fake.users().userId(DEMO_USER_INDEX), "--no-cache"),
                    List.of("list", "--limit", "5"))) {
                if (!run(fake, launcher, command)) {
                    failed.add("userlookup " + String.join(" ", command));
                }
            }
        }
        if (!failed.isEmpty()) {
            System.err.println("demo: failed: " + String.join("; ", failed));
            System.exit(1);
        }
    }

    /** Runs one command in the user's terminal; true when it exits 0. */
    private static boolean run(FakeService fake, Path launcher, List<String> arguments)
            throws IOException, InterruptedException {
        System.out.println();
        System.out.println("$ userlookup " + String.join(" ", arguments));
        System.out.flush();

        List<String> command = new ArrayList<>();
        command.add(launcher.toString());
        command.addAll(arguments);
        ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
        Map<String, String> env = builder.environment();
        env.put("USERLOOKUP_BASE_URL", fake.baseUrl());
        env.put("USERLOOKUP_API_KEY", fake.apiKey());
        // Nothing of the user's own setup may send the demo elsewhere: no profile, no proxy.
        env.remove("USERLOOKUP_PROFILE");
        for (String proxy : List.of("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy")) {
            env.remove(proxy);
        }

        Process process = builder.start();
        if (!process.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            System.err.println("demo: gave up after " + COMMAND_TIMEOUT_SECONDS + " s");
            return false;
        }
        int status = process.exitValue();
        if (status != 0) {
            System.err.println("demo: exit status " + status);
        }
        return status == 0;
    }
}
