package dev.userlookup.doctor;

import dev.userlookup.network.tls.CaFile;
import dev.userlookup.network.tls.ServerTrust;
import dev.userlookup.network.TransportFailures;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;

/** With the very TLS context the client uses, so it trusts exactly what the commands trust. */
final class TlsStep {

    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd", Locale.ROOT);

    private TlsStep() {
    }

    static Step run(Socket socket, String host, int port, List<CaFile> caFiles, URI uri, Duration timeout) {
        long started = System.nanoTime();
        try {
            SSLContext context = ServerTrust.context(caFiles);
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
                    "issuer", server.getIssuerX500Principal().getName(), "expires", DAY.format(expires.atOffset(ZoneOffset.UTC)),
                    "days_left", daysLeft, "ca_cert_needed", caNeeded);
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
