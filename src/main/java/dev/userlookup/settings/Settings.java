package dev.userlookup.settings;

import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.network.BaseUrl;
import dev.userlookup.network.ClientSettings;
import dev.userlookup.network.tls.CaFile;
import dev.userlookup.network.ProxyConfig;
import java.time.Duration;
import java.util.List;

/** Each setting with its origin, so that doctor and error messages can say where it came from. */
public record Settings(
        Sourced<BaseUrl> baseUrl,
        Sourced<String> profile,
        Sourced<ApiKey> apiKey,
        ProxyConfig proxy,
        List<Sourced<CaFile>> caFiles,
        Sourced<Duration> timeout,
        Sourced<Integer> retries,
        Sourced<OutputFormat> output,
        boolean colorOn) {

    public static final int DEFAULT_TIMEOUT_SECONDS = 30;
    public static final int DEFAULT_RETRIES = 3;
    public static final int MAX_RETRIES = 100;
    public static final int MAX_TIMEOUT_SECONDS = 86_400;

    public List<CaFile> caFileValues() {
        return caFiles.stream().map(Sourced::value).toList();
    }

    /** A client of the service by these settings, named one by one; the run adds its log, notices and clocks. */
    public ClientSettings.Builder client() {
        return ClientSettings.to(baseUrl.value(), apiKey.value()).timeout(timeout.value()).retries(retries.value()).proxy(proxy)
                .caFiles(caFileValues()).keyOrigin(apiKey.origin());
    }
}
