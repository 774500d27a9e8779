import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectToast, fillChecked } from './browser.ts';

/** Who signs in: the username and password an account was created with. */
export interface Credentials {
  username: string;
  password: string;
}

export interface SignInOptions {
  /**
   * What shows the sign-in took before `signIn` returns: the welcome toast on screen (the default), the welcome
   * toast shown at any moment (it may already have gone), the dashboard's Quick Actions heading, or nothing (the
   * caller checks what follows, e.g. a second-factor prompt or a refusal).
   */
  until?: 'welcome' | 'welcome-toast' | 'dashboard' | 'submitted';
  /** Marks the dashboard tour as done so it does not cover the screens; on by default with `until: 'welcome'`. */
  skipTour?: boolean;
  /** Drops the browser's cookies first, so an earlier session of this browser cannot answer for this one. */
  fresh?: boolean;
}

/** Signs `who` in through the sign-in form of the server at `server.baseUrl`. */
export async function signIn(page: Page, server: { baseUrl: string }, who: Credentials, options: SignInOptions = {}) {
  const until = options.until ?? 'welcome';
  if (options.fresh) await page.context().clearCookies();
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  if (until === 'welcome') await expect.poll(() => page.getByText('Welcome back!').count(), { timeout: 10_000 }).toBeGreaterThan(0);
  else if (until === 'welcome-toast') await expectToast(page, 'Welcome back!');
  else if (until === 'dashboard') await expect.poll(() => page.getByRole('heading', { name: 'Quick Actions' }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  if (options.skipTour ?? until === 'welcome') await skipTour(page);
}

/** Marks the signed-in member's dashboard tour as done (as finishing it would), so it does not cover the screens. */
export async function skipTour(page: Page) {
  const status = await page.evaluate(
    async () =>
      (await fetch('/api/onboarding', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hasCompletedWizard: true }) })).status,
  );
  expect(status).toBe(200);
}

/**
 * After an act that shows a secret once (a new token, a webhook's signing secret): answers "Confirm it's you" with
 * the password when the server asks for it first, then waits for the secret (found by its test id) and answers it.
 */
export async function confirmIfAsked(page: Page, password: string, secretTestId: string): Promise<string> {
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
  const secret = page.getByTestId(secretTestId);
  await expect.poll(async () => (await confirm.count()) + (await secret.count()), { timeout: 15_000 }).toBeGreaterThan(0);
  if ((await secret.count()) === 0) {
    await fillChecked(confirm.getByLabel('Password'), password);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => secret.count(), { timeout: 15_000 }).toBe(1);
  }
  return ((await secret.textContent()) ?? '').trim();
}
