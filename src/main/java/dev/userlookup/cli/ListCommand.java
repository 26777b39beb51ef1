package dev.userlookup.cli;

import dev.userlookup.api.ServiceClient;
import dev.userlookup.api.ServiceException;
import dev.userlookup.api.UserPage;
import dev.userlookup.output.Renderer;
import dev.userlookup.pager.PageWalker;
import dev.userlookup.pager.WalkProgress;
import dev.userlookup.pager.WalkResult;
import dev.userlookup.terminal.ProgressLine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.text.NumberFormat;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code userlookup list}: one page of the team's users, all of them, or only how many there are. */
@Command(
        name = "list",
        header = "List the team's users: one page, every page (--all), or the count.",
        description = "Without --limit the service's default page size applies. --all walks every page from "
                + "--offset on, in pages of 500 (or --limit), streaming users as pages arrive, in the service's order, "
                + "each user once.",
        sortOptions = false)
final class ListCommand implements Callable<Integer> {

    static final int MAX_LIMIT = 500;
    @ParentCommand
    UserlookupCommand root;

    @Option(names = "--offset", paramLabel = "N", description = "Skip the first N users (default 0).")
    Long offset;

    @Option(names = "--limit", paramLabel = "N", description = "Users on a page, 1 to " + MAX_LIMIT + ".")
    Integer limit;

    @Option(names = "--all", description = "Every page from --offset on, streamed out as pages arrive.")
    boolean all;

    @Option(names = "--parallel", paramLabel = "N", defaultValue = "4",
            description = "With --all: pages in flight once the total is known, 1 to " + UserlookupCommand.MAX_PARALLEL + " (default: ${DEFAULT-VALUE}).")
    int parallel;

    @Option(names = "--count", description = "Print only the total number of users (one request).")
    boolean count;

    @Override
    public Integer call() throws IOException {
        if (offset != null && offset < 0) {
            throw new UsageException("list: --offset must be 0 or more (was " + offset + ")");
        }
        if (limit != null && (limit < 1 || limit > MAX_LIMIT)) {
            throw new UsageException("list: --limit must be between 1 and " + MAX_LIMIT + " (was " + limit + ")");
        }
        UserlookupCommand.checkParallel("list", parallel);
        if (count && all) {
            throw new UsageException("list: --count and --all do not go together");
        }
        if (count) {
            return printCount();
        }
        if (all) {
            return walkAll();
        }
        UserPage page = root.client().list(offset, limit);
        root.renderer().page(page);
        return ExitCode.OK;
    }

    private int printCount() throws IOException {
        UserPage page = root.client().list(offset, 1);
        if (page.total() == null) {
            throw new ServiceException.BadResponse("list --count", "it has no \"total\"", null);
        }
        root.io().stdout().write((page.total() + "\n").getBytes(StandardCharsets.US_ASCII));
        root.io().stdout().flush();
        return ExitCode.OK;
    }

    private int walkAll() throws IOException {
        ServiceClient client = root.client();
        Renderer renderer = root.renderer();
        Io io = root.io();
        WalkProgress progress = WalkProgress.NONE;
        if (io.terminal().stderrIsTerminal()) {
            ProgressLine line = new ProgressLine(io.stderr());
            progress = new WalkProgress() {
                @Override public void update(long users, Long total) { line.update(users, total, "users"); }
                @Override public void clear() { line.clear(); }
            };
        }
        int pageSize = limit != null ? limit : MAX_LIMIT;
        Renderer.UserStream stream = renderer.stream(Renderer.StreamShape.USER_LIST);
        WalkResult result;
        try {
            result = new PageWalker((from, size) -> client.list(from, size), pageSize, parallel, progress)
                    .walk(offset == null ? 0 : offset, stream);
        } catch (RuntimeException failure) {
            // As batch resolve does: what was printed stays a whole document; the exit status tells.
            try {
                stream.finish(null);
            } catch (IOException readerGone) {
                failure.addSuppressed(readerGone);
            }
            throw failure;
        }
        NumberFormat number = NumberFormat.getIntegerInstance(Locale.ROOT);
        stream.finish(io.terminal().stdoutIsTerminal() ? number.format(result.printed()) + " users." : null);
        long start = offset == null ? 0 : offset;
        if (!result.teamChanged() && result.firstTotal() != null && start + result.printed() < result.firstTotal()) {
            root.say("warning: the walk ended at " + number.format(start + result.printed()) + " of the "
                    + number.format(result.firstTotal()) + " users the service counts (a short page); run again, or try --limit");
        }
        if (result.teamChanged()) {
            root.say("warning: the team changed during the walk ("
                    + (result.firstTotal() != null && result.lastTotal() != null && !result.firstTotal().equals(result.lastTotal())
                        ? "total " + number.format(result.firstTotal()) + " at the start, " + number.format(result.lastTotal()) + " at the end; "
                        : "")
                    + number.format(result.duplicates()) + " duplicate users dropped, " + number.format(result.printed())
                    + " printed); run again for a consistent list");
        }
        return ExitCode.OK;
    }
}
