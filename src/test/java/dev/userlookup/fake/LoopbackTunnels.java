package dev.userlookup.fake;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * TCP in front of a loopback server, for what WireMock cannot show: a relay that counts the
 * connections (each an HTTPS handshake) a run opens, and an HTTP CONNECT proxy, with or without
 * Basic credentials, that counts tunnels and refused logins. Whatever host a CONNECT names, the
 * tunnel goes to 127.0.0.1 on its port: nothing here ever leaves the machine.
 */
public final class LoopbackTunnels implements AutoCloseable {

    private final ServerSocket server;
    private final Integer relayTo;
    private final String credentials;
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger tunnels = new AtomicInteger();
    private final AtomicInteger refusedLogins = new AtomicInteger();
    private final AtomicInteger challenges = new AtomicInteger();
    private final List<Socket> open = new ArrayList<>();

    private LoopbackTunnels(Integer relayTo, String credentials) throws IOException {
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.relayTo = relayTo;
        this.credentials = credentials;
        Thread acceptor = new Thread(this::acceptLoop, "loopback-tunnels-" + server.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** Relays every connection to {@code 127.0.0.1:port}, counting them. */
    public static LoopbackTunnels relayTo(int port) {
        try {
            return new LoopbackTunnels(port, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A CONNECT proxy; with {@code user:password}, it answers 407 to any other credentials. */
    public static LoopbackTunnels connectProxy(String userColonPassword) {
        try {
            return new LoopbackTunnels(null, userColonPassword);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int port() {
        return server.getLocalPort();
    }

    /** TCP connections accepted. */
    public int connections() {
        return connections.get();
    }

    /** CONNECTs answered 200. */
    public int tunnels() {
        return tunnels.get();
    }

    /** CONNECTs whose credentials were wrong: what locks a company account. */
    public int refusedLogins() {
        return refusedLogins.get();
    }

    /** CONNECTs without credentials, answered 407. */
    public int challenges() {
        return challenges.get();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                connections.incrementAndGet();
                remember(client);
                Thread handler = new Thread(() -> handle(client), "loopback-tunnel");
                handler.setDaemon(true);
                handler.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void handle(Socket client) {
        try {
            int port = relayTo != null ? relayTo : connect(client);
            if (port < 0) {
                client.close();
                return;
            }
            Socket target = new Socket();
            remember(target);
            target.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5_000);
            if (relayTo == null) {
                client.getOutputStream().write("HTTP/1.1 200 Connection established\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                client.getOutputStream().flush();
                tunnels.incrementAndGet();
            }
            Thread back = new Thread(() -> copy(target, client), "loopback-tunnel-back");
            back.setDaemon(true);
            back.start();
            copy(client, target);
        } catch (IOException e) {
            close(client);
        }
    }

    /** Reads a CONNECT; the port to tunnel to, or -1 after answering it with an error. */
    private int connect(Socket client) throws IOException {
        List<String> head = readHead(client.getInputStream());
        String[] requestLine = head.isEmpty() ? new String[0] : head.get(0).split(" ");
        if (requestLine.length < 2 || !requestLine[0].equals("CONNECT")) {
            answer(client, "405 Method Not Allowed", "");
            return -1;
        }
        if (credentials != null) {
            String expected = Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
            String given = null;
            for (String line : head) {
                if (line.toLowerCase(Locale.ROOT).startsWith("proxy-authorization:")) {
                    given = line.substring(line.indexOf(':') + 1).trim();
                }
            }
            boolean right = given != null && given.regionMatches(true, 0, "Basic ", 0, 6) && given.substring(6).trim().equals(expected);
            if (!right) {
                (given == null ? challenges : refusedLogins).incrementAndGet();
                answer(client, "407 Proxy Authentication Required", "Proxy-Authenticate: Basic realm=\"test proxy\"\r\n");
                return -1;
            }
        }
        String authority = requestLine[1];
        return Integer.parseInt(authority.substring(authority.lastIndexOf(':') + 1));
    }

    private static void answer(Socket client, String status, String headers) throws IOException {
        client.getOutputStream().write(("HTTP/1.1 " + status + "\r\n" + headers + "Content-Length: 0\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        client.getOutputStream().flush();
    }

    private static List<String> readHead(InputStream in) throws IOException {
        List<String> lines = new ArrayList<>();
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b; (b = in.read()) >= 0; ) {
            if (b == '\n') {
                String text = line.toString(StandardCharsets.ISO_8859_1).replace("\r", "");
                if (text.isEmpty()) {
                    return lines;
                }
                lines.add(text);
                line.reset();
            } else if (line.size() < 8192) {
                line.write(b);
            }
        }
        return lines;
    }

    private static void copy(Socket from, Socket to) {
        byte[] buffer = new byte[16384];
        try (InputStream in = from.getInputStream()) {
            OutputStream out = to.getOutputStream();
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
                out.flush();
            }
            to.shutdownOutput();
        } catch (IOException e) {
            close(to);
        }
    }

    private synchronized void remember(Socket socket) {
        open.add(socket);
    }

    private static void close(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already gone
        }
    }

    @Override
    public synchronized void close() {
        try {
            server.close();
        } catch (IOException ignored) {
            // already closed
        }
        open.forEach(LoopbackTunnels::close);
    }
}
