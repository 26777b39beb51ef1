package dev.userlookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** A skip is a failure under CI=true, for every test, and the tests skip only where that can see it. */
class SkipsFailInCiTest {

    /** Run only through the launcher below (surefire leaves nested classes out). */
    static final class Skipping {
        @Test
        void skips() {
            Assumptions.assumeTrue(false, "zsh is not installed here");
        }
    }

    @Test
    void aSkipUnderCiIsAFailureThatSaysWhy() {
        TestAbortedException skip = new TestAbortedException("Assumption failed: zsh is not installed here");

        Throwable failure = SkipsFailInCi.failureInCi(skip, Map.of("CI", "true"));

        assertInstanceOf(AssertionFailedError.class, failure);
        assertEquals("skipped, which CI=true does not allow (.ci/run installs what the tests need): "
                + "Assumption failed: zsh is not installed here", failure.getMessage());
        assertSame(skip, failure.getCause());
    }

    @Test
    void elsewhereASkipStaysASkipAndOtherFailuresStayThemselves() {
        TestAbortedException skip = new TestAbortedException("zsh is not installed here");
        AssertionError failed = new AssertionError("expected 2");

        assertSame(skip, SkipsFailInCi.failureInCi(skip, Map.of()));
        assertSame(skip, SkipsFailInCi.failureInCi(skip, Map.of("CI", "false")));
        assertSame(failed, SkipsFailInCi.failureInCi(failed, Map.of("CI", "true")));
    }

    @Test
    void everyTestRunsWithItWhateverItsClass() {
        // As surefire runs a class: through the platform, the project's junit-platform.properties read.
        List<TestExecutionResult> results = new ArrayList<>();
        LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(Skipping.class)).build(),
                new TestExecutionListener() {
                    @Override
                    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                        if (test.isTest()) {
                            results.add(result);
                        }
                    }
                });

        assertEquals(1, results.size(), results::toString);
        boolean ci = "true".equalsIgnoreCase(System.getenv("CI"));
        assertEquals(ci ? TestExecutionResult.Status.FAILED : TestExecutionResult.Status.ABORTED, results.get(0).getStatus(),
                results::toString);
        if (ci) {
            assertTrue(results.get(0).getThrowable().orElseThrow().getMessage().endsWith("zsh is not installed here"), results::toString);
        }
    }

    @Test
    void noTestSkipsByACondition() throws IOException {
        // A JUnit condition annotation (Disabled, EnabledIf..., DisabledOnOs...) skips before any extension sees the test.
        Pattern condition = Pattern.compile("^\\s*@((?:Disabled|Enabled)\\w*)", Pattern.MULTILINE);
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/test/java"))) {
            for (Path file : files.filter(path -> path.toString().endsWith(".java")).toList()) {
                Matcher annotation = condition.matcher(read(file));
                while (annotation.find()) {
                    found.add(file + ": @" + annotation.group(1));
                }
            }
        }
        assertEquals(List.of(), found, "skip by an assumption (assumeTrue, abort), which CI=true turns into a failure");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
