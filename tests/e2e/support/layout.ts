import type { Locator } from '@playwright/test';

/*
 * What the page has laid out and painted, as the tests that check it read it.
 */

/** The text of an element as the lines it is laid out on. */
export function renderedLines(locator: Locator) {
  return locator.evaluate((element) => {
    const lines: string[] = [];
    let top: number | null = null;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (top === null || Math.abs(rect.top - top) > 2) {
          lines.push('');
          top = rect.top;
        }
        const last = lines.length - 1;
        lines[last] = (lines[last] ?? '') + text.charAt(i);
      }
    }
    return lines.map((line) => line.trim());
  });
}

/**
 * True when no animation with an end is still running (endless ones, such as spinners, never
 * settle). Runs in the page: pass it to page.evaluate or page.waitForFunction.
 */
export function animationsSettled(): boolean {
  return document
    .getAnimations()
    .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
}
