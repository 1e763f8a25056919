import { describe, expect, it } from '@jest/globals';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import type { WorkflowEntry } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import type { TimelineGroup } from '@onboarding/ui';
import { timelineGroups } from './timeline-groups';

// Built from local clock fields, so the operator's time zone shows these times wherever it runs.
const at = (hour: number, minute = 0) => new Date(2026, 10, 20, hour, minute).toISOString();

const entry = (
  retailerId: number,
  stepName: string,
  status: string,
  fields: Partial<WorkflowEntry> = {},
) => fixtures.workflowEntry({ retailerId, stepName, status, updatedat: at(9), ...fields });

const NAMES = new Map([
  [4, 'Amazon'],
  [7, 'Walmart'],
]);

/** Each group as its title and its entries' titles, `*` marking the one noted Current step. */
const outline = (groups: TimelineGroup[]) =>
  groups.map((g) => [
    g.title,
    g.entries.map((e) => `${e.title as string}${e.note === 'Current step' ? ' *' : ''}`),
  ]);

describe('the current workflow', () => {
  it("lists each retailer's steps apart, retailers in the order they first appear", () => {
    const groups = timelineGroups(
      [
        entry(7, 'crawling', 'completed'),
        entry(4, 'crawling', 'completed'),
        entry(7, 'sti', 'in_progress'),
        entry(9, 'crawling', 'not_started'),
      ],
      NAMES,
      'current',
    );
    expect(groups.map((g) => [g.id, g.title])).toEqual([
      ['current-7', 'Walmart'],
      ['current-4', 'Amazon'],
      ['current-9', 'Retailer 9'],
    ]);
    expect(timelineGroups([entry(4, 'sti', 'started')], undefined, 'current')[0]?.title).toBe(
      'Retailer 4',
    );
  });

  it("puts each retailer's first step not completed first, as the current step", () => {
    const groups = timelineGroups(
      [
        entry(4, 'crawling', 'completed'),
        entry(4, 'ncs_client_db_setup', 'COMPLETED'),
        entry(4, 'sti', 'failed'),
        entry(4, 'analytics', 'not_started'),
        entry(7, 'crawling', 'completed'),
        entry(7, 'sti', 'in_progress'),
      ],
      NAMES,
      'current',
    );
    expect(outline(groups)).toEqual([
      ['Amazon', ['STI *', 'Crawling', 'NCS Client DB Setup', 'Analytics']],
      ['Walmart', ['STI *', 'Crawling']],
    ]);
  });

  it('marks no current step once every step of a retailer completed, keeping the run order', () => {
    const groups = timelineGroups(
      [entry(4, 'crawling', 'completed'), entry(4, 'sti', 'Completed')],
      NAMES,
      'current',
    );
    expect(outline(groups)).toEqual([['Amazon', ['Crawling', 'STI']]]);
    expect(groups[0]?.entries.map((e) => 'note' in e)).toEqual([false, false]);
  });
});

describe('the workflow history', () => {
  it('lists each retailer’s entries newest first, undated ones last as received', () => {
    const groups = timelineGroups(
      [
        entry(4, 'crawling', 'started', { updatedat: at(9) }),
        entry(4, 'analytics', 'started', { updatedat: 'not a date' }),
        entry(4, 'crawling', 'completed', { updatedat: at(10) }),
        entry(7, 'crawling', 'started', { updatedat: at(8) }),
        entry(4, 'sti', 'started', { updatedat: '' }),
        entry(4, 'sti', 'failed', { updatedat: at(11, 30) }),
        entry(7, 'crawling', 'completed', { updatedat: at(8, 5) }),
      ],
      NAMES,
      'history',
    );
    expect(
      groups.map((g) => [g.id, g.entries.map((e) => `${e.title as string} ${e.statusLabel}`)]),
    ).toEqual([
      [
        'history-4',
        [
          'STI failed',
          'Crawling completed',
          'Crawling started',
          'Analytics started',
          'STI started',
        ],
      ],
      ['history-7', ['Crawling completed', 'Crawling started']],
    ]);
    expect(groups.flatMap((g) => g.entries).some((e) => e.note !== undefined)).toBe(false);
  });
});

describe('one workflow entry', () => {
  it('shows the step, its status and its details, NA for what the entry lacks', () => {
    const [group] = timelineGroups(
      [
        entry(4, 'sti', 'failed', {
          ismarketshareEnabled: true,
          updatedat: at(9, 5),
          requestedby: 'operator@example.com',
          statusPayload: '{"error":"timed out"}',
        }),
      ],
      NAMES,
      'history',
    );
    const shown = group!.entries[0]!;
    expect(shown).toMatchObject({
      id: 'history-0-4-sti',
      title: 'STI',
      statusLabel: 'failed',
      tone: 'red',
      details: [
        { label: 'Retailer Id', value: '4 (Amazon)' },
        { label: 'Marketshare Enabled', value: 'Yes' },
        { label: 'Updated At', value: '20 Nov 2026, 09:05' },
        { label: 'Requested By', value: 'operator@example.com' },
        { label: 'Status Payload', value: '{"error":"timed out"}' },
      ],
    });
    expect(shown.icon.type).toBe(CancelOutlined);

    const [bare] = timelineGroups(
      [
        entry(9, 'catalog_sync', 'in_progress', {
          ismarketshareEnabled: false,
          updatedat: '',
          requestedby: null,
          statusPayload: null,
        }),
      ],
      NAMES,
      'current',
    );
    expect(bare!.entries[0]).toMatchObject({
      title: 'Catalog Sync',
      statusLabel: 'in progress',
      tone: 'yellow',
      details: [
        { label: 'Retailer Id', value: 9 },
        { label: 'Marketshare Enabled', value: 'No' },
        { label: 'Updated At', value: 'NA' },
        { label: 'Requested By', value: 'NA' },
        { label: 'Status Payload', value: 'NA' },
      ],
    });
  });

  it('has an id unique per section, place in the list, retailer and step', () => {
    const entries = [
      entry(4, 'crawling', 'completed'),
      entry(7, 'crawling', 'completed'),
      entry(4, 'crawling', 'completed'),
    ];
    const ids = (kind: 'current' | 'history') =>
      timelineGroups(entries, NAMES, kind).flatMap((g) => g.entries.map((e) => e.id));
    expect(ids('current')).toEqual([
      'current-0-4-crawling',
      'current-2-4-crawling',
      'current-1-7-crawling',
    ]);
    expect(ids('history')).toEqual([
      'history-0-4-crawling',
      'history-2-4-crawling',
      'history-1-7-crawling',
    ]);
  });
});
