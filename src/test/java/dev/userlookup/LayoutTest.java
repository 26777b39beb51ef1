package dev.userlookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The code's layout: packages along the path of a request, each one using only the layers below
 * it (a sub-package belongs to its layer), and no file over 300 lines. The one place these rules
 * are kept. A package's size is not capped: a cap moves code into the wrong room to stay under it.
 */
class LayoutTest {

    /** Lowest first: a package may use those before it, never one after it. */
    static final List<String> LAYERS = List.of(
            "console", "model", "network", "service", "walk", "find", "settings", "output", "doctor", "commands");

    /** Classes of the root package every layer may use; {@code Main} is above them all. */
    private static final Set<String> SHARED_ROOT = Set.of("ExitCode", "UsageException", "Version");


    private static final Path MAIN = Path.of("src/main/java/dev/userlookup");
    private static final Pattern USE = Pattern.compile("\\bdev\\.userlookup\\.([a-z]+)\\.[A-Z]|\\bdev\\.userlookup\\.([A-Z]\\w*)");

    @Test
    void everyPackageIsALayerAndUsesOnlyTheLayersBelowIt() {
        List<String> upward = new ArrayList<>();
        for (Path file : javaFiles()) {
            String from = layerOf(file);
            if (from.isEmpty()) {
                continue;
            }
            assertTrue(LAYERS.contains(from), "a package that is no layer: " + from);
            Matcher use = USE.matcher(read(file));
            while (use.find()) {
                if (use.group(1) != null) {
                    String to = use.group(1);
                    assertTrue(LAYERS.contains(to), file + " uses a package that is no layer: " + to);
                    String edge = from + " -> " + to + " (" + file.getFileName() + ")";
                    if (LAYERS.indexOf(to) > LAYERS.indexOf(from)) {
                        upward.add(edge);
                    }
                } else {
                    assertTrue(SHARED_ROOT.contains(use.group(2)), file + " uses " + use.group(2));
                }
            }
        }
        assertEquals(List.of(), upward, "uses that go up a layer");
    }

    @Test
    void noFileOver300Lines() {
        List<String> long_ = new ArrayList<>();
        for (Path file : javaFiles()) {
            int lines = (int) read(file).lines().count();
            if (lines > 300) {
                long_.add(file + ": " + lines);
            }
        }
        assertEquals(List.of(), long_, "files over 300 lines");
    }

    /** The layer a file is in, "" for the root package; sub-packages belong to their layer. */
    private static String layerOf(Path file) {
        Path relative = MAIN.relativize(file);
        return relative.getNameCount() == 1 ? "" : relative.getName(0).toString();
    }

    private static List<Path> javaFiles() {
        try (Stream<Path> files = Files.walk(MAIN)) {
            return files.filter(path -> path.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
