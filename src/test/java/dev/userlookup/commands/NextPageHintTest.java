package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The next-page hint at a terminal carries every option given, in the order given, with --offset
 * at the next page; wider than the screen it goes on in lines that end in {@code " \"}; and pasted
 * into a POSIX shell it is the very command line meant, which runs.
 */
class NextPageHintTest {

    @RegisterExtension
    final Registry service = new Registry();

    @TempDir
    Path home;

    /** A file name a shell would split and unquote: it must come back as one word, as it was. */
    private Path keyFile;
    /** A short one, for 40 columns: a temporary folder's path alone takes most of them, and no word is ever broken. */
    private Path shortKeyFile;

    /** A page of 2 of the 10 users, to a request with the key; without --offset the first page is asked for with the limit alone. */
    private void page(int offset, boolean offsetAsked) {
        service.get("/v2/user/?" + (offsetAsked ? "offset=" + offset + "&" : "") + "limit=2").withHeader("x-service-api-key", TestKeys.KEY)
                .reply(Reply.ok(Users.page(offset, 2, 10, 2)));
    }

    @BeforeEach
    void writeTheKey() throws Exception {
        keyFile = Files.createDirectories(home.resolve("team's keys")).resolve("prod key");
        shortKeyFile = home.resolve("k");
        for (Path file : List.of(keyFile, shortKeyFile)) {
            Files.writeString(file, TestKeys.KEY + "\n");
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        }
    }

    private Path keyFor(int width) {
        return width < 80 ? shortKeyFile : keyFile;
    }

    /** At a terminal {@code width} wide, without colour, and nothing from the environment but the home folder. */
    private Cli.Result run(int width, String... args) {
        return Cli.bare().through(service).env("HOME", home.toString()).env("NO_COLOR", "1").terminal(true, width).run(args);
    }

    private static List<String> lines(Cli.Result result) {
        return Arrays.asList(result.out().split("\n"));
    }

    @ParameterizedTest(name = "{0} columns")
    @ValueSource(ints = {80, 40})
    void theHintKeepsTheKeyFileAndEveryOtherOptionAndPastesAsTheCommandMeant(int width) throws Exception {
        page(0, false);
        page(2, true);
        Cli.Result result = run(width, "--base-url", service.baseUrl(), "--api-key-file", keyFor(width).toString(), "list", "--limit", "2");

        assertEquals(0, result.exit(), result::toString);
        String hint = Pasted.command(lines(result), width);
        List<String> meant = List.of("--base-url", service.baseUrl(), "--api-key-file", keyFor(width).toString(), "list", "--limit", "2",
                "--offset", "2");
        assertEquals(meant, Pasted.words(hint), hint);
        if (width == 40) {
            assertTrue(hint.contains(" \\\n"), "continued: " + hint);
        }

        Cli.Result pasted = run(width, meant.toArray(new String[0]));

        assertEquals(0, pasted.exit(), pasted::toString);
        assertTrue(pasted.out().contains("Showing 3–4 of 10 users."), pasted::toString);
    }

    @ParameterizedTest(name = "{0} columns")
    @ValueSource(ints = {80, 40})
    void theFieldsStayWhateverTheWidthAndOptionsAfterTheCommandKeepTheirOrderWithTheOffsetInItsPlace(int width) throws Exception {
        page(0, true);
        Cli.Result result = run(width, "list", "--offset", "0", "--fields", "client_user_id,user_id,sources",
                "--base-url", service.baseUrl() + "/", "--limit", "2", "--api-key-file", keyFor(width).toString());

        assertEquals(0, result.exit(), result::toString);
        String hint = Pasted.command(lines(result), width);
        assertEquals(List.of("list", "--offset", "2", "--fields", "client_user_id,user_id,sources", "--base-url",
                service.baseUrl() + "/", "--limit", "2", "--api-key-file", keyFor(width).toString()), Pasted.words(hint), hint);
    }

    @Test
    void aKeyFromStandardInputStaysDashForAPastedHintAsksForItAtATerminal() throws Exception {
        page(4, true);
        Cli.Result result = Cli.bare().through(service).env("HOME", home.toString()).env("NO_COLOR", "1").terminal(true, 80)
                .stdin(TestKeys.KEY + "\n")
                .run("--api-key-file", "-", "--base-url", service.baseUrl(), "list", "--limit", "2", "--offset", "4");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(List.of("--api-key-file", "-", "--base-url", service.baseUrl(), "list", "--limit", "2", "--offset", "6"),
                Pasted.words(Pasted.command(lines(result), 80)));
    }

    @Test
    void withoutALimitGivenTheHintAsksForThePageSizeTheServiceUsed() throws Exception {
        service.get("/v2/user/").reply(Reply.ok(Users.page(0, 50, 120, 50)));

        Cli.Result result = run(80, "list", "--api-key-file", keyFile.toString(), "--base-url", service.baseUrl());

        assertEquals(0, result.exit(), result::toString);
        assertEquals(List.of("list", "--api-key-file", keyFile.toString(), "--base-url", service.baseUrl(), "--offset", "50",
                "--limit", "50"), Pasted.words(Pasted.command(lines(result), 80)));
    }
}
