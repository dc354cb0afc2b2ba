import { describe, expect, it } from "vitest";
import { scriptUrls, staticImports } from "../../../scripts/bench/page-weight";

describe("what the JavaScript weight counts (scripts/bench/page-weight.ts)", () => {
  it("finds a page's script sources, module preloads and inline module imports", () => {
    const html = `<link rel="modulepreload" href="/build/a.js"/><script src="/b.js"></script>
      <script type="module">import{play}from"/build/player.js";play(document.body);</script>
      <script>var notAModule = 1;</script>`;
    expect(scriptUrls(html).sort()).toEqual(["/b.js", "/build/a.js", "/build/player.js"]);
    expect(scriptUrls("<p>No scripts</p>")).toEqual([]);
  });

  it("follows a module's static imports, not its dynamic ones", () => {
    const code = `import{a as c}from"/build/_shared/chunk-A.js";import"/build/_shared/chunk-B.js";import * as x from "./c.js";var l=()=>import("/build/_shared/lazy.js");`;
    expect(staticImports(code)).toEqual(["/build/_shared/chunk-A.js", "/build/_shared/chunk-B.js", "./c.js"]);
  });
});
