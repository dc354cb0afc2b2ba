import { describe, expect, it } from "vitest";
import {
  VIDEO_EMBED_HEIGHT,
  VIDEO_EMBED_WIDTH,
  videoEmbedSrc,
  videoFrameAttributes,
} from "~/features/learning/video-embed";

const YT = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";

describe("videoEmbedSrc: YouTube", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", YT],
    ["http://youtube.com/watch?v=dQw4w9WgXcQ&list=PL123&index=2", YT],
    ["https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ", YT],
    ["www.youtube.com/watch?v=dQw4w9WgXcQ", YT],
    ["https://youtu.be/dQw4w9WgXcQ", YT],
    ["youtu.be/dQw4w9WgXcQ?si=abc", YT],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", YT],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ?showinfo=0", YT],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", YT],
    ["https://www.youtube.com/live/dQw4w9WgXcQ", YT],
    ["  https://youtu.be/dQw4w9WgXcQ  ", YT],
  ])("%s", (link, expected) => {
    expect(videoEmbedSrc(link)).toBe(expected);
  });

  it("keeps a start time, in seconds", () => {
    expect(videoEmbedSrc("https://youtu.be/dQw4w9WgXcQ?t=90")).toBe(`${YT}?start=90`);
    expect(videoEmbedSrc("https://youtu.be/dQw4w9WgXcQ?t=90s")).toBe(`${YT}?start=90`);
    expect(videoEmbedSrc("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m5s")).toBe(`${YT}?start=65`);
    expect(videoEmbedSrc("https://www.youtube.com/embed/dQw4w9WgXcQ?start=12")).toBe(`${YT}?start=12`);
    expect(videoEmbedSrc("https://youtu.be/dQw4w9WgXcQ?t=soon")).toBe(YT);
  });
});

describe("videoEmbedSrc: Vimeo", () => {
  it.each([
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    ["vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://www.vimeo.com/76979871?share=copy", "https://player.vimeo.com/video/76979871"],
    ["https://player.vimeo.com/video/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://player.vimeo.com/video/76979871/", "https://player.vimeo.com/video/76979871"],
    ["https://vimeo.com/channels/staffpicks/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://vimeo.com/groups/shortfilms/videos/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://vimeo.com/showcase/123/video/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://vimeo.com/76979871/a1b2c3d4e5", "https://player.vimeo.com/video/76979871?h=a1b2c3d4e5"],
    [
      "https://player.vimeo.com/video/76979871?h=a1b2c3d4e5&badge=0",
      "https://player.vimeo.com/video/76979871?h=a1b2c3d4e5",
    ],
  ])("%s", (link, expected) => {
    expect(videoEmbedSrc(link)).toBe(expected);
  });
});

describe("videoEmbedSrc: anything else", () => {
  it.each([
    "",
    "   ",
    "not a url",
    "https://example.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://evil.example/youtu.be/dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ<script>",
    "https://www.youtube.com/channel/UC1234567890",
    "https://youtu.be/",
    "javascript:alert(1)//youtu.be/dQw4w9WgXcQ",
    "data:text/html,<script>alert(1)</script>",
    "ftp://youtu.be/dQw4w9WgXcQ",
    "https://vimeo.com/",
    "https://vimeo.com/about",
    "https://player.vimeo.com/api/player.js",
    "https://youtu.be/dQw4w9WgXcQ extra",
  ])("refuses %j", (link) => {
    expect(videoEmbedSrc(link)).toBeNull();
  });
});

describe("videoFrameAttributes", () => {
  it("is the standard 560x315 frame", () => {
    expect(videoFrameAttributes(YT)).toMatchObject({ src: YT, width: "560", height: "315", class: "ql-video" });
    expect([VIDEO_EMBED_WIDTH, VIDEO_EMBED_HEIGHT]).toEqual([560, 315]);
  });
});
