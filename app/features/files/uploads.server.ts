import crypto from "node:crypto";
import { streamMultipart } from "@web3-storage/multipart-parser";
import { env } from "~/platform/env.server";
import { attachmentMessages, checkAttachment, formatFileSize } from "./attachments";
import { IMAGE_MAX_BYTES } from "./images";
import { fileStore } from "./attachments.server";

/**
 * The chapter form with its file, read as it arrives (issue 41, decision 068). The HTTP layer hands
 * /admin/attachments' body over unread (server/body-limits.ts), and here each part of the
 * multipart form is taken as it comes: the text fields into a FormData, the file straight into the
 * file store a 64 KiB part at a time. So no upload is ever held whole in memory, and the database
 * (on PGlite, its thread) never receives a whole file at once. The file's checks that need only
 * its name run before a byte is stored; its size is counted as it streams.
 */

/** A file stored under `key`, waiting for the row that names it (or for `discard`). */
export type ReceivedFile = { ok: true; key: string; name: string; sizeBytes: number; contentType: string };
export type RefusedFile = { ok: false; name: string; error: string; status: 400 | 413 };

export type ReceivedForm = {
  /** The text fields, and a no-JavaScript 'Add image' as a File (an image is read whole: sharp needs all of it). */
  form: FormData;
  /** The 'file' field: stored, refused, or null when the form had none. */
  file: ReceivedFile | RefusedFile | null;
};

class TooLarge extends Error {}

/** The bytes as they come, stopping at `maxBytes` (then drained, so the form's later fields still arrive). */
async function* counted(data: AsyncIterable<Uint8Array>, maxBytes: number) {
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size <= maxBytes) yield chunk;
  }
  if (size > maxBytes) throw new TooLarge();
}

async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const chunk of data) void chunk;
}

/** A whole part in memory, at most `maxBytes` of it (the rest is read and dropped): text fields and images only. */
async function collect(data: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    const kept = chunk.subarray(0, maxBytes - size);
    if (kept.byteLength > 0) chunks.push(kept);
    size += kept.byteLength;
  }
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole;
}

/** Stores the 'file' part under a new key, checked on the way; a refusal stores nothing. */
async function storeFilePart(name: string, data: AsyncIterable<Uint8Array>): Promise<ReceivedFile | RefusedFile> {
  const maxBytes = env().ATTACHMENT_MAX_BYTES;
  // The checks of the name and type first (a size of 1 passes the size checks, made after).
  const check = checkAttachment({ name, size: name === "" ? 0 : 1 }, maxBytes);
  if (!check.ok) {
    await drain(data);
    return { ok: false, name, error: check.error, status: check.status };
  }
  const key = `attachments/${crypto.randomUUID()}`;
  const store = fileStore();
  try {
    const { sizeBytes } = await store.put(key, counted(data, maxBytes));
    if (sizeBytes === 0) {
      await store.delete(key);
      return { ok: false, name, error: attachmentMessages.empty, status: 400 };
    }
    return { ok: true, key, name, sizeBytes, contentType: check.contentType };
  } catch (error) {
    if (!(error instanceof TooLarge)) throw error;
    return { ok: false, name, error: attachmentMessages.tooLarge(formatFileSize(maxBytes)), status: 413 };
  }
}

/** The text fields of a form are small (the body limit holds them to the editor's 1 MiB). */
const FIELD_MAX_BYTES = 1024 * 1024;

/** The form could not be read: not a form, a multipart body without its boundary, broken, or cut off. */
export class UnreadableForm extends Error {}

/** The request's body, its failures (the client went away, the body passed its limit) marked as the form's. */
function marked(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          controller.error(new UnreadableForm("the body could not be read", { cause: error }));
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}

/** The multipart parser's own complaints all begin so ("malformed multipart-form data: ..."). */
const isMalformed = (error: unknown) =>
  error instanceof UnreadableForm || (error instanceof Error && /^malformed /.test(error.message));

/**
 * Reads the form of a request to /admin/attachments: a multipart form part by part (the file into
 * the store), any other form as usual. A body that breaks off leaves nothing stored; a form that
 * cannot be read throws UnreadableForm.
 */
export async function receiveAttachmentForm(request: Request): Promise<ReceivedForm> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType) || !request.body) {
    try {
      return { form: await request.formData(), file: null };
    } catch (error) {
      throw new UnreadableForm("the form could not be read", { cause: error });
    }
  }
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  if (!boundary) throw new UnreadableForm("a multipart form without its boundary");

  const form = new FormData();
  let file: ReceivedFile | RefusedFile | null = null;
  const decoder = new TextDecoder();
  try {
    for await (const part of streamMultipart(marked(request.body), boundary[1] ?? boundary[2]!)) {
      if (part.done) break;
      if (part.name === "file" && part.filename !== undefined && file === null) {
        file = await storeFilePart(part.filename, part.data);
      } else if (part.filename !== undefined) {
        // An image over its limit is kept one byte over it, so the image's own check refuses it.
        const bytes = await collect(part.data, IMAGE_MAX_BYTES + 1);
        form.append(part.name, new File([bytes], part.filename, { type: part.contentType }));
      } else {
        form.append(part.name, decoder.decode(await collect(part.data, FIELD_MAX_BYTES)));
      }
    }
  } catch (error) {
    if (file?.ok) await fileStore().delete(file.key);
    throw isMalformed(error) ? new UnreadableForm("the multipart form could not be read", { cause: error }) : error;
  }
  return { form, file };
}

/** Removes a received file that no row came to name (the form was refused, or the chapter is gone). */
export async function discardReceivedFile(file: ReceivedFile) {
  await fileStore().delete(file.key);
}
