package dev.userlookup.model;

import java.util.Arrays;
import java.util.List;

/**
 * The fields of a user as a row of the list table or of CSV shows them: the text the service
 * sent for each {@link UserField} (null where missing or null; for a nested object, its row
 * member), read on the tokens with the shape check, so a row needs neither the tree nor the
 * typed {@link User}.
 */
public final class UserSummary {

    private final String[] texts;
    private final List<String> sourceSlugs;

    /**
     * @param texts by {@link UserField#ordinal}
     * @param sourceSlugs the slug of each connected source, in order, read from the field
     *     {@link SourceField} chooses; sources without one are left out
     */
    UserSummary(String[] texts, List<String> sourceSlugs) {
        this.texts = texts.clone();
        this.sourceSlugs = List.copyOf(sourceSlugs);
    }

    /** The field's text as sent; null for {@link UserField.Shows#SLUGS} (see {@link #sourceSlugs}). */
    public String text(UserField field) {
        return texts[field.ordinal()];
    }

    public List<String> sourceSlugs() {
        return sourceSlugs;
    }

    public String userId() {
        return text(UserField.USER_ID);
    }

    public String clientUserId() {
        return text(UserField.CLIENT_USER_ID);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof UserSummary that && Arrays.equals(texts, that.texts) && sourceSlugs.equals(that.sourceSlugs);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(texts) + sourceSlugs.hashCode();
    }

    @Override
    public String toString() {
        return "UserSummary" + Arrays.toString(texts) + sourceSlugs;
    }
}
