import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { api } from '../contract/api';
import { formatBytes } from '../src/lib/format/bytes';
import { tabTo } from './support/keyboard';
import { demoAccounts, demoPassword, expectNoAxeViolations, signIn, signOut } from './support/portal';
import { expect, test } from './support/visitor';

/**
 * The Reports page (issue 12) in Chromium, on the demo seed's three weeks of usage (which end when
 * the portal started). The browser runs in a fixed zone with whole-hour offsets, so a custom range
 * of three calendar days is exactly 72 hourly buckets and the page's times can be checked.
 */
const timeZone = 'Europe/Berlin';
test.use({ timezoneId: timeZone });

const teamName = 'Northwind Broadcast';

async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await signIn(page, email, demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
}

const reportTable = (page: Page, name: 'Traffic' | 'Connections') => page.getByRole('table', { name, exact: true });
const pagesOf = (page: Page, name: 'Traffic pages' | 'Connection pages') => page.getByRole('navigation', { name });
const scopePicker = (page: Page) => page.getByLabel('Show usage of');
const rangeLine = (page: Page) => page.getByText(/^From .+ to /);

/** The figure of a total, read from the totals' description list. */
const totalOf = (page: Page, term: string) =>
  page
    .locator('dl dt')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** Waits until the report has been read and is shown (not loading, the tables there). */
async function expectReportShown(page: Page): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: 'Loading the report…' })).toHaveCount(0);
  await expect(reportTable(page, 'Traffic')).toBeVisible();
  await expect(reportTable(page, 'Connections')).toBeVisible();
}

/** Chooses the demo team in "Show usage of"; answers its team id (the option's value is `team:<id>`). */
async function chooseTeam(page: Page): Promise<number> {
  const option = scopePicker(page).locator('optgroup[label="Teams"] option', { hasText: teamName });
  const value = (await option.getAttribute('value')) ?? '';
  expect(value).toMatch(/^team:\d+$/);
  await scopePicker(page).selectOption(value);
  await expect(page).toHaveURL(/[?&]scope=team(%3A|:)\d+/);
  await expectReportShown(page);
  // The team's report lists the other members' connections too: the owner's encoder runs every day.
  await expect(reportTable(page, 'Connections').getByText(demoAccounts.teamOwner).first()).toBeVisible();
  return Number(value.slice('team:'.length));
}

/** The cells' texts of a table's body rows, as shown. */
function bodyRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent?.trim() ?? '')),
    );
}

