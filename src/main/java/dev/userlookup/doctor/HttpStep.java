package dev.userlookup.doctor;

import dev.userlookup.output.ShellCommand;
import dev.userlookup.service.ServiceClient;
import dev.userlookup.service.ServiceException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The request itself, {@code list --limit 1}, through the real client (retries, proxy, TLS and
 * all), and the service's {@code Date} against the local clock.
 */
final class HttpStep {

    /** Past this the clock is worth a word: certificates and signed links start to look wrong. */
    static final long SKEW_WARNING_SECONDS = 60;
    /** The form HTTP asks senders to use (RFC 9110). */
    private static final DateTimeFormatter IMF_FIXDATE = DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    record Outcome(Step http, Step clock, boolean keyRefused) {
    }

    private HttpStep() {
    }

    /** What the service said goes into the step as it is: the reports take the key out of every text they show. */
    static Outcome run(ServiceClient client, Clock clock, String keyOrigin, ShellCommand verboseRequest) {
        long started = System.nanoTime();
        try {
            ServiceClient.ListAnswer answer = client.requestList(0L, 1);
            answer.read().release();
            long ms = Step.millisSince(started);
            Instant local = clock.instant();
            Step http = Step.passed("http", ms, Step.facts("status", 200), "GET /v2/user/?offset=0&limit=1: 200");
            return new Outcome(http, clockStep(answer.serviceDate(), local), false);
        } catch (ServiceException e) {
            long ms = Step.millisSince(started);
            String problem = e.getMessage();
            boolean refused = e instanceof ServiceException.AuthRefused;
            String next;
            ShellCommand command = null;
            if (refused) {
                next = "check the key from " + keyOrigin + ": it may be for another service or environment, or revoked; ask for a new one";
            } else if (serviceFailing(e.status())) {
                next = "the service is failing, not this machine: try again later, or ask its operators";
            } else {
                next = "to see the request and its answer, run:";
                command = verboseRequest;
            }
            Map<String, Object> facts = e.status().isPresent() ? Step.facts("status", e.status().getAsInt()) : Map.of();
            Step http = new Step("http", false, ms, facts, null, problem, next, command);
            return new Outcome(http, null, refused);
        }
    }

    /** A 5xx or a 429: the service's own trouble, whatever its words say. */
    private static boolean serviceFailing(OptionalInt status) {
        return status.isPresent() && (status.getAsInt() >= 500 || status.getAsInt() == 429);
    }

    /** Positive when this machine's clock is behind. */
    static Step clockStep(Instant service, Instant local) {
        if (service == null) {
            return null;
        }
        // Date has whole seconds: a skew below one second is none.
        long skew = Duration.between(local, service).toSeconds();
        Map<String, Object> facts = Step.facts("service_date", IMF_FIXDATE.format(service), "skew_seconds", skew);
        String summary = skew == 0 ? "in step with the service" : "this machine is " + Math.abs(skew) + " s "
                + (skew > 0 ? "behind" : "ahead of") + " the service";
        if (Math.abs(skew) > SKEW_WARNING_SECONDS) {
            summary += "; set the clock right (NTP): certificates may look not yet valid or expired";
        }
        return new Step("clock", true, null, facts, summary, null, null, null);
    }
}
