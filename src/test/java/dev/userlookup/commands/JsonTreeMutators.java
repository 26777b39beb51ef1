package dev.userlookup.commands;

import static dev.userlookup.commands.MutationMaterial.DATES;
import static dev.userlookup.commands.MutationMaterial.RAW_NUMBERS;
import static dev.userlookup.commands.MutationMaterial.RAW_STRINGS;
import static dev.userlookup.commands.MutationMaterial.SPECIAL_STRINGS;
import static dev.userlookup.commands.MutationMaterial.TIMESTAMPS;
import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.userlookup.fake.Users;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Mutations of a valid body as a JSON tree: a value of another type at a random path, null,
 * a removed field, unknown fields, duplicate keys, arrays and objects swapped, special strings,
 * odd timestamps and numbers, long strings; and the bodies at the tool's bounds (huge strings,
 * deep nesting). Each mutation adds an entry to {@code mutations} saying what it did and where.
 */
final class JsonTreeMutators {

    private static final Set<String> TIMESTAMP_FIELDS = Set.of("created_on", "updated_at");
    private static final Set<String> DATE_FIELDS = Set.of("ingestion_start", "ingestion_end", "value");

    private JsonTreeMutators() {
    }

    /** A place in the tree that holds a value: a field of an object or an element of an array. */
    private record Slot(JsonNode parent, String field, int index, String path) {
        JsonNode get() {
            return field != null ? parent.get(field) : parent.get(index);
        }

        void set(JsonNode value) {
            if (field != null) {
                ((ObjectNode) parent).set(field, value);
            } else {
                ((ArrayNode) parent).set(index, value);
            }
        }
    }

    /** {@code count} mutations, one after another, each at a place drawn from the tree as it is then. */
    static byte[] mutate(Random r, String base, int count, List<String> mutations) throws IOException {
        RawJson raw = new RawJson();
        // The root in a holder, so that it too is a slot that can be replaced.
        ArrayNode holder = JsonNodeFactory.instance.arrayNode();
        holder.add(FuzzJson.MAPPER.readTree(base));
        for (int m = 0; m < count; m++) {
            List<Slot> slots = new ArrayList<>();
            slots.add(new Slot(holder, null, 0, "$"));
            collectSlots(holder.get(0), "$", slots);
            List<ObjectNode> objects = new ArrayList<>();
            collectObjects(holder.get(0), objects);
            int kind = r.nextInt(100);
            String what;
            if (kind < 25) {
                what = retype(r, raw, slots);
            } else if (kind < 32) {
                what = nullAt(r, slots);
            } else if (kind < 40) {
                what = remove(r, slots);
            } else if (kind < 50) {
                what = unknownField(r, raw, objects);
            } else if (kind < 58) {
                what = duplicateKey(r, raw, objects);
            } else if (kind < 64) {
                what = swapArrayAndObject(r, slots);
            } else if (kind < 74) {
                what = specialString(r, raw, slots);
            } else if (kind < 88) {
                what = timestamp(r, slots);
            } else if (kind < 96) {
                what = number(r, raw, slots);
            } else {
                what = longString(r, objects);
            }
            mutations.add(what);
        }
        return raw.serialize(holder.get(0));
    }

    private static String retype(Random r, RawJson raw, List<Slot> slots) {
        Slot slot = pickSlot(r, slots, false);
        JsonNode old = slot.get();
        JsonNode value = randomValue(r, raw, 0);
        for (int tries = 0; tries < 8 && kindOf(value, raw).equals(kindOf(old, raw)); tries++) {
            value = randomValue(r, raw, 0);
        }
        slot.set(value);
        return "retype " + slot.path + " " + kindOf(old, raw) + "->" + kindOf(value, raw) + describeValue(value, raw);
    }

    private static String nullAt(Random r, List<Slot> slots) {
        Slot slot = pickSlot(r, slots, false);
        slot.set(NullNode.instance);
        return "null at " + slot.path;
    }

    private static String remove(Random r, List<Slot> slots) {
        Slot slot = pickSlot(r, slots, true);
        if (slot == null) {
            return "remove (nothing to remove)";
        }
        ((ObjectNode) slot.parent).remove(slot.field);
        return "remove " + slot.path;
    }

