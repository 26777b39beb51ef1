package dev.userlookup.cli;

import dev.userlookup.api.UserPage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code userlookup list}: one page of the team's users, or only how many there are. */
@Command(
        name = "list",
        header = "List the team's users, one page at a time.",
        description = "Without --limit the service's default page size applies.",
        sortOptions = false)
final class ListCommand implements Callable<Integer> {

    static final int MAX_LIMIT = 500;

    @ParentCommand
    UserlookupCommand root;

    @Option(names = "--offset", paramLabel = "N", description = "Skip the first N users (default 0).")
    Long offset;

    @Option(names = "--limit", paramLabel = "N", description = "Users on the page, 1 to " + MAX_LIMIT + ".")
    Integer limit;

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
        if (count) {
            return printCount();
        }
        UserPage page = root.client().list(offset, limit);
        root.renderer().page(page);
        return ExitCode.OK;
    }

    private int printCount() throws IOException {
        UserPage page = root.client().list(offset, 1);
        if (page.total() == null) {
            throw new dev.userlookup.api.ServiceException.BadResponse("list --count", "it has no \"total\"", null);
        }
        root.io().stdout().write((page.total() + "\n").getBytes(StandardCharsets.US_ASCII));
        root.io().stdout().flush();
        return ExitCode.OK;
    }
}
