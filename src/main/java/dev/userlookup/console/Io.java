package dev.userlookup.console;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** Injected so that commands run in-process in tests exactly as they run for real. */
public record Io(InputStream stdin, OutputStream stdout, PrintStream stderr, Map<String, String> env, Terminal terminal) {

    public static Io system() {
        Map<String, String> env = System.getenv();
        return new Io(
                new FileInputStream(FileDescriptor.in),
                new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16),
                new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8),
                env,
                new SystemTerminal(env));
    }
}
