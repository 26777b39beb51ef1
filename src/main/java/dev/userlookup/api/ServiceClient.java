package dev.userlookup.api;

import java.net.URI;

/**
 * The service's two reads: the URL of each (the id as one percent-encoded path segment), the
 * request through {@link RequestPolicy} and {@link HttpTransport}, the body read into users.
 */
public final class ServiceClient implements AutoCloseable {

    private final ClientSettings settings;
    private final HttpTransport transport;
    private final RequestPolicy policy;
    /** The Date header of the last page listed: doctor sets it against the local clock. */
    private volatile String lastDate;

    public ServiceClient(ClientSettings settings) {
        this.settings = settings;
        this.transport = new HttpTransport(settings);
        this.policy = new RequestPolicy(settings, transport);
    }

    /** The user whose client_user_id is {@code clientUserId}. */
    public UserRecord resolve(String clientUserId) {
        String operation = "resolve \"" + clientUserId + "\"";
        URI uri = settings.baseUrl().resolve("/v2/user/resolve/" + PathSegment.encode(clientUserId));
        return ResponseParser.user(operation, policy.get(operation, uri, true).body());
    }

    /** One page of the team's users; a null offset or limit leaves the service's default. */
    public UserPage list(Long offset, Integer limit) {
        return list(offset, limit, false);
    }

    /**
     * One page of the team's users; with {@code summarize} each user's row fields
     * ({@link UserRecord#summary}) are read as the page is checked, in the calling thread.
     */
    public UserPage list(Long offset, Integer limit, boolean summarize) {
        return requestList(offset, limit).read(summarize);
    }

    /**
     * The request for one page alone (retries included): its answer is read afterwards, so that
     * a walk can send its next request while this page is being checked.
     */
    public ListAnswer requestList(Long offset, Integer limit) {
        StringBuilder query = new StringBuilder();
        if (offset != null) {
            query.append("offset=").append(offset);
        }
        if (limit != null) {
            query.append(query.length() == 0 ? "" : "&").append("limit=").append(limit);
        }
        String operation = "list" + (query.length() == 0 ? "" : " (" + query.toString().replace('&', ' ').replace('=', ' ') + ")");
        URI uri = settings.baseUrl().resolve("/v2/user/" + (query.length() == 0 ? "" : "?" + query));
        Response response = policy.get(operation, uri, false);
        lastDate = response.date();
        return new ListAnswer(operation, response.body());
    }

    /** A page of the list as the service answered it, not yet read. */
    public static final class ListAnswer {
        private final String operation;
        private final byte[] body;

        private ListAnswer(String operation, byte[] body) {
            this.operation = operation;
            this.body = body;
        }

        /** The page, checked; {@code summarize} as for {@link ServiceClient#list(Long, Integer, boolean)}. */
        public UserPage read(boolean summarize) {
            return ResponseParser.page(operation, body, summarize);
        }
    }

    /** The service's Date header on the last {@link #list} answered, as sent; null when none. */
    public String lastDate() {
        return lastDate;
    }

    /** Lets the HTTP client's thread go, so the process can end without waiting for it. */
    @Override
    public void close() {
        transport.close();
    }
}
