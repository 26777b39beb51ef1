package dev.userlookup.service;

import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.model.BadResponse;
import dev.userlookup.model.ResponseParser;
import dev.userlookup.model.UserPage;
import dev.userlookup.model.UserRecord;
import dev.userlookup.network.CappedBodySubscriber;
import dev.userlookup.network.ClientSettings;
import dev.userlookup.network.Response;
import dev.userlookup.network.Transport;

import java.net.URI;
import java.text.Normalizer;
import java.time.Instant;
import java.util.Locale;

/** Every failure leaves it in words with the key taken out of what the service said. */
public final class ServiceClient implements AutoCloseable {

    public static final int MAX_LIMIT = 500;

    private final ClientSettings settings;
    private final Transport transport;
    private final RequestPolicy policy;
    /**
     * Whether the list answers at the base URL: asked at the first 404 of a resolve, and again at
     * a later one only while the answer could still change (a timeout, a 503).
     */
    private final Object baseUrlCheckLock = new Object();
    private boolean baseUrlChecked;
    private ServiceException baseUrlFailure;

    public ServiceClient(ClientSettings settings, Transport transport) {
        this.settings = settings;
        this.transport = transport;
        this.policy = new RequestPolicy(settings, transport);
    }

    /**
     * An answer with another client_user_id is another customer's record, refused unread. A 404 is
     * "not found" only where the list answers at the base URL; else it is a wrong base URL.
     */
    public UserRecord resolve(String clientUserId) {
        String operation = "resolve \"" + clientUserId + "\"";
        URI uri = settings.baseUrl().resolve("/v2/user/resolve/" + PathSegment.encode(clientUserId));
        Response response;
        try {
            response = policy.get(operation, uri, true);
        } catch (ServiceException.NotFound notFound) {
            throw confirmBaseUrl(notFound);
        }
        try {
            UserRecord user = ResponseParser.user(operation, response.body(), settings.apiKey());
            requireAskedFor(operation, clientUserId, user);
            user.held(response.hold());
            return user;
        } catch (BadResponse e) {
            response.release();
            throw new ServiceException.BadResponse(e);
        } catch (RuntimeException e) {
            response.release();
            throw e;
        }
    }

    public UserPage list(Long offset, Integer limit) {
        return requestList(offset, limit).read();
    }

    /** Read afterwards, so that a walk can send its next request while this page is being checked. */
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
        return new ListAnswer(operation, response, settings.apiKey());
    }

    /**
     * A wrong base URL must not read as a missing user. One list request a run however many ids are
     * not found, as long as its answer is definite; after one that may pass, the next 404 asks again.
     */
    private ServiceException confirmBaseUrl(ServiceException.NotFound notFound) {
        ServiceException failure = null;
        synchronized (baseUrlCheckLock) {
            if (baseUrlChecked) {
                failure = baseUrlFailure;
            } else {
                try {
                    // Only whether it answers counts: its page leaves the memory budget at once.
                    list(null, 1).release();
                } catch (ServiceException listFailed) {
                    failure = listFailed;
                }
                baseUrlChecked = definite(failure);
                baseUrlFailure = failure;
            }
        }
        if (failure == null) {
            return notFound;
        }
        return new ServiceException.Unavailable(notFound.operation(), notFound.decidedBy(),
                notFound.reason() + ", and the service's list does not answer at this base URL either (" + failure.reason() + ")",
                null, "check the base URL " + settings.baseUrl());
    }

    private static boolean definite(ServiceException listFailure) {
        if (!(listFailure instanceof ServiceException.Unavailable)) {
            return true; // a page (null), or an answer of a kind that does not pass: refused, not the service's JSON
        }
        return listFailure.status().isPresent() && !RequestPolicy.passing(listFailure.status().getAsInt());
    }

    /** Exact string equality, as the contract says. */
    private static void requireAskedFor(String operation, String asked, UserRecord user) {
        String answered = user.clientUserId();
        if (asked.equals(answered)) {
            return;
        }
        String hint = "it is not shown";
        if (answered != null && normalised(asked).equals(normalised(answered))) {
            // Only then is the id the service has worth naming: it is the one asked for, written otherwise.
            hint = "it is not shown; the service has the id as \"" + answered + "\": ask for it exactly so";
        }
        throw new ServiceException.OtherUser(operation,
                "the service answered with a user whose client_user_id is not the one asked for", hint);
    }

    private static String normalised(String id) {
        return Normalizer.normalize(id.strip(), Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
    }

    /** Its body counts in the run's memory budget until the page read from it is released. */
    public static final class ListAnswer {
        /** What a user read from a page keeps besides its bytes: the record, its slice, its id. */
        static final int USER_COST = 160;
        /** ...and the fields of its row, besides the text of those fields. */
        static final int SUMMARY_COST = 400;

        private final String operation;
        private final Response response;
        private final ApiKey key;

        private ListAnswer(String operation, Response response, ApiKey key) {
            this.operation = operation;
            this.response = response;
            this.key = key;
        }

        /**
         * The objects its users become are counted too, at most what their bytes allow (a row's text
         * is never longer in memory than the body it came from).
         */
        public UserPage read() {
            try {
                UserPage page = ResponseParser.page(operation, response.body(), key);
                long users = page.users().size();
                response.hold().take(users * (USER_COST + SUMMARY_COST) + response.body().length);
                page.held(response.hold());
                return page;
            } catch (BadResponse e) {
                response.release();
                throw new ServiceException.BadResponse(e);
            } catch (CappedBodySubscriber.TooLarge e) {
                response.release();
                throw new ServiceException.Unavailable(operation, "the page is too large to hold (" + e.getMessage() + ")", null, null, e);
            } catch (RuntimeException e) {
                response.release();
                throw e;
            }
        }

        public Instant serviceDate() {
            return HttpDate.parse(response.date());
        }
    }

    /** Tests: a virtual clock moves only while there are none. */
    public int requestsInFlight() {
        return policy.inFlight();
    }

    /** Lets the HTTP client's thread go, so the process can end without waiting for it. */
    @Override
    public void close() {
        transport.close();
    }
}
