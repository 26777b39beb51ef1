package dev.userlookup.commands;

import dev.userlookup.ExitCode;
import dev.userlookup.UsageException;
import dev.userlookup.commands.help.HelpLayout;
import dev.userlookup.commands.options.OptionValues;
import dev.userlookup.commands.options.ParallelOption;
import dev.userlookup.commands.shape.ShapeOptions;
import dev.userlookup.console.Console;
import dev.userlookup.model.UserPage;
import dev.userlookup.output.Footer;
import dev.userlookup.output.Incomplete;
import dev.userlookup.output.Renderer;
import dev.userlookup.service.ServiceClient;
import dev.userlookup.service.ServiceException;
import dev.userlookup.walk.PageWalker;
import dev.userlookup.walk.PageSource;
import dev.userlookup.walk.WalkProgress;
import dev.userlookup.walk.WalkResult;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code userlookup list}: one page of the team's users, all of them, or only how many there are. */
@Command(
        name = "list",
        header = "List the team's users: a page, every page (--all), or the count.",
        customSynopsis = "userlookup [OPTIONS] list [--offset N] [--limit N] [--all] [--parallel N] [--count] [--fields LIST] "
                + "[--jq FILTER]",
        description = "One page: --offset and --limit (without --limit, the service's page size). --all prints every user "
                + "from --offset on, each once, in the service's order, as the pages arrive (pages of 500, or --limit). "
                + "--count prints only how many users there are.",
        footer = {
            HelpLayout.GLOBAL_OPTIONS,
            "",
            "Examples:",
            "  userlookup list --limit 20 --offset 40",
            "  userlookup list --all --jq .client_user_id          # a line a user",
            "  userlookup list --count",
        })
final class ListCommand implements Callable<Integer> {

    private final Factory factory;

    @Mixin
    HelpLayout.HelpOption help;

    @Option(names = "--offset", paramLabel = "N", converter = OptionValues.Offset.class, description = "Skip the first N users (default 0).")
    Long offset;

    @Option(names = "--limit", paramLabel = "N", converter = OptionValues.Limit.class, description = "Users on a page, 1 to " + ServiceClient.MAX_LIMIT + ".")
    Integer limit;

    @Option(names = "--all", description = "Every page from --offset on, streamed out as pages arrive.")
    boolean all;

    @Mixin
    ParallelOption parallel = new ParallelOption();

    @Option(names = "--count", description = "Print only the total number of users (one request).")
    boolean count;

    @Mixin
    ShapeOptions shape = new ShapeOptions();

    ListCommand(Factory factory) {
        this.factory = factory;
    }

    @Override
    public Integer call() throws IOException {
        // --offset, --limit and --parallel are within their bounds: their converters (OptionValues) saw to it.
        if (count && all) {
            throw new UsageException("list: --count and --all do not go together");
        }
        factory.shape(shape.decide(factory.options().output, count));
        if (count) {
            return printCount();
        }
        if (all) {
            return walkAll();
        }
        Renderer renderer = factory.renderer();
        UserPage page = factory.client().list(offset, limit);
        renderer.page(page);
        return ExitCode.OK;
    }

    private int printCount() throws IOException {
        UserPage page = factory.client().list(offset, 1);
        if (page.total() == null) {
            throw new ServiceException.BadResponse("list --count", "it has no \"total\"", null);
        }
        factory.console().printWhole(page.total() + "\n");
        return ExitCode.OK;
    }

    private int walkAll() throws IOException {
        ServiceClient client = factory.client();
        Console console = factory.console();
        // Rows on a terminal are their own progress (and may be in a pager): only output sent
        // elsewhere, with a person watching stderr, gets a progress line.
        WalkProgress progress = console.terminal().stderrIsTerminal() && !console.terminal().stdoutIsTerminal()
                ? WalkProgress.on(console.stderr().progressLine("users")) : WalkProgress.NONE;
        int pageSize = limit != null ? limit : ServiceClient.MAX_LIMIT;
        long start = offset == null ? 0 : offset;
        WalkResult result;
        // What was printed stays a whole document; cut short, it says so itself (json), and the exit status tells.
        Renderer renderer = factory.renderer();
        PageWalker walker = new PageWalker(PageSource.of(client), pageSize, parallel.value(), progress);
        try (Renderer.UserStream stream = renderer.stream(Renderer.StreamShape.USER_LIST)) {
            try {
                result = walker.walk(start, stream);
            } catch (IOException | RuntimeException | OutOfMemoryError e) {
                try {
                    stream.cutShort(new Incomplete(factory.stop().cutShortBy(), walker.resumeOffset()));
                } catch (IOException | RuntimeException writing) {
                    e.addSuppressed(writing);
                }
                throw e;
            }
            stream.finish(Footer.walk(result.printed()));
        }
        result.warnings("run again, or try --limit").forEach(factory::say);
        return ExitCode.OK;
    }
}
