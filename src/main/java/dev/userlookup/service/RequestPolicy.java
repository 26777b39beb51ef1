package dev.userlookup.service;

import dev.userlookup.network.ClientSettings;
import dev.userlookup.network.HttpTransport;
import dev.userlookup.network.Response;
import dev.userlookup.network.TransportFailure;

import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;

/**
 * What to do with each answer to a GET: retry (backoff with full jitter, Retry-After honoured
 * up to a bound; 429 and 503 pause the whole run through its {@link Pace}), follow a redirect within the same origin only (the key stays with the
 * service), or turn the status into its kind of {@link ServiceException}.
 */
final class RequestPolicy {

    private static final Set<Integer> RETRIED_STATUSES = Set.of(408, 429, 500, 502, 503, 504);
    /** The service's own word that it is overloaded: these slow the whole run ({@link Pace}). */
    private static final Set<Integer> THROTTLE_STATUSES = Set.of(429, 503);
    private static final Set<Integer> REDIRECT_STATUSES = Set.of(301, 302, 303, 307, 308);
    private static final int MAX_REDIRECTS = 5;

    private final ClientSettings settings;
    private final HttpTransport transport;
    private final Pace pace;

    RequestPolicy(ClientSettings settings, HttpTransport transport) {
        this.settings = settings;
        this.transport = transport;
        this.pace = new Pace(settings.retryBaseDelay(), settings.timing());
    }

    /** A 2xx response to GET {@code uri}, or the exception that says why there is none. */
    Response get(String operation, URI uri, boolean notFoundMeansNoUser) {
        long ticket = pace.ticket();
        try {
            return attempts(operation, uri, notFoundMeansNoUser, ticket);
        } catch (Pace.GaveUp gaveUp) {
            // Named as this request, so a walk or a batch says where it stopped, with the service's status.
            ServiceException failure = gaveUp.failure();
            throw new ServiceException.Unavailable(operation, failure.decidedBy(), failure.reason(), null,
                    "another request of this run gave up after its retries, so this one was not sent again");
        } finally {
            pace.done(ticket);
        }
    }

    private Response attempts(String operation, URI uri, boolean notFoundMeansNoUser, long ticket) {
        URI target = uri;
        int redirects = 0;
        int retry = 0;
        while (true) {
            Response response;
            try (Pace.Slot slot = pace.enter(ticket)) {
                try {
                    response = transport.exchange(target);
                } catch (TransportFailure failure) {
                    slot.close();
                    if (failure.retryable && retry < settings.retries()) {
                        Duration wait = pace.backoff(retry);
                        notice(operation, wait, failure.getMessage(), ++retry);
                        pace.sleep(wait);
                        continue;
                    }
                    throw new ServiceException.Unavailable(operation, failure.getMessage(), null,
                            StatusErrors.retryNote(retry), failure.getCause());
                }
                int status = response.status();
                if (status >= 200 && status < 300) {
                    slot.succeeded();
                    return response;
                }
                response.release();
                if (REDIRECT_STATUSES.contains(status) && response.location() != null) {
                    slot.succeeded();
                    target = sameOriginRedirect(operation, target, response.location(), ++redirects);
                    continue;
                }
                if (RETRIED_STATUSES.contains(status)) {
                    RetryAfter asked = RetryAfter.parse(response.retryAfter(), settings.timing().wallClock().instant());
                    if (asked != null && asked.longerThan(ClientSettings.MAX_RETRY_AFTER)) {
                        ServiceException busy = new ServiceException.Unavailable(operation, ServiceException.Answered.of(status, response.date()),
                                "the service is busy (HTTP " + status + ")", StatusErrors.detail(response),
                                asked.whenToTryAgain(java.time.ZonedDateTime.now(settings.timing().wallClock())));
                        pace.gaveUp(busy);
                        throw busy;
                    }
                    if (retry < settings.retries()) {
                        if (THROTTLE_STATUSES.contains(status)) {
                            // The whole run slows: the pause is shared, and enter() waits it out.
                            Duration pause = slot.throttled(asked == null ? null : asked.delay());
                            notice(operation, pause, "HTTP " + status, ++retry);
                        } else {
                            slot.close();
                            Duration wait = asked != null ? asked.delay() : pace.backoff(retry);
                            notice(operation, wait, "HTTP " + status, ++retry);
                            pace.sleep(wait);
                        }
                        continue;
                    }
                }
                ServiceException failure = StatusErrors.of(operation, response, notFoundMeansNoUser, retry, settings.baseUrl(), settings.proxy());
                if (THROTTLE_STATUSES.contains(status)) {
                    pace.gaveUp(failure);
                }
                throw failure;
            }
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

    /** Whether an answer with this status may be otherwise a moment later: the statuses retried. */
    static boolean passing(int status) {
        return RETRIED_STATUSES.contains(status);
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

    private void notice(String operation, Duration wait, String reason, int retry) {
        settings.verboseLog().accept(String.format(Locale.ROOT, "* retry %d of %d in %.1f s after %s",
                retry, settings.retries(), wait.toMillis() / 1000.0, reason));
        settings.retryNotice().accept(String.format(Locale.ROOT, "%s: %s; retry %d of %d in %.1f s",
                operation, reason, retry, settings.retries(), wait.toMillis() / 1000.0));
    }
}
