import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

export type Cluster = {
  url: string;
  stop: () => void;
  /** The server only, as an operator stops it (`pg_ctl stop -m fast`): connections are cut, new ones refused. */
  stopServer: () => void;
  startServer: () => void;
  /** The server hangs: SIGSTOP on the postmaster and every backend. Connections open but nothing answers. */
  freeze: () => void;
  thaw: () => void;
  /** The postmaster and every process it has started right now (the benchmark meters their CPU). */
  processes: () => number[];
};

/** A TCP port free on 127.0.0.1 right now (the caller binds it soon after). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL binary as the `postgres` user when we are root (initdb refuses root). */
function runPg(binary: string, args: string[], asPostgres: boolean) {
  const command = path.join(PG_BIN, binary);
  if (!asPostgres) return execFileSync(command, args, { stdio: "pipe" });
  const quoted = [command, ...args].map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(" ");
  return execFileSync("su", ["postgres", "-s", "/bin/bash", "-c", quoted], { stdio: "pipe" });
}

/**
 * A throwaway PostgreSQL cluster on 127.0.0.1 and a free port, for the test run only.
 * fsync is off: the data is thrown away at the end.
 */
export async function startCluster({ settings = [] }: { settings?: string[] } = {}): Promise<Cluster> {
  const asPostgres = process.getuid?.() === 0;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "app-pg-"));
  const dataDir = path.join(root, "data");
  const socketDir = path.join(root, "socket");
  fs.mkdirSync(socketDir);
  if (asPostgres) execFileSync("chown", ["-R", "postgres:postgres", root]);

  const port = await freePort();
  runPg("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"], asPostgres);
  const startServer = () =>
    runPg(
      "pg_ctl",
      [
        "-D",
        dataDir,
        "-l",
        path.join(root, "server.log"),
        "-w",
        "-t",
        "60",
        "-o",
        `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200${settings.map((setting) => ` -c ${setting}`).join("")}`,
        "start",
      ],
      asPostgres,
    );
  startServer();
  // The postmaster first (so it starts no new backend), then every process it has started.
  const serverProcesses = () => {
    const postmaster = Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    return [postmaster, ...childrenOf(postmaster)];
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stopServer: () => void runPg("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"], asPostgres),
    startServer: () => void startServer(),
    freeze: () => serverProcesses().forEach((pid) => process.kill(pid, "SIGSTOP")),
    thaw: () => serverProcesses().forEach((pid) => process.kill(pid, "SIGCONT")),
    processes: serverProcesses,
    stop: () => {
      try {
        runPg("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"], asPostgres);
      } catch {
        // Already stopped by a test (stopServer): nothing is running.
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

/** Direct children of a process, from /proc (Linux). */
export function childrenOf(pid: number): number[] {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // The command name may hold spaces and parentheses: the parent pid follows the last ')'.
        const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}
