package dev.userlookup.fake;

/**
 * The one place tests build a user's JSON and pages of them for stubs (the fake service's
 * generated team is {@link FakeUsers}); a test that needs a hostile answer builds on these.
 */
public final class Users {

    public static final String TEAM = "7c1d7a2e-5b8f-4c3e-9a6d-2f0e1b3c4d5e";

    private Users() {
    }

    public static String user(String userId, String clientUserId) {
        return "{\"user_id\":\"" + userId + "\",\"team_id\":\"" + TEAM + "\",\"client_user_id\":" + quote(clientUserId)
                + ",\"created_on\":\"2024-03-01T10:00:00+00:00\","
                + "\"connected_sources\":[{\"created_on\":\"2024-03-02T08:30:00.123456+00:00\","
                + "\"source\":{\"logo\":\"https://logo.test/oura.png\",\"name\":\"Oura\",\"slug\":\"oura\"}}],"
                + "\"fallback_time_zone\":{\"id\":\"Europe/Berlin\",\"source_slug\":\"oura\",\"updated_at\":\"2024-03-02T08:30:00Z\"},"
                + "\"fallback_birth_date\":{\"value\":\"1990-05-17\",\"source_slug\":\"fitbit\",\"updated_at\":\"2024-03-02T08:30:00Z\"},"
                + "\"ingestion_start\":\"2024-01-01\",\"ingestion_end\":null}";
    }

    public static String uuid(int i) {
        return String.format("00000000-0000-4000-8000-%012d", i);
    }

    public static String page(int offset, int count, int total, int limit) {
        StringBuilder users = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                users.append(',');
            }
            users.append(user(uuid(offset + i), "customer-" + (offset + i)));
        }
        return "{\"users\":[" + users + "],\"total\":" + total + ",\"offset\":" + offset + ",\"limit\":" + limit + "}";
    }

    public static String quote(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
