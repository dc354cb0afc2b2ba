/**
 * What search engines are told: /robots.txt and /sitemap.xml (issue 12). Pure, so the texts are
 * unit-tested; the routes only add the public origin.
 */
import { escapeHtml } from "~/platform/escape-html";

/** The public pages worth indexing. Member, admin, checkout-return and thank-you pages are not. */
export const SITEMAP_PATHS = [
  "/",
  "/ailabs-offer",
  "/ailabs-offer2",
  "/ailabs-offer3",
  "/white-label-upsell",
  "/custom-saas-upsell",
  "/upgrades",
  "/jv-affiliate",
  "/jv-doc",
  "/demo-swipes",
  "/special-access",
  "/privacy-policy",
  "/terms-of-service",
  "/login",
  "/signup",
] as const;

/** Paths no crawler should visit: private areas, form endpoints and payment returns. */
export const DISALLOWED_PATHS = [
  "/admin",
  "/dashboard",
  "/course/",
  "/app-builder",
  "/app-idea-generator",
  "/bonuses",
  "/payment-options",
  "/success",
  "/cancel",
  "/consent",
  "/logout",
  "/reset-password",
  "/webhooks/",
] as const;

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

export function sitemapXml(origin: string, paths: readonly string[] = SITEMAP_PATHS): string {
  const urls = paths.map((path) => `  <url><loc>${escapeHtml(origin + path)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
