package dev.userlookup.doctor;

import dev.userlookup.ExitCode;
import dev.userlookup.network.tls.CaFile;
import dev.userlookup.output.ShellCommand;
import dev.userlookup.service.ServiceClient;
import dev.userlookup.settings.Settings;
import dev.userlookup.settings.SettingsResolver;
import dev.userlookup.settings.Sourced;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Settings that are missing or wrong stop it before the network: without them the steps would
 * test something other than what the commands use.
 */
public final class Doctor {

    private Doctor() {
    }

    public static DoctorReport examine(SettingsResolver.Inspection inspection, List<String> warnings, Supplier<ServiceClient> client,
            Clock clock, ShellCommand verboseRequest) {
        Settings settings = inspection.settings();
        List<SettingLine> lines = settingLines(settings);
        if (!inspection.ok()) {
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
        HttpStep.Outcome outcome = HttpStep.run(client.get(), clock, settings.apiKey().origin(), verboseRequest);
        steps.add(outcome.http());
        if (outcome.clock() != null) {
            steps.add(outcome.clock());
        }
        if (outcome.keyRefused()) {
            return new DoctorReport(lines, warnings, List.of(), steps, ExitCode.AUTH, "the key was refused: " + outcome.http().problem(),
                    outcome.http().next());
        }
        if (!outcome.http().ok()) {
            return unreachable(lines, warnings, steps, outcome.http());
        }
        return new DoctorReport(lines, warnings, List.of(), steps, ExitCode.OK, "all well", null);
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
        List<String> paths = new ArrayList<>();
        List<String> origins = new ArrayList<>();
        for (Sourced<CaFile> file : settings.caFiles()) {
            paths.add(file.value().path().toString());
            origins.add(file.origin());
        }
        lines.add(new SettingLine("ca_files", "CA files", paths, origins.isEmpty() ? "default" : String.join(", ", origins)));
        lines.add(new SettingLine("proxy", "proxy", proxyShown(settings),
                settings.proxy() == null ? "default" : "environment " + settings.proxy().variable()));
        lines.add(line("timeout", "timeout", settings.timeout().value().toMillis() / 1000.0, settings.timeout()));
        lines.add(line("retries", "retries", settings.retries().value(), settings.retries()));
        lines.add(line("output", "output", settings.output().value().id(), settings.output()));
        return lines;
    }

    /** The proxy's address; its credentials, when it has any, as ***. */
    private static String proxyShown(Settings settings) {
        if (settings.proxy() == null) {
            return null;
        }
        return settings.proxy().hasCredentials()
                ? "http://***@" + settings.proxy().host() + ":" + settings.proxy().port()
                : settings.proxy().address();
    }

    private static SettingLine line(String name, String label, Object value, Sourced<?> sourced) {
        return new SettingLine(name, label, value, sourced.origin());
    }
}
