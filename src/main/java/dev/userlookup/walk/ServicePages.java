package dev.userlookup.walk;

import dev.userlookup.service.ServiceClient;
import dev.userlookup.model.UserPage;
import java.util.function.Supplier;

/** The service's list as a walk's pages: each answer read (and checked) after its request has ended. */
public final class ServicePages implements PageSource {

    private final ServiceClient client;

    public ServicePages(ServiceClient client) {
        this.client = client;
    }

    @Override
    public UserPage fetch(long offset, int limit) {
        return request(offset, limit).get();
    }

    @Override
    public Supplier<UserPage> request(long offset, int limit) {
        ServiceClient.ListAnswer answer = client.requestList(offset, limit);
        return answer::read;
    }
}
