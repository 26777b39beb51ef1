package dev.userlookup.settings;

import java.nio.file.Path;
import java.util.Map;

/** The home directory and {@code ~} in paths. */
final class UserPaths {

    private UserPaths() {
    }

    static Path home(Map<String, String> env) {
        String home = env.get("HOME");
        return Path.of(home != null && !home.isBlank() ? home : System.getProperty("user.home"));
    }

    static Path expand(String path, Map<String, String> env, Path base) {
        if (path.equals("~")) {
            return home(env);
        }
        if (path.startsWith("~/")) {
            return home(env).resolve(path.substring(2));
        }
        Path plain = Path.of(path);
        return plain.isAbsolute() || base == null ? plain : base.resolve(plain);
    }
}
