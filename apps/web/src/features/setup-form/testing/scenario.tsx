import {
  categoryAnalyticsOps,
  metaOps,
  productRegisterOps,
  remOmniOps,
  type SearchBrowseNodesResponse,
  type SearchNode,
} from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import type { RouteObject } from 'react-router-dom';
import { ROUTES } from '@/lib/routes';
import { Component as ProductForm } from '../routes/product-setup-form';
import { Component as RemOmniForm } from '../routes/rem-omni-setup-form';
import { Component as RemOmniSelect } from '../routes/rem-omni-select';
import { FakeGateway } from '@test/fake-gateway';

const RETAILER_GROUPS = {
  data: [
    {
      projectSource: 'REM' as const,
      data: [
        { retailerId: 4, retailerName: 'Amazon' },
        { retailerId: 12, retailerName: 'Walmart' },
      ],
    },
    {
      projectSource: 'MARKETSHARE' as const,
      data: [{ retailerId: 31, retailerName: 'Amazon Fresh' }],
    },
  ],
};

export const CLIENTS = [
  { value: 5001, name: 'Acme Foods' },
  { value: 5002, name: 'Globex' },
  { value: 5003, name: 'Initech' },
];

/** A small catalogue per retailer: `count` results matching "snacks", each with two children. */
function catalogue(retailerId: number, count = 3): SearchNode[] {
  const base = retailerId * 1000;
  return Array.from({ length: count }, (_, i) => {
    const id = base + i * 10;
    const path = `R${retailerId} Grocery > Snacks ${i + 1}`;
    return {
      id,
      nodePath: path,
      taxonomyId: `tx-${id}`,
      childNodes: [1, 2].map((c) => ({
        id: id + c,
        nodePath: `${path} > Leaf ${c}`,
        taxonomyId: `tx-${id + c}`,
      })),
    };
  });
}

/** searchBrowseNodes over `catalogue`, paged like the real call. */
export function searchAnswer(sizes: Record<number, number> = {}) {
  return ({ body }: { body: unknown }): SearchBrowseNodesResponse => {
    const { retailerId, searchText, page, limit } = body as {
      retailerId: number;
      searchText: string;
      page: number;
      limit: number;
    };
    const all = catalogue(retailerId, sizes[retailerId] ?? 3).filter((n) =>
      n.nodePath.toLowerCase().includes(searchText.toLowerCase()),
    );
    return { total: all.length, nodes: all.slice((page - 1) * limit, page * limit) };
  };
}

const notExists = [{ isClientExists: false }];

/** The setups list (every page of it): three prospects, one on two retailers, and a client. */
const prospectRow = (setupId: number, clientId: number, clientName: string, retailerId = 4) =>
  fixtures.setupRow({ setupId, clientId, clientName, retailerId, isNewClient: true });
const LISTED_SETUPS = [
  prospectRow(301, 2001, 'juniper skin co'),
  prospectRow(301, 2001, 'juniper skin co', 12),
  prospectRow(302, 2002, 'fable kids'),
  prospectRow(304, 2003, 'acme food'),
  fixtures.setupRow({ setupId: 303, clientId: 5001, clientName: 'acme foods' }),
].map((row) => ({ ...row, totalRecords: 4 }));

/**
 * A gateway with the retailers, clients, node search and successful saves; a product (any id)
 * is "Share of Voice" on an Amazon path.
 */
