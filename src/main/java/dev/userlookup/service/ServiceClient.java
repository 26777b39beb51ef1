package dev.userlookup.service;

import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.model.BadResponse;
import dev.userlookup.model.ResponseParser;
import dev.userlookup.model.UserPage;
import dev.userlookup.model.UserRecord;
import dev.userlookup.network.CappedBodySubscriber;
import dev.userlookup.network.ClientSettings;
import dev.userlookup.network.HttpTransport;
import dev.userlookup.network.Response;
import dev.userlookup.network.Transport;

import java.net.URI;
import java.text.Normalizer;
import java.time.Instant;
import java.util.Locale;

/**
 * The service's two reads: the URL of each (the id as one percent-encoded path segment), the
 * request through {@link RequestPolicy} and a {@link Transport}, the body read into users. Every
 * failure leaves it in words with the key taken out of what the service said
 * ({@link StatusErrors#worded}, {@link ResponseParser}).
 */
public final class ServiceClient implements AutoCloseable {

    /** The most users the service puts on a page (its limit of 1 to 500). */
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

    public ServiceClient(ClientSettings settings) {
        this(settings, new HttpTransport(settings));
    }

    /** @param transport the wire: {@link HttpTransport}, or a service in memory (tests) */
    public ServiceClient(ClientSettings settings, Transport transport) {
        this.settings = settings;
        this.transport = transport;
        this.policy = new RequestPolicy(settings, transport);
    }

    /**
     * The user whose client_user_id is {@code clientUserId}, exactly: an answer with another
     * client_user_id is another customer's record, refused unread ({@link ServiceException.OtherUser}).
     * A 404 is "not found" only where the list answers at the base URL (asked once a run);
     * else it is a wrong base URL.
     */
    public UserRecord resolve(String clientUserId) {
        String operation = "resolve \"" + clientUserId + "\"";
        URI uri = settings.baseUrl().resolve("/v2/user/resolve/" + PathSegment.encode(clientUserId));
        Response response;
        try {
            response = get(operation, uri, true);
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

    /** One page of the team's users; a null offset or limit leaves the service's default. */
    public UserPage list(Long offset, Integer limit) {
        return requestList(offset, limit).read();
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
        Response response = get(operation, uri, false);
        return new ListAnswer(operation, response, settings.apiKey());
    }

    /** The one way to the service: a failure comes out in words, the key out of the service's. */
    private Response get(String operation, URI uri, boolean notFoundMeansNoUser) {
        try {
            return policy.get(operation, uri, notFoundMeansNoUser);
        } catch (ServiceException failure) {
            throw StatusErrors.worded(failure, settings.apiKey(), settings.keyOrigin());
        }
    }

    /**
     * A 404 from resolve, when the list answers at the base URL (the service is there, the user
     * is not); else a wrong base URL, which must not read as a missing user. One list request a
     * run, however many ids are not found (the others wait for its answer), as long as it gets a
     * definite answer; after one that may pass, the next 404 asks again.
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

    /**
     * Whether the list's answer to the base-URL check holds for the rest of the run: a page, or a
     * status that will not change by asking again; not a failure before any status (a timeout, a
     * refused connection) nor a status that is retried (a 503, a 429).
     */
    private static boolean definite(ServiceException listFailure) {
        if (!(listFailure instanceof ServiceException.Unavailable)) {
            return true; // a page (null), or an answer of a kind that does not pass: refused, not the service's JSON
        }
        return listFailure.status().isPresent() && !RequestPolicy.passing(listFailure.status().getAsInt());
    }

    /** The answer must be the user asked for: exact string equality, as the contract says. */
    private static void requireAskedFor(String operation, String asked, UserRecord user) {
        String answered = user.clientUserId();
        if (asked.equals(answered)) {
            return;
        }
        String hint = "it is not shown";
        if (answered != null && sameUnderNormalising(asked, answered)) {
            // Only then is the id the service has worth naming: it is the one asked for, written otherwise.
            hint = "it is not shown; the service has the id as \"" + answered + "\": ask for it exactly so";
        }
        throw new ServiceException.OtherUser(operation,
                "the service answered with a user whose client_user_id is not the one asked for", hint);
    }

    /** Whether two ids differ only in case, surrounding white space or Unicode normal form. */
    private static boolean sameUnderNormalising(String a, String b) {
        return normalised(a).equals(normalised(b));
    }

    private static String normalised(String id) {
        return Normalizer.normalize(id.strip(), Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
    }

    /**
     * A page of the list as the service answered it, not yet read; its body counts in the run's
     * memory budget until the page read from it is released ({@link UserPage#release}).
     */
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
         * The page, checked. The objects its users become are counted too, at most what their
         * bytes allow (the text of a row's fields is never longer in memory than the body it came from).
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

        /** The service's {@code Date} on this answer; null when it sent none, or none that reads. */
        public Instant serviceDate() {
            return HttpDate.parse(response.date());
        }

        /** Lets the answer go unread. */
        public void release() {
            response.release();
        }
    }

    /** Bytes of answers counted in the run's memory budget now (tests of the real transport). */
    public long bytesHeld() {
        return transport instanceof HttpTransport ? ((HttpTransport) transport).budget().held() : 0;
    }

    /** Requests sent and not yet answered (tests: a virtual clock moves only while there are none). */
    public int requestsInFlight() {
        return policy.inFlight();
    }

    /** Lets the HTTP client's thread go, so the process can end without waiting for it. */
    @Override
    public void close() {
        transport.close();
    }
}
