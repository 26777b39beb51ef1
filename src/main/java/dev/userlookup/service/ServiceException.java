package dev.userlookup.service;

/**
 * A request to the service that did not give what was asked. The message reads
 * {@code <operation>: <reason>[: <service detail>][; <hint>]}; subclasses say which kind of
 * failure it was, and the command line maps each kind to its exit status.
 */
public abstract class ServiceException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String operation;
    private final String reason;
    /** The answer this failure was read from while its words are still to be given ({@link StatusErrors#worded}). */
    private transient StatusErrors.Answer answer;

    protected ServiceException(String operation, String reason, String detail, String hint, Throwable cause) {
        super(compose(operation, reason, detail, hint), cause);
        this.operation = operation;
        this.reason = reason;
    }

    /** What was being done: {@code resolve "customer-1"}, {@code list (limit 1)}. */
    public String operation() {
        return operation;
    }

    /** What went wrong, in the tool's words, without the service's detail or the hint. */
    public String reason() {
        return reason;
    }

    ServiceException answered(StatusErrors.Answer from) {
        this.answer = from;
        return this;
    }

    StatusErrors.Answer answer() {
        return answer;
    }

    private static String compose(String operation, String reason, String detail, String hint) {
        StringBuilder message = new StringBuilder(operation).append(": ").append(reason);
        if (detail != null && !detail.isEmpty()) {
            message.append(": ").append(detail);
        }
        if (hint != null) {
            message.append("; ").append(hint);
        }
        return message.toString();
    }

    /** 404 on resolve: no user has that client_user_id. */
    public static final class NotFound extends ServiceException {
        private static final long serialVersionUID = 1L;

        public NotFound(String operation, int status, String detail) {
            super(operation, "not found (HTTP " + status + ")", detail, null, null);
        }
    }

    /**
     * resolve answered with a user whose client_user_id is not the one asked for: another
     * customer's record, which is never shown.
     */
    public static final class OtherUser extends ServiceException {
        private static final long serialVersionUID = 1L;

        public OtherUser(String operation, String reason, String hint) {
            super(operation, reason, null, hint, null);
        }
    }

    /** 401 or 403: the key was refused. */
    public static final class AuthRefused extends ServiceException {
        private static final long serialVersionUID = 1L;

        public AuthRefused(String operation, int status, String detail, String hint) {
            super(operation, (status == 403 ? "permission refused" : "authentication refused") + " (HTTP " + status + ")",
                    detail, hint, null);
        }
    }

    /** 400 or 422: the service refused a parameter. */
    public static final class InvalidRequest extends ServiceException {
        private static final long serialVersionUID = 1L;

        public InvalidRequest(String operation, int status, String detail) {
            super(operation, "the service rejected the request (HTTP " + status + ")", detail, null, null);
        }
    }

    /** Unreachable, timed out, 5xx or 429 after the retries, or any status the tool cannot use. */
    public static final class Unavailable extends ServiceException {
        private static final long serialVersionUID = 1L;

        public Unavailable(String operation, String reason, String detail, String hint, Throwable cause) {
            super(operation, reason, detail, hint, cause);
        }
    }

    /** A response whose body is not the JSON the service specifies. */
    public static final class BadResponse extends ServiceException {
        private static final long serialVersionUID = 1L;

        public BadResponse(String operation, String reason, Throwable cause) {
            super(operation, dev.userlookup.model.BadResponse.WORDS, reason, null, cause);
        }

        /** The model's failure while an answer was read, as the service's: same words, cause and trace. */
        public BadResponse(dev.userlookup.model.BadResponse read) {
            this(read.operation(), read.reason(), read.getCause());
            setStackTrace(read.getStackTrace());
        }
    }
}
