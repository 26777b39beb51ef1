package dev.userlookup.model.json;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * The field names of the objects being read, one level an object, so that an object naming a
 * key twice is refused: readers disagree on which of the two counts (Jackson's tree and jq take
 * the last, others the first), so a check that read one and a reader downstream that reads the
 * other would see two different users. One instance follows one parser, objects opened and
 * closed as the parser meets them.
 *
 * <p>Kept rather than Jackson's {@code STRICT_DUPLICATE_DETECTION}, which makes a set for every
 * object of three names or more: the names of a level are kept in an array reused from object to
 * object and compared one by one (a user has about ten), and only an object of many names gets a
 * set.
 */
public final class FieldNames {

    /** Past this many names an object's further names go into a set: one by one, a hostile object of 100,000 would take minutes. */
    private static final int LISTED = 16;

    /** The names of the open objects, outermost first: those of the object last opened are on top. */
    private String[] names = new String[64];
    /** The hash of each: a name is compared only with those of its hash (a String keeps its hash). */
    private int[] hashes = new int[64];
    private int top;
    /** By open object: where its names start in {@link #names}, and the set of its names past {@link #LISTED}. */
    private int[] starts = new int[8];
    private Set<String>[] more = newSets(8);
    private int depth = -1;

    @SuppressWarnings("unchecked")
    private static Set<String>[] newSets(int length) {
        return (Set<String>[]) new Set<?>[length];
    }

    /** An object starts. */
    public void open() {
        depth++;
        if (depth == starts.length) {
            starts = Arrays.copyOf(starts, depth * 2);
            more = Arrays.copyOf(more, depth * 2);
        }
        starts[depth] = top;
    }

    /**
     * A name of the object last opened.
     *
     * @throws JsonParseException when the object named it before; the message names it
     */
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

    /** The object last opened ends. */
    public void close() {
        top = starts[depth];
        more[depth] = null;
        depth--;
    }

    private static JsonParseException twice(JsonParser parser, String name) {
        return new JsonParseException(parser, "an object names \"" + name + "\" twice");
    }
}
