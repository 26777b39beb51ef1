package dev.userlookup.find.index;

import dev.userlookup.model.UserId;
import dev.userlookup.model.redaction.ApiKey;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A hint only, every hit confirmed by a resolve; so nothing about it is ever an error: a bad file
 * reads as empty and is rebuilt at save, and a save that cannot write says false. One thread at a time.
 */
public final class UserIndex {

    /** Up to this many users recorded, save looks each up to see whether anything changed, rather than reading the file through. */
    private static final int FEW = 1024;

    private final IndexLocation location;
    private final String openedTeam;
    private final IndexFile opened;
    /** What was recorded, as the file's lines in the order recorded: no object a user, little for the collector. */
    private final ByteArrayOutputStream lines = new ByteArrayOutputStream(1 << 16);
    private final Set<UserId> forgotten = new HashSet<>();
    /**
     * The recording stops at an eighth of the heap, as its sort at save takes a few times that: a
     * walk of a huge team then saves nothing rather than run the tool out of memory after its answer
     * is printed (a save that still runs out is skipped). Tests lower it.
     */
    long maxBytes = Math.min(Runtime.getRuntime().maxMemory() / 8, 1 << 30);
    private boolean full;
    private String team;
    private boolean teamsDisagree;

    private UserIndex(IndexLocation location, String openedTeam) {
        this.location = location;
        this.openedTeam = openedTeam;
        this.opened = openedTeam == null ? null
                : IndexFile.open(location.teamFile(openedTeam), location.baseUrl(), openedTeam);
    }

    /** Folders that are not the user's own, or that others can write, give {@link #none}. */
    public static UserIndex open(Path cacheHome, String baseUrl, ApiKey key) {
        try {
            IndexLocation location = IndexLocation.of(cacheHome, baseUrl, key);
            if (!location.safe()) {
                return none();
            }
            String team = location.keysTeam();
            return new UserIndex(location, team != null && IndexFile.teamFits(team) ? team : null);
        } catch (RuntimeException e) {
            return none(); // a cache folder that is no path here (InvalidPathException), say
        }
    }

    /** {@code --no-cache}: finds nothing, records nothing, and its save writes nothing and touches no file. */
    public static UserIndex none() {
        return new UserIndex(null, null);
    }

    public String clientUserId(UserId id) {
        return opened == null || forgotten.contains(id) ? null : opened.clientUserId(id);
    }

    /** Recorded as a line of the user_id alone. */
    public void forget(UserId id) {
        forgotten.add(id);
        add(IndexFile.line(id, null));
    }

    /** A client id the index cannot hold drops the id. */
    public void record(UserId id, String clientUserId, String teamId) {
        if (teamId != null) {
            teamsDisagree |= team != null && !team.equals(teamId);
            team = team == null ? teamId : team;
        }
        add(IndexFile.line(id, IndexFile.indexable(clientUserId) ? clientUserId : null));
    }

    private void add(byte[] line) {
        full |= location != null && lines.size() + (long) line.length > maxBytes;
        if (location != null && !full) {
            lines.writeBytes(line);
        }
    }

    /**
     * Nothing when the users recorded disagree on team: an index is one team's. When a walk saw the
     * whole team, what was recorded replaces the index; else it is merged in.
     */
    public boolean save(boolean wholeTeamSeen) {
        String team = teamsDisagree ? null : this.team != null ? this.team : openedTeam;
        if (location == null || team == null || !IndexFile.teamFits(team) || full) {
            return false;
        }
        try {
            Path target = location.teamFile(team);
            // No file when this run began may be another run's file now: merged into, not replaced.
            IndexFile old = wholeTeamSeen ? null
                    : team.equals(openedTeam) && opened != null ? opened : IndexFile.open(target, location.baseUrl(), team);
            List<byte[]> latest = latest();
            // A confirmed hit, say: a few lookups, not a read of the whole file.
            boolean changesNothing = old != null && latest.size() <= FEW && latest.stream().allMatch(old::says);
            location.create();
            boolean written = !changesNothing
                    && IndexFile.write(target, location.baseUrl(), team, old, latest, wholeTeamSeen);
            if (!team.equals(openedTeam)) {
                location.keysTeam(team);
                written = true;
            }
            return written;
        } catch (IOException | RuntimeException | InternalError | OutOfMemoryError e) {
            // A read-only cache, a full disk, the old file cut under us (InternalError), or no heap
            // left: the find itself is done and printed, the index is only a cache.
            return false;
        }
    }

    /** The lines recorded, sorted by user_id, each once: the last recorded of it. */
    private List<byte[]> latest() {
        byte[] all = lines.toByteArray();
        List<byte[]> sorted = new ArrayList<>();
        for (int start = 0, end = 0; end < all.length; end++) {
            if (all[end] == '\n') {
                sorted.add(Arrays.copyOfRange(all, start, end + 1));
                start = end + 1;
            }
        }
        sorted.sort(IndexFile::compareIds); // stable: of one user_id's lines, the last recorded stays last
        List<byte[]> latest = new ArrayList<>(sorted.size());
        for (int n = 0; n < sorted.size(); n++) {
            if (n + 1 == sorted.size() || IndexFile.compareIds(sorted.get(n), sorted.get(n + 1)) != 0) {
                latest.add(sorted.get(n));
            }
        }
        return latest;
    }
}
