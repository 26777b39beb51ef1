/**
 * {@code userlookup find}: users looked up by the service's own user_id. The service resolves
 * only client ids, so a find asks its private index ({@link dev.userlookup.find.index}) and
 * confirms each hit with one resolve, and walks the list for the rest, stopping as soon as every
 * id is found. Above the walk and the service, below settings and output.
 */
package dev.userlookup.find;
