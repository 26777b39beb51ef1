package dev.userlookup.doctor;

import java.util.List;

/**
 * What doctor found: the settings and their origins, the settings problems, the steps of the
 * request, and the verdict with its exit status (0 all well, 2 settings, 4 key refused, 5 a step
 * failed).
 *
 * @param warnings what the settings drew that does not fail them (a file others can read)
 * @param next what to do, in one line; null when all is well
 */
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
