import { env } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import { PART_BYTES, type FileStore } from "./stored-file.server";

/**
 * What a download may hold (issue 41, decision 068). A client that stops reading keeps its
 * response open; each one holds what was read ahead for it, so one member with a hundred stalled
 * downloads once filled the heap. Now:
 * - bytes are read a part (64 KiB) at a time, only when the client has taken the previous ones;
 * - a download whose client takes nothing for DOWNLOAD_IDLE_TIMEOUT_MS (60 s) is closed;
 * - one member sends at most MEMBER_DOWNLOADS at once, one process DOWNLOADS_PER_PROCESS.
 */

/** Downloads one member may have running at once; the next is refused (429) until one ends. */
export const MEMBER_DOWNLOADS = 3;

export const downloadMessages = {
  memberBusy: `You already have ${MEMBER_DOWNLOADS} downloads running. Wait for one to finish, then try again.`,
  siteBusy: "The site is sending many files right now. Try again in a minute.",
} as const;

/** Running downloads, by member, and in all (this process). */
const running = new Map<string, number>();
let total = 0;

export type DownloadSlot = { release: () => void };

/** A place for one more download of this member's, or why not. Release it exactly when the download ends. */
export function takeDownloadSlot(memberId: string): DownloadSlot | { refused: "member" | "process" } {
  const mine = running.get(memberId) ?? 0;
  if (mine >= MEMBER_DOWNLOADS) return { refused: "member" };
  if (total >= env().DOWNLOADS_PER_PROCESS) return { refused: "process" };
  running.set(memberId, mine + 1);
  total += 1;
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      total -= 1;
      const left = (running.get(memberId) ?? 1) - 1;
      if (left > 0) running.set(memberId, left);
      else running.delete(memberId);
    },
  };
}

/** The refusal as the member sees it: plain text, never cached, with when to try again. */
export function downloadRefusal(reason: "member" | "process"): Response {
  return new Response(reason === "member" ? downloadMessages.memberBusy : downloadMessages.siteBusy, {
    status: reason === "member" ? 429 : 503,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "private, no-store",
      "Retry-After": reason === "member" ? "10" : "60",
    },
  });
}

/**
 * Bytes `start` to `end` of a stored file, read a part at a time as the client takes them, in
 * binary. Closed (with an error, so the connection is cut) when the client takes nothing for the
 * idle timeout; `onEnd` runs once, however it ends: sent, cancelled, failed or idle.
 */
export function streamStoredFile(
  store: FileStore,
  key: string,
  start: number,
  end: number,
  onEnd: () => void = () => {},
): ReadableStream<Uint8Array> {
  const idleMs = env().DOWNLOAD_IDLE_TIMEOUT_MS;
  let next = start;
  let timer: NodeJS.Timeout | undefined;
  let ended = false;
  const finish = () => {
    clearTimeout(timer);
    if (ended) return;
    ended = true;
    onEnd();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // Nothing asked for yet counts as idle too (a response never read, a HEAD answered without it).
        timer = setTimeout(() => idle(controller), idleMs).unref();
      },
      async pull(controller) {
        // The client took what was sent: it is not idle. The timer runs again once this part is out.
        clearTimeout(timer);
        if (next > end) {
          finish();
          controller.close();
          return;
        }
        const last = Math.min(next + PART_BYTES - 1 - (next % PART_BYTES), end);
        try {
          const chunk = await store.getRange(key, next, last);
          if (!chunk || chunk.byteLength !== last - next + 1) {
            throw new Error(`stored file ${key} is missing or shorter than its record`);
          }
          if (ended) return;
          controller.enqueue(chunk);
          next = last + 1;
          timer = setTimeout(() => idle(controller), idleMs).unref();
        } catch (error) {
          finish();
          controller.error(error);
        }
      },
      cancel() {
        finish();
      },
    },
    // Nothing is read before the client asks (a HEAD request, or one cut short, costs no query).
    { highWaterMark: 0 },
  );

  function idle(controller: ReadableStreamDefaultController<Uint8Array>) {
    if (ended) return;
    log.info({ key, sentBytes: next - start, idleMs }, "a download's client took nothing: closed");
    finish();
    controller.error(new Error(`the client took no bytes for ${idleMs} ms`));
  }
}