export function formGateway(): FakeGateway {
  let nextClientId = 9001;
  return new FakeGateway()
    .on(productRegisterOps.productDetails, ({ query }) => ({
      productDetails: fixtures.product({ productId: Number(query.productId) }),
    }))
    .on(remOmniOps.getRetailers, RETAILER_GROUPS)
    .on(metaOps.getRetailers, RETAILER_GROUPS)
    .on(categoryAnalyticsOps.clients, CLIENTS)
    .on(remOmniOps.allSetup, LISTED_SETUPS)
    .on(metaOps.allSetup, LISTED_SETUPS)
    .on(categoryAnalyticsOps.isProspectExists, notExists)
    .on(remOmniOps.isClientExists, notExists)
    .on(metaOps.isClientExists, notExists)
    .on(remOmniOps.searchBrowseNodes, searchAnswer())
    .on(remOmniOps.addClient, () => ({ clientId: nextClientId++ }))
    .on(remOmniOps.addSetup, { message: 'Setup added successfully' })
    .on(metaOps.addSetup, { message: 'Product setup added successfully' })
    .on(remOmniOps.updateSetup, { message: 'Setup updated successfully' })
    .on(metaOps.updateSetup, { message: 'Product setup updated successfully' });
}

/** A stored setup (id 77): Amazon with two nodes, Amazon Fresh with one; `brands` as saved. */
export function withStoredSetup(
  gateway: FakeGateway,
  schedule = false,
  brands = ['Acme', 'Acme Kids'],
): FakeGateway {
  const details = fixtures.setupDetails({
    clientDetails: {
      clientName: 'acme foods',
      clientId: 5001,
      isNewClient: false,
      region: 'US',
      createdat: '2026-11-01T10:00:00.000Z',
      updatedat: '2026-11-01T10:00:00.000Z',
      setupId: 77,
    },
    brandsDetails: { brands },
    retailers: [{ retailerId: 4 }, { retailerId: 31 }],
    scheduleDetails: schedule
      ? [
          {
            schedule: {
              freq: 'WEEKLY',
              interval: 1,
              byweekday: ['WE'],
              startTime: '05:30',
              startDate: '2026-01-07',
            },
            rruleText: 'every week on Wednesday at 05:30 UTC',
          },
        ]
      : [],
  });
  const nodes = fixtures.browseNodesResponse({
    data: {
      mapping: [
        { retailerId: 4, parentId: 4000, id: 4000 },
        { retailerId: 4, parentId: 4000, id: 4001 },
        { retailerId: 31, parentId: 31000, id: 31000 },
      ],
      browseNodes: [
        { taxonomyId: 'tx-4000', nodeId: 4000, nodePath: 'R4 Grocery > Snacks 1', nodeLeaf: false },
        {
          taxonomyId: 'tx-4001',
          nodeId: 4001,
          nodePath: 'R4 Grocery > Snacks 1 > Leaf 1',
          nodeLeaf: true,
        },
        {
          taxonomyId: 'tx-31000',
          nodeId: 31000,
          nodePath: 'R31 Grocery > Snacks 1',
          nodeLeaf: false,
        },
      ],
    },
  });
  return gateway
    .on(remOmniOps.setupDetails, details)
    .on(remOmniOps.browseNodes, nodes)
    .on(metaOps.setupDetails, details)
    .on(metaOps.browseNodes, nodes);
}

/** The form's routes as the router binds them, plus the two lists it returns to. */
export const ROUTES_UNDER_TEST: RouteObject[] = [
  { path: ROUTES.remOmniAddNew.path, handle: { route: 'remOmniAddNew' }, Component: RemOmniSelect },
  {
    path: ROUTES.remOmniProspect.path,
    handle: { route: 'remOmniProspect' },
    Component: RemOmniForm,
  },
  { path: ROUTES.remOmniClient.path, handle: { route: 'remOmniClient' }, Component: RemOmniForm },
  {
    path: ROUTES.remOmniEditSetup.path,
    handle: { route: 'remOmniEditSetup' },
    Component: RemOmniForm,
  },
  {
    path: ROUTES.productProspect.path,
    handle: { route: 'productProspect' },
    Component: ProductForm,
  },
  { path: ROUTES.productClient.path, handle: { route: 'productClient' }, Component: ProductForm },
  {
    path: ROUTES.productEditSetup.path,
    handle: { route: 'productEditSetup' },
    Component: ProductForm,
  },
  { path: ROUTES.remOmniSeeAll.path, element: <p>The setups list</p> },
  { path: ROUTES.seeAllSetup.path, element: <p>The product setups list</p> },
];
