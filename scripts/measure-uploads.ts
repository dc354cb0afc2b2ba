// `npx tsx scripts/measure-uploads.ts [pglite|postgres]`: the figures of issue 41, finding 5, as
// docs/performance.md reports them. The built server (`npm run build` first) runs as a real process
// with the deployed heap (`--max-heap-size=259`); an admin uploads a 25 MiB chapter file at
// 2 Mbit/s, then two 25 MiB files at once at full speed. Prints each upload's status and time and
// the process's peak resident memory (Linux: VmHWM) during each step. About two minutes.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startAppProcess, type AppProcess } from "../tests/support/app-process";
import { peakMemory, streamedUpload } from "../tests/support/file-transfer";
import { signIn } from "../tests/support/fixtures";
import { createDatabase } from "../tests/support/operations";
import { startCluster, type Cluster } from "../tests/support/pg-cluster";

const engine = process.argv[2] === "postgres" ? "postgres" : "pglite";
const MiB = 1024 * 1024;
const ADMIN_EMAIL = "measure-admin@test.example";
const ADMIN_PASSWORD = "measure-admin-password-123";
const SLOW_BITS_PER_SECOND = 2_000_000;

let cluster: Cluster | undefined;
let app: AppProcess | undefined;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "measure-uploads-"));
try {
  const databaseEnv: Record<string, string> =
    engine === "postgres"
      ? { DATABASE_URL: await createDatabase((cluster = await startCluster()), "measure") }
      : { PGLITE_DIR: dir };
  // A new database is migrated and seeded first, which on a busy machine takes minutes.
  const started = await startAppProcess(
    { ...databaseEnv, ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: "warn" },
    { nodeArgs: ["--max-heap-size=259"], startWithinMs: 300_000 },
  );
  app = started;
  const admin = await signIn(started.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const panel = await (await admin.get("/admin")).text();
  const courseId = /\/admin\?course=([0-9a-f-]{36})/.exec(panel)?.[1];
  const chapterId = /edit=chapter:([0-9a-f-]{36})/.exec(
    await (await admin.get(`/admin?course=${courseId}`)).text(),
  )?.[1];
  if (!courseId || !chapterId) throw new Error("no seeded chapter to attach files to");
  const upload = (name: string, bytesPerSecond?: number) =>
    streamedUpload({
      url: `${started.baseUrl}/admin/attachments?course=${courseId}&edit=chapter:${chapterId}`,
      cookie: admin.cookieHeader(),
      fields: { intent: "update-chapter", courseId, chapterId, title: "Measured", content: "", upload: "file" },
      fileName: name,
      bytes: new Uint8Array(crypto.randomBytes(25 * MiB)),
      bytesPerSecond,
    });
  const pid = started.child.pid!;
  const resting = peakMemory.read(pid).nowMiB;

  peakMemory.reset(pid);
  const slow = await upload("slow.zip", SLOW_BITS_PER_SECOND / 8);
  const slowPeak = peakMemory.read(pid).peakMiB;
  const health = (await fetch(`${started.baseUrl}/healthz`)).status;
  console.log(
    `${engine}: 25 MiB at 2 Mbit/s: ${slow.status} (${slow.status === 303 ? "stored" : "refused"}) in ${slow.seconds.toFixed(1)} s; ` +
      `resident ${resting} MiB before, peak ${slowPeak} MiB; /healthz ${health}`,
  );

  const before = peakMemory.read(pid).nowMiB;
  peakMemory.reset(pid);
  const both = await Promise.all([upload("a.zip"), upload("b.zip")]);
  const bothPeak = peakMemory.read(pid).peakMiB;
  console.log(
    `${engine}: two 25 MiB at once: ${both.map((o) => `${o.status} in ${o.seconds.toFixed(1)} s`).join(", ")}; ` +
      `resident ${before} MiB before, peak ${bothPeak} MiB; /healthz ${(await fetch(`${started.baseUrl}/healthz`)).status}`,
  );
} finally {
  await app?.stop();
  cluster?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
