package dev.userlookup;

import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * Under {@code CI=true} a test that would skip fails instead. A test skips where the machine
 * lacks what it needs (zsh, script, man, a user who is not root); CI installs all of it
 * ({@code .ci/run}), so a skip there is something gone missing, and a skipped test checks nothing.
 *
 * <p>Every test of every class runs with it (registered in META-INF/services, with JUnit's
 * extension autodetection on in junit-platform.properties). Tests skip by assumption
 * ({@code assumeTrue}, {@code abort}), which is where this turns a skip into a failure; a
 * condition annotation (JUnit's Disabled, EnabledIf...) would skip past it, so the tests use none
 * (SkipsFailInCiTest keeps that true).
 */
public final class SkipsFailInCi implements TestExecutionExceptionHandler, LifecycleMethodExecutionExceptionHandler {

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable thrown) throws Throwable {
        throw failureInCi(thrown, System.getenv());
    }

    @Override
    public void handleBeforeAllMethodExecutionException(ExtensionContext context, Throwable thrown) throws Throwable {
        throw failureInCi(thrown, System.getenv());
    }

    @Override
    public void handleBeforeEachMethodExecutionException(ExtensionContext context, Throwable thrown) throws Throwable {
        throw failureInCi(thrown, System.getenv());
    }

    @Override
    public void handleAfterEachMethodExecutionException(ExtensionContext context, Throwable thrown) throws Throwable {
        throw failureInCi(thrown, System.getenv());
    }

    @Override
    public void handleAfterAllMethodExecutionException(ExtensionContext context, Throwable thrown) throws Throwable {
        throw failureInCi(thrown, System.getenv());
    }

    /** {@code thrown} as it is, or, a skip under {@code CI=true}, a failure that says why it would have skipped. */
    static Throwable failureInCi(Throwable thrown, Map<String, String> env) {
        if (thrown instanceof TestAbortedException && "true".equalsIgnoreCase(env.get("CI"))) {
            return new AssertionFailedError("skipped, which CI=true does not allow (.ci/run installs what the tests need): "
                    + thrown.getMessage(), thrown);
        }
        return thrown;
    }
}
