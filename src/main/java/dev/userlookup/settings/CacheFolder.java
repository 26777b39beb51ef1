package dev.userlookup.settings;

import java.nio.file.Path;
import java.util.Map;

/** The user's cache folder, as the launcher finds it for its class archives: find keeps its index there. */
public final class CacheFolder {

    private CacheFolder() {
    }

    /**
     * {@code $XDG_CACHE_HOME} when it is an absolute path (the XDG rule: a relative one is to be
     * ignored), else {@code ~/.cache}.
     */
    public static Path of(Map<String, String> env) {
        String xdg = env.get("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg);
        }
        return UserPaths.home(env).resolve(".cache");
    }
}
