package dev.userlookup.settings;

import dev.userlookup.UsageException;
import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.network.BaseUrl;
import dev.userlookup.console.Terminal;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.function.Consumer;

/** Every failure names the source, never the key; the resolver makes it exit 2. */
record KeySource(Map<String, String> env, InputStream stdin, Terminal terminal, PrintStream prompt, Consumer<String> warn, KeyWait keyWait) {

    static final String ENV = "USERLOOKUP_API_KEY";
    /** A file's type in its unix:mode, and the type of a FIFO. */
    private static final int S_IFMT = 0170000;
    private static final int S_IFIFO = 0010000;

    boolean givenOutsideProfile(String apiKeyFile) {
        return apiKeyFile != null || fromEnv() != null;
    }

    /** {@code profileFirst}: a profile named by --profile comes before USERLOOKUP_API_KEY. */
    Sourced<ApiKey> load(String apiKeyFile, Profile chosen, Path configFile, String url, boolean profileFirst) {
        if ("-".equals(apiKeyFile)) {
            return Sourced.option(ApiKey.of(fromStdin(), "standard input"), "--api-key-file - (standard input)");
        }
        if (apiKeyFile != null) {
            return Sourced.option(fromFile(Path.of(apiKeyFile), "", "file " + apiKeyFile, "the file " + apiKeyFile),
                    "--api-key-file " + apiKeyFile);
        }
        if (!profileFirst && fromEnv() != null) {
            return Sourced.environment(ApiKey.of(fromEnv(), ENV), ENV);
        }
        if (chosen != null) {
            // Names api_key_command, not the command itself, which may carry a secret of its own.
            return new Sourced<>(fromProfile(chosen, url), Sourced.Kind.CONFIG, "profile " + chosen.name() + "'s "
                    + (chosen.apiKeyCommand() != null ? "api_key_command" : "api_key_file " + chosen.apiKeyFile()) + ", in " + configFile);
        }
        throw new UsageException("no API key: set " + ENV + " or pass --api-key-file FILE");
    }

    private String fromEnv() {
        String value = env.get(ENV);
        return value == null || value.isBlank() ? null : value;
    }

    private ApiKey fromProfile(Profile chosen, String url) {
        // A profile's key belongs to its service: a base URL from elsewhere must bring its own key.
        if (chosen.baseUrl() != null && !sameService(chosen.baseUrl(), url)) {
            throw new UsageException("the key of profile " + chosen.name() + " is for " + BaseUrl.withoutCredentials(chosen.baseUrl())
                    + ", not " + BaseUrl.withoutCredentials(url)
                    + "; give that service's key with " + ENV + " or --api-key-file");
        }
        String origin = "profile " + chosen.name();
        if (chosen.apiKeyCommand() != null) {
            return ApiKey.of(KeyCommand.run(chosen.apiKeyCommand(), chosen.name(), keyWait), origin + "'s key command");
        }
        if (chosen.apiKeyFile() != null) {
            String source = origin + "'s api_key_file";
            return fromFile(ConfigFile.profilePath(chosen.apiKeyFile(), env), origin + ": ", source, source);
        }
        throw new UsageException("no API key: set " + ENV + ", pass --api-key-file FILE, or give " + origin
                + " an api_key_file or api_key_command");
    }

    private ApiKey fromFile(Path file, String context, String origin, String sizeOrigin) {
        // A FIFO blocks in its open until something writes it: the open is waited for too.
        String text = keyWait.await(KeyWait.started("userlookup-key-file", () -> readFile(file, context, sizeOrigin)),
                "the key from the file " + file,
                () -> new UsageException(context + "the API key file " + file + " was not read to its end within " + keyWait.boundWords()
                        + " (a FIFO that nothing writes or closes?)"),
                () -> letGoOfFifo(file));
        ApiKey key = ApiKey.of(text, origin);
        FilePermissions.refuseIfOthersCanChange(file, "the API key file " + file, "");
        FilePermissions.warnIfOthersCanRead(file, warn);
        return key;
    }