    private static String unknownField(Random r, RawJson raw, List<ObjectNode> objects) {
        if (objects.isEmpty()) {
            return "unknown field (no object)";
        }
        ObjectNode target = objects.get(r.nextInt(objects.size()));
        String name = r.nextInt(4) == 0 ? SPECIAL_STRINGS[r.nextInt(SPECIAL_STRINGS.length)] : "x_" + r.nextInt(1000);
        JsonNode value = randomValue(r, raw, 0);
        target.set(name, value);
        return "unknown field " + Users.quote(abbreviate(name)) + " " + kindOf(value, raw) + describeValue(value, raw);
    }

    /** A field sent twice, the second time last in its object: the same value or another. */
    private static String duplicateKey(Random r, RawJson raw, List<ObjectNode> objects) {
        List<ObjectNode> withFields = new ArrayList<>();
        for (ObjectNode object : objects) {
            if (object.size() > 0) {
                withFields.add(object);
            }
        }
        if (withFields.isEmpty()) {
            return "duplicate key (no object with fields)";
        }
        ObjectNode target = withFields.get(r.nextInt(withFields.size()));
        List<String> names = new ArrayList<>();
        target.fieldNames().forEachRemaining(names::add);
        String name = names.get(r.nextInt(names.size()));
        JsonNode value = r.nextBoolean() ? target.get(name).deepCopy() : randomValue(r, raw, 0);
        target.set(raw.duplicateKey(name, raw.text(value)), NullNode.instance);
        return "duplicate key " + Users.quote(name) + " (last) " + kindOf(value, raw) + describeValue(value, raw);
    }

    /** An array becomes an object keyed "0", "1", …; an object becomes the array of its values. */
    private static String swapArrayAndObject(Random r, List<Slot> slots) {
        List<Slot> containers = new ArrayList<>();
        for (Slot slot : slots) {
            if (slot.get().isContainerNode()) {
                containers.add(slot);
            }
        }
        if (containers.isEmpty()) {
            return "array/object swap (no container)";
        }
        Slot slot = containers.get(r.nextInt(containers.size()));
        JsonNode old = slot.get();
        if (old.isArray()) {
            ObjectNode object = JsonNodeFactory.instance.objectNode();
            for (int i = 0; i < old.size(); i++) {
                object.set(String.valueOf(i), old.get(i));
            }
            slot.set(object);
            return "array->object at " + slot.path;
        }
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        old.elements().forEachRemaining(array::add);
        slot.set(array);
        return "object->array at " + slot.path;
    }

    private static String specialString(Random r, RawJson raw, List<Slot> slots) {
        List<Slot> strings = new ArrayList<>();
        for (Slot slot : slots) {
            if (slot.get().isTextual() && !raw.isPlaceholder(slot.get())) {
                strings.add(slot);
            }
        }
        if (strings.isEmpty()) {
            return "special string (no string)";
        }
        Slot slot = strings.get(r.nextInt(strings.size()));
        JsonNode value = r.nextInt(3) == 0 ? raw.value(RAW_STRINGS[r.nextInt(RAW_STRINGS.length)], "string")
                : TextNode.valueOf(SPECIAL_STRINGS[r.nextInt(SPECIAL_STRINGS.length)]);
        slot.set(value);
        return "special string at " + slot.path + describeValue(value, raw);
    }

    /** A timestamp or date field set to other text; half the time a user's own created_on, which the table shows. */
    private static String timestamp(Random r, List<Slot> slots) {
        List<Slot> times = new ArrayList<>();
        for (Slot slot : slots) {
            if (slot.field != null && (TIMESTAMP_FIELDS.contains(slot.field) || DATE_FIELDS.contains(slot.field))) {
                times.add(slot);
            }
        }
        if (times.isEmpty()) {
            return "timestamp (no timestamp field)";
        }
        List<Slot> userCreated = new ArrayList<>();
        for (Slot slot : times) {
            if (slot.path.matches("\\$(\\.users\\[\\d+\\])?\\.created_on")) {
                userCreated.add(slot);
            }
        }
        Slot slot = !userCreated.isEmpty() && r.nextBoolean() ? userCreated.get(r.nextInt(userCreated.size()))
                : times.get(r.nextInt(times.size()));
        String[] variants = TIMESTAMP_FIELDS.contains(slot.field) ? TIMESTAMPS : DATES;
        String value = variants[r.nextInt(variants.length)];
        slot.set(TextNode.valueOf(value));
        return "timestamp " + slot.path + "=" + Users.quote(value);
    }

