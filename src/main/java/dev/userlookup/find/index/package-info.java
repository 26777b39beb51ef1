/**
 * find's private index of user_id to client_user_id, one file per base URL and team in the user's
 * cache folder; {@link dev.userlookup.find.index.UserIndex} is the one way in.
 */
package dev.userlookup.find.index;
