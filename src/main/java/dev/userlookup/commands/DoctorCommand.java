package dev.userlookup.commands;

import dev.userlookup.console.Console;
import dev.userlookup.settings.SettingsResolver;
import dev.userlookup.doctor.Doctor;
import dev.userlookup.doctor.DoctorReport;
import dev.userlookup.doctor.JsonReport;
import dev.userlookup.doctor.TextReport;
import dev.userlookup.output.ShellCommand;
import dev.userlookup.settings.OutputFormat;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import dev.userlookup.commands.help.HelpLayout;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code userlookup doctor}: where each setting comes from, and one request taken apart. */
@Command(
        name = "doctor",
        header = "Show where each setting comes from and take one request apart.",
        customSynopsis = "userlookup [OPTIONS] doctor",
        description = "Lists every setting with its origin (option, environment variable, profile in its file, default; "
                + "the key only by origin and length), then sends one 'list --limit 1' and shows each step: DNS, TCP connect, "
                + "the proxy's CONNECT, TLS (version, cipher, HTTP/2 or 1.1, certificate subject, issuer, expiry, whether a "
                + "--ca-cert was needed), the HTTP status and time, and the clock against the service's Date. "
                + "Exit 0 all well, 2 settings missing or wrong, 4 the key refused, 5 a step failed (named). "
                + "-o json (the default when not on a terminal) gives one document for CI.",
        footer = {
            HelpLayout.GLOBAL_OPTIONS,
            "",
            "Examples:",
            "  userlookup doctor",
            "  userlookup --profile sandbox doctor",
            "  userlookup doctor -o json | jq '.steps[] | select(.ok | not)'",
        })
final class DoctorCommand implements Callable<Integer> {

    private final Factory factory;

    @Mixin
    HelpLayout.HelpOption help;

    DoctorCommand(Factory factory) {
        this.factory = factory;
    }

    @Override
    public Integer call() throws IOException {
        List<String> warnings = new ArrayList<>();
        SettingsResolver.Inspection inspection = factory.inspectSettings(warnings::add);
        // What doctor suggests running carries the options that chose these settings (--profile, --base-url, ...).
        ShellCommand verboseRequest = factory.options().givenCommandLine().running("-v", "list").plus("--limit", "1");
        DoctorReport report = Doctor.examine(inspection, warnings, factory::client, Clock.systemUTC(), verboseRequest);
        // A checklist for a person (table); every other format gets the one JSON document.
        Console console = factory.console();
        int width = console.terminal().stdoutIsTerminal() ? console.terminal().width() : 0;
        String text = inspection.settings().output().value() == OutputFormat.TABLE
                ? TextReport.render(report, factory.console()::redact, width)
                : JsonReport.render(report, factory.console()::redact);
        console.printWhole(text);
        return report.exit();
    }
}
