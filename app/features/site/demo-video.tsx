import { DEMO_VIDEO_MEDIA } from "./demo";

const versioned = (src: string) => `${src}?v=${DEMO_VIDEO_MEDIA.version}`;

/**
 * The demo video with its controls and poster. preload="none": nothing but the poster is fetched
 * until the visitor presses play. MP4 (H.264) first, as the spec names it; WebM for browsers
 * without H.264. Its box has the video's own proportions, so nothing shifts when it loads.
 */
export function DemoVideo({ className = "" }: { className?: string }) {
  return (
    // The demo is a silent screen recording: there is no speech to caption.
    // eslint-disable-next-line jsx-a11y/media-has-caption -- a silent recording has nothing to caption
    <video
      controls
      preload="none"
      playsInline
      poster={versioned(DEMO_VIDEO_MEDIA.poster)}
      width={DEMO_VIDEO_MEDIA.width}
      height={DEMO_VIDEO_MEDIA.height}
      aria-label={DEMO_VIDEO_MEDIA.title}
      className={`h-auto w-full bg-slate-900 ${className}`}
    >
      <source src={versioned(DEMO_VIDEO_MEDIA.mp4)} type="video/mp4" />
      <source src={versioned(DEMO_VIDEO_MEDIA.webm)} type="video/webm" />
      Your browser cannot play this video. <a href={DEMO_VIDEO_MEDIA.mp4}>Download the demo video</a> instead.
    </video>
  );
}
