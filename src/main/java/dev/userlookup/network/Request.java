package dev.userlookup.network;

import java.net.URI;
import java.util.Map;

/** One GET of the service (its only method): where, and the headers it goes with, the key among them. */
public record Request(URI uri, Map<String, String> headers) {
}
