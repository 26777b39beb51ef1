package dev.userlookup.network;

import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.network.tls.CaFile;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Made by name with {@link #to}. A refusal for the
 * service's load (429, 503) is retried until {@link #GIVE_UP_AFTER}, whatever {@code retries} says
 * (but not at all at 0). {@code verboseLog} never receives the key.
 */
public record ClientSettings(
        BaseUrl baseUrl,
        ApiKey apiKey,
        Duration timeout,
        int retries,
        ProxyConfig proxy,
        List<CaFile> caFiles,
        Consumer<String> verboseLog,
        Consumer<String> retryNotice,
        Timing timing,
        long memoryBudget,
        String keyOrigin) {

    /** A longer Retry-After is not waited out: the tool says when to try again instead. */
    public static final Duration MAX_RETRY_AFTER = Duration.ofSeconds(60);
    /**
     * A run refused for the service's load (429, 503) retries at a slower pace as long as the
     * service answers; once it has answered nothing for this long, the next refusal ends the run.
     */
    public static final int GIVE_UP_SECONDS = 30;
    public static final Duration GIVE_UP_AFTER = Duration.ofSeconds(GIVE_UP_SECONDS);

    public ClientSettings {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(apiKey, "apiKey");
        Objects.requireNonNull(timeout, "timeout");
        caFiles = caFiles == null ? List.of() : List.copyOf(caFiles);
        verboseLog = verboseLog == null ? line -> { } : verboseLog;
        retryNotice = retryNotice == null ? line -> { } : retryNotice;
        timing = timing == null ? Timing.system() : timing;
        memoryBudget = memoryBudget > 0 ? memoryBudget : MemoryBudget.forHeap(Runtime.getRuntime().maxMemory());
    }

    public static Builder to(BaseUrl baseUrl, ApiKey apiKey) {
        return new Builder(baseUrl, apiKey);
    }

    public static final class Builder {
        private final BaseUrl baseUrl;
        private final ApiKey apiKey;
        private Duration timeout;
        private int retries;
        private ProxyConfig proxy;
        private List<CaFile> caFiles;
        private Consumer<String> verboseLog;
        private Consumer<String> retryNotice;
        private Timing timing;
        private String keyOrigin;

        private Builder(BaseUrl baseUrl, ApiKey apiKey) {
            this.baseUrl = baseUrl;
            this.apiKey = apiKey;
        }

        public Builder timeout(Duration timeout) { this.timeout = timeout; return this; }
        public Builder retries(int retries) { this.retries = retries; return this; }
        public Builder proxy(ProxyConfig proxy) { this.proxy = proxy; return this; }
        public Builder caFiles(List<CaFile> caFiles) { this.caFiles = caFiles; return this; }
        public Builder verboseLog(Consumer<String> log) { this.verboseLog = log; return this; }
        public Builder retryNotice(Consumer<String> notice) { this.retryNotice = notice; return this; }
        public Builder timing(Timing timing) { this.timing = timing; return this; }
        public Builder keyOrigin(String origin) { this.keyOrigin = origin; return this; }

        public ClientSettings build() {
            return new ClientSettings(baseUrl, apiKey, timeout, retries, proxy, caFiles, verboseLog,
                    retryNotice, timing, 0, keyOrigin);
        }
    }
}
