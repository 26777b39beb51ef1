package dev.userlookup.doctor;

import dev.userlookup.terminal.SafeText;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The report as a checklist for a person: the settings with their origins, each step marked
 * {@code ok} or {@code FAIL} with what it found, then the verdict and what to do next. Every
 * line is redacted and escaped: server words cannot move the cursor or show the key.
 */
public final class TextReport {

    private TextReport() {
    }

    public static String render(DoctorReport report, UnaryOperator<String> redact) {
        StringBuilder out = new StringBuilder("Settings\n");
        int width = 0;
        for (SettingLine line : report.settings()) {
            width = Math.max(width, line.label().length());
        }
        for (SettingLine line : report.settings()) {
            out.append("  ").append(pad(line.label(), width)).append("  ").append(clean(shown(line), redact))
                    .append("   (").append(clean(line.origin(), redact)).append(")\n");
        }
        for (String warning : report.warnings()) {
            out.append("  warn ").append(clean(warning, redact)).append('\n');
        }
        for (String problem : report.problems()) {
            out.append("  FAIL ").append(clean(problem, redact)).append('\n');
        }
        if (!report.steps().isEmpty()) {
            out.append("\nOne request: list --limit 1\n");
            for (Step step : report.steps()) {
                out.append("  ").append(step.ok() ? "ok  " : "FAIL").append(' ').append(pad(step.name(), 7)).append(' ')
                        .append(clean(step.ok() ? step.summary() : step.problem(), redact))
                        .append(step.ms() == null ? "" : " (" + step.ms() + " ms)").append('\n');
                if (!step.ok()) {
                    out.append("       next: ").append(clean(step.next(), redact)).append('\n');
                }
            }
        }
        out.append('\n').append(report.ok() ? "All well" : "Verdict: " + clean(report.verdict(), redact))
                .append(" (exit ").append(report.exit()).append(")\n");
        if (report.next() != null && report.steps().isEmpty()) {
            out.append("Next: ").append(clean(report.next(), redact)).append('\n');
        }
        return out.toString();
    }

    private static String shown(SettingLine line) {
        Object value = line.value();
        if ("key".equals(line.name())) {
            return value == null ? "none" : value + " characters";
        }
        if (value instanceof List) {
            return ((List<?>) value).isEmpty() ? "none (the JDK's CAs only)" : String.join(", ", ((List<?>) value).stream().map(String::valueOf).toList());
        }
        if ("timeout".equals(line.name()) && value != null) {
            double seconds = (Double) value;
            return (seconds == Math.rint(seconds) ? String.valueOf((long) seconds) : String.valueOf(seconds)) + " s";
        }
        return value == null ? "none" : String.valueOf(value);
    }

    private static String clean(String text, UnaryOperator<String> redact) {
        return text == null ? "" : SafeText.escape(redact.apply(text));
    }

    private static String pad(String text, int width) {
        return text.length() >= width ? text : text + " ".repeat(width - text.length());
    }
}
