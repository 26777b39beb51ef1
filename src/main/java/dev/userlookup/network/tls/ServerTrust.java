package dev.userlookup.network.tls;

import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.security.auth.x500.X500Principal;

/**
 * The CAs of {@code --ca-cert} and {@code SSL_CERT_FILE} besides the JDK's. Every check, the path
 * and the host name alike, is the JDK's: the given CAs that issued a certificate of the chain are
 * asked through a JDK trust manager over just them, the JDK's store only when none did.
 */
public final class ServerTrust extends X509ExtendedTrustManager {

    @FunctionalInterface
    private interface Check {
        void on(X509ExtendedTrustManager manager) throws CertificateException;
    }

    /** The JDK's newest TLS versions. */
    public static final String PROTOCOL = "TLS";

    private final List<CaFile> given;
    private X509ExtendedTrustManager jdk;

    private ServerTrust(List<CaFile> given) {
        this.given = List.copyOf(given);
    }

    /** Presents no client certificate. */
    public static SSLContext context(List<CaFile> caFiles, String protocol) throws GeneralSecurityException {
        SSLContext context = SSLContext.getInstance(protocol);
        context.init(null, new TrustManager[] {new ServerTrust(caFiles)}, null);
        return context;
    }

    private X509ExtendedTrustManager givenIssuersOf(X509Certificate[] chain) throws CertificateException {
        if (given.isEmpty() || chain == null) {
            return null;
        }
        Set<X500Principal> issuers = Arrays.stream(chain).map(X509Certificate::getIssuerX500Principal).collect(Collectors.toSet());
        List<X509Certificate> anchors = given.stream().flatMap(file -> file.certificates().stream())
                .filter(ca -> issuers.contains(ca.getSubjectX500Principal())).toList();
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
        List<X509Certificate> issuers = given.stream().flatMap(file -> file.certificates().stream())
                .collect(Collectors.toCollection(ArrayList::new));
        try {
            issuers.addAll(List.of(jdk().getAcceptedIssuers()));
        } catch (CertificateException e) {
            // only the given ones, then
        }
        return issuers.toArray(new X509Certificate[0]);
    }
}