    /** A number, or a page's total, offset or limit, set to an odd or extreme number. */
    private static String number(Random r, RawJson raw, List<Slot> slots) {
        List<Slot> numbers = new ArrayList<>();
        for (Slot slot : slots) {
            if (slot.get().isNumber() || (slot.field != null && Set.of("total", "offset", "limit").contains(slot.field))) {
                numbers.add(slot);
            }
        }
        Slot slot = numbers.isEmpty() ? pickSlot(r, slots, false) : numbers.get(r.nextInt(numbers.size()));
        JsonNode value = r.nextBoolean() ? raw.value(RAW_NUMBERS[r.nextInt(RAW_NUMBERS.length)], "number")
                : LongNode.valueOf(List.of(-1L, 0L, 1L, 500L, 501L, 2147483648L, Long.MAX_VALUE, Long.MIN_VALUE).get(r.nextInt(8)));
        slot.set(value);
        return "number at " + slot.path + describeValue(value, raw);
    }

    private static String longString(Random r, List<ObjectNode> objects) {
        if (objects.isEmpty()) {
            return "long string (no object)";
        }
        ObjectNode target = objects.get(r.nextInt(objects.size()));
        String name = r.nextBoolean() ? "notes" : "client_user_id";
        int length = 50_000 + r.nextInt(50_000);
        target.set(name, TextNode.valueOf("w\u00e9".repeat(length / 2)));
        return "a " + length + "-character string in " + name;
    }

    /**
     * A string of 2,097,152 characters in an unknown field, twice the tool's bound of 1 Mi
     * characters per string, or, half the time, one of 900,000, just under it.
     */
    static byte[] hugeString(Random r, String base, List<String> mutations) throws IOException {
        int length = r.nextBoolean() ? 2 << 20 : 900_000;
        RawJson raw = new RawJson();
        ObjectNode root = (ObjectNode) FuzzJson.MAPPER.readTree(base);
        ObjectNode target = root.has("users") && root.get("users").size() > 0 && r.nextBoolean() ? (ObjectNode) root.get("users").get(0) : root;
        target.set("blob", raw.value("\"" + "ab\u00e9c".repeat(length / 4) + "\""));
        mutations.add("unknown field \"blob\" holding a " + length + "-character string");
        return raw.serialize(root);
    }

    /**
     * Nesting in an unknown field or, for one variant in seven, as the whole body: 10,000 deep,
     * 250 (just past the tool's bound of 200) or 120 (within it); objects or arrays; closed or not.
     */
    static byte[] deepNesting(Random r, String base, List<String> mutations, int variant) throws IOException {
        int[] depths = {10_000, 10_000, 10_000, 250, 120, 10_000};
        int depth = depths[variant % depths.length];
        boolean objects = variant % 2 == 1;
        boolean closed = variant % 3 != 2;
        String open = objects ? "{\"a\":" : "[";
        String close = objects ? "}" : "]";
        String nested = open.repeat(depth) + (closed ? "1" + close.repeat(depth) : "");
        if (variant % 7 == 6) {
            mutations.add("the whole body nested " + depth + " deep (" + (objects ? "objects" : "arrays") + (closed ? ")" : ", unclosed)"));
            return nested.getBytes(UTF_8);
        }
        RawJson raw = new RawJson();
        ObjectNode root = (ObjectNode) FuzzJson.MAPPER.readTree(base);
        List<ObjectNode> objectsInTree = new ArrayList<>();
        collectObjects(root, objectsInTree);
        ObjectNode target = objectsInTree.get(r.nextInt(objectsInTree.size()));
        target.set("deep", raw.value(nested));
        mutations.add("unknown field \"deep\" nested " + depth + " deep (" + (objects ? "objects" : "arrays") + (closed ? ")" : ", unclosed)"));
        return raw.serialize(root);
    }

