package dev.userlookup.fake;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.security.auth.x500.X500Principal;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A private certificate authority made at test time, and server keystores it signs: for loopback
 * HTTPS without any certificate in the repository. BouncyCastle's certificate builder writes the
 * certificates (the JDK has no public API for it); keys, signatures, parsing and keystores are the
 * JDK's own, and no provider is installed. Each CA and keystore is made on first use, in process,
 * and kept for the JVM's life.
 */
public final class TestCa {

    /** Every keystore here opens with this; nothing secret is in them. */
    public static final String PASSWORD = "changeit";

    /** What a server certificate is like. */
    public enum Kind {
        /** For localhost, 127.0.0.1 and users.service.test, valid for ten years. */
        GOOD(serverNames(), Duration.ZERO, 3650),
        /** Valid for a month that ended over a year ago. */
        EXPIRED(serverNames(), Duration.ofDays(400), 30),
        /** For another host only: valid, but not for the address the tests connect to. */
        OTHER_HOST(new GeneralNames(new GeneralName(GeneralName.dNSName, "other.example.test")), Duration.ZERO, 3650);

        final GeneralNames names;
        final Duration startsAgo;
        final int validityDays;

        Kind(GeneralNames names, Duration startsAgo, int validityDays) {
            this.names = names;
            this.startsAgo = startsAgo;
            this.validityDays = validityDays;
        }

        private static GeneralNames serverNames() {
            return new GeneralNames(new GeneralName[] {new GeneralName(GeneralName.dNSName, "localhost"),
                    new GeneralName(GeneralName.iPAddress, "127.0.0.1"), new GeneralName(GeneralName.dNSName, "users.service.test")});
        }
    }

    private static final Map<String, TestCa> AUTHORITIES = new ConcurrentHashMap<>();
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path dir;
    private final KeyPair caKeys;
    private final X509Certificate caCertificate;
    private final Path caPem;
    private final Map<Kind, Path> serverStores = new ConcurrentHashMap<>();

    private TestCa(Path dir, KeyPair caKeys, X509Certificate caCertificate, Path caPem) {
        this.dir = dir;
        this.caKeys = caKeys;
        this.caCertificate = caCertificate;
        this.caPem = caPem;
    }

    /** The test CA of this JVM. */
    public static TestCa shared() {
        return named("userlookup test CA");
    }

    /** Another CA, one that nothing trusts unless told: for certificates of an unknown issuer. */
    public static TestCa named(String commonName) {
        return AUTHORITIES.computeIfAbsent(commonName, name -> {
            try {
                Path dir = Files.createTempDirectory("userlookup-ca");
                dir.toFile().deleteOnExit();
                KeyPair keys = keyPair();
                X500Principal subject = new X500Principal("CN=" + name);
                JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
                X509v3CertificateBuilder certificate = builder(subject, subject, keys.getPublic(), Duration.ZERO, 3650)
                        .addExtension(Extension.basicConstraints, true, new BasicConstraints(true))
                        .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign))
                        .addExtension(Extension.subjectKeyIdentifier, false, extensions.createSubjectKeyIdentifier(keys.getPublic()));
                X509Certificate signed = sign(certificate, keys);
                Path pem = dir.resolve("ca.pem");
                Files.writeString(pem, pem(signed), StandardCharsets.US_ASCII);
                pem.toFile().deleteOnExit();
                return new TestCa(dir, keys, signed, pem);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** The CA's certificate, PEM: what {@code --ca-cert} is given. */
    public Path caPem() {
        return caPem;
    }

    /** A PKCS12 keystore (password {@link #PASSWORD}) with a server key and its certificate of this kind, signed by this CA. */
    public Path serverKeystore(Kind kind) {
        return serverStores.computeIfAbsent(kind, k -> {
            try {
                return makeServerKeystore(k);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private Path makeServerKeystore(Kind kind) throws IOException, GeneralSecurityException {
        KeyPair keys = keyPair();
        JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
        X509v3CertificateBuilder certificate = builder(caCertificate.getSubjectX500Principal(),
                new X500Principal("CN=userlookup test server"), keys.getPublic(), kind.startsAgo, kind.validityDays)
                .addExtension(Extension.subjectAlternativeName, false, kind.names)
                .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth))
                .addExtension(Extension.authorityKeyIdentifier, false, extensions.createAuthorityKeyIdentifier(caCertificate))
                .addExtension(Extension.subjectKeyIdentifier, false, extensions.createSubjectKeyIdentifier(keys.getPublic()));
        X509Certificate signed = sign(certificate, caKeys);

        // The whole chain under the key, and the CA beside it, as a keystore that imported its CA's reply holds.
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("server", keys.getPrivate(), PASSWORD.toCharArray(), new X509Certificate[] {signed, caCertificate});
        store.setCertificateEntry("ca", caCertificate);
        Path file = dir.resolve(kind.name().toLowerCase(Locale.ROOT) + ".p12");
        try (OutputStream out = Files.newOutputStream(file)) {
            store.store(out, PASSWORD.toCharArray());
        }
        file.toFile().deleteOnExit();
        return file;
    }

    private static KeyPair keyPair() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
        return generator.generateKeyPair();
    }

    private static X509v3CertificateBuilder builder(X500Principal issuer, X500Principal subject, PublicKey key, Duration startsAgo,
            int validityDays) {
        Instant start = Instant.now().minus(startsAgo);
        return new JcaX509v3CertificateBuilder(issuer, new BigInteger(64, RANDOM).add(BigInteger.ONE), Date.from(start),
                Date.from(start.plus(Duration.ofDays(validityDays))), subject, key);
    }

    private static X509Certificate sign(X509v3CertificateBuilder certificate, KeyPair signer) throws GeneralSecurityException {
        try {
            return new JcaX509CertificateConverter()
                    .getCertificate(certificate.build(new JcaContentSignerBuilder("SHA256withECDSA").build(signer.getPrivate())));
        } catch (OperatorCreationException e) {
            throw new GeneralSecurityException(e);
        }
    }

    private static String pem(X509Certificate certificate) throws GeneralSecurityException {
        return "-----BEGIN CERTIFICATE-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(certificate.getEncoded())
                + "\n-----END CERTIFICATE-----\n";
    }
}
