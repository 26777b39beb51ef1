package dev.userlookup.walk;

import dev.userlookup.model.UserPage;
import dev.userlookup.service.ServiceClient;
import java.util.function.Supplier;

/** Where pages come from: the service client's list, or a test's. Called from several threads. */
@FunctionalInterface
public interface PageSource {

    UserPage fetch(long offset, int limit);

    /**
     * The request alone, which the walk limits to {@code --parallel} at once; the answer is read
     * outside that limit (the supplier's {@code get}), so the next request need not wait for a page
     * to be checked. By default the whole fetch counts as the request.
     */
    default Supplier<UserPage> request(long offset, int limit) {
        UserPage page = fetch(offset, limit);
        return () -> page;
    }

    /** The service's list as a walk's pages: each answer read (and checked) after its request has ended. */
    static PageSource of(ServiceClient client) {
        return new PageSource() {
            @Override
            public UserPage fetch(long offset, int limit) {
                return request(offset, limit).get();
            }

            @Override
            public Supplier<UserPage> request(long offset, int limit) {
                return client.requestList(offset, limit)::read;
            }
        };
    }
}
