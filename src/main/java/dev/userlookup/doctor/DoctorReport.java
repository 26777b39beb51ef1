package dev.userlookup.doctor;

import java.util.List;

/** Exit 0 all well, 2 settings, 4 key refused, 5 a step failed. */
public record DoctorReport(List<SettingLine> settings, List<String> warnings, List<String> problems, List<Step> steps, int exit, String verdict,
        String next) {

    public DoctorReport {
        settings = List.copyOf(settings);
        warnings = List.copyOf(warnings);
        problems = List.copyOf(problems);
        steps = List.copyOf(steps);
    }

    public boolean ok() {
        return exit == 0;
    }
}
