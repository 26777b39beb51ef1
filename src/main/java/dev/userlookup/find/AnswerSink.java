package dev.userlookup.find;

import dev.userlookup.model.UserRecord;
import java.io.IOException;

/** Where a find hands its answers, in input order: the command renders them. */
public interface AnswerSink {

    /** The user with the user_id asked for ({@code asked}, as given). */
    void found(String asked, UserRecord user) throws IOException;

    /** None of the {@code searched} users the walk met has the user_id {@code asked}. */
    void notFound(String asked, long searched) throws IOException;
}
