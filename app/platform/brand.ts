/**
 * The brand name when BRAND_NAME is not configured. Everything else reads the configured name: the
 * root loader's `brand` on pages, `env().BRAND_NAME` on the server.
 */
export const DEFAULT_BRAND_NAME = "AI Profit Labs";
