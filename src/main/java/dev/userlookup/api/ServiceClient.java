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
        Response response = policy.get(operation, uri, true);
        try {
            UserRecord user = ResponseParser.user(operation, response.body());
            user.held(response.hold());
            return user;
        } catch (RuntimeException e) {
            response.release();
            throw e;
        }
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
        return new ListAnswer(operation, response);
    }

    /**
     * A page of the list as the service answered it, not yet read; its body counts in the run's
     * memory budget until the page read from it is released ({@link UserPage#release}).
     */
    public static final class ListAnswer {
        /** What a user read from a page keeps besides its bytes: the record, its slice, its id. */
        static final int USER_COST = 160;
        /** ...and the fields of its row, when asked for, besides the text of those fields. */
        static final int SUMMARY_COST = 400;

        private final String operation;
        private final Response response;

        private ListAnswer(String operation, Response response) {
            this.operation = operation;
            this.response = response;
        }

        /**
         * The page, checked; {@code summarize} as for {@link ServiceClient#list(Long, Integer, boolean)}.
         * The objects its users become are counted too, at most what their bytes allow (the text of
         * a row's fields is never longer in memory than the body it came from).
         */
        public UserPage read(boolean summarize) {
            try {
                UserPage page = ResponseParser.page(operation, response.body(), summarize);
                long users = page.users().size();
                response.hold().take(users * USER_COST + (summarize ? users * SUMMARY_COST + response.body().length : 0));
                page.held(response.hold());
                return page;
            } catch (CappedBodySubscriber.TooLarge e) {
                response.release();
                throw new ServiceException.Unavailable(operation, "the page is too large to hold (" + e.getMessage() + ")", null, null, e);
            } catch (RuntimeException e) {
                response.release();
                throw e;
            }
        }

        /** Lets the answer go unread. */
        public void release() {
            response.release();
        }
    }

    /** The service's Date header on the last {@link #list} answered, as sent; null when none. */
    public String lastDate() {
        return lastDate;
    }

    /** Bytes of answers counted in the run's memory budget now (tests). */
    long bytesHeld() {
        return transport.budget().held();
    }

    /** Lets the HTTP client's thread go, so the process can end without waiting for it. */
    @Override
    public void close() {
        transport.close();
    }
}
