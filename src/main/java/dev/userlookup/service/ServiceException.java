package dev.userlookup.service;

import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The message reads {@code <operation>: <reason>[: <service detail>][; <hint>]}; the answer's status
 * and {@code Date} are kept as data, so nothing reads them back out of the words.
 */
public abstract class ServiceException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String operation;
    private final String reason;
    private final Answered answered;

    protected ServiceException(String operation, String reason, String detail, String hint, Throwable cause) {
        this(operation, Answered.NONE, reason, detail, hint, cause);
    }

    private ServiceException(String operation, Answered answered, String reason, String detail, String hint, Throwable cause) {
        super(compose(operation, reason, detail, hint), cause);
        this.operation = operation;
        this.reason = reason;
        this.answered = answered;
    }

    /** A status of 0 is none. */
    record Answered(int status, Instant date) implements java.io.Serializable {
        static final Answered NONE = new Answered(0, null);

        static Answered of(int status, String dateHeader) {
            return new Answered(status, HttpDate.parse(dateHeader));
        }
    }

    public String operation() {
        return operation;
    }

    /** Without the service's detail or the hint. */
    public String reason() {
        return reason;
    }

    public OptionalInt status() {
        return answered.status() == 0 ? OptionalInt.empty() : OptionalInt.of(answered.status());
    }

    public Optional<Instant> serviceDate() {
        return Optional.ofNullable(answered.date());
    }

    Answered decidedBy() {
        return answered;
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

        private final String detail;

        NotFound(String operation, Answered answered, String detail, String hint) {
            super(operation, answered, "not found (HTTP " + answered.status() + ")", detail, hint, null);
            this.detail = detail;
        }

        public NotFound withHint(String hint) {
            return new NotFound(operation(), decidedBy(), detail, hint);
        }
    }

    /** Another customer's record, which is never shown. */
    public static final class OtherUser extends ServiceException {
        private static final long serialVersionUID = 1L;

        public OtherUser(String operation, String reason, String hint) {
            super(operation, reason, null, hint, null);
        }
    }

    /** 401 or 403: the key was refused. */
    public static final class AuthRefused extends ServiceException {
        private static final long serialVersionUID = 1L;

        AuthRefused(String operation, Answered answered, String detail, String hint) {
            super(operation, answered, (answered.status() == 403 ? "permission refused" : "authentication refused")
                    + " (HTTP " + answered.status() + ")", detail, hint, null);
        }
    }

    /** 400 or 422: the service refused a parameter. */
    public static final class InvalidRequest extends ServiceException {
        private static final long serialVersionUID = 1L;

        InvalidRequest(String operation, Answered answered, String detail) {
            super(operation, answered, "the service rejected the request (HTTP " + answered.status() + ")", detail, null, null);
        }
    }

    /** Unreachable, timed out, 5xx or 429 after the retries, or any status the tool cannot use. */
    public static final class Unavailable extends ServiceException {
        private static final long serialVersionUID = 1L;

        public Unavailable(String operation, String reason, String detail, String hint, Throwable cause) {
            super(operation, reason, detail, hint, cause);
        }

        Unavailable(String operation, Answered answered, String reason, String detail, String hint) {
            super(operation, answered, reason, detail, hint, null);
        }
    }

    /** A response whose body is not the JSON the service specifies. */
    public static final class BadResponse extends ServiceException {
        private static final long serialVersionUID = 1L;

        public BadResponse(String operation, String reason, Throwable cause) {
            super(operation, dev.userlookup.model.BadResponse.WORDS, reason, null, cause);
        }

        public BadResponse(dev.userlookup.model.BadResponse read) {
            this(read.operation(), read.reason(), read.getCause());
            setStackTrace(read.getStackTrace());
        }
    }
}