/** Where a column is in a table, by its header's text (without the sort arrows, which are aria-hidden). */
async function columnIndex(table: Locator, name: string): Promise<number> {
  const headers = await table.locator('thead th').evaluateAll((cells) =>
    cells.map((cell) => {
      const copy = cell.cloneNode(true) as HTMLElement;
      for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
      return copy.textContent?.trim() ?? '';
    }),
  );
  const index = headers.indexOf(name);
  expect(index, `a column "${name}" among ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return index;
}

/** "Page 1 of 7" → 7; a table of one page has no page navigation. */
async function pageCount(nav: Locator): Promise<number> {
  if ((await nav.count()) === 0) return 1;
  const text = (await nav.textContent()) ?? '';
  return Number(text.match(/Page \d+ of (\d+)/)?.[1] ?? Number.NaN);
}

/** A calendar day in the browser's zone, `daysAgo` days before today (YYYY-MM-DD). */
function dayInZone(daysAgo: number): string {
  const at = new Date(Date.now() - daysAgo * 24 * 3600 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** RFC 4180: records end with CRLF; quoted fields may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 1;
    } else field += char;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

/** Clicks an export button and reads the file the browser was handed. */
async function exportCsv(page: Page, name: string): Promise<{ download: Download; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  const path = await download.path();
  return { download, text: await readFile(path, 'utf8') };
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('a team admin opens the team’s report: totals, charts and tables; axe-core passes', async ({ page }) => {
      await signInAs(page, demoAccounts.teamAdmin);
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: /reports/i })
        .click();
      await expect(page).toHaveURL(/\/reports/);
      await expect(page.getByRole('heading', { level: 1, name: 'Usage reports' })).toBeVisible();
      await expect(page.getByText('Traffic and connections of your bonded devices.')).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
      await expectReportShown(page);

      const teamId = await chooseTeam(page);
      await expect(rangeLine(page)).toBeVisible();
      await expect(page.getByText(`Times are in ${timeZone}.`)).toBeVisible();
      for (const term of ['Received', 'Sent', 'Total traffic']) {
        await expect(totalOf(page, term)).toHaveText(/^[\d.,]+ (B|KB|MB|GB|TB|PB|EB)$/);
      }
      await expect(totalOf(page, 'Connections')).toHaveText(/^[1-9][\d,]*$/);
      // The owner's, the admin's and the user's devices at least.
      expect(Number(await totalOf(page, 'Devices').textContent())).toBeGreaterThanOrEqual(3);

      for (const caption of ['Traffic over time', 'Connections over time']) {
        const figure = page.getByRole('figure', { name: caption });
        await expect(figure).toBeVisible();
        await expect(figure.getByText('The table below lists the same figures.')).toBeVisible();
        // The lazy chart has loaded and drawn.
        await expect(figure.locator('canvas').first()).toBeVisible();
      }
      const traffic = reportTable(page, 'Traffic');
      for (const column of ['Time', 'Received', 'Sent', 'Total']) {
        await expect(traffic.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
      }
      await expect(traffic.getByRole('columnheader', { name: 'Time' })).toHaveAttribute('aria-sort', 'descending');
      await expect(traffic.locator('tbody tr')).toHaveCount(25);
      const connections = reportTable(page, 'Connections');
      for (const column of ['Time', 'Event', 'Device', 'User', 'Server']) {
        await expect(connections.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
      }
      await expect(connections.getByText('Frankfurt team server').first()).toBeVisible();
      await expectNoAxeViolations(page);

      // Opened directly, the address brings back the team's report.
      await page.goto(page.url());
      await expectReportShown(page);
      await expect(scopePicker(page)).toHaveValue(`team:${teamId}`);
      await expect(reportTable(page, 'Connections').getByText(demoAccounts.teamOwner).first()).toBeVisible();
    });
  });
}

test('changing the range reads the report again; a reversed custom range is refused', async ({ page }) => {
  await signInAs(page, demoAccounts.teamAdmin);
  await page.goto('/reports');
  await expectReportShown(page);
  await chooseTeam(page);
  const trafficPages = pagesOf(page, 'Traffic pages');
  const weekLine = await rangeLine(page).textContent();
  const weekPages = await pageCount(trafficPages);

  await page.getByRole('radio', { name: 'Last 30 days' }).check();
  await expect(page).toHaveURL(/[?&]range=30d/);
  await expect(rangeLine(page)).not.toHaveText(weekLine ?? '');
  await expectReportShown(page);
  // Hourly buckets both, four times as many of them.
  await expect.poll(() => pageCount(trafficPages)).toBeGreaterThan(weekPages * 4 - 1);
  await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();

  // Three calendar days, local midnight to midnight: 72 hourly buckets, the latest first.
  const fromDay = dayInZone(10);
  const toDay = dayInZone(8);
  const monthLine = await rangeLine(page).textContent();
  await page.getByLabel('From', { exact: true }).fill(fromDay);
  await page.getByLabel('To', { exact: true }).fill(toDay);
  await page.getByRole('button', { name: 'Show range' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]from=${fromDay}.*[?&]to=${toDay}`));
  await expect(rangeLine(page)).not.toHaveText(monthLine ?? '');
  await expectReportShown(page);
  await expect(trafficPages).toContainText('Page 1 of 3');
  const presets = page.getByRole('group', { name: 'Range', exact: true }).getByRole('radio');
  await expect(presets).toHaveCount(4);
  for (const radio of await presets.all()) await expect(radio).not.toBeChecked();
  const lastHour = await page.evaluate(
    ([day, zone]) =>
      new Intl.DateTimeFormat(document.documentElement.lang, {
        timeZone: zone,
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(`${day}T22:00:00Z`)),
    [toDay, timeZone],
  );
  const firstRow = (await bodyRows(reportTable(page, 'Traffic')))[0] ?? [];
  expect(firstRow[0], 'the last hour of the range, 23:00 in Berlin').toBe(lastHour);

  // From after To: refused where the dates are typed, and the report stays.
  const customLine = await rangeLine(page).textContent();
  const customAddress = page.url();
  await page.getByLabel('From', { exact: true }).fill(toDay);
  await page.getByLabel('To', { exact: true }).fill(fromDay);
  await page.getByRole('button', { name: 'Show range' }).click();
  const problem = 'The end date must be on or after the start date.';
  await expect(page.getByText(problem)).toBeVisible();
  await expect(page.getByLabel('From', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('To', { exact: true })).toHaveAccessibleDescription(new RegExp(problem));
  await expectNoAxeViolations(page);
  await expect(page.getByRole('status').filter({ hasText: 'Loading the report…' })).toHaveCount(0);
  await expect(rangeLine(page)).toHaveText(customLine ?? '');
  await expect(trafficPages).toContainText('Page 1 of 3');
  expect(page.url()).toBe(customAddress);
});

