package dev.userlookup.settings;

import java.nio.file.Path;
import java.util.Map;

/** The home directory, {@code ~} in paths and the XDG base folders. */
public final class UserPaths {

    private UserPaths() {
    }

    static Path home(Map<String, String> env) {
        String home = env.get("HOME");
        return Path.of(home != null && !home.isBlank() ? home : System.getProperty("user.home"));
    }

    /**
     * {@code $variable} when it is an absolute path (the XDG rule: a relative one is to be ignored),
     * else {@code fallback} in the home directory.
     */
    static Path xdgFolder(String variable, String fallback, Map<String, String> env) {
        String xdg = env.get(variable);
        return xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg) : home(env).resolve(fallback);
    }

    /** The user's cache folder, as the launcher finds it for its class archives: find keeps its index there. */
    public static Path cacheFolder(Map<String, String> env) {
        return xdgFolder("XDG_CACHE_HOME", ".cache", env);
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
