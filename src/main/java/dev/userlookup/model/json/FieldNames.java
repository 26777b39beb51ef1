package dev.userlookup.model.json;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * Refuses an object that names a key twice: readers disagree on which counts (Jackson's tree and
 * jq take the last, others the first), so a check and a reader downstream could see two users.
 * Not Jackson's {@code STRICT_DUPLICATE_DETECTION}, which makes a set for every object of three
 * names or more: a user has about ten, compared one by one in a reused array.
 */
public final class FieldNames {

    /** Past this many names an object's further names go into a set: one by one, a hostile object of 100,000 would take minutes. */
    private static final int LISTED = 16;

    private String[] names = new String[64];
    private int[] hashes = new int[64];
    private int top;
    private int[] starts = new int[8];
    private Set<String>[] more = newSets(8);
    private int depth = -1;

    @SuppressWarnings("unchecked")
    private static Set<String>[] newSets(int length) {
        return (Set<String>[]) new Set<?>[length];
    }

    public void open() {
        depth++;
        if (depth == starts.length) {
            starts = Arrays.copyOf(starts, depth * 2);
            more = Arrays.copyOf(more, depth * 2);
        }
        starts[depth] = top;
    }

    public void add(JsonParser parser, String name) throws JsonParseException {
        int from = starts[depth];
        int hash = name.hashCode();
        for (int i = from; i < top; i++) {
            if (hashes[i] == hash && names[i].equals(name)) {
                throw twice(parser, name);
            }
        }
        if (top - from < LISTED) {
            if (top == names.length) {
                names = Arrays.copyOf(names, top * 2);
                hashes = Arrays.copyOf(hashes, top * 2);
            }
            names[top] = name;
            hashes[top++] = hash;
        } else {
            if (more[depth] == null) {
                more[depth] = new HashSet<>();
            }
            if (!more[depth].add(name)) {
                throw twice(parser, name);
            }
        }
    }

    public void close() {
        top = starts[depth];
        more[depth] = null;
        depth--;
    }

    private static JsonParseException twice(JsonParser parser, String name) {
        return new JsonParseException(parser, "an object names \"" + name + "\" twice");
    }
}
