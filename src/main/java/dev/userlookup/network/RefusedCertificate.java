package dev.userlookup.network;

import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.List;

/**
 * The trust check's refusal with the chain the server showed, so that the error can say what
 * the certificate is for, who signed it and when it expired, not only the JDK's reason.
 */
final class RefusedCertificate extends CertificateException {

    private static final long serialVersionUID = 1L;

    private final transient List<X509Certificate> chain;

    RefusedCertificate(X509Certificate[] chain, CertificateException reason) {
        super(reason.getMessage(), reason);
        this.chain = chain == null ? List.of() : List.of(chain);
    }

    /** The server's certificate first, then the CAs it sent. */
    List<X509Certificate> chain() {
        return chain;
    }
}
