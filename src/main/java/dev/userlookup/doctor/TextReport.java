package dev.userlookup.doctor;

import dev.userlookup.console.DisplayWidth;
import dev.userlookup.console.LineFit;
import dev.userlookup.console.SafeText;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Every line is redacted and escaped: server words cannot move the cursor or show the key. On a
 * terminal a long line goes on under its value's column, not wrapped by the terminal across the labels.
 */
public final class TextReport {

    private static final int MIN_TEXT_COLUMNS = 20;

    private TextReport() {
    }

    public static String render(DoctorReport report, UnaryOperator<String> redact, int width) {
        StringBuilder out = new StringBuilder("Settings\n");
        int labels = report.settings().stream().mapToInt(line -> line.label().length()).max().orElse(0);
        for (SettingLine line : report.settings()) {
            line(out, width, "  " + DisplayWidth.pad(line.label(), labels) + "  ",
                    clean(shown(line), redact) + "   (" + clean(line.origin(), redact) + ")");
        }
        for (String warning : report.warnings()) {
            line(out, width, "  warn ", clean(warning, redact));
        }
        for (String problem : report.problems()) {
            line(out, width, "  FAIL ", clean(problem, redact));
        }
        if (!report.steps().isEmpty()) {
            out.append("\nOne request: list --limit 1\n");
            for (Step step : report.steps()) {
                line(out, width, "  " + (step.ok() ? "ok  " : "FAIL") + ' ' + DisplayWidth.pad(step.name(), 7) + ' ',
                        clean(step.ok() ? step.summary() : step.problem(), redact) + (step.ms() == null ? "" : " (" + step.ms() + " ms)"));
                if (!step.ok()) {
                    advice(out, width, "       next: ", step, redact);
                }
            }
        }
        out.append('\n');
        line(out, width, "", (report.ok() ? "All well" : "Verdict: " + clean(report.verdict(), redact)) + " (exit " + report.exit() + ")");
        if (report.next() != null && report.steps().isEmpty()) {
            line(out, width, "", "Next: " + clean(report.next(), redact));
        }
        return out.toString();
    }

    private static void line(StringBuilder out, int width, String prefix, String text) {
        // Narrower than this beside its prefix, a line would break after nearly every word: the
        // terminal's own wrapping reads better then.
        if (width - prefix.length() < MIN_TEXT_COLUMNS) {
            out.append(prefix).append(text).append('\n');
            return;
        }
        String indent = prefix.isEmpty() ? "  " : " ".repeat(prefix.length());
        for (String fitted : LineFit.wrap(prefix + text, width, indent)) {
            out.append(fitted).append('\n');
        }
    }

    /** A command too long for one line is continued with {@code " \"}, so that it pastes as shown. */
    private static void advice(StringBuilder out, int width, String prefix, Step step, UnaryOperator<String> redact) {
        String words = clean(step.next(), redact);
        if (step.command() == null) {
            line(out, width, prefix, words);
            return;
        }
        String command = clean(step.command().toString(), redact);
        if (width - prefix.length() < MIN_TEXT_COLUMNS || DisplayWidth.of(prefix + words + " " + command) <= width) {
            out.append(prefix).append(words).append(' ').append(command).append('\n');
            return;
        }
        line(out, width, prefix, words);
        String indent = " ".repeat(prefix.length());
        for (String fitted : step.command().lines(width - indent.length())) {
            out.append(indent).append(clean(fitted, redact)).append('\n');
        }
    }

    private static String shown(SettingLine line) {
        Object value = line.value();
        if ("key".equals(line.name())) {
            return value == null ? "none" : value + " characters";
        }
        if (value instanceof List) {
            return ((List<?>) value).isEmpty() ? "none (the JDK's CAs only)" : String.join(", ", ((List<?>) value).stream().map(String::valueOf).toList());
        }
        if ("timeout".equals(line.name())) {
            double seconds = (Double) value;
            return (seconds == Math.rint(seconds) ? String.valueOf((long) seconds) : String.valueOf(seconds)) + " s";
        }
        return value == null ? "none" : String.valueOf(value);
    }

    private static String clean(String text, UnaryOperator<String> redact) {
        return text == null ? "" : SafeText.escape(redact.apply(text));
    }
}
