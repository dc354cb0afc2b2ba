import { describe, expect, it } from "vitest";
import { attachmentMessages, checkAttachment, formatFileSize } from "~/features/files/attachments";

/** The chapter-file rules (issue 25) that the server and the browser both apply. */
const MiB = 1024 * 1024;
const check = (name: string, size = 100) => checkAttachment({ name, size }, 25 * MiB);

describe("checkAttachment", () => {
  it("accepts allowed types, by extension in any case, with our content type", () => {
    expect(check("guide.pdf")).toEqual({ ok: true, contentType: "application/pdf" });
    expect(check("Kit.ZIP")).toEqual({ ok: true, contentType: "application/zip" });
    expect(check("notes.v2.md")).toEqual({ ok: true, contentType: "text/markdown; charset=utf-8" });
    expect(check("Prüfung “guide”.txt")).toMatchObject({ ok: true });
  });

  it("refuses a name with a folder path in it, either separator", () => {
    for (const name of ["../secret.txt", "a/b.pdf", "C:\\x\\y.pdf", "/etc/passwd.txt"]) {
      expect(check(name), name).toEqual({ ok: false, error: attachmentMessages.pathInName, status: 400 });
    }
  });

  it("refuses hidden, blank, over-long names and control characters", () => {
    for (const name of [".htaccess.txt", "   ", "a\u0000.txt", "line\nbreak.txt", `${"a".repeat(197)}.txt`]) {
      expect(check(name), JSON.stringify(name)).toEqual({ ok: false, error: attachmentMessages.badName, status: 400 });
    }
    expect(check(`${"a".repeat(196)}.txt`)).toMatchObject({ ok: true });
  });

  it("refuses types off the allow-list, including names that only look like keys of an object", () => {
    for (const name of [
      "setup.exe",
      "page.html",
      "image.svg",
      "README",
      "x.constructor",
      "x.__proto__",
      "x.toString",
    ]) {
      expect(check(name), name).toEqual({ ok: false, error: attachmentMessages.badType, status: 400 });
    }
  });

  it("refuses an empty file, no file at all, and one byte over the limit (413)", () => {
    expect(check("empty.txt", 0)).toEqual({ ok: false, error: attachmentMessages.empty, status: 400 });
    expect(checkAttachment({ name: "", size: 0 }, MiB)).toEqual({
      ok: false,
      error: attachmentMessages.chooseFile,
      status: 400,
    });
    expect(checkAttachment({ name: "a.zip", size: MiB }, MiB)).toMatchObject({ ok: true });
    expect(checkAttachment({ name: "a.zip", size: MiB + 1 }, MiB)).toEqual({
      ok: false,
      error: attachmentMessages.tooLarge("1 MB"),
      status: 413,
    });
  });
});

describe("formatFileSize", () => {
  it("reads bytes, KB, MB and GB in binary units", () => {
    expect(formatFileSize(1)).toBe("1 byte");
    expect(formatFileSize(840)).toBe("840 bytes");
    expect(formatFileSize(1024)).toBe("1 KB");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(12 * 1024 + 300)).toBe("12 KB");
    expect(formatFileSize(25 * MiB)).toBe("25 MB");
    expect(formatFileSize(3.44 * MiB)).toBe("3.4 MB");
    expect(formatFileSize(2 * 1024 * MiB)).toBe("2 GB");
  });
});
