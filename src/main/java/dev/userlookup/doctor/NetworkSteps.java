package dev.userlookup.doctor;

import dev.userlookup.network.BaseUrl;
import dev.userlookup.network.ProxyConfig;
import dev.userlookup.network.TransportFailures;
import dev.userlookup.network.tls.CaFile;
import dev.userlookup.network.tls.ServerTrust;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;

/**
 * With plain sockets, step by step (DNS, connect, the proxy's CONNECT, TLS), so a failure names its
 * step; it stops at the first that fails. The client's own HTTP step runs afterwards.
 */
final class NetworkSteps {

    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd", Locale.ROOT);

    private final BaseUrl base;
    private final ProxyConfig proxy;
    private final List<CaFile> caFiles;
    private final Duration timeout;
    private final List<Step> steps = new ArrayList<>();

    NetworkSteps(BaseUrl base, ProxyConfig proxy, List<CaFile> caFiles, Duration timeout) {
        this.base = base;
        this.proxy = proxy;
        this.caFiles = List.copyOf(caFiles);
        this.timeout = timeout;
    }

    List<Step> run() {
        URI uri = base.uri();
        String host = uri.getHost();
        int port = uri.getPort() != -1 ? uri.getPort() : base.isHttps() ? 443 : 80;
        // Through a proxy the tool resolves and connects to the proxy only: the service's name is the proxy's to resolve.
        String peerHost = proxy != null ? proxy.host() : host;
        int peerPort = proxy != null ? proxy.port() : port;
        InetAddress[] addresses = dns(peerHost);
        if (addresses == null) {
            return steps;
        }
        try (Socket socket = connect(addresses, peerHost, peerPort)) {
            if (socket == null) {
                return steps;
            }
            if (proxy != null && base.isHttps() && !tunnel(socket, host, port)) {
                return steps;
            }
            if (base.isHttps()) {
                steps.add(tls(socket, host, port, uri));
            }
        } catch (IOException closing) {
            // the steps have what they found; closing a probe's socket has nothing to add
        }
        return steps;
    }

    private InetAddress[] dns(String host) {
        long started = System.nanoTime();
        try {
            InetAddress[] addresses = InetAddress.getAllByName(host);
            List<String> shown = Arrays.stream(addresses).map(InetAddress::getHostAddress).toList();
            steps.add(Step.passed("dns", Step.millisSince(started), Step.facts("host", host, "addresses", shown),
                    host + " -> " + String.join(", ", shown)));
            return addresses;
        } catch (UnknownHostException e) {
            steps.add(Step.failed("dns", Step.millisSince(started), "cannot resolve host " + host,
                    proxy != null ? "check the proxy's host in " + proxy.variable()
                            : "check the base URL's host name, or this machine's DNS (and VPN)"));
            return null;
        }
    }

