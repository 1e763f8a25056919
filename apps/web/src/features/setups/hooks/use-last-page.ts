import { PAGE_SIZE } from '@onboarding/contracts';
import { useQuery } from '@tanstack/react-query';
import { setupPageQuery, type SetupPageBody } from '@/lib/data/setup-list';
import type { SetupFlow } from '@/lib/setup-flow';
import { totalRecords } from '../utils/group-setups';

/**
 * The list's last page for a page asked for past the end (docs/requirements.md#setups-list-paging):
 * an empty page carries no total, so the first page of the same search is read for it (usually
 * cached already). Null while unknown or when the page is not past the end; 0 for an empty list.
 */
export function useLastPage(
  flow: SetupFlow,
  body: SetupPageBody,
  pastTheEnd: boolean,
): number | null {
  const first = useQuery({ ...setupPageQuery(flow, { ...body, offset: 0 }), enabled: pastTheEnd });
  if (!pastTheEnd || !first.data) return null;
  return Math.ceil(totalRecords(first.data) / PAGE_SIZE);
}
