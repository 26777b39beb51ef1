package dev.userlookup.network;

import java.net.Authenticator;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.PasswordAuthentication;
import java.net.ProxySelector;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Read from the environment as curl reads it: java.net.http reads none of it. Credentials in the
 * proxy URL go to the proxy only, when it asks (407), never to the service.
 */
public final class ProxyConfig {

    private final URI proxy;
    private final String variable;
    private final String user;
    private final char[] password;
    private final List<String> noProxy;
    /** Whether the authenticator gave the credentials out: a 407 after that is a refused login. */
    private final AtomicBoolean answered = new AtomicBoolean();
    /** Whether it was asked again after that: the proxy turned the credentials down. */
    private final AtomicBoolean askedAgain = new AtomicBoolean();
    /** Whether the authenticator was asked to answer the service's own 401. */
    private final AtomicBoolean askedByTheService = new AtomicBoolean();

    private ProxyConfig(URI proxy, String variable, String user, char[] password, List<String> noProxy) {
        this.proxy = proxy;
        this.variable = variable;
        this.user = user;
        this.password = password;
        this.noProxy = noProxy;
    }

    public static ProxyConfig fromEnvironment(Map<String, String> env, URI target) {
        // A loopback service is on this machine: a proxy could not reach it, and plain http
        // would carry the key in clear text to the proxy's host.
        if (BaseUrl.isLoopback(target.getHost())) {
            return null;
        }
        boolean https = "https".equalsIgnoreCase(target.getScheme());
        String name = https ? "https_proxy" : "http_proxy";
        String variable = isSet(env.get(name)) ? name : name.toUpperCase(Locale.ROOT);
        String value = env.get(variable);
        if (!isSet(value)) {
            return null;
        }
        List<String> noProxy = parseNoProxy(isSet(env.get("no_proxy")) ? env.get("no_proxy") : env.get("NO_PROXY"));
        URI proxy = parseProxyUrl(value, name.toUpperCase(Locale.ROOT));
        String user = null;
        char[] password = null;
        if (proxy.getRawUserInfo() != null) {
            String[] parts = proxy.getRawUserInfo().split(":", 2);
            user = URLDecoder.decode(parts[0], StandardCharsets.UTF_8);
            password = parts.length > 1 ? URLDecoder.decode(parts[1], StandardCharsets.UTF_8).toCharArray() : new char[0];
        }
        ProxyConfig config = new ProxyConfig(proxy, variable, user, password, noProxy);
        return config.bypasses(target.getHost()) ? null : config;
    }

