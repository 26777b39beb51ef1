package dev.userlookup.network.tls;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Read whole when the settings are decided, each certificate by the JDK, so that a wrong file is a
 * usage error naming it, never a failure in the middle of a handshake.
 */
public final class CaFile {

    /** A bundle this large is not a CA file (the system's whole bundle is about 200 KiB). */
    static final long MAX_BYTES = 16L << 20;

    private static final String BEGIN = "-----BEGIN CERTIFICATE-----";
    private static final String END = "-----END CERTIFICATE-----";

    private final Path path;
    private final List<X509Certificate> certificates;

    private CaFile(Path path, List<X509Certificate> certificates) {
        this.path = path;
        this.certificates = certificates;
    }

    /** @throws IllegalArgumentException saying, in people's words, why {@code path} cannot be used */
    public static CaFile read(Path path) {
        byte[] bytes;
        try {
            if (Files.isDirectory(path)) {
                throw new IllegalArgumentException("the CA file " + path + " is a folder, not a PEM file");
            }
            if (Files.size(path) > MAX_BYTES) {
                throw new IllegalArgumentException("the CA file " + path + " is larger than 16 MiB: that is not a PEM file of certificates");
            }
            bytes = Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("the CA file " + path + " does not exist", e);
        } catch (AccessDeniedException e) {
            throw new IllegalArgumentException("the CA file " + path + " cannot be read: permission denied", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("the CA file " + path + " cannot be read: " + e.getMessage(), e);
        }
        List<X509Certificate> certificates = new ArrayList<>();
        List<byte[]> blocks = bytes.length > 0 && bytes[0] == 0x30 ? List.of(bytes) : pemBlocks(path, bytes);
        CertificateFactory factory;
        try {
            factory = CertificateFactory.getInstance("X.509");
        } catch (CertificateException e) {
            throw new IllegalStateException("this Java reads no X.509 certificates", e);
        }
        for (byte[] der : blocks) {
            try {
                certificates.add((X509Certificate) factory.generateCertificate(new ByteArrayInputStream(der)));
            } catch (CertificateException | ClassCastException e) {
                throw new IllegalArgumentException("the CA file " + path + " holds a certificate that is not one (number "
                        + (certificates.size() + 1) + ")", e);
            }
        }
        if (certificates.isEmpty()) {
            throw new IllegalArgumentException("the CA file " + path + " holds no certificate (expected PEM: " + BEGIN + ")");
        }
        return new CaFile(path, List.copyOf(certificates));
    }

    /**
     * The DER of each {@code -----BEGIN CERTIFICATE-----} block; text around the blocks is ignored, as
     * OpenSSL does. Split here, not by {@link CertificateFactory#generateCertificates}, so that a
     * refusal can say which certificate of a bundle is wrong.
     */
    private static List<byte[]> pemBlocks(Path path, byte[] bytes) {
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        List<byte[]> blocks = new ArrayList<>();
        for (int begin = text.indexOf(BEGIN); begin >= 0; begin = text.indexOf(BEGIN, begin + BEGIN.length())) {
            int end = text.indexOf(END, begin);
            if (end < 0) {
                throw new IllegalArgumentException("the CA file " + path + " has a certificate without its " + END + " line");
            }
            try {
                blocks.add(Base64.getMimeDecoder().decode(text.substring(begin + BEGIN.length(), end)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("the CA file " + path + " holds a certificate that is not base64 (number "
                        + (blocks.size() + 1) + ")", e);
            }
        }
        return blocks;
    }

    public Path path() {
        return path;
    }

    public int size() {
        return certificates.size();
    }

    public List<X509Certificate> certificates() {
        return certificates;
    }
}
