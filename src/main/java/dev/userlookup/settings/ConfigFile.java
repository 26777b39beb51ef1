package dev.userlookup.settings;

import dev.userlookup.console.LineFit;
import dev.userlookup.UsageException;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** An unknown setting is an error rather than silently ignored, so a typo such as {@code base_ulr} is caught. */
public record ConfigFile(String defaultProfile, Map<String, Profile> profiles) {

    private static final Set<String> PROFILE_SETTINGS = Set.of("base_url", "api_key_file", "api_key_command", "ca_cert");

    public static Path location(Map<String, String> env) {
        return UserPaths.xdgFolder("XDG_CONFIG_HOME", ".config", env).resolve("userlookup").resolve("config.toml");
    }

    /**
     * A path a profile names (its api_key_file or ca_cert): {@code ~} is the home directory, a relative path is
     * relative to the config's folder.
     */
    public static Path profilePath(String setting, Map<String, String> env) {
        return UserPaths.expand(setting, env, location(env).getParent());
    }

    /**
     * The file at {@code path}, or null when there is none. A file that another user owns or
     * others can write (or in such a folder) is exit 2: it runs {@code api_key_command}.
     */
    public static ConfigFile loadIfPresent(Path path) {
        JsonNode root;
        try {
            byte[] text = Files.readAllBytes(path);
            FilePermissions.refuseUnsafeConfig(path);
            root = new TomlMapper().readTree(text);
        } catch (NoSuchFileException e) {
            return null;
        } catch (JacksonException e) {
            JsonLocation where = e.getLocation();
            String at = where == null || where.getLineNr() < 1 ? "" : "line " + where.getLineNr() + ", column " + where.getColumnNr() + ": ";
            throw new UsageException("config " + path + ": " + at + LineFit.firstLine(e.getOriginalMessage(), "unreadable"), e);
        } catch (IOException e) {
            throw new UsageException("cannot read config " + path + ": " + e.getMessage(), e);
        }
        String defaultProfile = null;
        Map<String, Profile> profiles = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> field : root.properties()) {
            switch (field.getKey()) {
                case "default_profile":
                    defaultProfile = text(path, "default_profile", field.getValue());
                    break;
                case "profiles":
                    if (!field.getValue().isObject()) {
                        throw new UsageException("config " + path + ": profiles must be tables, [profiles.NAME]");
                    }
                    for (Map.Entry<String, JsonNode> profile : field.getValue().properties()) {
                        profiles.put(profile.getKey(), profile(path, profile.getKey(), profile.getValue()));
                    }
                    break;
                default:
                    throw new UsageException("config " + path + ": unknown setting '" + field.getKey()
                            + "' (known: default_profile, [profiles.NAME])");
            }
        }
        return new ConfigFile(defaultProfile, profiles);
    }

    private static Profile profile(Path path, String name, JsonNode table) {
        if (!table.isObject()) {
            throw new UsageException("config " + path + ": profiles." + name + " must be a table");
        }
        for (Map.Entry<String, JsonNode> setting : table.properties()) {
            if (!PROFILE_SETTINGS.contains(setting.getKey())) {
                throw new UsageException("config " + path + ": unknown setting '" + setting.getKey() + "' in profile " + name
                        + " (known: base_url, api_key_file, api_key_command, ca_cert)");
            }
        }
        String where = "profiles." + name + ".";
        Profile profile = new Profile(name,
                text(path, where + "base_url", table.get("base_url")),
                text(path, where + "api_key_file", table.get("api_key_file")),
                text(path, where + "api_key_command", table.get("api_key_command")),
                text(path, where + "ca_cert", table.get("ca_cert")));
        if (profile.apiKeyFile() != null && profile.apiKeyCommand() != null) {
            throw new UsageException("config " + path + ": profile " + name + " has both api_key_file and api_key_command; keep one");
        }
        return profile;
    }

    /** Null for a setting not given. */
    private static String text(Path path, String key, JsonNode value) {
        if (value != null && !value.isTextual()) {
            throw new UsageException("config " + path + ": " + key + " must be a string");
        }
        return value == null ? null : value.asText();
    }
}
