package dev.userlookup.service;

import dev.userlookup.Version;
import dev.userlookup.network.ClientSettings;
import dev.userlookup.network.Request;
import dev.userlookup.network.Response;
import dev.userlookup.network.Transport;
import dev.userlookup.network.TransportFailure;

import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;

/**
 * Redirects are followed within the same origin only, so the key stays with the service. A refusal
 * for the service's load is retried as long as the service answers others, not {@code --retries} times.
 */
final class RequestPolicy {

    private static final Set<Integer> RETRIED_STATUSES = Set.of(408, 429, 500, 502, 503, 504);
    /** The service's own word that it is overloaded: these slow the whole run ({@link Pace}). */
    private static final Set<Integer> THROTTLE_STATUSES = Set.of(429, 503);
    private static final Set<Integer> REDIRECT_STATUSES = Set.of(301, 302, 303, 307, 308);
    private static final int MAX_REDIRECTS = 5;

    private final ClientSettings settings;
    private final Transport transport;
    private final Pace pace;
    /** What the service's specification asks every request to carry. */
    private final Map<String, String> headers;

    RequestPolicy(ClientSettings settings, Transport transport) {
        this.settings = settings;
        this.transport = transport;
        this.pace = new Pace(settings.timing());
        this.headers = Map.of("x-service-api-key", settings.apiKey().value(), "Accept", "application/json",
                "User-Agent", "userlookup/" + Version.get());
    }

    Response get(String operation, URI uri, boolean notFoundMeansNoUser) {
        long request = pace.begin();
        URI target = uri;
        int redirects = 0;
        int retry = 0;
        int refusals = 0;
        while (true) {
            Response response;
            try (Pace.Slot slot = pace.enter(request, operation)) {
                try {
                    response = exchange(target);
                } catch (TransportFailure failure) {
                    slot.close();
                    unlessStopped();
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
                if (!RETRIED_STATUSES.contains(status)) {
                    slot.answered();  // whatever it says, the service took the request
                }
                if (status >= 200 && status < 300) {
                    return response;
                }
                response.release();
                if (REDIRECT_STATUSES.contains(status) && response.location() != null) {
                    target = sameOriginRedirect(operation, target, response.location(), ++redirects);
                    continue;
                }
                boolean refused = THROTTLE_STATUSES.contains(status);
                if (RETRIED_STATUSES.contains(status)) {
                    unlessStopped();
                    RetryAfter asked = RetryAfter.parse(response.retryAfter(), settings.timing().wallClock().instant());
                    if (asked != null && asked.longerThan(ClientSettings.MAX_RETRY_AFTER)) {
                        ServiceException busy = new ServiceException.Unavailable(operation, ServiceException.Answered.of(status, response.date()),
                                "the service is busy (HTTP " + status + ")", StatusErrors.detail(response, settings.apiKey()),
                                asked.whenToTryAgain(java.time.ZonedDateTime.now(settings.timing().wallClock())));
                        pace.gaveUp(busy);
                        throw busy;
                    }
                    if (refused && settings.retries() > 0 && pace.quiet().compareTo(ClientSettings.GIVE_UP_AFTER) < 0) {
                        // The whole run slows: the pause and the rate are shared, and enter() keeps to them.
                        Duration wait = slot.throttled(asked == null ? null : asked.delay());
                        refusalNotice(operation, wait, status, ++refusals);
                        continue;
                    }
                    if (!refused && retry < settings.retries()) {
                        slot.close();
                        Duration wait = asked != null ? asked.delay() : pace.backoff(retry);
                        notice(operation, wait, "HTTP " + status, ++retry);
                        pace.sleep(wait);
                        continue;
                    }
                }
                String note = refused && settings.retries() > 0
                        ? (refusals == 0 ? "gave up" : StatusErrors.retryNote(refusals)) + ": nothing answered for "
                                + ClientSettings.GIVE_UP_AFTER.toSeconds() + " s"
                        : StatusErrors.retryNote(retry);
                ServiceException failure = StatusErrors.of(operation, response, notFoundMeansNoUser, note, settings);
                if (refused) {
                    pace.gaveUp(failure);
                }
                throw failure;
            }
        }
    }

    /**
     * What a request meets once the run has stopped its thread (Ctrl-C, SIGTERM, the end of a walk
     * or batch) is the stop's doing: the JDK's client, shut down under it, fails it as a connection
     * failure before the thread sees its interrupt. It is neither retried nor announced.
     */
    private static void unlessStopped() {
        if (Thread.currentThread().isInterrupted()) {
            throw new CancellationException("interrupted");
        }
    }

    /** One exchange, in -v as it goes: the key only as {@code ***}, the answer with its time and protocol. */
    private Response exchange(URI target) throws TransportFailure {
        settings.verboseLog().accept("> GET " + target + "  (x-service-api-key: ***)");
        long started = System.nanoTime();
        Response response = transport.send(new Request(target, headers));
        settings.verboseLog().accept(String.format(Locale.ROOT, "< %d in %d ms, %d bytes (%s)",
                response.status(), (System.nanoTime() - started) / 1_000_000, response.body().length, response.protocol()));
        return response;
    }

    private URI sameOriginRedirect(String operation, URI from, String location, int redirects) {
        URI to;
        try {
            to = from.resolve(location.trim());
        } catch (IllegalArgumentException e) {
            throw new ServiceException.Unavailable(operation, "redirected to an unreadable location", null, null, e);
        }
        if (!sameOrigin(from, to)) {
            String origin = to.getScheme() + "://" + to.getHost() + (to.getPort() == -1 ? "" : ":" + to.getPort());
            throw new ServiceException.Unavailable(operation, "redirected to another origin (" + origin + ")", null,
                    "not followed, so the key is not sent there; check the base URL", null);
        }
        if (redirects > MAX_REDIRECTS) {
            throw new ServiceException.Unavailable(operation, "too many redirects", null, null, null);
        }
        settings.verboseLog().accept("* redirected to " + to);
        return to;
    }

    int inFlight() {
        return pace.inFlight();
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

    /** A refusal for the service's load: retried with no set number, as the run slows. */
    private void refusalNotice(String operation, Duration wait, int status, int refusals) {
        double perSecond = pace.perSecond();
        settings.verboseLog().accept(String.format(Locale.ROOT, "* retry %d in %.1f s after HTTP %d%s", refusals, wait.toMillis() / 1000.0,
                status, perSecond > 0 ? String.format(Locale.ROOT, " (the run slows to %.1f requests a second)", perSecond) : ""));
        settings.retryNotice().accept(String.format(Locale.ROOT, "%s: HTTP %d; retry %d in %.1f s",
                operation, status, refusals, wait.toMillis() / 1000.0));
    }

    private void notice(String operation, Duration wait, String reason, int retry) {
        settings.verboseLog().accept(String.format(Locale.ROOT, "* retry %d of %d in %.1f s after %s",
                retry, settings.retries(), wait.toMillis() / 1000.0, reason));
        settings.retryNotice().accept(String.format(Locale.ROOT, "%s: %s; retry %d of %d in %.1f s",
                operation, reason, retry, settings.retries(), wait.toMillis() / 1000.0));
    }
}