    private static URI parseProxyUrl(String value, String variable) {
        String text = value.trim();
        if (!text.contains("://")) {
            text = "http://" + text;
        }
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(variable + " is not a URL: " + e.getReason());
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http")) {
            throw new IllegalArgumentException(variable + " uses " + scheme + "://, but only http:// proxies are supported");
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException(variable + " has no host");
        }
        return uri;
    }

    static List<String> parseNoProxy(String value) {
        List<String> entries = new ArrayList<>();
        if (value != null) {
            for (String entry : value.split(",")) {
                String trimmed = entry.trim();
                trimmed = IpLiteral.bare(trimmed.startsWith(".") ? trimmed.substring(1) : trimmed);
                if (!trimmed.isEmpty()) {
                    entries.add(trimmed);
                }
            }
        }
        return entries;
    }

    boolean bypasses(String host) {
        String name = IpLiteral.bare(host);
        for (String entry : noProxy) {
            if (entry.equals("*") || name.equals(entry) || name.endsWith("." + entry) || inRange(name, entry)) {
                return true;
            }
        }
        return false;
    }

    /** {@code 10.0.0.0/8}-style entries, for IP-literal hosts only (no DNS look-up). */
    private static boolean inRange(String host, String entry) {
        int slash = entry.indexOf('/');
        InetAddress hostAddress = slash < 0 ? null : IpLiteral.address(host);
        InetAddress networkAddress = hostAddress == null ? null : IpLiteral.address(entry.substring(0, slash));
        if (networkAddress == null) {
            return false;
        }
        try {
            byte[] address = hostAddress.getAddress();
            byte[] network = networkAddress.getAddress();
            int bits = Integer.parseInt(entry.substring(slash + 1));
            if (address.length != network.length || bits < 0 || bits > address.length * 8) {
                return false;
            }
            for (int i = 0; i < bits; i++) {
                int mask = 0x80 >> (i % 8);
                if ((address[i / 8] & mask) != (network[i / 8] & mask)) {
                    return false;
                }
            }
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static boolean isSet(String value) {
        return value != null && !value.isBlank();
    }

    /** The proxy's address, without credentials, for --verbose. */
    public String display() {
        return address() + (user == null ? "" : " (with credentials)");
    }

    /** {@code http://host:port}, never the credentials. */
    public String address() {
        return "http://" + proxy.getHost() + ":" + port();
    }

    public String host() {
        return proxy.getHost();
    }

    public String variable() {
        return variable;
    }

    /** What a 407 means: credentials turned down, or none given. Never retried either way. */
    public String refusedCredentials() {
        if (user == null) {
            return "the proxy " + address() + " asks for credentials (HTTP 407); give them in " + variable
                    + " as http://USER:PASSWORD@" + proxy.getHost() + ":" + port();
        }
        if (!answered.get()) {
            // java.net.http did not ask: a scheme the proxy wants that this JVM's options disable.
            return "the proxy " + address() + " asks for credentials (HTTP 407) in a way this Java does not send them"
                    + " (check jdk.http.auth.tunneling.disabledSchemes in USERLOOKUP_JAVA_OPTS)";
        }
        return "the proxy " + address() + " refused its credentials (HTTP 407); check the user and password in " + variable
                + " (not retried: repeated bad logins can lock the account)";
    }

    public int port() {
        return proxy.getPort() == -1 ? 80 : proxy.getPort();
    }

    /** Unresolved: the proxy's name is looked up as the client connects, as any host's. */
    ProxySelector selector() {
        return ProxySelector.of(InetSocketAddress.createUnresolved(proxy.getHost(), port()));
    }

    /**
     * Answers the proxy's 407 with the URL's credentials, once a run; never answers the service.
     * java.net.http asks again when the proxy turns the credentials down, up to four times a
     * request, and each is a failed login on a company account that locks after a few: asked a
     * second time, this says no, the 407 comes back, and it is not retried. Once accepted,
     * java.net.http sends them on its own to every later request through the proxy.
     */
    Authenticator authenticator() {
        return new Authenticator() {
            @Override
            protected PasswordAuthentication getPasswordAuthentication() {
                if (getRequestorType() != RequestorType.PROXY) {
                    askedByTheService.set(true);
                    return null;
                }
                if (answered.getAndSet(true)) {
                    askedAgain.set(true);
                    return null;
                }
                return new PasswordAuthentication(user, password.clone());
            }
        };
    }

    /** Whether the proxy turned the credentials down: java.net.http asked for them again after a 407. */
    boolean refusedTheCredentials() {
        return askedAgain.get();
    }

    /**
     * Whether java.net.http ended a request on the service's own 401 (the key refused): given the
     * authenticator, it takes every 401 for itself and fails one without WWW-Authenticate, or one
     * with Basic once the authenticator says no. The answer's body is gone by then.
     */
    boolean endedOnTheServicesRefusal(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage();
            if (message != null && (message.contains("WWW-Authenticate header missing")
                    || message.contains("No credentials provided") && askedByTheService.get() && !askedAgain.get())) {
                return true;
            }
        }
        return false;
    }

    public boolean hasCredentials() {
        return user != null;
    }

    /**
     * The {@code Proxy-Authorization} value for a CONNECT that doctor sends itself, when the URL
     * has credentials. For the proxy only: never logged, never sent to the service.
     */
    public String basicAuthorization() {
        String pair = user + ":" + new String(password);
        return "Basic " + java.util.Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8));
    }
}