    private static Slot pickSlot(Random r, List<Slot> slots, boolean fieldsOnly) {
        List<Slot> candidates = new ArrayList<>();
        for (Slot slot : slots) {
            if (!fieldsOnly || slot.field != null) {
                candidates.add(slot);
            }
        }
        if (candidates.isEmpty()) {
            return null;
        }
        // The root now and then; mostly something inside it.
        if (!fieldsOnly && r.nextInt(30) == 0) {
            return candidates.get(0);
        }
        return candidates.get(candidates.size() == 1 ? 0 : 1 + r.nextInt(candidates.size() - 1));
    }

    private static void collectSlots(JsonNode node, String path, List<Slot> out) {
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = node.properties().iterator();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                String child = path + "." + field.getKey();
                out.add(new Slot(node, field.getKey(), -1, child));
                collectSlots(field.getValue(), child, out);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                String child = path + "[" + i + "]";
                out.add(new Slot(node, null, i, child));
                collectSlots(node.get(i), child, out);
            }
        }
    }

    private static void collectObjects(JsonNode node, List<ObjectNode> out) {
        if (node.isObject()) {
            out.add((ObjectNode) node);
        }
        if (node.isContainerNode()) {
            node.elements().forEachRemaining(child -> collectObjects(child, out));
        }
    }

    /** A value of any JSON type, raw JSON text included, with containers at most two levels deep. */
    private static JsonNode randomValue(Random r, RawJson raw, int depth) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        switch (r.nextInt(depth > 1 ? 8 : 16)) {
            case 0: return TextNode.valueOf(SPECIAL_STRINGS[r.nextInt(SPECIAL_STRINGS.length)]);
            case 1: return TextNode.valueOf(Users.uuid(r.nextInt(1000)));
            case 2: return IntNode.valueOf(r.nextInt(2001) - 1000);
            case 3: return DecimalNode.valueOf(new BigDecimal(List.of("1.50", "0.90", "-0.5", "3.0", "1E+2").get(r.nextInt(5))));
            case 4: return BooleanNode.valueOf(r.nextBoolean());
            case 5: return NullNode.instance;
            case 6: return nodes.arrayNode();
            case 7: return nodes.objectNode();
            case 8: {
                ArrayNode array = nodes.arrayNode();
                for (int i = r.nextInt(3) + 1; i > 0; i--) {
                    array.add(randomValue(r, raw, depth + 1));
                }
                return array;
            }
            case 9: {
                ObjectNode object = nodes.objectNode();
                for (int i = r.nextInt(2) + 1; i > 0; i--) {
                    object.set(List.of("slug", "id", "value", "k").get(r.nextInt(4)), randomValue(r, raw, depth + 1));
                }
                return object;
            }
            case 10: return raw.value(RAW_NUMBERS[r.nextInt(RAW_NUMBERS.length)], "number");
            case 11: return raw.value(RAW_STRINGS[r.nextInt(RAW_STRINGS.length)], "string");
            case 12: return TextNode.valueOf(TIMESTAMPS[r.nextInt(TIMESTAMPS.length)]);
            case 13: return LongNode.valueOf(r.nextLong());
            case 14: return TextNode.valueOf("");
            default: return TextNode.valueOf(String.valueOf(r.nextInt(100)));
        }
    }

    private static String kindOf(JsonNode node, RawJson raw) {
        String declared = raw.kind(node);
        if (declared != null) {
            return declared;
        }
        if (node.isObject()) {
            return "object";
        }
        if (node.isArray()) {
            return "array";
        }
        if (node.isTextual()) {
            return "string";
        }
        if (node.isNumber()) {
            return "number";
        }
        if (node.isBoolean()) {
            return "boolean";
        }
        return "null";
    }

    private static String describeValue(JsonNode value, RawJson raw) {
        String text = raw.text(value);
        return " " + abbreviate(text);
    }

    private static String abbreviate(String text) {
        return text.length() <= 60 ? text : text.substring(0, 40) + "…(" + text.length() + " chars)";
    }
}
