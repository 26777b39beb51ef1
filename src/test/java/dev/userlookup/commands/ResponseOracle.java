package dev.userlookup.commands;

import com.fasterxml.jackson.databind.JsonNode;
import dev.userlookup.commands.FuzzCase.Command;
import dev.userlookup.fake.Users;
import java.io.IOException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * What the contract says of a response body, judged without the tool's code: is it JSON
 * ({@link JsonGrammar}), and does it have the User or UserList shape the command reads. A
 * body that is certainly broken is INVALID (exit 5 required), one that is certainly fine is VALID
 * (exit 0 required); what the contract or the tool's bounds leave open is EITHER.
 */
final class ResponseOracle {

    enum Verdict { VALID, EITHER, INVALID }

    /**
     * @param tree     the body as the test's own reader sees it, or null when it is not read
     * @param lossless whether JSON output must equal {@code tree}: false past the tool's bounds
     */
    record Judgement(Verdict verdict, String why, JsonNode tree, boolean lossless) {
    }

    private ResponseOracle() {
    }

    static Judgement judge(FuzzCase c) {
        byte[] body;
        try {
            body = c.decodedWire();
        } catch (IOException e) {
            return new Judgement(Verdict.INVALID, "the gzip stream is corrupt: " + e.getMessage(), null, false);
        }
        JsonGrammar grammar = new JsonGrammar(body);
        String error = grammar.check();
        if (error != null) {
            return new Judgement(Verdict.INVALID, "not JSON: " + error, null, false);
        }
        if (grammar.duplicateKey() != null) {
            return new Judgement(Verdict.INVALID, "an object names " + Users.quote(grammar.duplicateKey()) + " twice", null, false);
        }
        if (grammar.unheldNumber() != null) {
            return new Judgement(Verdict.INVALID, "a number a double cannot hold: " + grammar.unheldNumber(), null, false);
        }
        if (grammar.dubious() != null) {
            return new Judgement(Verdict.EITHER, "JSON, but " + grammar.dubious(), null, false);
        }
        JsonNode tree;
        try {
            tree = FuzzJson.MAPPER.readTree(body);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            return new Judgement(Verdict.EITHER, "grammatical, but the test's own reader refused it: " + e, null, false);
        }
        Shape shape = new Shape(c.format().equals("table"));
        switch (c.command()) {
            case RESOLVE -> {
                shape.user(tree, "");
                // resolve x prints only the user asked for: another client_user_id is another customer's record.
                JsonNode id = tree.isObject() ? tree.get("client_user_id") : null;
                if (id != null && id.isTextual() && !id.asText().equals("x")) {
                    shape.bad("client_user_id is not the id asked for: another user");
                }
            }
            case LIST, LIST_ALL -> shape.page(tree, false);
            case LIST_COUNT -> shape.page(tree, true);
            default -> throw new IllegalStateException();
        }
        Verdict verdict = shape.verdict;
        String why = shape.why;
        String bounds = grammar.beyondBounds();
        if (bounds != null && verdict != Verdict.INVALID) {
            verdict = Verdict.EITHER;
            why = "past the tool's bounds: " + bounds;
        }
        if (verdict == Verdict.VALID && c.command() == Command.LIST_ALL) {
            verdict = Verdict.EITHER;
            why = "--all walks a service that answers every page with the same body";
        }
        return new Judgement(verdict, why == null ? "the JSON expected" : why, tree, bounds == null);
    }

    /** The User and UserList shapes of the contract; what it leaves open is EITHER. */
    private static final class Shape {
        /** Whether timestamps and dates must parse: the table reads them, the other formats pass the text on. */
        private final boolean typed;
        private Verdict verdict = Verdict.VALID;
        private String why;

        Shape(boolean typed) {
            this.typed = typed;
        }

        /** The body is broken; the first reason found is kept. */
        void bad(String reason) {
            if (verdict != Verdict.INVALID) {
                verdict = Verdict.INVALID;
                why = reason;
            }
        }

        /** The contract leaves it open, unless the body is already broken. */
        void open(String reason) {
            if (verdict == Verdict.VALID) {
                verdict = Verdict.EITHER;
                why = reason;
            }
        }

