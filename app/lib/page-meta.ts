import type { MetaDescriptor, MetaFunction } from "@remix-run/node";

type RootMatchData = { brand?: { name?: string } } | undefined;

/**
 * Title, description and Open Graph tags for a public page. The brand name comes from the root
 * loader (configuration), so a rebrand never touches a route.
 */
export function publicPageMeta(title: string, description: string): MetaFunction {
  return ({ matches }) => {
    const brand = (matches.find((match) => match.id === "root")?.data as RootMatchData)?.brand?.name ?? "AI Profit Labs";
    const fullTitle = `${title} | ${brand}`;
    const tags: MetaDescriptor[] = [
      { title: fullTitle },
      { name: "description", content: description },
      { property: "og:title", content: fullTitle },
      { property: "og:description", content: description },
      { property: "og:type", content: "website" },
      { property: "og:site_name", content: brand },
    ];
    return tags;
  };
}
