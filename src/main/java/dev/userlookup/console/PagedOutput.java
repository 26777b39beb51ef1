package dev.userlookup.console;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;

/**
 * Turns into a pager once the output is taller than the screen. A pager that quits early fails
 * the next write as a closed pipe does, stopping the work like {@code | head}. Ctrl-C reaches the
 * pager and the tool alike, in no set order: hence {@link #endedByCtrlC}.
 */
public final class PagedOutput extends OutputStream {

    private final OutputStream terminal;
    private final String command;
    private final Map<String, String> env;
    private final int rows;
    private final int columns;
    private final ByteArrayOutputStream held = new ByteArrayOutputStream();
    private int rowsHeld;
    private int lineBytes;
    /** Read without the lock by {@link #pagerRunning}: a writer blocked on the pager holds the lock. */
    private volatile Process pager;
    private OutputStream toPager;
    private volatile boolean streaming;
    /** Whether the tool chose how less takes Ctrl-C (LESS unset: K, quit): then a stop ends the pager. Written before {@link #pager}. */
    private volatile boolean quitsOnCtrlC;
    private volatile int pagerStatus = -1;

    public PagedOutput(OutputStream terminal, String command, Map<String, String> env, int rows, int columns) {
        this.terminal = terminal;
        this.command = command;
        this.env = env;
        this.rows = rows;
        this.columns = Math.max(1, columns);
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
        if (toPager != null) {
            toPager.write(bytes, offset, length);
            return;
        }
        held.write(bytes, offset, length);
        // Bytes over-count a line's columns: paging early is harmless.
        for (int i = offset; i < offset + length; i++) {
            if (bytes[i] == '\n') {
                rowsHeld++;
                lineBytes = 0;
            } else if (++lineBytes > columns) {
                rowsHeld++;
                lineBytes = 1;
            }
        }
        // One row is left for the prompt the shell prints after.
        if (rowsHeld >= rows - 1) {
            startPager();
        }
    }

    private void startPager() throws IOException {
        ProcessBuilder builder = new ProcessBuilder("sh", "-c", command)
                .redirectOutput(ProcessBuilder.Redirect.INHERIT)
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().clear();
        builder.environment().putAll(env);
        // As git does, less keeps colours and quits at the end of a short text unless told
        // otherwise; as systemd does, Ctrl-C quits it (K): Ctrl-C stops the whole run.
        quitsOnCtrlC = builder.environment().putIfAbsent("LESS", "FRXK") == null;
        builder.environment().putIfAbsent("LV", "-c");
        terminal.flush();
        streaming = true;
        try {
            pager = builder.start();
        } catch (IOException cannotStart) {
            // No such pager: the output goes to the terminal as it would without one.
            toPager = terminal;
            held.writeTo(terminal);
            held.reset();
            return;
        }
        toPager = pager.getOutputStream();
        held.writeTo(toPager);
        held.reset();
    }

    /** Before a message on stderr, so the two read in the order they happened. */
    public void showHeld() throws IOException {
        if (streaming) {
            // Nothing is held once output streams on; a writer blocked on a pager that reads no
            // more must not hold up a message.
            return;
        }
        synchronized (this) {
            showHeldLocked();
        }
    }

    private void showHeldLocked() throws IOException {
        if (toPager == null && held.size() > 0) {
            held.writeTo(terminal);
            held.reset();
            terminal.flush();
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        if (toPager != null) {
            toPager.flush();
        }
        // Held output stays held: it is shown at the end, or by the pager once it is a screen high.
    }

    /** Waits for the pager, so the shell's prompt comes back only after it. */
    @Override
    public synchronized void close() throws IOException {
        if (toPager == null) {
            showHeldLocked();
            terminal.flush();
            return;
        }
        if (pager == null) {
            terminal.flush();
            return;
        }
        awaitPager();
    }

    public boolean pagerRunning() {
        Process started = pager;
        return started != null && started.isAlive();
    }

    /**
     * Less acts on a Ctrl-C that comes while it draws only at the next key, so the run would wait
     * for a pager still shown: SIGTERM (less restores the terminal). A LESS of the user's own says
     * how less takes Ctrl-C: such a pager is left to the user.
     */
    public void stop() {
        Process started = pager;
        if (started == null || !quitsOnCtrlC) {
            return;
        }
        List<ProcessHandle> programs = started.descendants().toList();
        if (programs.isEmpty()) {
            started.destroy();
        }
        programs.forEach(ProcessHandle::destroy);
    }

    /** The shell reports 128 + 2; less with the tool's LESS exits 2. The tool's own handling of the Ctrl-C may not have come yet. */
    public boolean endedByCtrlC() {
        int status = pagerStatus;
        return status == 128 + 2 || quitsOnCtrlC && status == 2;
    }

    private void awaitPager() {
        try {
            toPager.close();
        } catch (IOException pagerGone) {
            // it quit first, or the input was ended already: nothing more to give it
        }
        // Ctrl-C while a pager that ignores it (a LESS without K) is still shown must not leave
        // it alone on the terminal: the wait goes on, and the interrupt is kept for after.
        boolean interrupted = false;
        while (true) {
            try {
                pagerStatus = pager.waitFor();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
