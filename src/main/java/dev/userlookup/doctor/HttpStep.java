package dev.userlookup.doctor;

import dev.userlookup.service.ServiceClient;
import dev.userlookup.service.ServiceException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The request itself, {@code list --limit 1}, through the real client (retries, proxy, TLS and
 * all), and the service's {@code Date} against the local clock.
 */
final class HttpStep {

    /** Past this the clock is worth a word: certificates and signed links start to look wrong. */
    static final long SKEW_WARNING_SECONDS = 60;
    private static final Pattern STATUS = Pattern.compile("\\(HTTP (\\d{3})\\)");

    /** The HTTP step, the clock step when the service sent a Date, and whether the key was refused. */
    record Outcome(Step http, Step clock, boolean keyRefused) {
    }

    private HttpStep() {
    }

    /** What the service said goes into the step as it is: the reports take the key out of every text they show. */
    static Outcome run(ServiceClient client, Clock clock, String keyOrigin) {
        long started = System.nanoTime();
        try {
            client.list(0L, 1);
            long ms = (System.nanoTime() - started) / 1_000_000;
            Instant local = clock.instant();
            Map<String, Object> facts = new LinkedHashMap<>();
            facts.put("status", 200);
            Step http = Step.passed("http", ms, facts, "GET /v2/user/?offset=0&limit=1: 200");
            return new Outcome(http, clockStep(client.lastDate(), local), false);
        } catch (ServiceException e) {
            long ms = (System.nanoTime() - started) / 1_000_000;
            String problem = e.getMessage();
            boolean refused = e instanceof ServiceException.AuthRefused;
            String next;
            if (refused) {
                next = "check the key from " + keyOrigin + ": it may be for another service or environment, or revoked; ask for a new one";
            } else if (problem.contains("(HTTP 5") || problem.contains("busy")) {
                next = "the service is failing, not this machine: try again later, or ask its operators";
            } else {
                next = "run 'userlookup -v list --limit 1' to see the request and its answer";
            }
            Step http = new Step("http", false, ms, statusFacts(problem), null, problem, next);
            return new Outcome(http, null, refused);
        }
    }

    private static Map<String, Object> statusFacts(String problem) {
        Map<String, Object> facts = new LinkedHashMap<>();
        Matcher status = STATUS.matcher(problem);
        if (status.find()) {
            facts.put("status", Integer.parseInt(status.group(1)));
        }
        return facts;
    }

    /** The skew in seconds, the service's clock minus this machine's: positive when this one is behind. */
    static Step clockStep(String date, Instant local) {
        if (date == null) {
            return null;
        }
        Instant service;
        try {
            service = ZonedDateTime.parse(date.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        } catch (DateTimeParseException unreadable) {
            return null;
        }
        // Date has whole seconds: a skew below one second is none.
        long skew = Duration.between(local, service).toSeconds();
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("service_date", date.trim());
        facts.put("skew_seconds", skew);
        String summary = skew == 0 ? "in step with the service" : "this machine is " + Math.abs(skew) + " s "
                + (skew > 0 ? "behind" : "ahead of") + " the service";
        if (Math.abs(skew) > SKEW_WARNING_SECONDS) {
            summary += "; set the clock right (NTP): certificates may look not yet valid or expired";
        }
        return new Step("clock", true, null, facts, summary, null, null);
    }
}
