package dev.userlookup.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.userlookup.model.json.Json;
import dev.userlookup.settings.ProfileListing;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code userlookup profiles -o json}, for scripts: {@code {"config": PATH, "exists": true,
 * "default_profile": "prod", "profiles": [{"name", "default", "base_url", "refused", "key_from",
 * "ca_cert"}]}} with {@code key_from} {@code {"file": PATH}}, {@code {"command": "pass show x"}} or
 * null, and {@code refused} null or why every command refuses the base URL. A password in a base
 * URL shows as {@code ***}.
 */
public final class ProfilesJson {

    private ProfilesJson() {
    }

    public static String render(ProfileListing listing) {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("config", listing.configFile().toString());
        document.put("exists", listing.present());
        document.put("default_profile", listing.defaultProfile());
        List<Object> profiles = new ArrayList<>();
        for (ProfileListing.Entry entry : listing.profiles()) {
            Map<String, Object> profile = new LinkedHashMap<>();
            profile.put("name", entry.name());
            profile.put("default", entry.isDefault());
            profile.put("base_url", entry.baseUrl());
            profile.put("refused", entry.refused());
            profile.put("key_from", entry.keyFrom() == null ? null
                    : Map.of(entry.keyFrom() == ProfileListing.KeyFrom.FILE ? "file" : "command", entry.keySource()));
            profile.put("ca_cert", entry.caCert() == null ? null : entry.caCert().toString());
            profiles.add(profile);
        }
        document.put("profiles", profiles);
        try {
            return Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(document) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the profiles cannot be written as JSON", e);
        }
    }
}
