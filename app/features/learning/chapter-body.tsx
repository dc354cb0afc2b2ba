import { useEffect, useRef } from "react";
import { COPIED_MS } from "~/platform/ui/copy-button";

/**
 * The chapter's sanitised HTML, in the reader's typography (chapter-content.css). Once JavaScript
 * runs, every code or prompt block gains a 'Copy' button that says "Copied!" for 2 seconds; without
 * it the block is plain selectable text and no button is drawn. The buttons are added to the DOM
 * React leaves alone (the inner HTML it set), and again whenever that HTML changes.
 */
export function ChapterBody({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const timers: number[] = [];
    const added: HTMLElement[] = [];
    for (const block of root.querySelectorAll("pre")) {
      const wrapper = document.createElement("div");
      wrapper.className = "code-block";
      block.replaceWith(wrapper);
      wrapper.append(block);
      const button = document.createElement("button");
      button.type = "button";
      button.className = "code-copy";
      // The words live in a polite live region, so a screen reader hears "Copied!" too.
      const words = document.createElement("span");
      words.setAttribute("aria-live", "polite");
      words.textContent = "Copy";
      button.append(words);
      button.addEventListener("click", () => {
        navigator.clipboard.writeText(block.textContent ?? "").then(
          () => {
            words.textContent = "Copied!";
            timers.push(window.setTimeout(() => (words.textContent = "Copy"), COPIED_MS));
          },
          // eslint-disable-next-line no-console -- in the browser: its console is the visitor's developer tools, not the server log
          (error: unknown) => console.error("Copy to clipboard failed:", error),
        );
      });
      wrapper.append(button);
      added.push(wrapper);
    }
    return () => {
      for (const timer of timers) window.clearTimeout(timer);
      // Put the blocks back as they were, so a re-run (or React's next HTML) starts from the original.
      for (const wrapper of added) {
        const block = wrapper.querySelector("pre");
        if (block) wrapper.replaceWith(block);
      }
    };
  }, [html]);

  return <div ref={ref} className="chapter-content" dangerouslySetInnerHTML={{ __html: html }} />;
}
