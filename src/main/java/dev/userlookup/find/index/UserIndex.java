package dev.userlookup.find.index;

import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.model.UserId;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
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
    private final RecordedUsers recorded;
    private final Set<UserId> forgotten = new HashSet<>();

    private UserIndex(IndexLocation location, String openedTeam, IndexFile opened) {
        this.location = location;
        this.openedTeam = openedTeam;
        this.opened = opened;
        this.recorded = location == null ? null : new RecordedUsers();
    }

    /** Folders that are not the user's own, or that others can write, give {@link #none}. */
    public static UserIndex open(Path cacheHome, String baseUrl, ApiKey key) {
        try {
            if (IndexFormat.utf8(baseUrl).length > IndexFormat.MAX_BASE_URL_BYTES) {
                return none();
            }
            IndexLocation location = IndexLocation.of(cacheHome, baseUrl, key);
            if (!location.safe()) {
                return none();
            }
            String team = KeyTeamFile.read(location.keyTeamFile());
            if (team == null || !IndexFormat.teamFits(team)) {
                return new UserIndex(location, null, null);
            }
            IndexFile file = IndexFile.open(location.teamFile(team), IndexFormat.utf8(baseUrl), IndexFormat.utf8(team));
            return new UserIndex(location, team, file);
        } catch (RuntimeException e) {
            return none(); // a cache folder that is no path here (InvalidPathException), say
        }
    }

    /** {@code --no-cache}: finds nothing, records nothing, and its save writes nothing and touches no file. */
    public static UserIndex none() {
        return new UserIndex(null, null, null);
    }

    public String clientUserId(UserId id) {
        if (opened == null || forgotten.contains(id)) {
            return null;
        }
        return opened.clientUserId(id.high(), id.low());
    }

    public void forget(UserId id) {
        if (recorded != null) {
            forgotten.add(id);
            recorded.forget(id);
        }
    }

    public void record(UserId id, String clientUserId, String teamId) {
        if (recorded != null) {
            recorded.record(id, clientUserId, teamId);
        }
    }

    /**
     * Nothing when the users recorded disagree on team: an index is one team's. When a walk saw the
     * whole team, what was recorded replaces the index; else it is merged in.
     */
    public boolean save(boolean wholeTeamSeen) {
        if (location == null) {
            return false;
        }
        String team = recorded.teamsDisagree() ? null : recorded.team() != null ? recorded.team() : openedTeam;
        if (team == null || !IndexFormat.teamFits(team) || recorded.full()) {
            return false;
        }
        try {
            boolean written = saveIndex(team, wholeTeamSeen);
            if (!team.equals(openedTeam)) {
                location.create();
                KeyTeamFile.write(location.keyTeamFile(), team);
                written = true;
            }
            return written;
        } catch (IOException | RuntimeException | InternalError | OutOfMemoryError e) {
            // A read-only cache, a full disk, the old file cut under us (InternalError), or no heap
            // left for the sort: the find itself is done and printed, the index is only a cache.
            return false;
        }
    }

    private boolean saveIndex(String team, boolean wholeTeamSeen) throws IOException {
        byte[] baseUrl = IndexFormat.utf8(location.baseUrl());
        byte[] teamBytes = IndexFormat.utf8(team);
        Path target = location.teamFile(team);
        IndexFile old = wholeTeamSeen ? null : team.equals(openedTeam) && opened != null ? opened : IndexFile.open(target, baseUrl, teamBytes);
        int[] latest = recorded.latestSorted();
        if (old != null && !old.corrupt() && latest.length <= FEW && MergePlan.changesNothing(old, recorded, latest)) {
            return false;
        }
        MergePlan plan = MergePlan.of(old, recorded, latest);
        if (!wholeTeamSeen && !plan.changed()) {
            return false;
        }
        location.create();
        return IndexWriter.write(target, baseUrl, teamBytes, plan, old, recorded);
    }
}
