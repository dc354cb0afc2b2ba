import type { LoaderFunctionArgs } from "@remix-run/node";
import type { LegalDocument } from "./legal";
import type { Brand } from "~/platform/copy-types";
import { brand, publicPage } from "./public-page.server";

/**
 * What a legal page's loader returns: its copy travels as loader data, so it stays out of the
 * client bundle. (Called from the route's own loader function: a call at module level would
 * survive into the browser build, where this server module is empty.)
 */
export async function loadLegalDocument(
  { request }: LoaderFunctionArgs,
  path: string,
  build: (brand: Brand) => LegalDocument,
) {
  const document = build(brand());
  return publicPage(request, path, document.page, { document });
}
