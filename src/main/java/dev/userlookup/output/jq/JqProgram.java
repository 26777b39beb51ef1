package dev.userlookup.output.jq;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.JsonGeneratorDelegate;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.userlookup.UsageException;
import dev.userlookup.console.LineFit;
import dev.userlookup.output.TerminalSafeEscapes;
import dev.userlookup.output.UserFilter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import net.thisptr.jackson.jq.BuiltinFunctionLoader;
import net.thisptr.jackson.jq.Function;
import net.thisptr.jackson.jq.JsonQuery;
import net.thisptr.jackson.jq.PathOutput;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.Version;
import net.thisptr.jackson.jq.Versions;
import net.thisptr.jackson.jq.exception.JsonQueryException;

/**
 * {@code --jq}: results print as gh's {@code --jq} prints them. Only a run given {@code --jq}
 * reaches this class, so no other run loads jackson-jq.
 */
public final class JqProgram implements UserFilter {

    /** The newest jackson-jq speaks. */
    static final Version LANGUAGE = Versions.JQ_1_7;
    /** Far beyond what any filter meant for one user takes over null, cold JVM and loaded machine included. */
    private static final Duration TRIAL_BOUND = Duration.ofSeconds(2);

    /** Numbers as the service wrote them: no double in between, and no exponent jq would not print. */
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            // jq writes \u001b, Jackson \u001B unless told: the same bytes as jq for scripts that compare.
            .disable(JsonWriteFeature.WRITE_HEX_UPPER_CASE)
            .build();
    private static final ObjectWriter COMPACT = MAPPER.writer().with(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .with(TerminalSafeEscapes.ASCII_ONLY);

    private final Scope scope;
    private final JsonQuery query;

    private JqProgram(Scope scope, JsonQuery query) {
        this.scope = scope;
        this.query = query;
    }

    /** A usage error before any request ({@link #trialRun}). */
    public static JqProgram compile(String filter) {
        return compile(filter, TRIAL_BOUND);
    }

    static JqProgram compile(String filter, Duration trial) {
        Scope scope = Scope.newEmptyScope();
        BuiltinFunctionLoader.getInstance().loadFunctions(LANGUAGE, scope);
        JsonQuery query;
        try {
            query = JsonQuery.compile(filter, LANGUAGE);
        } catch (JsonQueryException e) {
            throw new UsageException("--jq: the filter does not parse: " + LineFit.firstLine(e.getMessage(), "it is not jq"));
        }
        trialRun(scope, query, trial);
        return new JqProgram(scope, query);
    }

    @Override
    public void apply(byte[] json, int offset, int length, Consumer<String> lines) throws Failure {
        JsonNode user;
        try {
            user = MAPPER.readTree(json, offset, length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            query.apply(Scope.newChildScope(scope), user, result -> lines.accept(line(result)));
        } catch (JsonQueryException e) {
            throw new Failure(reason(e), e);
        } catch (StackOverflowError e) {
            // jackson-jq recurses on the thread's stack: a recursion without end ends here, and the stack is whole again.
            throw new Failure("it recursed deeper than the stack allows (a recursion without end?)", null);
        }
    }

    /** jackson-jq's words, or where it has none ("N/A": tonumber of a word) its cause's. */
    private static String reason(JsonQueryException e) {
        String message = e.getMessage();
        if ((message == null || "N/A".equals(message)) && e.getCause() != null && e.getCause().getMessage() != null) {
            return e.getCause().getMessage();
        }
        return message == null ? e.getClass().getSimpleName() : message;
    }

    static String line(JsonNode result) {
        if (result.isTextual()) {
            return result.textValue();
        }
        StringWriter line = new StringWriter();
        try (JsonGenerator generator = new JqNumbers(COMPACT.createGenerator(line))) {
            COMPACT.writeValue(generator, result);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return line.toString();
    }

    /**
     * Infinity (jackson-jq's arithmetic is in doubles) as the largest double and NaN as null, as jq
     * prints them; Jackson would write the strings "Infinity" and "NaN". A decimal too far from its
     * point to be written plain (0e99999, which the service may send) keeps its exponent.
     */
    private static final class JqNumbers extends JsonGeneratorDelegate {
        /** Jackson's bound on the scale of a BigDecimal written plain. */
        private static final int PLAIN_SCALE = 9999;

        JqNumbers(JsonGenerator generator) {
            super(generator, false);
        }

        @Override
        public void writeNumber(double value) throws IOException {
            if (Double.isNaN(value)) {
                writeNull();
            } else if (Double.isInfinite(value)) {
                writeNumber(value > 0 ? "1.7976931348623157e+308" : "-1.7976931348623157e+308");
            } else {
                super.writeNumber(value);
            }
        }

        @Override
        public void writeNumber(float value) throws IOException {
            writeNumber((double) value);
        }

        @Override
        public void writeNumber(BigDecimal value) throws IOException {
            if (Math.abs(value.scale()) > PLAIN_SCALE) {
                writeNumber(value.toString());
            } else {
                super.writeNumber(value);
            }
        }
    }

    /**
     * A run over null before any request: jackson-jq looks functions up as it runs, so a name it lacks
     * ({@code tostream}) would first fail on a user, after requests. Bounded in time: a filter slow
     * over null would be as slow for every user. jackson-jq cannot be interrupted, so the run has a
     * thread of its own and the builtins are wrapped to stop when told, so a refused filter takes no CPU.
     */
    private static void trialRun(Scope scope, JsonQuery query, Duration bound) {
        Scope trial = Scope.newChildScope(scope);
        AtomicBoolean stop = new AtomicBoolean();
        scope.getLocalFunctions().forEach((name, function) -> trial.addFunction(name, stoppable(function, stop)));
        FutureTask<Void> run = new FutureTask<>(() -> {
            try {
                query.apply(trial, NullNode.getInstance(), result -> {
                    throw new Ended();
                });
            } catch (Ended | StackOverflowError ended) {
                // it ran, or recursed as it might not over a user
            }
            return null;
        });
        Thread thread = new Thread(null, run, "userlookup-jq-trial", 0);
        thread.setDaemon(true);
        thread.start();
        try {
            run.get(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            stop.set(true);
            String took = bound.toMillis() % 1000 == 0 ? bound.toSeconds() + " s" : bound.toMillis() + " ms";
            throw new UsageException("--jq: the filter ran for more than " + took + " over null, its trial before any request, "
                    + "without ending: it would take as long for each user");
        } catch (ExecutionException e) {
            refuseMissingFunction(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.util.concurrent.CancellationException("interrupted");
        }
    }

    private static void refuseMissingFunction(Throwable failure) {
        if (failure instanceof OutOfMemoryError) {
            throw new UsageException("--jq: the filter ran out of memory over null, its trial before any request");
        }
        if (!(failure instanceof JsonQueryException)) {
            return;
        }
        String message = String.valueOf(failure.getMessage());
        if (message.startsWith("Function ") && message.endsWith(" does not exist")) {
            throw new UsageException("--jq: " + LineFit.firstLine(message, "it is not jq") + " in this jq (jackson-jq, the language of jq "
                    + LANGUAGE + ")");
        }
    }

    private static Function stoppable(Function function, AtomicBoolean stop) {
        return (scope, args, in, path, output, version) -> {
            stopWhenTold(stop);
            PathOutput told = (value, at) -> {
                stopWhenTold(stop);
                output.emit(value, at);
            };
            function.apply(scope, args, in, path, told, version);
        };
    }

    private static void stopWhenTold(AtomicBoolean stop) {
        if (stop.get()) {
            throw new Ended();
        }
    }

    /** Not a JsonQueryException, which the filter's own {@code try} or {@code ?} would catch and go on. */
    private static final class Ended extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Ended() {
            super("ended", null, false, false);
        }
    }
}
