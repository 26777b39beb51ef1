package dev.userlookup.doctor;

import dev.userlookup.output.ShellCommand;
import dev.userlookup.service.ServiceClient;
import dev.userlookup.ExitCode;
import dev.userlookup.settings.Settings;
import dev.userlookup.settings.SettingsResolver;
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
        List<SettingLine> lines = SettingLines.of(settings);
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
        HttpStep.Outcome outcome = HttpStep.run(client.get(), clock, settings.apiKey().origin().description(), verboseRequest);
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
}
