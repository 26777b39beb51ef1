package dev.userlookup.network;

import dev.userlookup.network.tls.CertificateNames;
import dev.userlookup.network.tls.RefusedCertificate;

import java.io.EOFException;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;
import javax.security.auth.x500.X500Principal;

/**
 * Each says whether a retry could help: a name that does not resolve, a refused certificate or
 * proxy credentials will not get better by asking again; a refused connection or a timeout might.
 */
public final class TransportFailures {

    /** A Java class name as the JDK's messages embed them ("sun.security...Exception: "). */
    private static final Pattern CLASS_NAME = Pattern.compile("\\b(?:[a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*(?::\\s*)?");
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT);

    private TransportFailures() {
    }

    public static TransportFailure of(Throwable cause, URI uri, ProxyConfig proxy, Duration timeout) {
        String host = uri.getHost() + (uri.getPort() == -1 ? "" : ":" + uri.getPort());
        // Through a proxy the tool connects to the proxy only; the service's name is the proxy's to resolve.
        String peer = proxy == null ? host : "the proxy " + proxy.address();
        if (cause instanceof CappedBodySubscriber.TooLarge) {
            return new TransportFailure("the response body is too large (" + cause.getMessage() + ")", false, cause);
        }
        if (find(cause, UnresolvedAddressException.class) != null || find(cause, UnknownHostException.class) != null) {
            return proxy == null
                    ? new TransportFailure("cannot resolve host " + uri.getHost() + "; check the base URL", false, cause)
                    : new TransportFailure("cannot resolve the proxy's host " + proxy.host() + "; check " + proxy.variable(), false, cause);
        }
        if (cause instanceof HttpConnectTimeoutException) {
            return new TransportFailure("timed out connecting to " + peer, true, cause);
        }
        if (cause instanceof HttpTimeoutException || cause instanceof TimeoutException) {
            long millis = timeout.toMillis();
            return new TransportFailure("timed out after " + (millis % 1000 == 0 ? millis / 1000 + " s"
                    : String.format(Locale.ROOT, "%.1f s", millis / 1000.0)), true, cause);
        }
        if (find(cause, ConnectException.class) != null) {
            return new TransportFailure("cannot connect to " + peer + " (connection refused)", true, cause);
        }
        if (proxy != null && (proxy.refusedTheCredentials() || proxyRefusedCredentials(cause))) {
            return new TransportFailure(proxy.refusedCredentials(), false, cause);
        }
        RefusedCertificate refused = find(cause, RefusedCertificate.class);
        if (refused != null) {
            return new TransportFailure(certificate(refused, host, uri.getHost()), false, cause);
        }
        SSLException tls = find(cause, SSLException.class);
        if (tls != null) {
            return new TransportFailure("TLS with " + host + " failed: " + words(innermost(tls)), false, cause);
        }
        if (find(cause, EOFException.class) != null) {
            return new TransportFailure("the connection to " + host + " closed before the answer was complete", true, cause);
        }
        return new TransportFailure("connection to " + host + " failed: " + words(cause), true, cause);
    }

    static String certificate(RefusedCertificate refused, String host, String hostName) {
        List<X509Certificate> chain = refused.chain();
        X509Certificate server = chain.isEmpty() ? null : chain.get(0);
        String its = "the certificate of " + host;
        if (find(refused, CertificateExpiredException.class) != null || find(refused, CertificateNotYetValidException.class) != null) {
            Date now = new Date();
            for (X509Certificate certificate : chain) {
                String whose = certificate == server ? its : its + "'s CA " + commonName(certificate.getSubjectX500Principal());
                if (certificate.getNotAfter().before(now)) {
                    return whose + " expired on " + day(certificate.getNotAfter()) + "; the service must renew it";
                }
                if (certificate.getNotBefore().after(now)) {
                    return whose + " is valid only from " + day(certificate.getNotBefore()) + "; check this machine's clock";
                }
            }
            return its + " is out of its validity period";
        }
        if (refused.unknownIssuer()) {
            String issuer = server == null ? "" : " (issued by " + commonName(chain.get(chain.size() - 1).getIssuerX500Principal()) + ")";
            return its + issuer + " is not signed by a trusted CA; if the service or your company's proxy uses its own CA, "
                    + "give that CA's certificate with --ca-cert FILE (PEM)";
        }
        if (refused.otherHost()) {
            List<String> names = server == null ? List.of() : CertificateNames.hostsOf(server);
            return its + " is for " + (names.isEmpty() ? "another host" : String.join(", ", names)) + ", not " + hostName
                    + "; check the base URL";
        }
        return its + " was refused: " + words(innermost(refused));
    }

    private static String commonName(X500Principal principal) {
        String name = CertificateNames.commonName(principal);
        return "'" + (name == null ? principal.getName(X500Principal.RFC2253) : name) + "'";
    }

    private static String day(Date date) {
        return DAY.format(date.toInstant().atOffset(ZoneOffset.UTC));
    }

    /**
     * A proxy's 407 to a CONNECT that java.net.http ends in an IOException rather than a response:
     * the authenticator declined to answer a second time ("No credentials provided"), or the
     * JDK's own limit of attempts was reached. Either way the proxy turned the credentials down.
     * (JDK 25 loses that IOException in a NullPointerException of its own, as it cancels the
     * exchange the CONNECT never had: the authenticator's record says it there.)
     */
    private static boolean proxyRefusedCredentials(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage();
            if (message != null && (message.contains("No credentials provided") || message.contains("authentication attempts"))) {
                return true;
            }
        }
        return false;
    }

    private static Throwable innermost(Throwable e) {
        Throwable last = e;
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                last = t;
            }
        }
        return last;
    }

    /** A throwable's message without the Java class names the JDK puts in them. */
    static String words(Throwable e) {
        String message = e.getMessage();
        if (message == null || message.isBlank()) {
            return "the connection failed";
        }
        String cleaned = CLASS_NAME.matcher(message).replaceAll("").strip();
        return cleaned.isEmpty() ? "the connection failed" : cleaned;
    }

    public static <T extends Throwable> T find(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }
}
