/** Views of a counted call list ("GET /v3/team", ...). */

/** The requests that change something (not GETs), in order. */
export const writes = (calls: string[]) => calls.filter((c) => !c.startsWith("GET "));

/** The reads, in order. */
export const reads = (calls: string[]) => calls.filter((c) => c.startsWith("GET "));
