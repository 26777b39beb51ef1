package dev.userlookup.doctor;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.userlookup.model.json.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The report as one JSON document, stable for CI: {@code {"settings": {...}, "warnings": [...], "problems": [...],
 * "steps": [{"name": "dns", "ok": true, "ms": 3, ...}], "ok": true, "exit": 0, "verdict": "..."}}
 * and, on failure, {@code "next"}. Settings are {@code {"value", "origin"}}; the key is
 * {@code {"length", "origin"}}.
 */
public final class JsonReport {

    private JsonReport() {
    }

    public static String render(DoctorReport report, UnaryOperator<String> redact) {
        Map<String, Object> document = new LinkedHashMap<>();
        Map<String, Object> settings = new LinkedHashMap<>();
        for (SettingLine line : report.settings()) {
            Map<String, Object> setting = new LinkedHashMap<>();
            setting.put("key".equals(line.name()) ? "length" : "value", redacted(line.value(), redact));
            setting.put("origin", redact.apply(line.origin()));
            settings.put(line.name(), setting);
        }
        document.put("settings", settings);
        document.put("warnings", redacted(report.warnings(), redact));
        document.put("problems", redacted(report.problems(), redact));
        document.put("steps", report.steps().stream().map(step -> {
            Map<String, Object> shown = new LinkedHashMap<>();
            shown.put("name", step.name());
            shown.put("ok", step.ok());
            if (step.ms() != null) {
                shown.put("ms", step.ms());
            }
            for (Map.Entry<String, Object> fact : step.facts().entrySet()) {
                shown.put(fact.getKey(), redacted(fact.getValue(), redact));
            }
            if (!step.ok()) {
                shown.put("problem", redact.apply(step.problem()));
                shown.put("next", redact.apply(step.advice()));
            }
            return shown;
        }).toList());
        document.put("ok", report.ok());
        document.put("exit", report.exit());
        document.put("verdict", redact.apply(report.verdict()));
        if (report.next() != null) {
            document.put("next", redact.apply(report.next()));
        }
        try {
            return Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(document) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("doctor's report cannot be written as JSON", e);
        }
    }

    private static Object redacted(Object value, UnaryOperator<String> redact) {
        if (value instanceof String) {
            return redact.apply((String) value);
        }
        if (value instanceof List<?> list) {
            return list.stream().map(each -> redacted(each, redact)).toList();
        }
        return value;
    }
}
