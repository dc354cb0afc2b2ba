export { affiliatePage } from "./affiliate-page.server";
