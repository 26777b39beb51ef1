package dev.userlookup.fake;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPOutputStream;

/**
 * A hostile service on loopback, raw sockets: the first page of the list is a real one, every
 * later page a gzip bomb ({@code 1 GB} of JSON whitespace by default, about 1 MB on the wire: one
 * small gzip member repeated, which a gzip reader takes as one stream). Run as a program it serves
 * until killed, for measuring by hand: {@code java -cp target/test-classes dev.userlookup.fake.GzipBombService [MiB]}.
 */
public final class GzipBombService implements AutoCloseable {

    private static final int PAGE = 500;
    private static final int PAGES = 100;

    private final ServerSocket server;
    private final byte[] bomb;
    /** Users on each page of a dense service, whatever the limit asks; 0 for bombs. */
    private final int dense;
    private final java.util.Map<String, byte[]> densePages = new java.util.concurrent.ConcurrentHashMap<>();
    private final AtomicInteger requests = new AtomicInteger();

    private GzipBombService(long unzippedMiB, int dense) throws IOException {
        this.bomb = dense > 0 ? null : bomb(unzippedMiB);
        this.dense = dense;
        this.server = new ServerSocket(0, 64, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "bomb-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** @param unzippedMiB what each bomb unzips to */
    public static GzipBombService start(long unzippedMiB) {
        try {
            return new GzipBombService(unzippedMiB, 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * No bombs but pages that are real and dense: {@code usersPerPage} small users on every page
     * whatever the limit asks, gzipped, {@value #PAGES} pages in all. Each body is under the caps
     * of one request; many held at once are not.
     */
    public static GzipBombService dense(int usersPerPage) {
        try {
            return new GzipBombService(0, usersPerPage);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    /** Requests answered or being answered so far. */
    public int requests() {
        return requests.get();
    }

    /** The bomb's size on the wire. */
    public int bombBytes() {
        return bomb.length;
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                Thread connection = new Thread(() -> serve(socket), "bomb-connection");
                connection.setDaemon(true);
                connection.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
            OutputStream out = socket.getOutputStream();
            String requestLine;
            while ((requestLine = in.readLine()) != null) {
                String line;
                while ((line = in.readLine()) != null && !line.isEmpty()) {
                    // headers are not needed
                }
                requests.incrementAndGet();
                String target = requestLine.split(" ")[1];
                boolean first = !target.contains("offset=") || target.contains("offset=0&") || target.endsWith("offset=0");
                byte[] body = dense > 0 ? densePages.computeIfAbsent(target, this::densePage) : first ? firstPage() : bomb;
                out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\n"
                        + (first && dense == 0 ? "" : "Content-Encoding: gzip\r\n") + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                out.write(body);
                out.flush();
            }
        } catch (IOException clientWentAway) {
            // the client gave up on the body: that is the point
        }
    }

    private static byte[] firstPage() {
        StringBuilder users = new StringBuilder("{\"users\":[");
        for (int i = 0; i < PAGE; i++) {
            appendUser(users.append(i == 0 ? "" : ","), i, "customer-");
        }
        return users.append("],\"total\":").append(PAGE * PAGES).append(",\"offset\":0,\"limit\":").append(PAGE).append('}')
                .toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The dense page at the offset the target asks for, gzipped. */
    private byte[] densePage(String target) {
        java.util.regex.Matcher offset = java.util.regex.Pattern.compile("offset=([0-9]+)").matcher(target);
        long from = offset.find() ? Long.parseLong(offset.group(1)) : 0;
        long end = Math.min(from + dense, (long) dense * PAGES);
        StringBuilder users = new StringBuilder("{\"users\":[");
        for (long i = from; i < end; i++) {
            appendUser(users.append(i == from ? "" : ","), i, "c");
        }
        try {
            return gzip(users.append("],\"total\":").append((long) dense * PAGES).append(",\"offset\":").append(from)
                    .append(",\"limit\":").append(PAGE).append('}').toString().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A small user whose ids end in {@code i}, appended piece by piece: a dense page holds tens of
     * thousands, and String.format for each was most of the test's CPU.
     */
    private static void appendUser(StringBuilder users, long i, String clientIdPrefix) {
        String digits = Long.toString(i);
        users.append("{\"user_id\":\"00000000-0000-4000-8000-").append("0".repeat(Math.max(0, 12 - digits.length()))).append(digits)
                .append("\",\"team_id\":\"7c1d7a2e-5b8f-4c3e-9a6d-2f0e1b3c4d5e\",\"client_user_id\":\"").append(clientIdPrefix).append(i)
                .append("\",\"created_on\":\"2024-03-01T10:00:00+00:00\",\"connected_sources\":[]}");
    }

    /** {@code {"users":[} and then whitespace, {@code mib} MiB in all, as repeated gzip members. */
    private static byte[] bomb(long mib) throws IOException {
        byte[] spaces = new byte[1 << 20];
        Arrays.fill(spaces, (byte) ' ');
        byte[] opening = "{\"users\":[".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(opening, 0, spaces, 0, opening.length);
        byte[] head = gzip(spaces);
        Arrays.fill(spaces, 0, opening.length, (byte) ' ');
        byte[] member = gzip(spaces);
        ByteArrayOutputStream all = new ByteArrayOutputStream((int) (head.length + member.length * mib));
        all.writeBytes(head);
        for (long i = 1; i < mib; i++) {
            all.writeBytes(member);
        }
        return all.toByteArray();
    }

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(zipped)) {
            out.write(data);
        }
        return zipped.toByteArray();
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException ignored) {
            // closing a listening socket has nothing to report
        }
    }

    public static void main(String[] args) throws Exception {
        GzipBombService service = start(args.length > 0 ? Long.parseLong(args[0]) : 1024);
        System.out.println(service.baseUrl() + " (bomb " + service.bombBytes() + " bytes on the wire)");
        new java.util.concurrent.CountDownLatch(1).await(); // serves until the process is stopped
    }
}
