package dev.userlookup.api;

/** What came back for one GET: the status, the body (unzipped) and the headers the policy reads (and Date, for doctor's clock check). */
record Response(int status, byte[] body, String contentType, String location, String retryAfter, String date) {
}
