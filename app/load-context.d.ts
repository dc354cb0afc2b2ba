import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy's script-src. */
    cspNonce?: string;
    /** The visitor's address, from the socket or (with TRUST_PROXY) the proxy's headers. */
    clientAddress?: string;
    /** Set by handleError when a query failed because the database is out of reach: answer 503. */
    databaseUnavailable?: boolean;
    /** The signed-in user's id, set by the root loader, for the request's log line. */
    userId?: string;
  }
}

declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}
