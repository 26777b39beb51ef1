package dev.userlookup.settings;

import java.nio.file.Path;
import java.util.Map;

/** The user's cache folder, as the launcher finds it for its class archives: find keeps its index there. */
public final class CacheFolder {

    private CacheFolder() {
    }

    public static Path of(Map<String, String> env) {
        return UserPaths.xdgFolder("XDG_CACHE_HOME", ".cache", env);
    }
}
