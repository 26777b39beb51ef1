package dev.userlookup.network.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.userlookup.fake.TestCa;
import java.io.InputStream;
import java.nio.file.Files;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.security.auth.x500.X500Principal;
import org.junit.jupiter.api.Test;

/** What a certificate names, as the error messages say it: alternative names, else the most specific CN. */
class CertificateNamesTest {

    private static X509Certificate serverCertificate(TestCa.Kind kind) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(TestCa.shared().serverKeystore(kind))) {
            store.load(in, TestCa.PASSWORD.toCharArray());
        }
        return (X509Certificate) store.getCertificate("server");
    }

    @Test
    void theHostsOfACertificateAreItsAlternativeNames() throws Exception {
        assertEquals(List.of("localhost", "127.0.0.1", "users.service.test"), CertificateNames.hostsOf(serverCertificate(TestCa.Kind.GOOD)));
        // CN=userlookup test server besides: a certificate with DNS names is not for its CN.
        assertEquals(List.of("other.example.test"), CertificateNames.hostsOf(serverCertificate(TestCa.Kind.OTHER_HOST)));
    }

    @Test
    void aCertificateWithoutAlternativeNamesIsForItsCommonName() throws Exception {
        X509Certificate ca;
        try (InputStream in = Files.newInputStream(TestCa.shared().caPem())) {   // CN=userlookup test CA, no alternative names
            ca = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }

        assertEquals(List.of("userlookup test CA"), CertificateNames.hostsOf(ca));
    }

    @Test
    void theCommonNameIsTheMostSpecificUnescaped() {
        assertEquals("Corp Proxy CA", CertificateNames.commonName(new X500Principal("CN=Corp Proxy CA, O=Corp, C=DE")));
        assertEquals("leaf", CertificateNames.commonName(new X500Principal("CN=leaf, OU=x, CN=root")));
        assertEquals("a,b=c", CertificateNames.commonName(new X500Principal("CN=a\\,b=c, O=Corp")));
        assertEquals("Corp, Inc. + CA", CertificateNames.commonName(new X500Principal("CN=Corp\\, Inc. \\+ CA")));
        // Where the split on commas the tool had besides went wrong: a multi-valued RDN ('x+OU=y')
        // and an escaped backslash ('ab').
        assertEquals("x", CertificateNames.commonName(new X500Principal("CN=x+OU=y, O=Corp")));
        assertEquals("a\\b", CertificateNames.commonName(new X500Principal("CN=a\\\\b")));
        assertEquals("#0403616263", CertificateNames.commonName(new X500Principal("CN=#0403616263")));
        assertNull(CertificateNames.commonName(new X500Principal("O=Corp, C=DE")));
    }
}
