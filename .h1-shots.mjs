import { chromium } from 'playwright-core';
const base = 'http://localhost:3101';
const out = '/tmp/h1-shots';
const body = (k) => Buffer.from(JSON.stringify({ u: '00000000-0000-4000-8000-000000000000', e: 'x@example.com', p: 'x', k, x: 1 })).toString('base64url') + '.sig';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const width of [1280, 390]) {
  const ctx = await browser.newContext({ viewport: { width, height: 860 } });
  const page = await ctx.newPage();
  const shot = async (name) => { await page.waitForTimeout(600); await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true }); };
  await page.goto(`${base}/login`); await page.getByRole('link', { name: 'Forgot password?' }).waitFor(); await shot('login');
  await page.getByRole('link', { name: 'Forgot password?' }).click(); await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor(); await shot('forgot');
  await page.getByLabel('Email').fill('nobody@example.com'); await page.getByRole('button', { name: 'Send reset link' }).click(); await page.getByText('Check your email').waitFor(); await shot('forgot-sent');
  await page.goto(`${base}/reset-password?token=${body('reset')}`); await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
  await page.getByLabel('New Password', { exact: true }).fill('short'); await page.getByLabel('Confirm New Password').fill('other');
  await page.getByRole('button', { name: 'Reset password' }).click(); await shot('reset-errors');
  await page.getByLabel('New Password', { exact: true }).fill('A-Long-Enough-Pass-1'); await page.getByLabel('Confirm New Password').fill('A-Long-Enough-Pass-1');
  await page.getByRole('button', { name: 'Reset password' }).click(); await page.getByRole('alert').first().waitFor(); await shot('reset-bad-link');
  await page.goto(`${base}/reset-password?token=${body('invite')}`); await page.getByRole('heading', { name: 'Set your password' }).waitFor(); await shot('set-password');
  const res = await page.request.post(`${base}/api/auth/login`, { data: { username: 'marcus.adeyemi', password: 'DemoPass123!' }, headers: { origin: base } });
  if (res.status() !== 200) throw new Error(`login ${res.status()} ${await res.text()}`);
  await page.goto(`${base}/admin?tab=users`); await page.getByRole('button', { name: 'Invite member' }).waitFor({ timeout: 20000 }); await shot('users');
  await page.getByRole('button', { name: 'Invite member' }).click(); await page.getByRole('dialog').waitFor();
  await page.getByRole('button', { name: 'Send invitation' }).click(); await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/invite-dialog-${width}.png` });
  await ctx.close();
}
await browser.close();