    /**
     * Lets the reader go that is blocked in the open of a FIFO nothing writes: an open for reading
     * and writing never blocks, and as a writer it lets the reader's open through, to the end of
     * what nobody wrote. Left blocked, it would hold the JVM on its way out.
     */
    private static void letGoOfFifo(Path file) {
        try {
            Object mode = Files.getAttribute(file, "unix:mode");
            if (mode instanceof Integer && ((Integer) mode & S_IFMT) == S_IFIFO) {
                FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE).close();
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException e) {
            // nothing more to do: the run ends without it
        }
    }

    private static String readFile(Path file, String context, String sizeOrigin) {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, sizeOrigin);
        } catch (NoSuchFileException e) {
            throw new UsageException(context + "cannot read the API key file " + file + ": no such file", e);
        } catch (IOException e) {
            throw new UsageException(context + "cannot read the API key file " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * A pipe or file is read to its end; a person at a terminal is asked, with echo off, and
     * the first line is the key (as ssh and sudo ask for a password).
     */
    private String fromStdin() {
        if (!terminal.stdinIsTerminal()) {
            return keyWait.await(KeyWait.started("userlookup-key-stdin", () -> readStdin(false)), "the key on standard input",
                    () -> new UsageException("standard input was not read to its end within " + keyWait.boundWords()
                            + " (a pipe that nothing writes or closes?)"),
                    () -> { });
        }
        // Echo goes off before the prompt shows: what is typed once it is there is never echoed,
        // and never dropped (turning echo off discards input typed before it).
        Terminal.EchoOff hidden = terminal.echoOff();
        try {
            prompt.print("userlookup: API key (not shown): ");
            prompt.flush();
            return typedLine();
        } finally {
            hidden.close();
            prompt.println();
            prompt.flush();
        }
    }

    /** All of it, or one line (read byte by byte, so nothing after the line is consumed). */
    private String readStdin(boolean oneLine) {
        try {
            return oneLine ? readLine(stdin) : read(stdin, "standard input");
        } catch (IOException e) {
            throw new UsageException("cannot read the API key from standard input: " + e.getMessage(), e);
        }
    }

    /**
     * Reads to the end, at most 64 KiB. A plain loop of read(): on JDK 17 FileInputStream's
     * readNBytes asks a pipe or a terminal for its position and fails with "Illegal seek".
     */
    static String read(InputStream in, String origin) throws IOException {
        byte[] bytes = new byte[KeyWait.MAX_BYTES + 1];
        int length = 0;
        for (int n; length < bytes.length && (n = in.read(bytes, length, bytes.length - length)) > 0; ) {
            length += n;
        }
        if (length > KeyWait.MAX_BYTES) {
            throw new UsageException("the API key from " + origin + " is larger than 64 KiB: that is not a key");
        }
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }

    /**
     * The typed line, read by a thread of its own: a read from a terminal cannot be interrupted,
     * so Ctrl-C at the prompt would wait for the run's stop to give up on it (5 s). The reader is
     * a daemon, left behind on Ctrl-C; the JVM ends without it.
     */
    private String typedLine() {
        CompletableFuture<String> typed = KeyWait.started("userlookup-key-prompt", () -> readStdin(true));
        try {
            return typed.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted at the key prompt");
        } catch (ExecutionException e) {
            throw KeyWait.thrown(e);
        }
    }

    private static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b; (b = in.read()) >= 0 && b != '\n'; ) {
            if (line.size() >= KeyWait.MAX_BYTES) {
                throw new UsageException("the API key typed is larger than 64 KiB: that is not a key");
            }
            line.write(b);
        }
        return line.toString(StandardCharsets.UTF_8);
    }

    private static boolean sameService(String a, String b) {
        return a.trim().replaceAll("/+\\z", "").equalsIgnoreCase(b.trim().replaceAll("/+\\z", ""));
    }
}
