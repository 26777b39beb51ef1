package dev.userlookup.pager;

import dev.userlookup.api.UserPage;

/** Where pages come from: the service client's list, or a test's. Called from several threads. */
@FunctionalInterface
public interface PageSource {
    UserPage fetch(long offset, int limit);
}
