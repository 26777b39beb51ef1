package dev.userlookup.service;

import dev.userlookup.network.tls.CaFile;
import dev.userlookup.network.ProxyConfig;
import dev.userlookup.network.tls.ServerTrust;
import dev.userlookup.network.TransportFailures;

import java.net.URI;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLContext;

/**
 * What {@code doctor} needs of this package to take a connection apart with plain sockets: the
 * very TLS context the client uses, a check against the JDK's CAs alone, and the client's words
 * for a failure.
 */
public final class Diagnostics {

    private Diagnostics() {
    }

    /** The TLS context of the client: the JDK's CAs and those of {@code caFiles}. */
    public static SSLContext tlsContext(List<CaFile> caFiles) throws GeneralSecurityException {
        return ServerTrust.context(caFiles);
    }

    /**
     * Whether the JDK's own CAs alone trust {@code chain}: when they do not and the handshake
     * with the given CAs succeeded, a {@code --ca-cert} (or SSL_CERT_FILE) was needed.
     */
    public static boolean jdkAloneTrusts(X509Certificate[] chain) {
        try {
            // "UNKNOWN" is what the JDK itself passes for TLS 1.3, where the suite names no key exchange.
            ServerTrust.managerOf((KeyStore) null).checkServerTrusted(chain, "UNKNOWN");
            return true;
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    /** A failure before a status, in the client's words (the same line resolve and list would give). */
    public static String describe(Throwable cause, URI uri, ProxyConfig proxy, Duration timeout) {
        return TransportFailures.of(cause, uri, proxy, timeout).getMessage();
    }
}
