package dev.userlookup.find.index;

import dev.userlookup.model.UserId;
import dev.userlookup.model.redaction.ApiKey;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A hint only, every hit confirmed by a resolve; so nothing about it is ever an error: a bad file
 * reads as empty and is rebuilt at save, and a save that cannot write says false. One thread at a time.
 */
public final class UserIndex {

    /** What a user recorded costs at most until the save: the map's entry, the id and the client id. */
    private static final int BYTES_PER_USER = 160;
    /** Up to this many users recorded, save looks each up to see whether anything changed, rather than reading the file through. */
    private static final int FEW = 1024;

    private final IndexLocation location;
    private final String openedTeam;
    private final IndexFile opened;
    /** In the file's order, the last word on an id winning; a null client id drops the id. */
    private final TreeMap<UserId, String> recorded = new TreeMap<>();
    /**
     * The recording stops at an eighth of the heap: a walk of a huge team then saves nothing rather
     * than run the tool out of memory after its answer is printed. Tests lower it.
     */
    long maxRecorded = Runtime.getRuntime().maxMemory() / 8 / BYTES_PER_USER;
    private boolean full;
    private String team;
    private boolean teamsDisagree;

    private UserIndex(IndexLocation location, String openedTeam, IndexFile opened) {
        this.location = location;
        this.openedTeam = openedTeam;
        this.opened = opened;
    }

    /** Folders that are not the user's own, or that others can write, give {@link #none}. */
    public static UserIndex open(Path cacheHome, String baseUrl, ApiKey key) {
        try {
            if (baseUrl.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > IndexFile.MAX_BASE_URL_BYTES) {
                return none();
            }
            IndexLocation location = IndexLocation.of(cacheHome, baseUrl, key);
            if (!location.safe()) {
                return none();
            }
            String team = location.keysTeam();
            if (team == null || !IndexFile.teamFits(team)) {
                return new UserIndex(location, null, null);
            }
            return new UserIndex(location, team, IndexFile.open(location.teamFile(team), baseUrl, team));
        } catch (RuntimeException e) {
            return none(); // a cache folder that is no path here (InvalidPathException), say
        }
    }

    /** {@code --no-cache}: finds nothing, records nothing, and its save writes nothing and touches no file. */
    public static UserIndex none() {
        return new UserIndex(null, null, null);
    }

    public String clientUserId(UserId id) {
        if (opened == null || (recorded.containsKey(id) && recorded.get(id) == null)) {
            return null; // a forgotten entry is no longer found, even before the save
        }
        return opened.clientUserId(id);
    }

    public void forget(UserId id) {
        put(id, null);
    }

    /** A client id the index cannot hold drops the id. */
    public void record(UserId id, String clientUserId, String teamId) {
        if (location != null && teamId != null) {
            teamsDisagree |= team != null && !team.equals(teamId);
            team = team == null ? teamId : team;
        }
        put(id, IndexFile.indexable(clientUserId) ? clientUserId : null);
    }

    private void put(UserId id, String clientUserId) {
        if (location == null || full) {
            return;
        }
        full = recorded.size() >= maxRecorded && !recorded.containsKey(id);
        if (!full) {
            recorded.put(id, clientUserId);
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
            boolean written = saveIndex(team, wholeTeamSeen);
            if (!team.equals(openedTeam)) {
                location.create();
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

    private boolean saveIndex(String team, boolean wholeTeamSeen) throws IOException {
        Path target = location.teamFile(team);
        IndexFile old = wholeTeamSeen ? null : team.equals(openedTeam) ? opened : IndexFile.open(target, location.baseUrl(), team);
        if (old != null && recorded.size() <= FEW
                && recorded.entrySet().stream().allMatch(entry -> Objects.equals(entry.getValue(), old.clientUserId(entry.getKey())))) {
            return false; // a confirmed hit, say: a few lookups rather than a read of the whole file
        }
        location.create();
        return IndexFile.write(target, location.baseUrl(), team, old, recorded, wholeTeamSeen);
    }
}
