package dev.userlookup.network;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The service's base URL, checked before any connection: absolute http(s) with a host, an
 * optional path prefix, no query, fragment or credentials; plain http only to loopback unless
 * the user allowed it. Credentials are the one rule that also decides how a URL is shown
 * ({@link #withoutCredentials}): never with its password.
 */
public final class BaseUrl {

    private final URI uri;
    private final String prefix;

    private BaseUrl(URI uri) {
        this.uri = uri;
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        this.prefix = uri.getScheme().toLowerCase(Locale.ROOT) + "://" + uri.getRawAuthority() + path;
    }

    public static BaseUrl parse(String text, boolean allowInsecureHttp) {
        return parse(text, allowInsecureHttp, null);
    }

    public static BaseUrl parse(String text, boolean allowInsecureHttp, String origin) {
        String named = "the base URL '" + withoutCredentials(text) + "'" + (origin == null ? "" : " (from " + origin + ")");
        // First, and on the text: a URL that carries a password is never shown, whatever else is wrong with it.
        if (credentialsEnd(text) > 0) {
            throw new IllegalArgumentException(named + " must not carry credentials (user:password@); "
                    + "the key goes in --api-key-file or USERLOOKUP_API_KEY");
        }
        String trimmed = text.trim();
        if (!trimmed.contains("://") && !trimmed.regionMatches(true, 0, "http:", 0, 5) && !trimmed.regionMatches(true, 0, "https:", 0, 6)) {
            throw new IllegalArgumentException(named + " has no http:// or https://" + withScheme(trimmed));
        }
        URI uri;
        try {
            uri = new URI(trimmed);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(named + " is not a URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http")) {
            throw new IllegalArgumentException(named + " must start with https:// (or http:// for a local service)");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new IllegalArgumentException(named + " has no host");
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new IllegalArgumentException(named + " must not have a query or fragment");
        }
        if (scheme.equals("http") && !allowInsecureHttp && !isLoopback(uri.getHost())) {
            throw new IllegalArgumentException("refusing to send the API key in clear text to " + uri.getHost()
                    + "; use https://, or --allow-insecure-http if you must");
        }
        return new BaseUrl(uri);
    }

    /** The text with the credentials it carries, if any, shown as {@code ***} ({@code https://***@host/path}). */
    public static String withoutCredentials(String text) {
        int end = credentialsEnd(text);
        if (end <= 0) {
            return text;
        }
        return text.substring(0, authorityStart(text)) + "***" + text.substring(end);
    }

    /**
     * Where the credentials of the text, read as a URL, end (at their last {@code @}, which stays),
     * or -1 when there are none: an {@code @} in its authority (after {@code scheme://}, or from the
     * start when it has no scheme, up to the first {@code /}, {@code ?} or {@code #}). Read on the
     * text, not by {@link URI}: a password with an {@code @} of its own, or a character URI refuses,
     * makes no authority URI can read, and the password would then show in the words about that.
     */
    private static int credentialsEnd(String text) {
        if (text == null) {
            return -1;
        }
        int start = authorityStart(text);
        int end = start;
        while (end < text.length() && "/?#".indexOf(text.charAt(end)) < 0) {
            end++;
        }
        return text.lastIndexOf('@', end - 1) >= start ? text.lastIndexOf('@', end - 1) : -1;
    }

    private static int authorityStart(String text) {
        int start = 0;
        while (start < text.length() && Character.isWhitespace(text.charAt(start))) {
            start++;
        }
        Matcher scheme = SCHEME.matcher(text).region(start, text.length());
        if (scheme.lookingAt()) {
            return scheme.end();
        }
        return text.startsWith("//", start) ? start + 2 : start;
    }

    private static final Pattern SCHEME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*://");

    /**
     * "; did you mean https://api.example.test?" for a host and path typed without a scheme
     * (http:// for a loopback host, where a local service listens), or nothing when it still
     * would not be a URL.
     */
    private static String withScheme(String text) {
        String rest = text.startsWith("//") ? text.substring(2) : text;
        try {
            String host = new URI("https://" + rest).getHost();
            if (host == null || host.isEmpty()) {
                return "";
            }
            return "; did you mean " + (isLoopback(host) ? "http://" : "https://") + rest + "?";
        } catch (URISyntaxException notEvenThen) {
            return "";
        }
    }

    /** localhost, 127.0.0.0/8 or ::1, decided without a DNS look-up. */
    static boolean isLoopback(String host) {
        String name = IpLiteral.bare(host);
        if (name.equals("localhost") || name.endsWith(".localhost")) {
            return true;
        }
        InetAddress address = IpLiteral.address(name);
        return address != null && address.isLoopbackAddress();
    }

    public boolean isHttps() {
        return prefix.startsWith("https:");
    }

    /** The URL of an API path such as {@code /v2/user/}, keeping the base's path prefix. */
    public URI resolve(String encodedPath) {
        return URI.create(prefix + encodedPath);
    }

    public URI uri() {
        return uri;
    }

    @Override
    public String toString() {
        return prefix;
    }
}