test('the chart and the table agree on the traffic at a time', async ({ page }) => {
  await signInAs(page, demoAccounts.teamAdmin);
  await page.goto('/reports');
  await expectReportShown(page);
  await chooseTeam(page);

  const figure = page.getByRole('figure', { name: 'Traffic over time' });
  const plot = figure.locator('.u-over');
  await plot.scrollIntoViewIfNeeded();
  const box = await plot.boundingBox();
  if (!box) throw new Error('the traffic chart has no plot area');
  // The legend: the time row first, then one row per series.
  const legendTime = figure.locator('.u-legend .u-series').first().locator('.u-value');
  const legendReceived = figure
    .locator('.u-legend .u-series')
    .filter({ has: page.locator('.u-label', { hasText: /^Received$/ }) })
    .locator('.u-value');
  let time = '';
  let received = '';
  // Some buckets moved nothing; look for one that did.
  for (const fraction of [0.5, 0.62, 0.38, 0.75, 0.25, 0.88, 0.12]) {
    await plot.hover({ position: { x: box.width * fraction, y: box.height / 2 } });
    await expect(legendReceived).not.toHaveText(/^-*$/);
    // The legend follows the cursor to another bucket.
    if (time) await expect(legendTime).not.toHaveText(time);
    time = ((await legendTime.textContent()) ?? '').trim();
    received = ((await legendReceived.textContent()) ?? '').trim();
    // The table's unit for the column: nothing moved reads "0 B", "0.0 KB", "0.00 MB"….
    if (!/^0([.,]0+)? /.test(received)) break;
  }
  expect(time).not.toBe('');
  expect(received).toMatch(/^[\d.,]+ (B|KB|MB|GB|TB|PB|EB)$/);

  // In time order, page by page, to the row of that time.
  const table = reportTable(page, 'Traffic');
  await table.getByRole('button', { name: 'Time', exact: true }).click();
  await expect(table.getByRole('columnheader', { name: 'Time' })).toHaveAttribute('aria-sort', 'ascending');
  const timeColumn = await columnIndex(table, 'Time');
  const receivedColumn = await columnIndex(table, 'Received');
  const nav = pagesOf(page, 'Traffic pages');
  const pages = await pageCount(nav);
  for (let shown = 1; ; shown += 1) {
    const row = (await bodyRows(table)).find((cells) => cells[timeColumn] === time);
    if (row) {
      expect(row[receivedColumn], `received at ${time}`).toBe(received);
      break;
    }
    expect(shown, `a table row at ${time}`).toBeLessThan(pages);
    await nav.getByRole('button', { name: 'Next page' }).click();
    await expect(nav).toContainText(`Page ${shown + 1} of ${pages}`);
  }
});

