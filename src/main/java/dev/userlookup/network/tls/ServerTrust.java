package dev.userlookup.network.tls;

import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.security.auth.x500.X500Principal;

/**
 * Whom the client trusts over TLS: the JDK's CAs (its cacerts, or whatever
 * {@code javax.net.ssl.trustStore} names) and, besides them, the CAs of {@code --ca-cert} and
 * {@code SSL_CERT_FILE}. The given CAs that issued a certificate of the server's chain are asked
 * first, through a trust manager of the JDK's own over just them; the JDK's trust manager over
 * its store (about 150 CAs) is asked only when none of them did. Every check, the path and the
 * host name alike, is the JDK's: its trust manager checks the name when the connection asks it to
 * (endpoint identification "HTTPS", which java.net.http sets), and to do so reads its cacerts once
 * to ask whether the chain ends in a public CA. A
 * refusal carries the server's chain ({@link RefusedCertificate}) for the error message.
 */
public final class ServerTrust extends X509ExtendedTrustManager {

    @FunctionalInterface
    private interface Check {
        void on(X509ExtendedTrustManager manager) throws CertificateException;
    }

    /** The protocol of the context: the JDK's newest TLS versions. */
    public static final String PROTOCOL = "TLS";

    private final List<CaFile> given;
    private X509ExtendedTrustManager jdk;

    private ServerTrust(List<CaFile> given) {
        this.given = List.copyOf(given);
    }

    /** A TLS context that trusts the JDK's CAs and those of {@code caFiles}; presents no client certificate. */
    public static SSLContext context(List<CaFile> caFiles) throws GeneralSecurityException {
        return context(caFiles, PROTOCOL);
    }

    public static SSLContext context(List<CaFile> caFiles, String protocol) throws GeneralSecurityException {
        SSLContext context = SSLContext.getInstance(protocol);
        context.init(null, new TrustManager[] {new ServerTrust(caFiles)}, null);
        return context;
    }

    /** A trust manager of the given CAs that issued a certificate of {@code chain}; null when none did. */
    private X509ExtendedTrustManager givenIssuersOf(X509Certificate[] chain) throws CertificateException {
        if (given.isEmpty() || chain == null) {
            return null;
        }
        Set<X500Principal> issuers = new HashSet<>();
        for (X509Certificate certificate : chain) {
            issuers.add(certificate.getIssuerX500Principal());
        }
        List<X509Certificate> anchors = new ArrayList<>();
        for (CaFile file : given) {
            anchors.addAll(file.withSubjects(issuers));
        }
        if (anchors.isEmpty()) {
            return null;
        }
        try {
            return managerOf(anchors);
        } catch (GeneralSecurityException e) {
            throw new CertificateException("the given CAs cannot be used: " + e.getMessage(), e);
        }
    }

    private static X509ExtendedTrustManager managerOf(List<X509Certificate> cas) throws GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        try {
            store.load(null, null);
        } catch (java.io.IOException e) {
            throw new GeneralSecurityException(e);
        }
        for (int i = 0; i < cas.size(); i++) {
            store.setCertificateEntry("ca-" + i, cas.get(i));
        }
        return managerOf(store);
    }

    public static X509ExtendedTrustManager managerOf(KeyStore store) throws GeneralSecurityException {
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(store);
        for (TrustManager manager : factory.getTrustManagers()) {
            if (manager instanceof X509ExtendedTrustManager) {
                return (X509ExtendedTrustManager) manager;
            }
        }
        throw new GeneralSecurityException("no X.509 trust manager in " + factory.getAlgorithm());
    }

    /** The JDK's own, loaded on first need (null store: its cacerts or javax.net.ssl.trustStore). */
    private synchronized X509ExtendedTrustManager jdk() throws CertificateException {
        if (jdk == null) {
            try {
                jdk = managerOf((KeyStore) null);
            } catch (GeneralSecurityException e) {
                throw new CertificateException("the JDK's trusted CAs cannot be loaded: " + e.getMessage(), e);
            }
        }
        return jdk;
    }

    private void check(X509Certificate[] chain, Check check) throws CertificateException {
        try {
            X509ExtendedTrustManager issuers = givenIssuersOf(chain);
            if (issuers != null) {
                try {
                    check.on(issuers);
                    return;
                } catch (CertificateException refused) {
                    // Anchored in a given CA but expired or for another host: the JDK's CAs cannot
                    // make that right, and their refusal ("no path") would hide the real reason.
                    if (!unknownIssuer(refused)) {
                        throw refused;
                    }
                }
            }
            check.on(jdk());
        } catch (RefusedCertificate refused) {
            throw refused;
        } catch (CertificateException refused) {
            throw new RefusedCertificate(chain, refused);
        }
    }

    /** No chain from the server's certificate to a CA of this store. */
    static boolean unknownIssuer(Throwable refusal) {
        for (Throwable t = refusal; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof CertPathBuilderException) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        check(chain, manager -> manager.checkServerTrusted(chain, authType, engine));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        check(chain, manager -> manager.checkServerTrusted(chain, authType, socket));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        check(chain, manager -> manager.checkServerTrusted(chain, authType));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        throw new CertificateException("a client does not check client certificates");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        throw new CertificateException("a client does not check client certificates");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        throw new CertificateException("a client does not check client certificates");
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        List<X509Certificate> issuers = new ArrayList<>();
        for (CaFile file : given) {
            issuers.addAll(file.certificates());
        }
        try {
            issuers.addAll(List.of(jdk().getAcceptedIssuers()));
        } catch (CertificateException e) {
            // only the given ones, then
        }
        return issuers.toArray(new X509Certificate[0]);
    }
}
