package dev.userlookup.network.tls;

import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;
import javax.security.auth.x500.X500Principal;

/** What a certificate names, for error messages: the one place a common name is read. */
public final class CertificateNames {

    private static final int DNS_NAME = 2;
    private static final int IP_ADDRESS = 7;

    private CertificateNames() {
    }

    /** The most specific common name (CN) of {@code principal}, unescaped, or null when it has none. */
    public static String commonName(X500Principal principal) {
        try {
            String found = null;
            // getRdns() lists the least specific first: the last CN is the most specific.
            for (Rdn rdn : new LdapName(principal.getName(X500Principal.RFC2253)).getRdns()) {
                if (rdn.getType().equalsIgnoreCase("CN")) {
                    // A value of another type than a string comes as its DER bytes: shown as RFC 2253 writes it (#hex).
                    found = rdn.getValue() instanceof String ? (String) rdn.getValue() : Rdn.escapeValue(rdn.getValue());
                }
            }
            return found;
        } catch (InvalidNameException e) {
            return null;
        }
    }

    /** The DNS names and addresses a certificate is for, else its common name. */
    public static List<String> hostsOf(X509Certificate certificate) {
        List<String> names = new ArrayList<>();
        try {
            Collection<List<?>> alternatives = certificate.getSubjectAlternativeNames();
            for (List<?> entry : alternatives == null ? List.<List<?>>of() : alternatives) {
                Object type = entry.get(0);
                if ((Integer.valueOf(DNS_NAME).equals(type) || Integer.valueOf(IP_ADDRESS).equals(type)) && entry.get(1) instanceof String) {
                    names.add((String) entry.get(1));
                }
            }
        } catch (CertificateParsingException e) {
            // no readable alternative names: the common name, then
        }
        String commonName = names.isEmpty() ? commonName(certificate.getSubjectX500Principal()) : null;
        if (commonName != null) {
            names.add(commonName);
        }
        return names;
    }
}
