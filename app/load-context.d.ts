import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy's script-src. */
    cspNonce?: string;
    /** The visitor's address, from the socket or (with TRUST_PROXY) the proxy's headers. */
    clientAddress?: string;
  }
}

declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}
