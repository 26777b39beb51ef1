package dev.userlookup.commands.options;

import java.util.Collection;

/** The closest known word to a mistyped one, by edit distance, as git's "did you mean". */
public final class Suggestion {

    private Suggestion() {
    }

    /**
     * The candidate at most a third of the word's length (and at least 2) edits away; else the one
     * candidate the word begins (a word cut short, such as {@code --api-key} for
     * {@code --api-key-file}, at least three letters); else null.
     */
    public static String closest(String word, Collection<String> candidates) {
        String best = null;
        int bestDistance = Math.max(2, word.length() / 3) + 1;
        String completes = null;
        int completing = 0;
        for (String candidate : candidates) {
            int distance = distance(word, candidate);
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
            if (candidate.startsWith(word)) {
                completes = candidate;
                completing++;
            }
        }
        if (best == null && completing == 1 && word.replaceFirst("^-+", "").length() >= 3) {
            return completes;
        }
        return best;
    }

    /** Swapped neighbours count as one edit. */
    public static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
