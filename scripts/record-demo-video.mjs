// Records the landing page's animated build demo into the committed demo video:
//   public/media/demo.mp4 (H.264), public/media/demo.webm (VP9) and public/media/demo-poster.jpg.
//
//   node scripts/record-demo-video.mjs [http://127.0.0.1:3000]   (against a running `npm start`)
//
// Frame by frame rather than in real time: Playwright's clock moves the page's timers 40 ms per
// frame (25 fps) and every running CSS animation or transition is set to the same virtual time, so
// the result is smooth and the same on a busy machine. Needs Debian's Chromium and ffmpeg.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

const baseUrl = process.argv[2] ?? "http://127.0.0.1:3000";
const FPS = 25;
const FRAME_MS = 1000 / FPS;
// One cycle of app/features/site/demo-timeline.ts: the finished build resets 4 s after load, and the next
// build is finished about 18.3 s after load. Start 1 s before the reset and hold the end 3 s.
const START_MS = 3000;
const END_MS = 21500;

const outDir = path.resolve("public/media");
const frames = fs.mkdtempSync(path.join(os.tmpdir(), "demo-frames-"));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
  ],
});
try {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 1.25,
    reducedMotion: "no-preference",
  });
  // A returning visitor: no consent sheet over the demo.
  await context.addCookies([{ name: "cookie-consent", value: "essential", url: baseUrl }]);
  const page = await context.newPage();
  // Paused: page time moves only when the loop below moves it, however long a screenshot takes.
  const start = new Date("2026-01-01T12:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
  await page.goto(baseUrl);
  const isHydrated = () =>
    page.evaluate(() => Object.keys(document.querySelector("main") ?? {}).some((key) => key.startsWith("__react")));
  for (let tries = 0; !(await isHydrated()); tries++) {
    if (tries > 100) throw new Error("The landing page did not hydrate.");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Square corners: the video is the demo's window alone, without the page behind its rounded ones.
  await page.addStyleTag({ content: "figure { border-radius: 0 !important; box-shadow: none !important; }" });
  // Element helpers wait for animation frames, which the paused clock holds: measure and clip by hand.
  const clip = await page.evaluate(() => {
    const figure = document.querySelector("figure");
    figure.scrollIntoView({ block: "center" });
    const { x, y, width, height } = figure.getBoundingClientRect();
    return { x, y, width, height };
  });

  // Lets React render what the timers just changed: its scheduler posts messages, which the clock
  // leaves alone (a timer here would wait for the paused clock forever).
  const settle = () =>
    page.evaluate(async () => {
      for (let hop = 0; hop < 3; hop++) {
        await new Promise((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = resolve;
          channel.port2.postMessage(0);
        });
      }
    });
  // Pins every CSS animation and transition to the virtual time since it started.
  const pinAnimations = (now) =>
    page.evaluate((now) => {
      const started = (window.__demoAnimationStarts ??= new WeakMap());
      for (const animation of document.getAnimations()) {
        if (!started.has(animation)) started.set(animation, now);
        animation.pause();
        animation.currentTime = now - started.get(animation);
      }
    }, now);

  await page.clock.runFor(START_MS);
  let frame = 0;
  for (let now = START_MS; now <= END_MS; now += FRAME_MS) {
    if (frame > 0) await page.clock.runFor(FRAME_MS);
    await settle();
    await pinAnimations(now);
    await page.screenshot({ clip, path: path.join(frames, `frame-${String(frame).padStart(4, "0")}.png`) });
    frame++;
    if (frame % 100 === 0) console.log(`${frame} frames...`);
  }
  console.log(`Captured ${frame} frames.`);
} finally {
  await browser.close();
}

const input = ["-y", "-loglevel", "error", "-framerate", String(FPS), "-i", path.join(frames, "frame-%04d.png")];
const evenSize = "scale=trunc(iw/2)*2:trunc(ih/2)*2";
execFileSync(
  "ffmpeg",
  [
    ...input,
    "-vf",
    evenSize,
    "-c:v",
    "libx264",
    "-preset",
    "veryslow",
    "-crf",
    "30",
    "-pix_fmt",
    "yuv420p",
    "-profile:v",
    "high",
    "-movflags",
    "+faststart",
    "-an",
    path.join(outDir, "demo.mp4"),
  ],
  { stdio: "inherit" },
);
execFileSync(
  "ffmpeg",
  [
    ...input,
    "-vf",
    evenSize,
    "-c:v",
    "libvpx-vp9",
    "-b:v",
    "0",
    "-crf",
    "42",
    "-row-mt",
    "1",
    "-deadline",
    "good",
    "-an",
    path.join(outDir, "demo.webm"),
  ],
  { stdio: "inherit" },
);
// The poster is the finished build, the last frame.
const last = fs.readdirSync(frames).sort().at(-1);
execFileSync(
  "ffmpeg",
  [
    "-y",
    "-loglevel",
    "error",
    "-i",
    path.join(frames, last),
    "-vf",
    evenSize,
    "-q:v",
    "5",
    path.join(outDir, "demo-poster.jpg"),
  ],
  { stdio: "inherit" },
);
fs.rmSync(frames, { recursive: true, force: true });
for (const file of ["demo.mp4", "demo.webm", "demo-poster.jpg"]) {
  console.log(`${file}: ${Math.round(fs.statSync(path.join(outDir, file)).size / 1024)} KiB`);
}
