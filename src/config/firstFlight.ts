/**
 * How long a page's HTML may be, brotli-compressed as the server sends it
 * (tools/prerender/compress.ts), and still arrive in the first round trip: a new connection's
 * initial window is ten segments of 1460 bytes (RFC 6928), 14,600 bytes, which also carries the
 * response's headers (about 720 bytes with the security headers, server/http/securityHeaders.ts).
 * A page past it waits a whole round trip more before its first paint, which Lighthouse's
 * throttled phone makes 150 ms. Shared by the prerender (a page embeds its partner only within it)
 * and the server (which fills URL-driven copy into pages).
 */
export const FIRST_FLIGHT_BYTES = 13_700;
