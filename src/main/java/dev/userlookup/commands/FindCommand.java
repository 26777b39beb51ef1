package dev.userlookup.commands;

import dev.userlookup.ExitCode;
import dev.userlookup.UsageException;
import dev.userlookup.commands.help.HelpLayout;
import dev.userlookup.commands.options.ParallelOption;
import dev.userlookup.commands.shape.ShapeOptions;
import dev.userlookup.console.Counts;
import dev.userlookup.find.AnswerSink;
import dev.userlookup.find.UserIdSearch;
import dev.userlookup.find.WantedIds;
import dev.userlookup.find.index.UserIndex;
import dev.userlookup.model.UserRecord;
import dev.userlookup.output.Footer;
import dev.userlookup.output.Renderer;
import dev.userlookup.settings.Settings;
import dev.userlookup.settings.UserPaths;
import dev.userlookup.walk.WalkProgress;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code userlookup find}: the users the service knows by these user_ids. */
@Command(
        name = "find",
        header = "Find users by user_id, the service's own id (logs, webhooks).",
        customSynopsis = "userlookup [OPTIONS] find [--stdin] [--parallel N] [--no-cache] [--fields LIST] [--jq FILTER] USER_ID...",
        description = "The service looks users up only by client_user_id: find reads the team's list, as list --all does, "
                + "until every id is found. Users print as resolve prints them, in input order; an id not found is named on "
                + "stderr, and the exit status is 3. An index in your cache folder (user_id and client_user_id, nothing else) "
                + "makes a later find of the same user one request.",
        footer = {
            HelpLayout.GLOBAL_OPTIONS,
            "",
            "Examples:",
            "  userlookup find 138adbbd-c5e6-36c4-aff7-48390b9f91da",
            "  userlookup find 138adbbd-c5e6-36c4-aff7-48390b9f91da --jq .client_user_id",
            "  grep -oE '[0-9a-f-]{36}' app.log | userlookup find --stdin -o csv",
        })
final class FindCommand implements Callable<Integer> {

    private final Factory factory;

    @Parameters(arity = "0..*", paramLabel = "USER_ID", description = "The service's id of the user, a UUID.")
    List<String> ids = new ArrayList<>();

    @Mixin
    HelpLayout.HelpOption help;

    @Option(names = "--stdin", description = "Read the user_ids from standard input, one a line; blanks around an id are dropped.")
    boolean stdin;

    @Mixin
    ParallelOption parallel = new ParallelOption();

    @Option(names = "--no-cache", description = "Neither read nor write the index: walk the list.")
    boolean noCache;

    @Mixin
    ShapeOptions shape = new ShapeOptions();

    FindCommand(Factory factory) {
        this.factory = factory;
    }

    @Override
    public Integer call() throws IOException {
        factory.shape(shape.decide(factory.options().output, false));
        IdInput.check("find", "USER_ID", ids, stdin, factory);
        // Every id is read and checked before the first request.
        WantedIds wanted = new WantedIds(stdin ? readStdin() : ids);
        if (wanted.asked().isEmpty()) {
            throw new UsageException("find: no user_id on standard input");
        }
        Settings settings = factory.settings();
        UserIndex index = noCache ? UserIndex.none()
                : UserIndex.open(UserPaths.cacheFolder(factory.console().io().env()),
                        settings.baseUrl().value().toString(), settings.apiKey().value());
        // The users found are few, so the progress line shows whatever stdout is.
        WalkProgress progress = factory.console().terminal().stderrIsTerminal()
                ? WalkProgress.on(factory.console().stderr().progressLine("users searched")) : WalkProgress.NONE;
        UserIdSearch search = new UserIdSearch(factory.client(), index, parallel.value(), progress,
                factory.options().verbose() ? factory.console().stderr()::verbose : line -> { });
        if (!stdin && ids.size() == 1) {
            return notFound(search.find(wanted, answers(user -> factory.renderer().user(user))));
        }
        UserIdSearch.Outcome outcome;
        // The document stays whole (a closed JSON array) whatever cuts the find short.
        try (Renderer.UserStream out = factory.renderer().stream(Renderer.StreamShape.ARRAY)) {
            outcome = search.find(wanted, answers(user -> {
                out.addAll(List.of(user));
                out.flush();
            }));
            out.finish(Footer.batch(outcome.found(), outcome.notFound()));
        }
        return notFound(outcome);
    }

    private interface UserOutput {
        void write(UserRecord user) throws IOException;
    }

    private AnswerSink answers(UserOutput output) {
        return new AnswerSink() {
            @Override public void found(String asked, UserRecord user) throws IOException {
                output.write(user);
            }
            @Override public void notFound(String asked, long searched) {
                factory.say("find \"" + asked + "\": not found: none of the " + Counts.format(searched)
                        + " users searched has this user_id");
            }
        };
    }

    /** Exit 3 when an id was not found; a walk that did not see the team whole says so, since it may have missed it. */
    private int notFound(UserIdSearch.Outcome outcome) {
        if (outcome.notFound() == 0) {
            return ExitCode.OK;
        }
        if (outcome.walk() != null) {
            outcome.walk().warnings("run again").forEach(factory::say);
        }
        return ExitCode.NOT_FOUND;
    }

    /** Every id of standard input, read before the first request: each is checked first. */
    private List<String> readStdin() {
        List<String> read = new ArrayList<>();
        try {
            IdInput.fromStdin(factory, "user_ids").forEachRemaining(read::add);
        } catch (IllegalArgumentException unreadableInput) {
            throw new UsageException("find: " + unreadableInput.getMessage(), unreadableInput);
        }
        return read;
    }
}
