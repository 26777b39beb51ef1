package dev.userlookup.console;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.jline.nativ.CLibrary;
import org.jline.nativ.JLineNativeLoader;

/**
 * The process's own terminal. Whether a descriptor is a terminal: {@code /proc/self/fd} where
 * there is one (Linux), else Jansi's native layer (JLine's {@code jline-native}) and
 * {@code isatty(3)}. The width: {@code TIOCGWINSZ} through the same native layer, or
 * {@code COLUMNS} where the library cannot load (a {@code noexec} temp directory, an unknown
 * platform).
 */
public final class SystemTerminal implements Terminal {

    private static final int STDIN = 0;
    private static final int STDOUT = 1;
    private static final int STDERR = 2;
    /** ECHO is the same bit (octal 10) in c_lflag on Linux and macOS. */
    private static final long ECHO = 0x8;

    private final Map<String, String> env;
    private Boolean nativeAvailable;
    /** By descriptor: stdin, stdout, stderr. */
    private final Boolean[] tty = new Boolean[3];
    /** Asked once a descriptor. */
    private final CLibrary.WinSize[] sizes = new CLibrary.WinSize[3];
    private final boolean[] sizeAsked = new boolean[3];

    public SystemTerminal(Map<String, String> env) {
        this.env = env;
    }

    @Override
    public synchronized boolean stdinIsTerminal() {
        return tty(STDIN);
    }

    @Override
    public synchronized EchoOff echoOff() {
        if (!stdinIsTerminal() || !nativeLoaded()) {
            return () -> { };
        }
        try {
            CLibrary.Termios saved = new CLibrary.Termios();
            if (CLibrary.tcgetattr(STDIN, saved) != 0) {
                return () -> { };
            }
            long echoing = saved.c_lflag;
            saved.c_lflag = echoing & ~ECHO;
            CLibrary.tcsetattr(STDIN, CLibrary.TCSAFLUSH, saved);
            Runnable restore = () -> {
                saved.c_lflag = echoing;
                CLibrary.tcsetattr(STDIN, CLibrary.TCSAFLUSH, saved);
            };
            // Ctrl-C at the prompt ends the JVM: the shell must not be left without echo.
            Thread onExit = new Thread(restore, "userlookup-restore-echo");
            Runtime.getRuntime().addShutdownHook(onExit);
            return () -> {
                restore.run();
                try {
                    Runtime.getRuntime().removeShutdownHook(onExit);
                } catch (IllegalStateException exiting) {
                    // the hook restores it once more; harmless
                }
            };
        } catch (LinkageError e) {
            nativeAvailable = false;
            return () -> { };
        }
    }

    @Override
    public synchronized boolean stdoutIsTerminal() {
        return tty(STDOUT);
    }

    @Override
    public synchronized boolean stderrIsTerminal() {
        return tty(STDERR);
    }

    @Override
    public synchronized int width() {
        return columns(STDOUT);
    }

    private boolean tty(int fd) {
        if (tty[fd] == null) {
            tty[fd] = isatty(fd);
        }
        return tty[fd];
    }

    private boolean isatty(int fd) {
        // On Linux /proc answers at no cost: the descriptor links to /dev/pts/N or /dev/ttyX for a
        // terminal, to pipe:[...] or a file otherwise. Loading the native library costs
        // start-up time, which a run into a pipe should not pay.
        Boolean fromProc = isattyFromProc(fd);
        if (fromProc != null) {
            return fromProc;
        }
        if (nativeLoaded()) {
            try {
                return CLibrary.isatty(fd) == 1;
            } catch (LinkageError e) {
                nativeAvailable = false;
            }
        }
        return false;
    }

    private static Boolean isattyFromProc(int fd) {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd)).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.startsWith("/dev/console");
        } catch (Exception | LinkageError noProc) {
            return null;
        }
    }

    @Override
    public synchronized int height() {
        CLibrary.WinSize size = windowSize(STDOUT);
        return size != null && size.ws_row > 0 ? size.ws_row : tty(STDOUT) ? fromEnv(env, "LINES", 0) : 0;
    }

    @Override
    public synchronized int stderrWidth() {
        return columns(STDERR);
    }

    private int columns(int fd) {
        CLibrary.WinSize size = windowSize(fd);
        return size != null && size.ws_col > 0 ? size.ws_col : tty(fd) ? fromEnv(env, "COLUMNS", 80) : 0;
    }

    private CLibrary.WinSize windowSize(int fd) {
        if (!sizeAsked[fd]) {
            sizes[fd] = tty(fd) ? ioctlWindowSize(fd) : null;
            sizeAsked[fd] = true;
        }
        return sizes[fd];
    }

    private CLibrary.WinSize ioctlWindowSize(int fd) {
        if (nativeLoaded()) {
            try {
                CLibrary.WinSize size = new CLibrary.WinSize();
                if (CLibrary.ioctl(fd, CLibrary.TIOCGWINSZ, size) == 0) {
                    return size;
                }
            } catch (LinkageError e) {
                nativeAvailable = false;
            }
        }
        return null;
    }

    private static int fromEnv(Map<String, String> env, String variable, int fallback) {
        String value = env.get(variable);
        if (value != null) {
            try {
                int parsed = Integer.parseInt(value.trim());
                if (parsed > 0) {
                    return parsed;
                }
            } catch (NumberFormatException ignored) {
                // fall through to the default
            }
        }
        return fallback;
    }

    private boolean nativeLoaded() {
        if (nativeAvailable == null) {
            try {
                nativeAvailable = JLineNativeLoader.initialize();
            } catch (Exception | LinkageError e) {
                nativeAvailable = false;
            }
        }
        return nativeAvailable;
    }
}
