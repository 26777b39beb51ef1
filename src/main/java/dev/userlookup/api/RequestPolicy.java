package dev.userlookup.api;

import java.net.URI;
import java.time.Duration;
import java.time.LocalTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What to do with each answer to a GET: retry (backoff with full jitter, Retry-After honoured
 * up to a bound), follow a redirect within the same origin only (the key stays with the
 * service), or turn the status into its kind of {@link ServiceException}.
 */
final class RequestPolicy {

    private static final Set<Integer> RETRIED_STATUSES = Set.of(408, 429, 500, 502, 503, 504);
    private static final Set<Integer> REDIRECT_STATUSES = Set.of(301, 302, 303, 307, 308);
    private static final int MAX_REDIRECTS = 5;

    private final ClientSettings settings;
    private final HttpTransport transport;

    RequestPolicy(ClientSettings settings, HttpTransport transport) {
        this.settings = settings;
        this.transport = transport;
    }

    /** A 2xx response to GET {@code uri}, or the exception that says why there is none. */
    Response get(String operation, URI uri, boolean notFoundMeansNoUser) {
        URI target = uri;
        int redirects = 0;
        int retry = 0;
        while (true) {
            Response response;
            try {
                response = transport.exchange(target);
            } catch (TransportFailure failure) {
                if (failure.retryable && retry < settings.retries()) {
                    pause(operation, backoff(retry), failure.getMessage(), ++retry);
                    continue;
                }
                throw new ServiceException.Unavailable(operation, failure.getMessage(), null,
                        StatusErrors.retryNote(retry), failure.getCause());
            }
            int status = response.status();
            if (status >= 200 && status < 300) {
                return response;
            }
            if (REDIRECT_STATUSES.contains(status) && response.location() != null) {
                target = sameOriginRedirect(operation, target, response.location(), ++redirects);
                continue;
            }
            if (RETRIED_STATUSES.contains(status)) {
                Duration wait = retryAfter(response.retryAfter());
                if (wait != null && wait.compareTo(ClientSettings.MAX_RETRY_AFTER) > 0) {
                    throw new ServiceException.Unavailable(operation, "the service is busy (HTTP " + status + ")",
                            StatusErrors.detail(response), "it asks to wait " + wait.toSeconds() + " s: try again after "
                                    + DateTimeFormatter.ISO_LOCAL_TIME.format(LocalTime.now().plus(wait).withNano(0)), null);
                }
                if (retry < settings.retries()) {
                    pause(operation, wait != null ? wait : backoff(retry), "HTTP " + status, ++retry);
                    continue;
                }
            }
            throw StatusErrors.of(operation, response, notFoundMeansNoUser, retry, settings.baseUrl(), settings.proxy());
        }
    }

    private URI sameOriginRedirect(String operation, URI from, String location, int redirects) {
        URI to;
        try {
            to = from.resolve(location.trim());
        } catch (IllegalArgumentException e) {
            throw new ServiceException.Unavailable(operation, "redirected to an unreadable location", null, null, e);
        }
        if (!sameOrigin(from, to)) {
            throw new ServiceException.Unavailable(operation, "redirected to another origin (" + origin(to) + ")", null,
                    "not followed, so the key is not sent there; check the base URL", null);
        }
        if (redirects > MAX_REDIRECTS) {
            throw new ServiceException.Unavailable(operation, "too many redirects", null, null, null);
        }
        settings.verboseLog().accept("* redirected to " + to);
        return to;
    }

    static boolean sameOrigin(URI a, URI b) {
        return a.getScheme() != null && a.getScheme().equalsIgnoreCase(b.getScheme())
                && a.getHost() != null && a.getHost().equalsIgnoreCase(b.getHost())
                && effectivePort(a) == effectivePort(b);
    }

    private static int effectivePort(URI uri) {
        if (uri.getPort() != -1) {
            return uri.getPort();
        }
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    private static String origin(URI uri) {
        return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() == -1 ? "" : ":" + uri.getPort());
    }

    /** Full jitter: a random wait between 0 and base x 2^retry. */
    private Duration backoff(int retry) {
        long ceiling = settings.retryBaseDelay().toMillis() << Math.min(retry, 10);
        return Duration.ofMillis(ThreadLocalRandom.current().nextLong(ceiling + 1));
    }

    private void pause(String operation, Duration wait, String reason, int retry) {
        settings.verboseLog().accept(String.format(Locale.ROOT, "* retry %d of %d in %.1f s after %s",
                retry, settings.retries(), wait.toMillis() / 1000.0, reason));
        settings.retryNotice().accept(String.format(Locale.ROOT, "%s: %s; retry %d of %d in %.1f s",
                operation, reason, retry, settings.retries(), wait.toMillis() / 1000.0));
        try {
            Thread.sleep(wait.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        }
    }

    /** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
    static Duration retryAfter(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String value = header.trim();
        try {
            return Duration.ofSeconds(Math.max(0, Long.parseLong(value)));
        } catch (NumberFormatException notSeconds) {
            try {
                ZonedDateTime when = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME);
                Duration wait = Duration.between(ZonedDateTime.now(when.getZone()), when);
                return wait.isNegative() ? Duration.ZERO : wait;
            } catch (DateTimeParseException unreadable) {
                return null;
            }
        }
    }
}
