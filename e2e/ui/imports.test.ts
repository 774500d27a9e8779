import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTemplateCsv } from '../../common/schemas/imports.ts';
import { expectAccessible, newBrowser, watchPage } from '../helpers/browser.ts';
import { signIn } from '../helpers/session.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * An administrator brings an organisation's referrals from a spreadsheet: the first file has a mistyped contact
 * address, the check names its row and column and nothing can be imported; the corrected file checks clean, is
 * imported, and its leads are in Lead Management.
 */
let server: RunningServer;
let browser: BrowserContext;
const admin = { username: 'marta.admin', email: 'marta.admin@example.com', password: 'Marta-Pass-123' };
const partner = { username: 'priya.partner', email: 'priya.partner@example.com', password: 'Priya-Pass-123', firstName: 'Priya', lastName: 'Raman' };

beforeAll(async () => {
  server = await startServer({ admins: [admin], partners: [partner] });
  browser = await newBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const row = (company: string, contactEmail: string) =>
  `${partner.email},${company},Technology,Dana Whitfield,${contactEmail},Interim CFO for the funding round,45000,interim,high,strong\r\n`;
const file = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

describe('CSV imports', () => {
  it('a bad row is shown and blocks the import; the corrected file imports and its leads are in Lead Management', async () => {
    const page = await browser.newPage();
    const problems = watchPage(page);
    await signIn(page, server, admin);
    await page.goto(`${server.baseUrl}/admin?tab=integrations`);
    await page.getByRole('heading', { name: 'CSV imports' }).waitFor({ timeout: 15_000 });
    await page.getByLabel('Leads').check();

    // the first file: the second lead's contact address is mistyped
    const header = importTemplateCsv('leads');
    await page
      .getByLabel('CSV file')
      .setInputFiles(file('referrals.csv', header + row('Harbour Analytics', 'dana@harbour.example') + row('Quayside Foods', 'dana-at-quayside')));
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect.poll(() => page.getByText('Please enter a valid contact email').filter({ visible: true }).count(), { timeout: 15_000 }).toBe(1);
    const problemRow = page.getByRole('row').filter({ hasText: 'Please enter a valid contact email' });
    expect(await problemRow.getByRole('rowheader').innerText()).toBe('3');
    expect(await problemRow.getByText('contact_email').count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Import/ }).isDisabled()).toBe(true);
    await expectAccessible(page, 'imports, a file with a problem');

    // the corrected file checks clean and is imported
    await page
      .getByLabel('CSV file')
      .setInputFiles(file('referrals-fixed.csv', header + row('Harbour Analytics', 'dana@harbour.example') + row('Quayside Foods', 'dana@quayside.example')));
    expect(await page.getByRole('button', { name: /^Import/ }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.getByText('The file is ready to import.').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await page.getByText('Imported 2 leads.').waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'imports, imported');

    // both leads are in Lead Management
    await page.goto(`${server.baseUrl}/admin?tab=leads`);
    for (const company of ['Harbour Analytics', 'Quayside Foods'])
      await expect.poll(() => page.getByRole('link', { name: `Open ${company}` }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  }, 90_000);
});
