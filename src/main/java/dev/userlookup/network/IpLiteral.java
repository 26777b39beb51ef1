package dev.userlookup.network;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Pattern;

/** The one place a host is told to be an IP address, by the JDK's parser and never by a DNS look-up. */
final class IpLiteral {

    /** Dotted decimal, four parts: anything else of digits and dots InetAddress would look up in DNS. */
    private static final Pattern IPV4 = Pattern.compile("(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}");

    private IpLiteral() {
    }

    /** A host as names are compared: lower case, an IPv6 literal out of its brackets ({@code [::1]} is {@code ::1}). */
    static String bare(String host) {
        String name = host.toLowerCase(Locale.ROOT);
        int close = name.indexOf(']');
        return name.startsWith("[") && close > 0 ? name.substring(1, close) : name;
    }

    /** The address {@code host} ({@code [::1]}, {@code ::1} or {@code 10.0.0.1}) is, or null when it is a name or not valid. */
    static InetAddress address(String host) {
        boolean bracketed = host.startsWith("[") && host.endsWith("]");
        String text = bracketed ? host.substring(1, host.length() - 1) : host;
        try {
            if (text.indexOf(':') >= 0) {
                // In brackets the JDK takes it for an IPv6 literal only: invalid is an exception, never a look-up.
                return InetAddress.getByName("[" + text + "]");
            }
            return !bracketed && IPV4.matcher(text).matches() ? InetAddress.getByName(text) : null;
        } catch (UnknownHostException | SecurityException e) {
            return null;
        }
    }
}
