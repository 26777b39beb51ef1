package dev.userlookup.commands;

import dev.userlookup.ExitCode;
import dev.userlookup.UsageException;
import dev.userlookup.commands.help.HelpLayout;
import dev.userlookup.commands.options.ParallelOption;
import dev.userlookup.commands.shape.ShapeOptions;
import dev.userlookup.model.UserId;
import dev.userlookup.model.UserRecord;
import dev.userlookup.output.Footer;
import dev.userlookup.output.Renderer;
import dev.userlookup.service.ServiceClient;
import dev.userlookup.service.ServiceException;
import dev.userlookup.walk.OrderedParallel;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code userlookup resolve}: the users your team knows by these ids. */
@Command(
        name = "resolve",
        header = "Print users by client_user_id, the id your team gave them.",
        customSynopsis = "userlookup [OPTIONS] resolve [--stdin] [--parallel N] [--fields LIST] [--jq FILTER] CLIENT_USER_ID...",
        description = "Any id works as typed: slashes, spaces, ? and # included. Several ids, or --stdin (one a line), "
                + "are looked up at once and print in input order (json: one array). An id that is not found is named on "
                + "stderr while the others print, and the exit status is 3. An id that looks like a user_id gets a hint "
                + "towards find.",
        footer = {
            HelpLayout.GLOBAL_OPTIONS,
            "",
            "Examples:",
            "  userlookup resolve customer-000042",
            "  userlookup resolve customer-000042 'id with spaces/and?slashes' -o ndjson",
            "  userlookup resolve --stdin -o csv < ids.txt > users.csv",
        })
final class ResolveCommand implements Callable<Integer> {

    private final Factory factory;

    @Parameters(arity = "0..*", paramLabel = "CLIENT_USER_ID", description = "Your id of the user.")
    List<String> ids = new ArrayList<>();

    @Mixin
    HelpLayout.HelpOption help;

    @Option(names = "--stdin", description = "Read the ids from standard input, one a line; blanks around an id are dropped.")
    boolean stdin;

    @Mixin
    ParallelOption parallel = new ParallelOption();

    @Mixin
    ShapeOptions shape = new ShapeOptions();

    ResolveCommand(Factory factory) {
        this.factory = factory;
    }

    @Override
    public Integer call() throws Exception {
        factory.shape(shape.decide(factory.options().output, false));
        IdInput.check("resolve", "CLIENT_USER_ID", ids, stdin, factory);
        for (String id : ids) {
            if (id.isEmpty()) {
                throw new UsageException("resolve: the client user id is empty");
            }
        }
        if (!stdin && ids.size() == 1) {
            UserRecord user;
            try {
                user = factory.client().resolve(ids.get(0));
            } catch (ServiceException.NotFound notFound) {
                throw hinted(ids.get(0), notFound);
            }
            factory.renderer().user(user);
            return ExitCode.OK;
        }
        return resolveMany(stdin ? IdInput.fromStdin(factory, "ids") : ids.iterator());
    }

    /**
     * In input order, streamed. An id not found, or answered with another user (never printed), is
     * named on stderr and the others go on; any other failure stops the batch. Another user's
     * answer outweighs a missing one in the exit status: 5, else 3.
     */
    private int resolveMany(Iterator<String> source) throws Exception {
        ServiceClient client = factory.client();
        long[] counts = new long[3]; // printed, not found, answered with another user
        RuntimeException[] fatal = new RuntimeException[1];
        // The document stays whole (a closed JSON array) whatever cuts the batch short.
        try (Renderer.UserStream out = factory.renderer().stream(Renderer.StreamShape.ARRAY)) {
            try {
                new OrderedParallel<String, UserRecord>(parallel.value(), client::resolve).run(source, run -> {
                    List<UserRecord> users = new ArrayList<>(run.size());
                    for (OrderedParallel.Done<String, UserRecord> done : run) {
                        if (done.failure() == null) {
                            users.add(done.result());
                            continue;
                        }
                        // The rows before it first, so stdout and stderr read in input order on a terminal.
                        counts[0] += write(out, users);
                        RuntimeException failure = done.failure();
                        if (failure instanceof ServiceException.NotFound) {
                            counts[1]++;
                            failure = hinted(done.input(), (ServiceException.NotFound) failure);
                        } else if (failure instanceof ServiceException.OtherUser) {
                            counts[2]++;
                        } else {
                            fatal[0] = failure;
                            return false;
                        }
                        factory.say(failure.getMessage());
                    }
                    counts[0] += write(out, users);
                    return true;
                });
            } catch (IllegalArgumentException unreadableInput) {
                fatal[0] = new UsageException("resolve: " + unreadableInput.getMessage(), unreadableInput);
            }
            out.finish(Footer.batch(counts[0], counts[1]));
        }
        if (fatal[0] != null) {
            throw fatal[0];
        }
        if (counts[2] > 0) {
            return ExitCode.UNAVAILABLE;
        }
        return counts[1] > 0 ? ExitCode.NOT_FOUND : ExitCode.OK;
    }

    /**
     * An id shaped like a user_id gets a hint: logs and tickets carry the service's user_id, which
     * resolve cannot take. The find it suggests has this run's options (--profile, ...).
     */
    private ServiceException.NotFound hinted(String id, ServiceException.NotFound notFound) {
        return UserId.looksLikeOne(id)
                ? notFound.withHint("it looks like a user_id, which the service does not resolve: "
                        + factory.options().givenCommandLine().running("find", id))
                : notFound;
    }

    private static int write(Renderer.UserStream out, List<UserRecord> users) throws java.io.IOException {
        int count = users.size();
        if (count > 0) {
            out.addAll(users);
            out.flush();
            // Written: their bodies leave the run's memory budget, for the answers still to come.
            users.forEach(UserRecord::release);
            users.clear();
        }
        return count;
    }
}
