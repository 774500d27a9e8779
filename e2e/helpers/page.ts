import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from './browser.ts';

/** Resolves once no animation on the page is running (dialogs, toasts and celebrations have finished moving). */
export const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });

/** Checks the page with axe once every toast has gone and every animation has stopped: a half-faded toast is not a finding. */
export async function accessibleWhenSettled(page: Page, name: string) {
  await expect.poll(() => page.locator('[data-swipe-direction]').count(), { timeout: 15_000 }).toBe(0);
  await settled(page);
  await expectAccessible(page, name);
}

/** How many elements showing `text` are visible now (for `expect.poll(...)`). */
export const visible = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true }).count();

/** The notification bell in the header; its name carries the unread count. */
export const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

/** The bell's accessible name, e.g. "Notifications, 2 unread". */
export const bellName = async (page: Page) => (await bell(page).getAttribute('aria-label')) ?? '';

/** Resolves once the page's next live socket has said it is ready; call it before the navigation that opens the socket. */
export function socketReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/api/ws')) return;
      ws.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.includes('"type":"ready"')) resolve();
      });
    });
  });
}
