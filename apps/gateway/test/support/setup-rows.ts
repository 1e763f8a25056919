import type { SetupRow } from '@onboarding/contracts';
import type { Browser } from '@onboarding/test-support';

/** Every Category Leaderboard row, all pages, as an operator's list reads them. */
export async function allRows(browser: Browser, url: string): Promise<SetupRow[]> {
  const rows: SetupRow[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await browser.post(`${url}/api/proxy/customer-setup/rem_omni/allSetup`, {
      searchText: '',
      limit: 100,
      offset,
    });
    rows.push(...(page.json as SetupRow[]));
    if (new Set((page.json as SetupRow[]).map((r) => r.setupId)).size < 100) return rows;
  }
}
