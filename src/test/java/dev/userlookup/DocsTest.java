package dev.userlookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * README and the contributors' notes (src/site/markdown) name only classes and packages that
 * exist: a note that names a class the code lost misleads the next reader more than none.
 */
class DocsTest {

    private static final Path MAIN = Path.of("src/main/java/dev/userlookup");
    private static final Path TEST = Path.of("src/test/java/dev/userlookup");

    /** {@code `...`} spans of a document, outside fenced blocks. */
    private static final Pattern CODE = Pattern.compile("`([^`\\n]+)`");
    /** {@code model.json}, {@code fake/Stubs}, {@code dev.userlookup.walk}, {@code network/tls/ServerTrust}. */
    private static final Pattern QUALIFIED = Pattern.compile("(?:dev\\.userlookup\\.)?((?:[a-z]+[./])+)([A-Z]\\w*)?");
    /** A class by its simple name: two humps at least ({@code ResponseFuzzTest}), maybe with a member. */
    private static final Pattern SIMPLE = Pattern.compile("([A-Z][a-z0-9]+[A-Z]\\w*)(?:\\.[a-z]\\w*(?:\\(\\))?)?");

    /** The libraries' classes the documents may name beside ours. */
    private static final Set<String> LIBRARY_CLASSES = Set.of("CommandLine", "HttpClient", "SSLContext", "JsonNode",
            "DateTimeFormatter", "HashSet", "CertificateFactory");

    @Test
    void theDocumentsNameOnlyClassesAndPackagesThatExist() throws IOException {
        Set<String> classes = classNames();
        classes.addAll(LIBRARY_CLASSES);
        List<String> missing = new ArrayList<>();
        List<Path> documents = documents();
        assertTrue(documents.size() >= 3, "README and the notes under src/site/markdown: " + documents);
        for (Path document : documents) {
            for (String code : codeSpans(Files.readString(document))) {
                Matcher qualified = QUALIFIED.matcher(code);
                Matcher simple = SIMPLE.matcher(code);
                if (qualified.matches() && isPackagePath(qualified.group(1))) {
                    String folder = qualified.group(1).replace('.', '/');
                    folder = folder.substring(0, folder.length() - 1);
                    String type = qualified.group(2);
                    boolean found = type == null
                            ? Files.isDirectory(MAIN.resolve(folder)) || Files.isDirectory(TEST.resolve(folder))
                            : Files.exists(MAIN.resolve(folder).resolve(type + ".java")) || Files.exists(TEST.resolve(folder).resolve(type + ".java"));
                    if (!found) {
                        missing.add(document + ": " + code);
                    }
                } else if (simple.matches() && !classes.contains(simple.group(1))) {
                    missing.add(document + ": " + code);
                }
            }
        }
        assertEquals(List.of(), missing, "names in the documents that the code does not have");
    }

    /** A dotted or slashed lower-case path is a package only where its first part is one of ours. */
    private static boolean isPackagePath(String path) throws IOException {
        String first = path.split("[./]")[0];
        return Files.isDirectory(MAIN.resolve(first)) || Files.isDirectory(TEST.resolve(first))
                || first.equals("dev");
    }

    private static List<String> codeSpans(String markdown) {
        StringBuilder prose = new StringBuilder();
        boolean fenced = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.startsWith("```")) {
                fenced = !fenced;
            } else if (!fenced) {
                prose.append(line).append('\n');
            }
        }
        List<String> spans = new ArrayList<>();
        Matcher code = CODE.matcher(prose);
        while (code.find()) {
            spans.add(code.group(1).trim());
        }
        return spans;
    }

    private static List<Path> documents() throws IOException {
        List<Path> documents = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> notes = Files.walk(Path.of("src/site/markdown"))) {
            documents.addAll(notes.filter(path -> path.toString().endsWith(".md")).sorted().toList());
        }
        return documents;
    }

    private static Set<String> classNames() throws IOException {
        try (Stream<Path> files = Stream.concat(Files.walk(MAIN), Files.walk(TEST))) {
            return files.map(path -> path.getFileName().toString())
                    .filter(name -> name.endsWith(".java"))
                    .map(name -> name.substring(0, name.length() - ".java".length()))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }
}
