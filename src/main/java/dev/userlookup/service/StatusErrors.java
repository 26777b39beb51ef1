package dev.userlookup.service;

import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.model.redaction.ServiceText;
import dev.userlookup.network.BaseUrl;
import dev.userlookup.network.ProxyConfig;
import dev.userlookup.network.Response;

/**
 * The kind is decided where the answer arrives; the words only as the failure leaves the
 * {@link ServiceClient}, because they need the key, to take it out of the service's text before
 * that is cut short.
 */
final class StatusErrors {

    /** A message is one line. */
    static final int MAX_DETAIL = 300;
    private static final int MAX_KEYLESS_BODY = 64 * 1024;

    record Answer(String operation, Response response, boolean notFoundMeansNoUser, String retryNote, BaseUrl baseUrl,
            ProxyConfig proxy) {
    }

    private StatusErrors() {
    }

    /** A 404 from resolve means "no such user"; from list, a wrong base URL. */
    static ServiceException of(String operation, Response response, boolean notFoundMeansNoUser, String retryNote, BaseUrl baseUrl,
            ProxyConfig proxy) {
        Answer answer = new Answer(operation, response, notFoundMeansNoUser, retryNote, baseUrl, proxy);
        return of(answer, null, null).answered(answer);
    }

    static ServiceException worded(ServiceException failure, ApiKey key, String keyOrigin) {
        Answer answer = failure.answer();
        if (answer == null) {
            return failure;
        }
        ServiceText detail = ErrorDetail.from(answer.response().body(), answer.response().contentType(), key);
        return of(answer, detail == null ? null : detail.cut(MAX_DETAIL), keyOrigin == null ? "the key" : "the key from " + keyOrigin);
    }

    private static ServiceException of(Answer answer, ServiceText detailText, String keyNamed) {
        String operation = answer.operation();
        int status = answer.response().status();
        ServiceException.Answered answered = ServiceException.Answered.of(status, answer.response().date());
        String detail = detailText == null ? null : detailText.toString();
        if (status == 401 || status == 403) {
            return new ServiceException.AuthRefused(operation, answered, detail, "check " + (keyNamed == null ? "the key" : keyNamed));
        }
        if (status == 407) {
            return answer.proxy() == null
                    ? new ServiceException.Unavailable(operation, answered, "a proxy refused the request (HTTP 407)", detail, null)
                    : new ServiceException.Unavailable(operation, answered, answer.proxy().refusedCredentials(), null, null);
        }
        if (status == 404 && answer.notFoundMeansNoUser()) {
            return new ServiceException.NotFound(operation, answered, detail, null);
        }
        if (status == 404) {
            return new ServiceException.Unavailable(operation, answered, "no such endpoint (HTTP 404)", detail,
                    "check the base URL " + answer.baseUrl());
        }
        if (status == 400 || status == 422) {
            return new ServiceException.InvalidRequest(operation, answered, detail);
        }
        if (status == 429) {
            return new ServiceException.Unavailable(operation, answered, "the service is busy (HTTP 429)", detail,
                    answer.retryNote());
        }
        if (status >= 500) {
            return new ServiceException.Unavailable(operation, answered, "the service failed (HTTP " + status + ")", detail,
                    answer.retryNote());
        }
        return new ServiceException.Unavailable(operation, answered, "unexpected response (HTTP " + status + ")", detail, null);
    }

    static String retryNote(int retries) {
        return retries == 0 ? null : "gave up after " + retries + (retries == 1 ? " retry" : " retries");
    }

    /**
     * Where the key is not at hand, only a detail that needs no cutting, so the key is taken out of
     * it whole later; a longer one is left out rather than cut with part of a key in it.
     */
    static String detail(Response response) {
        if (response.body() == null || response.body().length > MAX_KEYLESS_BODY) {
            return null;
        }
        ServiceText detail = ErrorDetail.from(response.body(), response.contentType(), null);
        return detail == null || detail.cut(MAX_DETAIL) != detail ? null : detail.toString();
    }
}
