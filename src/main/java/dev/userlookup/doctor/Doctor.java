package dev.userlookup.doctor;

import dev.userlookup.ExitCode;
import dev.userlookup.network.ProxyConfig;
import dev.userlookup.network.tls.CaFile;
import dev.userlookup.output.ShellCommand;
import dev.userlookup.service.ServiceClient;
import dev.userlookup.service.ServiceException;
import dev.userlookup.settings.Settings;
import dev.userlookup.settings.SettingsResolver;
import dev.userlookup.settings.Sourced;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Settings that are missing or wrong stop it before the network: without them the steps would
 * test something other than what the commands use. After the network's steps, the request itself,
 * {@code list --limit 1}, through the real client (retries, proxy, TLS and all), and the service's
 * {@code Date} against the local clock.
 */
public final class Doctor {

    /** Past this the clock is worth a word: certificates and signed links start to look wrong. */
    private static final long SKEW_WARNING_SECONDS = 60;
    /** The form HTTP asks senders to use (RFC 9110). */
    private static final DateTimeFormatter IMF_FIXDATE = DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private Doctor() {
    }

    public static DoctorReport examine(SettingsResolver.Inspection inspection, List<String> warnings, Supplier<ServiceClient> client,
            Clock clock, ShellCommand verboseRequest) {
        Settings settings = inspection.settings();
        List<SettingLine> lines = settingLines(settings);
        if (!inspection.problems().isEmpty()) {
            return new DoctorReport(lines, warnings, inspection.problems(), List.of(), ExitCode.USAGE,
                    "settings missing or wrong: " + inspection.problems().size() + " problem" + (inspection.problems().size() == 1 ? "" : "s"),
                    inspection.problems().get(0));
        }
        List<Step> steps = new ArrayList<>(new NetworkSteps(settings.baseUrl().value(), settings.proxy(), settings.caFileValues(),
                settings.timeout().value()).run());
        Step failed = steps.stream().filter(step -> !step.ok()).findFirst().orElse(null);
        if (failed != null) {
            return unreachable(lines, warnings, steps, failed);
        }
        ServiceClient service = client.get();
        long started = System.nanoTime();
        try {
            ServiceClient.ListAnswer answer = service.requestList(0L, 1);
            answer.read().release();
            long ms = Step.millisSince(started);
            Instant local = clock.instant();
            steps.add(Step.passed("http", ms, Step.facts("status", 200), "GET /v2/user/?offset=0&limit=1: 200"));
            Step clockStep = clockStep(answer.serviceDate(), local);
            if (clockStep != null) {
                steps.add(clockStep);
            }
            return new DoctorReport(lines, warnings, List.of(), steps, ExitCode.OK, "all well", null);
        } catch (ServiceException e) {
            Step http = httpFailed(e, Step.millisSince(started), settings.apiKey().origin(), verboseRequest);
            steps.add(http);
            if (e instanceof ServiceException.AuthRefused) {
                return new DoctorReport(lines, warnings, List.of(), steps, ExitCode.AUTH, "the key was refused: " + http.problem(),
                        http.next());
            }
            return unreachable(lines, warnings, steps, http);
        }
    }

    /** What the service said goes into the step as it is: the reports take the key out of every text they show. */
    private static Step httpFailed(ServiceException e, long ms, String keyOrigin, ShellCommand verboseRequest) {
        String next;
        ShellCommand command = null;
        if (e instanceof ServiceException.AuthRefused) {
            next = "check the key from " + keyOrigin + ": it may be for another service or environment, or revoked; ask for a new one";
        } else if (e.status().isPresent() && (e.status().getAsInt() >= 500 || e.status().getAsInt() == 429)) {
            // A 5xx or a 429: the service's own trouble, whatever its words say.
            next = "the service is failing, not this machine: try again later, or ask its operators";
        } else {
            next = "to see the request and its answer, run:";
            command = verboseRequest;
        }
        Map<String, Object> facts = e.status().isPresent() ? Step.facts("status", e.status().getAsInt()) : Map.of();
        return new Step("http", false, ms, facts, null, e.getMessage(), next, command);
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

    private static DoctorReport unreachable(List<SettingLine> lines, List<String> warnings, List<Step> steps, Step failed) {
        return new DoctorReport(lines, warnings, List.of(), steps, ExitCode.UNAVAILABLE,
                "the service is unreachable: step " + failed.name() + " failed: " + failed.problem(), failed.advice());
    }

    /** The settings of a run in a fixed order. The key appears only by length. */
    private static List<SettingLine> settingLines(Settings settings) {
        List<SettingLine> lines = new ArrayList<>();
        lines.add(line("base_url", "base URL", settings.baseUrl().value() == null ? null : settings.baseUrl().value().toString(),
                settings.baseUrl()));
        lines.add(line("profile", "profile", settings.profile().value(), settings.profile()));
        lines.add(line("key", "key", settings.apiKey().value() == null ? null : settings.apiKey().value().length(), settings.apiKey()));
        List<Sourced<CaFile>> caFiles = settings.caFiles();
        lines.add(new SettingLine("ca_files", "CA files", caFiles.stream().map(file -> file.value().path().toString()).toList(),
                caFiles.isEmpty() ? "default" : caFiles.stream().map(Sourced::origin).collect(Collectors.joining(", "))));
        // The proxy's address; its credentials, when it has any, as ***.
        ProxyConfig proxy = settings.proxy();
        String proxyShown = proxy == null ? null
                : proxy.hasCredentials() ? "http://***@" + proxy.host() + ":" + proxy.port() : proxy.address();
        lines.add(new SettingLine("proxy", "proxy", proxyShown, proxy == null ? "default" : "environment " + proxy.variable()));
        lines.add(line("timeout", "timeout", settings.timeout().value().toMillis() / 1000.0, settings.timeout()));
        lines.add(line("retries", "retries", settings.retries().value(), settings.retries()));
        lines.add(line("output", "output", settings.output().value().id(), settings.output()));
        return lines;
    }

    private static SettingLine line(String name, String label, Object value, Sourced<?> sourced) {
        return new SettingLine(name, label, value, sourced.origin());
    }
}