test('both tables export as CSV, whole and consistent with the totals', async ({ page }) => {
  await signInAs(page, demoAccounts.teamAdmin);
  await page.goto('/reports');
  await expectReportShown(page);
  await chooseTeam(page);
  const pages = await pageCount(pagesOf(page, 'Traffic pages'));

  const traffic = await exportCsv(page, 'Export traffic as CSV');
  expect(traffic.download.suggestedFilename()).toMatch(/^usage-traffic-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(traffic.text.split('\r\n')[0]).toBe('time,rxBytes,txBytes,totalBytes');
  const [, ...buckets] = parseCsv(traffic.text);
  expect(buckets.length).toBeGreaterThanOrEqual(25 * (pages - 1) + 1);
  expect(buckets.length).toBeLessThanOrEqual(25 * pages);
  const sums = { received: 0, sent: 0, total: 0 };
  for (const [time, rx, tx, total] of buckets) {
    expect(time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    for (const bytes of [rx, tx, total]) expect(bytes).toMatch(/^\d+$/);
    expect(Number(total)).toBe(Number(rx) + Number(tx));
    sums.received += Number(rx);
    sums.sent += Number(tx);
    sums.total += Number(total);
  }
  await expect(totalOf(page, 'Received')).toHaveText(formatBytes(sums.received, 'en'));
  await expect(totalOf(page, 'Sent')).toHaveText(formatBytes(sums.sent, 'en'));
  await expect(totalOf(page, 'Total traffic')).toHaveText(formatBytes(sums.total, 'en'));

  const connections = await exportCsv(page, 'Export connections as CSV');
  expect(connections.download.suggestedFilename()).toMatch(/^usage-connections-.+\.csv$/);
  expect(connections.text.split('\r\n')[0]).toBe('time,type,device,user,userid,server,serverIsPrivate');
  const [, ...events] = parseCsv(connections.text);
  const connects = events.filter(([, type]) => type === 'connect');
  await expect(totalOf(page, 'Connections')).toHaveText(new Intl.NumberFormat('en').format(connects.length));
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a team user sees only their own usage, and the team’s figures are not theirs to read', async ({ page }) => {
  await signInAs(page, demoAccounts.teamUser);
  await page.goto('/reports');
  await expectReportShown(page);
  await expect(scopePicker(page).locator('optgroup[label="Teams"]')).toHaveCount(0);
  await expect(scopePicker(page).locator('option', { hasText: teamName })).toHaveCount(0);
  await expect(scopePicker(page)).toHaveValue('me');

  const table = reportTable(page, 'Connections');
  const userColumn = await columnIndex(table, 'User');
  const users = new Set((await bodyRows(table)).map((cells) => cells[userColumn]));
  expect([...users]).toEqual([demoAccounts.teamUser]);
  const [, ...events] = parseCsv((await exportCsv(page, 'Export connections as CSV')).text);
  expect(events.length).toBeGreaterThan(0);
  expect(new Set(events.map(([, , , user]) => user))).toEqual(new Set([demoAccounts.teamUser]));

  // Asked directly, the team's calls cover the user's own devices only (docs/decisions/0008), and
  // any other team is refused.
  const account = await (await page.request.get(api.accountUser)).json();
  const teamId = (account.subscriptions as { team: { teamId: number; name: string } | null }[]).find(
    (subscription) => subscription.team?.name === teamName,
  )?.team?.teamId;
  expect(teamId).toEqual(expect.any(Number));
  const to = new Date();
  const from = new Date(to.getTime() - 7 * 24 * 3600 * 1000);
  const range = new URLSearchParams({ from: from.toISOString(), to: to.toISOString() }).toString();
  const teamTunnel = await page.request.get(`${api.teamTunnelStats(teamId ?? 0)}?${range}`);
  expect(teamTunnel.status()).toBe(200);
  const teamRows = (await teamTunnel.json()).rows as string[][];
  expect(new Set(teamRows.map((row) => row[3]))).toEqual(new Set([demoAccounts.teamUser]));
  for (const otherTeam of [(teamId ?? 0) + 1, 999_999]) {
    const refused = await page.request.get(`${api.teamNetStats(otherTeam)}?${range}`);
    expect(refused.status(), `team ${otherTeam}`).toBe(403);
  }
});

test('with the keyboard alone: range, scope, sorting and paging', async ({ page }) => {
  await signInAs(page, demoAccounts.teamAdmin);
  await page.goto('/reports');
  await expectReportShown(page);
  const trafficPages = pagesOf(page, 'Traffic pages');
  const weekPages = await pageCount(trafficPages);

  // Arrow keys move through the range radios and choose as they go.
  await tabTo(page, page.getByRole('radio', { name: 'Last 7 days' }), 40);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeFocused();
  await expect(page).toHaveURL(/[?&]range=30d/);
  await expectReportShown(page);
  await expect.poll(() => pageCount(trafficPages)).toBeGreaterThan(weekPages);

  // The scope: the team comes right after "My devices".
  await tabTo(page, scopePicker(page));
  await page.keyboard.press('ArrowDown');
  await expect(scopePicker(page)).toHaveValue(/^team:\d+$/);
  await expect(page).toHaveURL(/[?&]scope=team(%3A|:)\d+/);
  await expectReportShown(page);

  const table = reportTable(page, 'Traffic');
  await tabTo(page, table.getByRole('button', { name: 'Received', exact: true }), 40);
  await page.keyboard.press('Enter');
  await expect(table.getByRole('columnheader', { name: 'Received' })).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('columnheader', { name: 'Time' })).not.toHaveAttribute('aria-sort', /.+/);

  await tabTo(page, trafficPages.getByRole('button', { name: 'Next page' }), 40);
  await page.keyboard.press('Enter');
  await expect(trafficPages).toContainText('Page 2 of');
  await expect(trafficPages.getByRole('button', { name: 'Previous page' })).toBeEnabled();
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('the report reads right to left', async ({ page }) => {
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(demoAccounts.teamAdmin);
    await page.locator('input[name="password"]').fill(demoPassword);
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/reports');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const main = page.getByRole('main');
    await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
    // The report's two tables (uPlot's legends are tables too, without a caption).
    await expect(main.locator('table:has(caption)')).toHaveCount(2);
    await expect(main.locator('figure canvas').first()).toBeVisible();
    await expect(main).toHaveCSS('direction', 'rtl');
    await expect(main.locator('table:has(caption)').first()).toHaveCSS('direction', 'rtl');
    await expectNoAxeViolations(page);
  });
});

test('data used is one figure: the team user’s account page names its period, and the owner’s members table agrees', async ({
  page,
}) => {
  await signInAs(page, demoAccounts.teamUser);
  const dataUse = page.getByRole('region', { name: 'Data use' });
  await expect(dataUse.getByText(/, the current period of Teams, yearly\.$/)).toBeVisible();
  const figure = ((await dataUse.getByText(/ used this period$/).textContent()) ?? '').replace(' used this period', '');
  expect(figure).toMatch(/^[\d.,]+ (B|KB|MB|GB|TB)$/);
  await signOut(page);

  await signIn(page, demoAccounts.teamOwner, demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await page.goto('/subscription?referenceId=demo-teams-yearly');
  const members = page.getByRole('table', { name: 'Members of the team' });
  await expect(
    members
      .getByRole('row')
      .filter({ hasText: demoAccounts.teamUser })
      .getByRole('cell', { name: figure, exact: true }),
  ).toBeVisible();
  await expect(page.getByText(/, the subscription’s current period\.$/)).toBeVisible();
});
