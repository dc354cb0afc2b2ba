import type { MetaDescriptor } from "@remix-run/node";
import { DEFAULT_BRAND_NAME } from "./brand";

/** What a public page tells search engines and link previews; the URLs are absolute. */
export type PageMeta = {
  title: string;
  description: string;
  url: string;
  image: string;
  siteName: string;
};

export const SHARE_IMAGE = { path: "/images/og-image.jpg", width: 1200, height: 630 } as const;

/** Title, description, canonical link and Open Graph / Twitter card tags of one page. */
export function metaTags(meta: PageMeta | undefined): MetaDescriptor[] {
  if (!meta) return [];
  return [
    { title: meta.title },
    { name: "description", content: meta.description },
    { tagName: "link", rel: "canonical", href: meta.url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: meta.siteName },
    { property: "og:title", content: meta.title },
    { property: "og:description", content: meta.description },
    { property: "og:url", content: meta.url },
    { property: "og:image", content: meta.image },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** The `meta` export of every public page whose loader returns `publicPage(...)` data. */
export const publicPageMeta = ({ data }: { data: unknown }): MetaDescriptor[] =>
  metaTags((data as { meta?: PageMeta } | undefined)?.meta);

/** The route matches a `meta` function receives; the root match carries the configured brand. */
type MetaMatches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

/** The configured brand name, read from the root loader's data inside a `meta` function. */
export function brandFromMatches(matches: MetaMatches): string {
  const root = matches.find((match) => match?.id === "root")?.data as { brand?: { name?: string } } | undefined;
  return root?.brand?.name ?? DEFAULT_BRAND_NAME;
}

/** A page title followed by the brand: 'Sign in | AI Profit Labs'. */
export function brandedTitle(page: string, matches: MetaMatches): MetaDescriptor {
  return { title: `${page} | ${brandFromMatches(matches)}` };
}
