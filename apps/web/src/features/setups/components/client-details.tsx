import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { SetupDetailsResponse } from '@onboarding/contracts';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format-date';
import { clientDashboardUrl } from '@/lib/session';
import type { SetupFlow } from '@/lib/setup-flow';
import { productDashboardUrl } from '../utils/dashboard-link';

/** The details page's Client Details: a term list; the client's name links to its dashboard. */
export function ClientDetails({
  flow,
  details,
  dashboardBaseUrl,
  productPath,
  retailerNames,
}: {
  flow: SetupFlow;
  details: SetupDetailsResponse;
  dashboardBaseUrl: string | undefined;
  productPath: string | undefined;
  retailerNames: ReadonlyMap<number, string> | undefined;
}) {
  const c = details.clientDetails;
  let href: string | null = null;
  if (dashboardBaseUrl && flow.dashboard === 'client') {
    href = clientDashboardUrl(dashboardBaseUrl, c.clientId);
  } else if (dashboardBaseUrl && productPath) {
    href = productDashboardUrl({
      baseUrl: dashboardBaseUrl,
      clientName: c.clientName,
      productPath,
      clientRetailers: details.retailers.map(
        (r) => r.retailerName ?? retailerNames?.get(r.retailerId) ?? '',
      ),
    });
  }
  const rows: [string, ReactNode][] = [
    [
      'Client Name',
      href ? (
        <Link href={href} target="_blank" rel="noopener noreferrer">
          {c.clientName}
        </Link>
      ) : (
        c.clientName
      ),
    ],
    ['Brands', details.brandsDetails.brands.join(', ') || 'NA'],
    ['Client Id', c.clientId],
    ['Is Prospect', c.isNewClient ? 'Yes' : 'No'],
    ['Region', c.region],
    ['Created On', formatDateTime(c.createdat, 'NA')],
    ['Updated On', formatDateTime(c.updatedat, 'NA')],
    ['Setup Id', c.setupId],
  ];
  if (flow.alwaysScheduled) {
    rows.push(['Scheduled', c.scheduled ? 'Yes' : 'No']);
    const texts = details.scheduleDetails.map((d) => d.rruleText).filter(Boolean);
    if (texts.length > 0) rows.push(['Schedule', texts.join('; ')]);
  }
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'max-content 1fr', md: 'repeat(2, max-content 1fr)' },
        columnGap: 3,
        rowGap: 1,
        m: 0,
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0, wordBreak: 'break-word' },
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}
