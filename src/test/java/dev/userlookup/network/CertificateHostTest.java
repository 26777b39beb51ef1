package dev.userlookup.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.fake.TestCa;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The host-name check for chains from a given CA: the rules of RFC 6125, wildcards strictly. */
class CertificateHostTest {

    @ParameterizedTest(name = "{0} against {1}: {2}")
    @CsvSource({
        "api.example.test, api.example.test, true",
        "API.Example.TEST, api.example.test, true",
        "api.example.test., api.example.test, true",
        "api.example.test, api.example.test., true",
        "api.example.test, *.example.test, true",
        "a.b.example.test, *.example.test, false",
        "example.test, *.example.test, false",
        ".example.test, *.example.test, false",
        "example.test, *.test, false",
        "api.test, *.test, false",
        "api.example.test, a*.example.test, false",
        "api.example.test, *pi.example.test, false",
        "api.example.test, api.*.test, false",
        "api.example.test, *.*.test, false",
        "api.example.test, other.example.test, false",
        "api.example.test, example.test, false",
        "xapi.example.test, api.example.test, false",
    })
    void namesAndWildcards(String host, String pattern, boolean matches) {
        assertEquals(matches, CertificateHost.nameMatches(host.toLowerCase(java.util.Locale.ROOT).replaceAll("\\.$", ""), pattern));
    }

    private static X509Certificate serverCertificate(TestCa.Kind kind) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(TestCa.shared().serverKeystore(kind))) {
            store.load(in, TestCa.PASSWORD.toCharArray());
        }
        return (X509Certificate) store.getCertificate("server");
    }

    @Test
    void addressesMatchOnlyAddressEntries() throws Exception {
        X509Certificate good = serverCertificate(TestCa.Kind.GOOD);   // localhost, 127.0.0.1, users.service.test

        assertTrue(CertificateHost.matches(good, "127.0.0.1"));
        assertTrue(CertificateHost.matches(good, "localhost"));
        assertTrue(CertificateHost.matches(good, "USERS.service.test."));
        assertFalse(CertificateHost.matches(good, "127.0.0.2"));
        assertFalse(CertificateHost.matches(good, "::1"));
        assertFalse(CertificateHost.matches(good, "[::1]"));
        assertFalse(CertificateHost.matches(good, "300.0.0.1"));
        assertFalse(CertificateHost.matches(good, "service.test"));
        assertFalse(CertificateHost.matches(good, ""));
        assertEquals(List.of("localhost", "127.0.0.1", "users.service.test"), CertificateHost.namesOf(good));
    }

    @Test
    void aCertificateWithDnsNamesIsNotMatchedByItsCommonName() throws Exception {
        X509Certificate other = serverCertificate(TestCa.Kind.OTHER_HOST);   // CN=userlookup test server, DNS other.example.test

        assertTrue(CertificateHost.matches(other, "other.example.test"));
        assertFalse(CertificateHost.matches(other, "userlookup test server"));
        assertFalse(CertificateHost.matches(other, "127.0.0.1"));
    }

    @Test
    void aCertificateWithoutAlternativeNamesFallsBackToItsCommonName() throws Exception {
        Path pem = TestCa.shared().caPem();   // CN=userlookup test CA, no alternative names
        X509Certificate ca;
        try (InputStream in = Files.newInputStream(pem)) {
            ca = (X509Certificate) java.security.cert.CertificateFactory.getInstance("X.509").generateCertificate(in);
        }

        assertTrue(CertificateHost.matches(ca, "userlookup test CA"));
        assertFalse(CertificateHost.matches(ca, "127.0.0.1"));
        assertEquals(List.of("userlookup test CA"), CertificateHost.namesOf(ca));
    }
}
