package dev.userlookup.network.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.fake.TestCa;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CA files: PEM bundles with text around the blocks and DER, each certificate read by the JDK, a bad one named by its place. */
class CaFileTest {

    static X509Certificate ca;
    static X509Certificate other;

    @TempDir
    Path dir;

    @BeforeAll
    static void certificates() throws Exception {
        ca = parse(TestCa.shared().caPem());
        other = parse(TestCa.named("another CA").caPem());
    }

    private static X509Certificate parse(Path pem) throws Exception {
        try (InputStream in = Files.newInputStream(pem)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    private static String pem(byte[] der) {
        return "-----BEGIN CERTIFICATE-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END CERTIFICATE-----\n";
    }

    @Test
    void aBundleWithCommentsBetweenItsCertificates() throws Exception {
        Path bundle = Files.writeString(dir.resolve("bundle.pem"), "# Issuer: test\n" + pem(ca.getEncoded())
                + "\nsome words\n# Issuer: another\n" + pem(other.getEncoded()));

        CaFile file = CaFile.read(bundle);

        assertEquals(2, file.size());
        assertEquals(List.of(ca, other), file.certificates());
    }

    @Test
    void aDerCertificate() throws Exception {
        CaFile file = CaFile.read(Files.write(dir.resolve("ca.der"), ca.getEncoded()));

        assertEquals(List.of(ca), file.certificates());
    }

    @Test
    void aBundleWithOneBrokenCertificateIsRefusedNamingIt() throws Exception {
        // The second certificate is cut short after its subject: its start reads as a
        // certificate's, the whole is none.
        byte[] der = other.getEncoded();
        byte[] subject = other.getSubjectX500Principal().getEncoded();
        int subjectEnd = lastIndexOf(der, subject) + subject.length;   // the issuer, first, is the same name
        byte[] cut = Arrays.copyOf(der, subjectEnd);
        Path bundle = Files.writeString(dir.resolve("bundle.pem"), pem(ca.getEncoded()) + pem(cut));

        assertEquals("the CA file " + bundle + " holds a certificate that is not one (number 2)",
                assertThrows(IllegalArgumentException.class, () -> CaFile.read(bundle)).getMessage());
    }

    private static int lastIndexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = haystack.length - needle.length; i >= 0; i--) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("not found");
    }

    @Test
    void filesThatAreNotCaFilesSayWhy() throws Exception {
        Path noEnd = Files.writeString(dir.resolve("no-end.pem"), "-----BEGIN CERTIFICATE-----\nMIIB\n");
        Path notBase64 = Files.writeString(dir.resolve("bad.pem"), "-----BEGIN CERTIFICATE-----\nQQ=Q\n-----END CERTIFICATE-----\n");
        Path notACertificate = Files.writeString(dir.resolve("key.pem"), pem(new byte[] {0x30, 0x03, 0x02, 0x01, 0x00}));
        Path key = Files.writeString(dir.resolve("only-key.pem"), "-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n");

        assertEquals("the CA file " + noEnd + " has a certificate without its -----END CERTIFICATE----- line",
                assertThrows(IllegalArgumentException.class, () -> CaFile.read(noEnd)).getMessage());
        assertEquals("the CA file " + notBase64 + " holds a certificate that is not base64 (number 1)",
                assertThrows(IllegalArgumentException.class, () -> CaFile.read(notBase64)).getMessage());
        assertEquals("the CA file " + notACertificate + " holds a certificate that is not one (number 1)",
                assertThrows(IllegalArgumentException.class, () -> CaFile.read(notACertificate)).getMessage());
        assertEquals("the CA file " + key + " holds no certificate (expected PEM: -----BEGIN CERTIFICATE-----)",
                assertThrows(IllegalArgumentException.class, () -> CaFile.read(key)).getMessage());
        assertEquals("the CA file " + dir + " is a folder, not a PEM file",
                assertThrows(IllegalArgumentException.class, () -> CaFile.read(dir)).getMessage());
    }

    @Test
    void theSystemBundleReadsWhole() throws Exception {
        Path system = Path.of("/etc/ssl/certs/ca-certificates.crt");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(system), "a system CA bundle");

        CaFile file = CaFile.read(system);

        assertEquals(file.size(), file.certificates().size());
        assertTrue(file.size() > 10, "certificates: " + file.size());
    }
}
