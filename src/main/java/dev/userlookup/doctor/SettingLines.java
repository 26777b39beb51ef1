package dev.userlookup.doctor;

import dev.userlookup.network.tls.CaFile;
import dev.userlookup.settings.Settings;
import dev.userlookup.settings.Sourced;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The settings of a run as doctor lists them, in a fixed order. The key appears only by length. */
final class SettingLines {

    private SettingLines() {
    }

    static List<SettingLine> of(Settings settings) {
        List<SettingLine> lines = new ArrayList<>();
        lines.add(line("base_url", "base URL", settings.baseUrl().value() == null ? null : settings.baseUrl().value().toString(),
                settings.baseUrl()));
        lines.add(line("profile", "profile", settings.profile().value(), settings.profile()));
        lines.add(line("key", "key", settings.apiKey().value() == null ? null : settings.apiKey().value().length(), settings.apiKey()));
        List<String> paths = new ArrayList<>();
        List<String> origins = new ArrayList<>();
        for (Sourced<CaFile> file : settings.caFiles()) {
            paths.add(file.value().path().toString());
            origins.add(file.origin().description());
        }
        lines.add(new SettingLine("ca_files", "CA files", paths, origins.isEmpty() ? "default" : String.join(", ", origins)));
        lines.add(new SettingLine("proxy", "proxy", proxyShown(settings),
                settings.proxy() == null ? "default" : "environment " + settings.proxy().variable()));
        lines.add(line("timeout", "timeout", settings.timeout().value() == null ? null
                : settings.timeout().value().toMillis() / 1000.0, settings.timeout()));
        lines.add(line("retries", "retries", settings.retries().value(), settings.retries()));
        lines.add(line("output", "output", settings.output().value() == null ? null
                : settings.output().value().name().toLowerCase(Locale.ROOT), settings.output()));
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
        return new SettingLine(name, label, value, sourced.origin().description());
    }
}
