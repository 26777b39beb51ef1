package dev.userlookup.api;

/** Which kind of failure each HTTP status is, with the service's own detail and a hint. */
final class StatusErrors {

    private StatusErrors() {
    }

    /**
     * @param notFoundMeansNoUser a 404 from resolve means "no such user"; from list, a wrong base URL
     * @param retries how many retries were spent before this answer
     * @param proxy the proxy requests go through, or null: a 407 is its answer
     */
    static ServiceException of(String operation, Response response, boolean notFoundMeansNoUser, int retries, BaseUrl baseUrl,
            ProxyConfig proxy) {
        int status = response.status();
        String detail = detail(response);
        if (status == 401 || status == 403) {
            return new ServiceException.AuthRefused(operation, status, detail,
                    status == 401 ? "check USERLOOKUP_API_KEY or --api-key-file" : null);
        }
        if (status == 407) {
            return proxy == null
                    ? new ServiceException.Unavailable(operation, "a proxy refused the request (HTTP 407)", detail, null, null)
                    : new ServiceException.Unavailable(operation, proxy.refusedCredentials(), null, null, null);
        }
        if (status == 404 && notFoundMeansNoUser) {
            return new ServiceException.NotFound(operation, status, detail);
        }
        if (status == 404) {
            return new ServiceException.Unavailable(operation, "no such endpoint (HTTP 404)", detail,
                    "check the base URL " + baseUrl, null);
        }
        if (status == 400 || status == 422) {
            return new ServiceException.InvalidRequest(operation, status, detail);
        }
        if (status == 429) {
            return new ServiceException.Unavailable(operation, "the service is busy (HTTP 429)", detail,
                    retryNote(retries), null);
        }
        if (status >= 500) {
            return new ServiceException.Unavailable(operation, "the service failed (HTTP " + status + ")", detail,
                    retryNote(retries), null);
        }
        return new ServiceException.Unavailable(operation, "unexpected response (HTTP " + status + ")", detail, null, null);
    }

    static String retryNote(int retries) {
        return retries == 0 ? null : "gave up after " + retries + (retries == 1 ? " retry" : " retries");
    }

    static String detail(Response response) {
        return ErrorDetail.from(response.body(), response.contentType());
    }
}
