package dev.userlookup.service;

import dev.userlookup.model.redaction.ServiceText;
import dev.userlookup.network.ClientSettings;
import dev.userlookup.network.Response;

/** The failure an answer's status means, in words, the key taken out of the service's text before it is cut short. */
final class StatusErrors {

    /** A message is one line. */
    static final int MAX_DETAIL = 300;
    private static final int MAX_KEYLESS_BODY = 64 * 1024;

    private StatusErrors() {
    }

    /** A 404 from resolve means "no such user"; from list, a wrong base URL. */
    static ServiceException of(String operation, Response response, boolean notFoundMeansNoUser, String retryNote,
            ClientSettings settings) {
        int status = response.status();
        ServiceException.Answered answered = ServiceException.Answered.of(status, response.date());
        ServiceText detailText = ErrorDetail.from(response.body(), response.contentType(), settings.apiKey());
        String detail = detailText == null ? null : detailText.cut(MAX_DETAIL).toString();
        if (status == 401 || status == 403) {
            String keyNamed = settings.keyOrigin() == null ? "the key" : "the key from " + settings.keyOrigin();
            return new ServiceException.AuthRefused(operation, answered, detail, "check " + keyNamed);
        }
        if (status == 407) {
            return settings.proxy() == null
                    ? new ServiceException.Unavailable(operation, answered, "a proxy refused the request (HTTP 407)", detail, null)
                    : new ServiceException.Unavailable(operation, answered, settings.proxy().refusedCredentials(), null, null);
        }
        if (status == 404 && notFoundMeansNoUser) {
            return new ServiceException.NotFound(operation, answered, detail, null);
        }
        if (status == 404) {
            return new ServiceException.Unavailable(operation, answered, "no such endpoint (HTTP 404)", detail,
                    "check the base URL " + settings.baseUrl());
        }
        if (status == 400 || status == 422) {
            return new ServiceException.InvalidRequest(operation, answered, detail);
        }
        if (status == 429) {
            return new ServiceException.Unavailable(operation, answered, "the service is busy (HTTP 429)", detail, retryNote);
        }
        if (status >= 500) {
            return new ServiceException.Unavailable(operation, answered, "the service failed (HTTP " + status + ")", detail,
                    retryNote);
        }
        return new ServiceException.Unavailable(operation, answered, "unexpected response (HTTP " + status + ")", detail, null);
    }

    static String retryNote(int retries) {
        return retries == 0 ? null : "gave up after " + retries + (retries == 1 ? " retry" : " retries");
    }

    /**
     * For a Retry-After too long to sit out: the service's detail only when it needs no cutting,
     * a longer one left out; the console takes the key out of it as it prints.
     */
    static String detail(Response response) {
        if (response.body() == null || response.body().length > MAX_KEYLESS_BODY) {
            return null;
        }
        ServiceText detail = ErrorDetail.from(response.body(), response.contentType(), null);
        return detail == null || detail.cut(MAX_DETAIL) != detail ? null : detail.toString();
    }
}
