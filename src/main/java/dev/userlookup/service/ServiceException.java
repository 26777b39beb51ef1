package dev.userlookup.service;

import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A request to the service that did not give what was asked. The message reads
 * {@code <operation>: <reason>[: <service detail>][; <hint>]}; subclasses say which kind of
 * failure it was, and the command line maps each kind to its exit status. A failure decided by the
 * service's answer carries that answer's status and {@code Date} as data ({@link #status},
 * {@link #serviceDate}): nothing reads them back out of the words.
 */
public abstract class ServiceException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String operation;
    private final String reason;
    /** The status and Date of the answer refused; {@link Answered#NONE} when the failure came before one (or from a 2xx answer). */
    private final Answered answered;
    /** The answer this failure was read from while its words are still to be given ({@link StatusErrors#worded}). */
    private transient StatusErrors.Answer answer;

    protected ServiceException(String operation, String reason, String detail, String hint, Throwable cause) {
        this(operation, Answered.NONE, reason, detail, hint, cause);
    }

    private ServiceException(String operation, Answered answered, String reason, String detail, String hint, Throwable cause) {
        super(compose(operation, reason, detail, hint), cause);
        this.operation = operation;
        this.reason = reason;
        this.answered = answered;
    }

    /**
     * What a failure keeps of the service's answer it was decided by, as data.
     *
     * @param status the HTTP status; 0 for none
     * @param date the service's Date; null for none
     */
    record Answered(int status, Instant date) implements java.io.Serializable {
        static final Answered NONE = new Answered(0, null);

        /** The answer's status and its Date header, read (an unreadable Date is none). */
        static Answered of(int status, String dateHeader) {
            return new Answered(status, HttpDate.parse(dateHeader));
        }
    }

    /** What was being done: {@code resolve "customer-1"}, {@code list (limit 1)}. */
    public String operation() {
        return operation;
    }

    /** What went wrong, in the tool's words, without the service's detail or the hint. */
    public String reason() {
        return reason;
    }

    /** The HTTP status of the answer this failure was decided by; empty when none came back (a transport failure). */
    public OptionalInt status() {
        return answered.status() == 0 ? OptionalInt.empty() : OptionalInt.of(answered.status());
    }

    /** The service's {@code Date} on that answer; empty when there was no answer or it had no readable Date. */
    public Optional<Instant> serviceDate() {
        return Optional.ofNullable(answered.date());
    }

    /** The status and Date this failure was decided by, to pass on to one made from it. */
    Answered decidedBy() {
        return answered;
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

        private final String detail;

        NotFound(String operation, Answered answered, String detail) {
            this(operation, answered, detail, null);
        }

        private NotFound(String operation, Answered answered, String detail, String hint) {
            super(operation, answered, "not found (HTTP " + answered.status() + ")", detail, hint, null);
            this.detail = detail;
        }

        /** The same failure with a hint of what to try instead. */
        public NotFound withHint(String hint) {
            return new NotFound(operation(), decidedBy(), detail, hint);
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

        /** Decided by the service's answer: a status the tool cannot use, or one it gave up retrying. */
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

        /** The model's failure while an answer was read, as the service's: same words, cause and trace. */
        public BadResponse(dev.userlookup.model.BadResponse read) {
            this(read.operation(), read.reason(), read.getCause());
            setStackTrace(read.getStackTrace());
        }
    }
}
