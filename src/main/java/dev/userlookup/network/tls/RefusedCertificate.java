package dev.userlookup.network.tls;

import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.List;

/**
 * The trust check's refusal with the chain the server showed, so that the error can say what
 * the certificate is for, who signed it and when it expired, not only the JDK's reason.
 */
public final class RefusedCertificate extends CertificateException {

    private static final long serialVersionUID = 1L;

    private final transient List<X509Certificate> chain;

    RefusedCertificate(X509Certificate[] chain, CertificateException reason) {
        super(reason.getMessage(), reason);
        this.chain = chain == null ? List.of() : List.of(chain);
    }

    /** The server's certificate first, then the CAs it sent. */
    public List<X509Certificate> chain() {
        return chain;
    }

    /** No chain from the server's certificate to a trusted CA. */
    public boolean unknownIssuer() {
        return ServerTrust.unknownIssuer(this);
    }

    /**
     * The certificate is for another host: the JDK's host-name check refused it (its words, as
     * {@code sun.security.util.HostnameChecker} throws them, are all this refusal has to tell).
     */
    public boolean otherHost() {
        String message = getMessage() == null ? "" : getMessage();
        return message.startsWith("No subject alternative") || message.startsWith("No name matching");
    }
}
