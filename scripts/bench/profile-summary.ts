import fs from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

/** Where a frame's code lives: a package, our server bundle, Node itself, or the engine's own work (GC, idle). */
function owner(url: string, functionName: string): string {
  if (!url) return `(${functionName || "anonymous"})`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith("node:")) return "node internals";
  if (url.includes("/build/")) return "app (build/)";
  return url.replace(/^file:\/\//, "");
}

/** Self time of a V8 .cpuprofile, by owner and by function: the summary the decision record quotes. */
export function summarise(file: string, top = 15): string {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...selfTime.values()].reduce((a, b) => a + b, 0);
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, time] of selfTime) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const who = owner(url, functionName);
    owners.set(who, (owners.get(who) ?? 0) + time);
    const name = `${functionName || "(anonymous)"} ${who}${url ? `:${lineNumber + 1}` : ""}`;
    functions.set(name, (functions.get(name) ?? 0) + time);
  }
  const table = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, time]) => `  ${((time / total) * 100).toFixed(1).padStart(5)}%  ${name}`)
      .join("\n");
  return `self time by owner (${(total / 1e6).toFixed(1)} s sampled):\n${table(owners)}\n\nself time by function:\n${table(functions)}`;
}

if (process.argv[1]?.endsWith("profile-summary.ts")) {
  const file = process.argv[2];
  if (!file) throw new Error("Usage: tsx scripts/bench/profile-summary.ts <file.cpuprofile>");
  console.log(summarise(file));
}
