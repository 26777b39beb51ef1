package dev.userlookup.commands;

import dev.userlookup.Version;
import dev.userlookup.console.Console;
import dev.userlookup.network.ClientSettings;
import dev.userlookup.network.Timing;
import dev.userlookup.service.ServiceClient;
import dev.userlookup.settings.Settings;

/** The run's one client of the service, made from its settings on first use and closed with the run. */
final class ServiceClients implements AutoCloseable {

    private final RunSettings settings;
    private final Console console;
    private final Timing timing;
    private ServiceClient client;

    ServiceClients(RunSettings settings, Console console, Timing timing) {
        this.settings = settings;
        this.console = console;
        this.timing = timing;
    }

    ServiceClient client() {
        if (client == null) {
            Settings chosen = settings.get();
            boolean stderrIsTerminal = console.terminal().stderrIsTerminal();
            client = new ServiceClient(new ClientSettings(chosen.baseUrl().value(), chosen.apiKey().value(),
                    chosen.timeout().value(), chosen.retries().value(), ClientSettings.DEFAULT_RETRY_BASE_DELAY,
                    "userlookup/" + Version.get(), chosen.proxy(), chosen.caFileValues(),
                    chosen.verbose() ? console.messages()::verbose : null,
                    // A person waiting at a terminal hears of a retry, on one line rewritten by the
                    // next; -v says it already, a pipe never.
                    stderrIsTerminal && !chosen.verbose() ? console.messages()::notice : null,
                    timing, 0, chosen.apiKey().origin().description()));
        }
        return client;
    }

    /** Lets the client's threads go, if one was made. */
    @Override
    public void close() {
        if (client != null) {
            client.close();
        }
    }
}