    private Socket connect(InetAddress[] addresses, String host, int port) {
        long started = System.nanoTime();
        IOException last = null;
        for (InetAddress address : addresses) {
            Socket socket = new Socket();
            try {
                socket.connect(new InetSocketAddress(address, port), timeoutMillis());
                socket.setSoTimeout(timeoutMillis());
                Map<String, Object> facts = Step.facts("address", address.getHostAddress() + ":" + port);
                steps.add(Step.passed("connect", Step.millisSince(started), facts, address.getHostAddress() + ":" + port
                        + (proxy != null ? " (the proxy)" : "")));
                return socket;
            } catch (IOException e) {
                last = e;
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // it never connected
                }
            }
        }
        String peer = (proxy != null ? "the proxy " : "") + host + ":" + port;
        String why = last instanceof SocketTimeoutException ? "timed out" : last instanceof ConnectException ? "connection refused"
                : String.valueOf(last == null ? "no address" : last.getMessage());
        steps.add(Step.failed("connect", Step.millisSince(started), "cannot connect to " + peer + " (" + why + ")",
                proxy != null ? "check that the proxy in " + proxy.variable() + " is up and its port is right"
                        : "check the base URL's port, and that the service is up and no firewall is in the way"));
        return null;
    }

    /** CONNECT host:port through the proxy, with its credentials when the proxy URL has them. */
    private boolean tunnel(Socket socket, String host, int port) {
        long started = System.nanoTime();
        try {
            OutputStream out = socket.getOutputStream();
            StringBuilder request = new StringBuilder("CONNECT ").append(host).append(':').append(port).append(" HTTP/1.1\r\n")
                    .append("Host: ").append(host).append(':').append(port).append("\r\n");
            if (proxy.hasCredentials()) {
                request.append("Proxy-Authorization: ").append(proxy.basicAuthorization()).append("\r\n");
            }
            out.write(request.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            String statusLine = readHead(socket.getInputStream());
            int status = statusOf(statusLine);
            if (status >= 200 && status < 300) {
                Map<String, Object> facts = Step.facts("proxy", proxy.address(), "status", status);
                steps.add(Step.passed("proxy", Step.millisSince(started), facts, "CONNECT " + host + ":" + port + " through "
                        + proxy.address() + ": " + status));
                return true;
            }
            if (status == 407) {
                steps.add(Step.failed("proxy", Step.millisSince(started), proxy.hasCredentials()
                        ? "the proxy " + proxy.address() + " refused its credentials (HTTP 407)"
                        : "the proxy " + proxy.address() + " asks for credentials (HTTP 407)",
                        proxy.hasCredentials() ? "check the user and password in " + proxy.variable()
                                : "give them in " + proxy.variable() + " as http://USER:PASSWORD@" + proxy.host() + ":" + proxy.port()));
            } else {
                steps.add(Step.failed("proxy", Step.millisSince(started), "the proxy " + proxy.address() + " refused to open a tunnel to "
                        + host + ":" + port + (status > 0 ? " (HTTP " + status + ")" : " (no HTTP answer)"),
                        "ask whoever runs the proxy whether it lets " + host + " through, or set NO_PROXY"));
            }
            return false;
        } catch (IOException e) {
            steps.add(Step.failed("proxy", Step.millisSince(started), "the proxy " + proxy.address() + " did not answer CONNECT: "
                    + e.getMessage(), "check the proxy in " + proxy.variable()));
            return false;
        }
    }

    /** The status line of the proxy's answer; the headers after it are read and dropped. */
    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        for (int b; head.indexOf("\r\n\r\n", head.length() - 4) < 0 && (b = in.read()) >= 0; ) {
            head.append((char) b);
            if (head.length() > 64 * 1024) {
                throw new IOException("the proxy's answer has no end of headers");
            }
        }
        int end = head.indexOf("\r\n");
        return end < 0 ? head.toString() : head.substring(0, end);
    }

    private static int statusOf(String statusLine) {
        String[] parts = statusLine.split(" ", 3);
        try {
            return parts.length > 1 ? Integer.parseInt(parts[1].trim()) : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private int timeoutMillis() {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toMillis()));
    }

    /** With the very TLS context the client uses, so it trusts exactly what the commands trust. */
    private Step tls(Socket socket, String host, int port, URI uri) {
        long started = System.nanoTime();
        try {
            SSLContext context = ServerTrust.context(caFiles, ServerTrust.PROTOCOL);
            SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(socket, host, port, false);
            SSLParameters parameters = tls.getSSLParameters();
            parameters.setApplicationProtocols(new String[] {"h2", "http/1.1"});
            // The same host check as the client's: a certificate for another name fails here too.
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            tls.setSSLParameters(parameters);
            tls.startHandshake();
            SSLSession session = tls.getSession();
            Certificate[] peer = session.getPeerCertificates();
            X509Certificate[] chain = Arrays.copyOf(peer, peer.length, X509Certificate[].class);
            X509Certificate server = chain[0];
            String alpn = tls.getApplicationProtocol();
            String http = "h2".equals(alpn) ? "HTTP/2" : "HTTP/1.1";
            Instant expires = server.getNotAfter().toInstant();
            long daysLeft = Duration.between(Instant.now(), expires).toDays();
            boolean caNeeded = !jdkAloneTrusts(chain);
            Map<String, Object> facts = Step.facts("version", session.getProtocol(), "cipher", session.getCipherSuite(),
                    "http", http, "subject", server.getSubjectX500Principal().getName(),
                    "issuer", server.getIssuerX500Principal().getName(),
                    "expires", DAY.format(expires.atOffset(ZoneOffset.UTC)), "days_left", daysLeft,
                    "ca_cert_needed", caNeeded);
            tls.close();
            return Step.passed("tls", Step.millisSince(started), facts, session.getProtocol() + ", " + session.getCipherSuite()
                    + ", " + http + "; certificate " + server.getSubjectX500Principal().getName() + " from "
                    + server.getIssuerX500Principal().getName() + ", expires " + facts.get("expires") + " (" + daysLeft + " days)"
                    + (caNeeded ? "; trusted only through the given CA files" : ""));
        } catch (IOException | GeneralSecurityException e) {
            // The client's words for the failure: the same line resolve and list would give.
            String problem = TransportFailures.of(e, uri, null, timeout).getMessage();
            String next;
            int hint = problem.indexOf("; ");
            if (hint > 0) {
                next = problem.substring(hint + 2);
                problem = problem.substring(0, hint);
            } else {
                next = "check --ca-cert, SSL_CERT_FILE and the base URL; run with -v for the client's view";
            }
            return Step.failed("tls", Step.millisSince(started), problem, next);
        }
    }

    /** When they do not and the handshake succeeded, a {@code --ca-cert} (or SSL_CERT_FILE) was needed. */
    private static boolean jdkAloneTrusts(X509Certificate[] chain) {
        try {
            // "UNKNOWN" is what the JDK itself passes for TLS 1.3, where the suite names no key exchange.
            ServerTrust.managerOf((KeyStore) null).checkServerTrusted(chain, "UNKNOWN");
            return true;
        } catch (GeneralSecurityException e) {
            return false;
        }
    }
}
