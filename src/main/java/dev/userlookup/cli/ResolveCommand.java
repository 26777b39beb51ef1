package dev.userlookup.cli;

import dev.userlookup.api.UserRecord;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code userlookup resolve CLIENT_USER_ID}: the user your team knows by that id. */
@Command(
        name = "resolve",
        header = "Print the user whose client_user_id matches.",
        description = {
            "The id goes into the URL as one percent-encoded path segment, whatever it holds.",
            "Exit status 3 when no user has that id.",
        },
        sortOptions = false)
final class ResolveCommand implements Callable<Integer> {

    @ParentCommand
    UserlookupCommand root;

    @Parameters(index = "0", paramLabel = "CLIENT_USER_ID", description = "Your id of the user.")
    String clientUserId;

    @Override
    public Integer call() throws Exception {
        if (clientUserId.isEmpty()) {
            throw new UsageException("resolve: the client user id is empty");
        }
        UserRecord user = root.client().resolve(clientUserId);
        root.renderer().user(user);
        return ExitCode.OK;
    }
}
