package dev.userlookup.build;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The class lists of several training runs ({@code -XX:DumpLoadedClassList}) as one list for
 * {@code -Xshare:dump}: each class once, in the order first loaded, each directive once.
 *
 * <p>The list travels with the jar, and the launcher dumps an archive from it on whichever JDK
 * runs the tool; so only the directives JDK 17 reads are kept ({@code @lambda-proxy},
 * {@code @lambda-form-invoker}). JDK 25 also writes {@code @cp} lines (constant-pool entries to
 * resolve), and JDK 17 refuses a list that holds one.
 *
 * <p>A class line may carry {@code id: N}, a number of its own run (JDK 25 numbers every class;
 * JDK 17 only those of other class loaders, which name their super class and interfaces by
 * these numbers). Two runs give one number to different classes, and the dump refuses a list
 * that uses a number twice; so the merged list numbers its classes anew, and a class's
 * {@code super:} and {@code interfaces:} follow it.
 */
final class MergedClassList {

    private static final Set<String> PORTABLE_DIRECTIVES = Set.of("@lambda-proxy", "@lambda-form-invoker");

    /** Each class's merged number, by its line without a number of its own (the class itself, whichever run). */
    private final Map<String, Integer> idOf = new HashMap<>();
    private final Set<String> lines = new LinkedHashSet<>();

    /** Adds one run's list; its blank and comment lines are left out. */
    void add(List<String> run) throws StartupArchive.TrainingFailed {
        // This run's numbers, each to the merged number of the same class.
        Map<String, Integer> merged = new HashMap<>();
        for (String line : run) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("@")) {
                if (PORTABLE_DIRECTIVES.contains(line.substring(0, (line + " ").indexOf(' ')))) {
                    lines.add(line);
                }
                continue;
            }
            ClassLine parsed = ClassLine.parse(line);
            if (parsed.id() == null) {
                lines.add(line);
                continue;
            }
            String identity = parsed.withIds(null, merged, line);
            Integer id = idOf.get(identity);
            if (id == null) {
                id = idOf.size();
                idOf.put(identity, id);
                lines.add(parsed.withIds(id, merged, line));
            }
            merged.put(parsed.id(), id);
        }
    }

    /** The merged list, as {@code -XX:SharedClassListFile} reads it. */
    List<String> lines() {
        return new ArrayList<>(lines);
    }

    /** A class line: its name, its own number (null if none), then its other attributes in order. */
    private record ClassLine(String name, String id, Map<String, List<String>> attributes) {

        static ClassLine parse(String line) {
            String[] words = line.strip().split("\\s+");
            String id = null;
            Map<String, List<String>> attributes = new LinkedHashMap<>();
            List<String> values = null;
            for (int i = 1; i < words.length; i++) {
                String word = words[i];
                if (word.equals("source:")) {
                    // The last attribute, a path that may hold spaces: the rest of the line as written.
                    int at = line.indexOf(" source: ");
                    attributes.put("source:", List.of(line.substring(at + " source: ".length())));
                    break;
                }
                if (word.endsWith(":")) {
                    values = new ArrayList<>();
                    attributes.put(word, values);
                } else if (values != null) {
                    values.add(word);
                }
            }
            List<String> own = attributes.remove("id:");
            if (own != null && own.size() == 1) {
                id = own.get(0);
            }
            return new ClassLine(words[0], id, attributes);
        }

        /** The line with {@code id} as its number (none if null) and the merged numbers of the classes it names. */
        String withIds(Integer id, Map<String, Integer> merged, String line) throws StartupArchive.TrainingFailed {
            StringBuilder text = new StringBuilder(name);
            if (id != null) {
                text.append(" id: ").append(id);
            }
            for (Map.Entry<String, List<String>> attribute : attributes.entrySet()) {
                text.append(' ').append(attribute.getKey());
                boolean refersToClasses = attribute.getKey().equals("super:") || attribute.getKey().equals("interfaces:");
                for (String value : attribute.getValue()) {
                    if (refersToClasses) {
                        Integer mergedId = merged.get(value);
                        if (mergedId == null) {
                            throw new StartupArchive.TrainingFailed("the class list names class number " + value
                                    + " before its line: " + line);
                        }
                        value = mergedId.toString();
                    }
                    text.append(' ').append(value);
                }
            }
            return text.toString();
        }
    }
}
