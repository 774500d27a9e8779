import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, newBrowser, watchPage } from '../helpers/browser.ts';
import { accessibleWhenSettled, visible } from '../helpers/page.ts';
import { signIn } from '../helpers/session.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * Profile settings as a member uses them: edit the job title and keep it after a reload, upload a photo that then
 * shows in the header and sidebar, upload a CV and find the link to it, add and remove a tag, change the password
 * and sign in with the new one, choose e-mail notifications, confirm it is them and export their data and download it;
 * every tab is checked with axe.
 */
let server: RunningServer;
let browser: BrowserContext;
const member = {
  username: 'rosa.settings',
  email: 'rosa@example.com',
  password: 'Partner-Pass-123',
  firstName: 'Rosa',
  lastName: 'Settings',
  expertise: ['Strategy'],
};
const NEW_PASSWORD = 'Another-Pass-456';

beforeAll(async () => {
  server = await startServer({ partners: [member] });
  browser = await newBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% Curriculum vitae\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

describe('profile settings', () => {
  it('edit details, upload a photo and a CV, change the password, every tab accessible', async () => {
    const p = await browser.newPage();
    const problems = watchPage(p);
    await signIn(p, server, member);

    // the job title is saved and still there after a reload
    await p.goto(`${server.baseUrl}/profile-settings`);
    const form = p.getByRole('form', { name: 'Personal Information' });
    await expect.poll(() => form.getByLabel('Job Title').count(), { timeout: 10_000 }).toBe(1);
    await accessibleWhenSettled(p, 'profile information');
    await form.getByLabel('Job Title').fill('Chief Operating Officer');
    // a tag added with Enter, a repeat refused, one removed with its labelled button
    const expertise = form.getByLabel('Areas of Expertise', { exact: true }).and(p.locator('input'));
    await expertise.fill('Operations');
    await expertise.press('Enter');
    await expertise.fill('strategy');
    await expertise.press('Enter');
    expect(await visible(p, /already in the list/)).toBe(1);
    await form.getByRole('button', { name: 'Add to Industry Experience' }).click();
    await form.getByLabel('Industry Experience', { exact: true }).and(p.locator('input')).fill('Healthcare');
    await form.getByRole('button', { name: 'Add to Industry Experience' }).click();
    await form.getByRole('button', { name: 'Remove Strategy' }).click();
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await expect.poll(() => p.getByText('Profile updated!').count(), { timeout: 10_000 }).toBe(1);
    await p.reload();
    await expect.poll(() => form.getByLabel('Job Title').inputValue(), { timeout: 10_000 }).toBe('Chief Operating Officer');
    expect(await form.getByRole('button', { name: 'Remove Operations' }).count()).toBe(1);
    expect(await form.getByRole('button', { name: 'Remove Healthcare' }).count()).toBe(1);
    expect(await form.getByRole('button', { name: 'Remove Strategy' }).count()).toBe(0);

    // a wrong address is refused under its field, linked to it
    await form.getByLabel('Website').fill('not a website');
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await expect.poll(() => visible(p, 'Invalid website URL'), { timeout: 5_000 }).toBe(1);
    expect(await form.getByLabel('Website').getAttribute('aria-describedby')).toContain('profile-website-error');
    await form.getByLabel('Website').fill('');

    // a photo: the header and the sidebar show it
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    await p.locator('input[type="file"][accept="image/*"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => p.getByText('Profile picture updated!').count(), { timeout: 15_000 }).toBe(1);
    const headerAvatar = p.getByRole('button', { name: /Account menu for Rosa Settings/ }).locator('img');
    await expect.poll(() => headerAvatar.count(), { timeout: 10_000 }).toBe(1);
    expect(await headerAvatar.getAttribute('src')).toMatch(/\/picture\?size=64/);
    const sidebarAvatar = p.locator('aside img[src*="/picture"]');
    await expect.poll(() => sidebarAvatar.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await p.getByRole('img', { name: 'Rosa Settings' }).first().getAttribute('src')).toContain('/picture');

    // a CV: 'CV uploaded' and a link to it; the button now reads Update CV
    expect(await p.getByRole('button', { name: 'Upload CV' }).count()).toBe(1);
    await p.locator('input[type="file"][accept=".pdf,.doc,.docx"]').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect.poll(() => p.getByText('CV uploaded!').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => visible(p, 'CV uploaded'), { timeout: 10_000 }).toBeGreaterThan(0);
    const cvLink = p.getByRole('link', { name: 'View Current CV' });
    expect(await cvLink.getAttribute('href')).toMatch(/^\/api\/users\/[^/]+\/cv/);
    expect(await p.getByRole('button', { name: 'Update CV' }).count()).toBe(1);
    await accessibleWhenSettled(p, 'profile information after uploads');

    // Skills & Endorsements lists the saved expertise
    await p.getByRole('tab', { name: 'Skills & Endorsements' }).click();
    expect(p.url()).toContain('tab=skills');
    await expect.poll(() => visible(p, 'Operations'), { timeout: 10_000 }).toBeGreaterThan(0);
    await accessibleWhenSettled(p, 'skills');

    // Preferences: the networking switch saves at once
    await p.getByRole('tab', { name: 'Preferences' }).click();
    const networking = p.getByRole('switch', { name: 'Available for Networking' });
    expect(await networking.getAttribute('aria-checked')).toBe('true');
    await accessibleWhenSettled(p, 'preferences');
    await networking.click();
    await expect.poll(() => p.getByText('Profile updated!').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => networking.getAttribute('aria-checked')).toBe('false');
    // e-mail preferences: a switch changed and saved
    const endorsements = p.getByRole('switch', { name: 'Endorsements' });
    expect(await endorsements.getAttribute('aria-checked')).toBe('false');
    await endorsements.click();
    await p.getByRole('button', { name: 'Save Preferences' }).click();
    await expect.poll(() => p.getByText('Email preferences saved').count(), { timeout: 10_000 }).toBe(1);
    // a data export needs the identity confirmed first: the dialog asks for the password, then the export goes ahead
    await p.getByRole('button', { name: 'Export My Data' }).click();
    const confirmIt = p.getByRole('dialog', { name: "Confirm it's you" });
    await expect.poll(() => confirmIt.count(), { timeout: 10_000 }).toBe(1);
    // the export button keeps its spinner while the change waits on the dialog: only the dialog's own fade-in is awaited
    await p.waitForFunction(
      () =>
        document
          .querySelector('[role="dialog"]')
          ?.getAnimations({ subtree: true })
          .every((a) => a.playState !== 'running'),
      undefined,
      {
        timeout: 10_000,
      },
    );
    await expectAccessible(p, 'confirm it is you');
    // the password field has the focus, so the keyboard alone finishes it
    await p.keyboard.type('Not-My-Password-1');
    await p.keyboard.press('Enter');
    await expect.poll(() => confirmIt.getByText('Your password is incorrect.').count(), { timeout: 10_000 }).toBe(1);
    await confirmIt.getByLabel('Password').fill(member.password);
    await confirmIt.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => confirmIt.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => visible(p, /email with download instructions/), { timeout: 5_000 }).toBe(1);
    const download = p.getByRole('link', { name: /^Download/ });
    await expect.poll(() => download.count(), { timeout: 20_000 }).toBe(1);
    const [file] = await Promise.all([p.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^data-export-\d{4}-\d{2}-\d{2}\.zip$/);
    await accessibleWhenSettled(p, 'preferences after an export');

    // Security: a wrong current password is refused under its field; the right one changes it
    await p.goto(`${server.baseUrl}/profile-settings?tab=security`);
    const pw = p.getByRole('form', { name: 'Change Password' });
    await expect.poll(() => pw.count(), { timeout: 10_000 }).toBe(1);
    expect(await visible(p, /at least 8 characters/)).toBeGreaterThan(0);
    expect(await visible(p, 'Sign-in methods')).toBe(1);
    await accessibleWhenSettled(p, 'security');
    await pw.getByLabel('Current Password').fill('Not-My-Password-1');
    await pw.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await pw.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await pw.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => visible(p, 'Current password is incorrect.'), { timeout: 10_000 }).toBe(1);
    await pw.getByLabel('Current Password').fill(member.password);
    await pw.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => p.getByText('Password changed!').count(), { timeout: 10_000 }).toBe(1);
    expect(await pw.getByLabel('New Password', { exact: true }).inputValue()).toBe('');
    await accessibleWhenSettled(p, 'security after change');

    // the new password signs in
    const other = await newBrowser();
    try {
      const q = await other.newPage();
      await signIn(q, server, { username: member.username, password: NEW_PASSWORD });
    } finally {
      await other.close();
    }

    // the refusals the member caused on purpose (the wrong passwords, the export before confirming) are the browser's only complaints
    const expected = (m: string) =>
      (m.includes('status of 400') && (m.includes('/api/auth/password') || m.includes('/api/auth/confirm-identity'))) ||
      (m.includes('status of 403') && m.includes('/api/data-exports'));
    expect(problems.filter((m) => !expected(m))).toEqual([]);
  });
});
