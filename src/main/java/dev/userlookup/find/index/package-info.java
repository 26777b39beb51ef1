/**
 * find's private index: user_id to client_user_id, one file per base URL and team in the user's
 * cache folder, read by binary search without reading the whole file, written whole and
 * atomically. A hint only: every hit is confirmed by a resolve, and anything unexpected in a file
 * makes it read as empty, to be rebuilt at the next save. {@link dev.userlookup.find.index.UserIndex}
 * is the one way in.
 */
package dev.userlookup.find.index;
