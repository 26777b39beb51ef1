package dev.userlookup.network;

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
import java.util.Collection;
import java.util.List;
import javax.security.auth.x500.X500Principal;

/**
 * A file of CA certificates to trust besides the JDK's own: PEM, one certificate or a bundle of
 * them (a single DER certificate is read too). Read when the settings are decided, so that a
 * wrong file is a usage error naming it, never a failure in the middle of a handshake; but only
 * as far as each certificate's subject. A certificate is parsed whole only when a server's chain
 * names it as an issuer: {@code SSL_CERT_FILE} is often the system's bundle of some 140 CAs, and
 * parsing them all costs a cold JVM a third of a second, for the one or two a chain needs.
 */
public final class CaFile {

    /** A bundle this large is not a CA file (the system's whole bundle is about 200 KiB). */
    static final long MAX_BYTES = 16L << 20;

    private static final String BEGIN = "-----BEGIN CERTIFICATE-----";
    private static final String END = "-----END CERTIFICATE-----";

    private final Path path;
    private final List<Entry> entries;

    /** One certificate: its subject, read at once, and the certificate itself, parsed on demand. */
    private static final class Entry {
        final X500Principal subject;
        final byte[] der;
        X509Certificate parsed;

        Entry(X500Principal subject, byte[] der) {
            this.subject = subject;
            this.der = der;
        }
    }

    private CaFile(Path path, List<Entry> entries) {
        this.path = path;
        this.entries = entries;
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
        List<Entry> entries = new ArrayList<>();
        List<byte[]> certificates = bytes.length > 0 && bytes[0] == 0x30 ? List.of(bytes) : pemBlocks(path, bytes);
        for (byte[] der : certificates) {
            try {
                entries.add(new Entry(new X500Principal(Der.subject(der)), der));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("the CA file " + path + " holds a certificate that is not one (number "
                        + (entries.size() + 1) + ")", e);
            }
        }
        if (entries.isEmpty()) {
            throw new IllegalArgumentException("the CA file " + path + " holds no certificate (expected PEM: " + BEGIN + ")");
        }
        return new CaFile(path, List.copyOf(entries));
    }

    /** The DER of each {@code -----BEGIN CERTIFICATE-----} block; text around the blocks is ignored, as OpenSSL does. */
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

    /** How many certificates the file holds. */
    public int size() {
        return entries.size();
    }

    /** The certificates whose subject is one of {@code subjects}, parsed now (and kept). */
    List<X509Certificate> withSubjects(Collection<X500Principal> subjects) throws CertificateException {
        List<X509Certificate> found = new ArrayList<>();
        for (Entry entry : entries) {
            if (subjects.contains(entry.subject)) {
                found.add(parsed(entry));
            }
        }
        return found;
    }

    /** Every certificate of the file, parsed. */
    public List<X509Certificate> certificates() throws CertificateException {
        List<X509Certificate> all = new ArrayList<>();
        for (Entry entry : entries) {
            all.add(parsed(entry));
        }
        return all;
    }

    private synchronized X509Certificate parsed(Entry entry) throws CertificateException {
        if (entry.parsed == null) {
            try {
                entry.parsed = (X509Certificate) CertificateFactory.getInstance("X.509")
                        .generateCertificate(new ByteArrayInputStream(entry.der));
            } catch (CertificateException | ClassCastException e) {
                throw new CertificateException("the CA file " + path + " holds a certificate for " + entry.subject.getName()
                        + " that cannot be read", e);
            }
        }
        return entry.parsed;
    }

    /** Just enough DER to find a certificate's subject: each element is tag, length, value. */
    static final class Der {
        private Der() {
        }

        /** The encoded subject Name of a DER X.509 certificate. */
        static byte[] subject(byte[] der) {
            int tbs = enter(der, 0, 0x30);         // Certificate ::= SEQUENCE { tbsCertificate, ... }
            int field = enter(der, tbs, 0x30);     // TBSCertificate ::= SEQUENCE {
            check(der, field);
            if ((der[field] & 0xff) == 0xa0) {     //   version [0] EXPLICIT, optional
                field = end(der, field);
            }
            for (int skipped = 0; skipped < 4; skipped++) {
                field = end(der, field);           //   serialNumber, signature, issuer, validity
            }
            check(der, field);
            if ((der[field] & 0xff) != 0x30) {     //   subject Name
                throw new IllegalArgumentException("no subject");
            }
            return java.util.Arrays.copyOfRange(der, field, end(der, field));
        }

        /** Where the value of the element at {@code at} starts; it must have tag {@code tag}. */
        private static int enter(byte[] der, int at, int tag) {
            check(der, at);
            if ((der[at] & 0xff) != tag) {
                throw new IllegalArgumentException("not a certificate");
            }
            return valueStart(der, at);
        }

        /** Where the element at {@code at} ends. */
        private static int end(byte[] der, int at) {
            check(der, at);
            int start = valueStart(der, at);
            int end = start + length(der, at);
            if (end > der.length || end < start) {
                throw new IllegalArgumentException("truncated");
            }
            return end;
        }

        private static int valueStart(byte[] der, int at) {
            check(der, at + 1);
            int first = der[at + 1] & 0xff;
            return at + 2 + (first < 0x80 ? 0 : first & 0x7f);
        }

        private static int length(byte[] der, int at) {
            int first = der[at + 1] & 0xff;
            if (first < 0x80) {
                return first;
            }
            int count = first & 0x7f;
            if (count == 0 || count > 3) {
                throw new IllegalArgumentException("bad length");
            }
            int length = 0;
            for (int i = 0; i < count; i++) {
                check(der, at + 2 + i);
                length = (length << 8) | (der[at + 2 + i] & 0xff);
            }
            return length;
        }

        private static void check(byte[] der, int index) {
            if (index >= der.length) {
                throw new IllegalArgumentException("truncated");
            }
        }
    }
}