        void page(JsonNode root, boolean needTotal) {
            if (!root.isObject()) {
                bad("the page is not an object");
                return;
            }
            JsonNode users = root.get("users");
            if (users == null || !users.isArray()) {
                bad("no users array");
                return;
            }
            for (int i = 0; i < users.size(); i++) {
                user(users.get(i), "users[" + i + "].");
            }
            integer(root, "total", 63);
            integer(root, "offset", 63);
            integer(root, "limit", 31);
            if (needTotal && (root.get("total") == null || root.get("total").isNull())) {
                bad("--count needs a total");
            }
        }

        void user(JsonNode user, String where) {
            if (!user.isObject()) {
                bad(where + " is not an object");
                return;
            }
            for (String field : List.of("user_id", "client_user_id")) {
                JsonNode value = user.get(field);
                if (value == null || !value.isTextual()) {
                    bad(where + field + " is not a string");
                }
            }
            text(user, where, "team_id");
            timestamp(user, where, "created_on");
            date(user, where, "ingestion_start");
            date(user, where, "ingestion_end");
            JsonNode sources = user.get("connected_sources");
            if (sources != null && !sources.isNull()) {
                if (!sources.isArray()) {
                    bad(where + "connected_sources is not an array");
                } else {
                    for (int i = 0; i < sources.size(); i++) {
                        JsonNode connected = sources.get(i);
                        String path = where + "connected_sources[" + i + "].";
                        if (connected.isNull()) {
                            continue;
                        }
                        if (!connected.isObject()) {
                            bad(path + " is not an object");
                            continue;
                        }
                        timestamp(connected, path, "created_on");
                        // provider is read unless missing or null, else the deprecated source: a
                        // provider of another type is broken, not a reason to read source; the
                        // field not read may hold anything.
                        JsonNode provider = connected.get("provider");
                        String read = provider == null || provider.isNull() ? "source" : "provider";
                        JsonNode source = connected.get(read);
                        if (source != null && !source.isNull()) {
                            if (!source.isObject()) {
                                bad(path + read + " is not an object");
                            } else {
                                text(source, path + read + ".", "logo");
                                text(source, path + read + ".", "name");
                                text(source, path + read + ".", "slug");
                            }
                        }
                    }
                }
            }
            JsonNode zone = user.get("fallback_time_zone");
            if (zone != null && !zone.isNull()) {
                if (!zone.isObject()) {
                    bad(where + "fallback_time_zone is not an object");
                } else {
                    text(zone, where + "fallback_time_zone.", "id");
                    text(zone, where + "fallback_time_zone.", "source_slug");
                    timestamp(zone, where + "fallback_time_zone.", "updated_at");
                }
            }
            JsonNode birth = user.get("fallback_birth_date");
            if (birth != null && !birth.isNull()) {
                if (!birth.isObject()) {
                    bad(where + "fallback_birth_date is not an object");
                } else {
                    date(birth, where + "fallback_birth_date.", "value");
                    text(birth, where + "fallback_birth_date.", "source_slug");
                    timestamp(birth, where + "fallback_birth_date.", "updated_at");
                }
            }
        }

        private boolean text(JsonNode parent, String where, String field) {
            JsonNode value = parent.get(field);
            if (value == null || value.isNull()) {
                return false;
            }
            if (!value.isTextual()) {
                bad(where + field + " is not a string");
                return false;
            }
            return true;
        }

        /** A table must read it; ISO-8601 with an offset it surely reads, anything else perhaps. */
        private void timestamp(JsonNode parent, String where, String field) {
            if (text(parent, where, field) && typed) {
                try {
                    OffsetDateTime.parse(parent.get(field).asText(), DateTimeFormatter.ISO_OFFSET_DATE_TIME);
                } catch (DateTimeParseException e) {
                    open(where + field + " is not ISO-8601 with an offset, which a table must read");
                }
            }
        }

        private void date(JsonNode parent, String where, String field) {
            if (text(parent, where, field) && typed) {
                try {
                    LocalDate.parse(parent.get(field).asText(), DateTimeFormatter.ISO_LOCAL_DATE);
                } catch (DateTimeParseException e) {
                    open(where + field + " is not an ISO-8601 date, which a table must read");
                }
            }
        }

        private void integer(JsonNode root, String field, int bits) {
            JsonNode value = root.get(field);
            if (value == null || value.isNull()) {
                return;
            }
            if (!value.isNumber()) {
                bad(field + " is not a number");
            } else if (!value.isIntegralNumber()) {
                open(field + " has a fraction or an exponent");
            } else if (value.bigIntegerValue().bitLength() > bits) {
                open(field + " is out of range");
            }
        }
    }
}
