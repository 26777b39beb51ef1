package dev.userlookup.api;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;

/**
 * A file of CA certificates to trust besides the JDK's own: PEM, one certificate or a bundle of
 * them (DER is read too). Read whole when the settings are decided, so a wrong file is a usage
 * error naming it, never a failure in the middle of a handshake.
 */
public record CaFile(Path path, List<X509Certificate> certificates) {

    /** A bundle this large is not a CA file (the system's whole bundle is about 200 KiB). */
    static final long MAX_BYTES = 16L << 20;

    public CaFile {
        certificates = List.copyOf(certificates);
    }

    /** @throws IllegalArgumentException saying, in people's words, why {@code path} cannot be used */
    public static CaFile read(Path path) {
        try {
            if (Files.isDirectory(path)) {
                throw new IllegalArgumentException("the CA file " + path + " is a folder, not a PEM file");
            }
            if (Files.size(path) > MAX_BYTES) {
                throw new IllegalArgumentException("the CA file " + path + " is larger than 16 MiB: that is not a PEM file of certificates");
            }
            List<X509Certificate> certificates = new ArrayList<>();
            try (InputStream in = Files.newInputStream(path)) {
                for (Certificate certificate : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                    if (certificate instanceof X509Certificate) {
                        certificates.add((X509Certificate) certificate);
                    }
                }
            }
            if (certificates.isEmpty()) {
                throw new IllegalArgumentException("the CA file " + path + " holds no certificate (expected PEM: -----BEGIN CERTIFICATE-----)");
            }
            return new CaFile(path, certificates);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("the CA file " + path + " does not exist", e);
        } catch (AccessDeniedException e) {
            throw new IllegalArgumentException("the CA file " + path + " cannot be read: permission denied", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("the CA file " + path + " cannot be read: " + e.getMessage(), e);
        } catch (CertificateException e) {
            throw new IllegalArgumentException("the CA file " + path + " is not a PEM file of certificates", e);
        }
    }
}
