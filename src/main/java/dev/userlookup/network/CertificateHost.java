package dev.userlookup.network;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;

/**
 * Whether a server certificate is for the host the client connected to (RFC 6125, as for
 * HTTPS): an IP address matches an IP address entry; a host name its DNS entries, or, only in a
 * certificate without any, its most specific common name. A wildcard is a whole leftmost label
 * ({@code *.example.test}) that stands for exactly one label, and never for a top-level or
 * second-level name alone ({@code *.test} matches nothing). Stricter than the JDK's check in one
 * way: no partial wildcards such as {@code f*.example.test}.
 *
 * <p>Why not the JDK's own: its check also looks up whether the chain ends in one of the JDK's
 * public CAs, and that look-up loads and hashes the whole cacerts file, about 90 ms of a cold
 * start, for a chain that ends in a CA the user gave.
 */
final class CertificateHost {

    private static final int DNS_NAME = 2;
    private static final int IP_ADDRESS = 7;
    private static final Pattern IPV4 = Pattern.compile("[0-9]{1,3}(\\.[0-9]{1,3}){3}");

    private CertificateHost() {
    }

    static boolean matches(X509Certificate certificate, String host) {
        String name = normalize(host);
        if (name.isEmpty()) {
            return false;
        }
        List<List<?>> entries = alternativeNames(certificate);
        if (isIpLiteral(name)) {
            byte[] address = address(name);
            for (List<?> entry : entries) {
                if (IP_ADDRESS == (Integer) entry.get(0) && entry.get(1) instanceof String
                        && Arrays.equals(address, address((String) entry.get(1)))) {
                    return address != null;
                }
            }
            return false;
        }
        boolean anyDnsName = false;
        for (List<?> entry : entries) {
            if (DNS_NAME == (Integer) entry.get(0) && entry.get(1) instanceof String) {
                anyDnsName = true;
                if (nameMatches(name, (String) entry.get(1))) {
                    return true;
                }
            }
        }
        if (anyDnsName) {
            return false;
        }
        String commonName = commonName(certificate);
        return commonName != null && nameMatches(name, commonName);
    }

    /** The DNS names and addresses a certificate is for, else its common name: for the error message. */
    static List<String> namesOf(X509Certificate certificate) {
        List<String> names = new ArrayList<>();
        for (List<?> entry : alternativeNames(certificate)) {
            Object type = entry.get(0);
            if ((Integer.valueOf(DNS_NAME).equals(type) || Integer.valueOf(IP_ADDRESS).equals(type)) && entry.get(1) instanceof String) {
                names.add((String) entry.get(1));
            }
        }
        String commonName = names.isEmpty() ? commonName(certificate) : null;
        if (commonName != null) {
            names.add(commonName);
        }
        return names;
    }

    static boolean nameMatches(String host, String pattern) {
        String wanted = normalize(pattern);
        if (wanted.isEmpty()) {
            return false;
        }
        if (!wanted.contains("*")) {
            return wanted.equals(host);
        }
        // Only a whole leftmost label, standing for one label, over at least two more labels.
        if (!wanted.startsWith("*.") || wanted.indexOf('*', 1) >= 0) {
            return false;
        }
        String parent = wanted.substring(2);
        int dot = host.indexOf('.');
        return parent.indexOf('.') > 0 && dot > 0 && host.substring(dot + 1).equals(parent);
    }

    private static String normalize(String name) {
        String text = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        if (text.startsWith("[") && text.endsWith("]")) {
            text = text.substring(1, text.length() - 1);
        }
        while (text.endsWith(".")) {
            text = text.substring(0, text.length() - 1);
        }
        return text;
    }

    private static boolean isIpLiteral(String name) {
        return name.contains(":") || IPV4.matcher(name).matches();
    }

    /** The address of an IP literal (never a DNS look-up), or null when it is not one. */
    private static byte[] address(String literal) {
        String text = normalize(literal);
        if (!isIpLiteral(text)) {
            return null;
        }
        if (!text.contains(":")) {
            // Parsed here: InetAddress would look a malformed one (300.1.1.1) up in DNS.
            byte[] bytes = new byte[4];
            String[] parts = text.split("\\.");
            for (int i = 0; i < 4; i++) {
                int part = Integer.parseInt(parts[i]);
                if (part > 255) {
                    return null;
                }
                bytes[i] = (byte) part;
            }
            return bytes;
        }
        try {
            return InetAddress.getByName(text).getAddress();
        } catch (UnknownHostException | SecurityException e) {
            return null;
        }
    }

    private static List<List<?>> alternativeNames(X509Certificate certificate) {
        try {
            Collection<List<?>> names = certificate.getSubjectAlternativeNames();
            return names == null ? List.of() : new ArrayList<>(names);
        } catch (CertificateParsingException e) {
            return List.of();
        }
    }

    /** The most specific (last) CN of the subject, or null. */
    private static String commonName(X509Certificate certificate) {
        try {
            String found = null;
            for (Rdn rdn : new LdapName(certificate.getSubjectX500Principal().getName()).getRdns()) {
                if (rdn.getType().equalsIgnoreCase("CN")) {
                    found = String.valueOf(rdn.getValue());
                }
            }
            return found;
        } catch (InvalidNameException e) {
            return null;
        }
    }
}
