package dev.userlookup.doctor;

/**
 * One setting as doctor shows it: its JSON name, its label, the value as it may be shown (the
 * key only as its length, proxy credentials as ***), and where it came from.
 *
 * @param value null when the setting is unset or could not be decided
 */
public record SettingLine(String name, String label, Object value, String origin) {
}
