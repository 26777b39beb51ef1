package dev.userlookup.walk;

import dev.userlookup.service.ServiceClient;
import dev.userlookup.model.UserPage;

/** The service's list as a walk's pages: each answer read (and checked) after its request has ended. */
public final class ServicePages implements PageSource {

    private final ServiceClient client;

    public ServicePages(ServiceClient client) {
        this.client = client;
    }

    @Override
    public UserPage fetch(long offset, int limit) {
        return request(offset, limit).read();
    }

    @Override
    public Answer request(long offset, int limit) {
        ServiceClient.ListAnswer answer = client.requestList(offset, limit);
        return answer::read;
    }
}
