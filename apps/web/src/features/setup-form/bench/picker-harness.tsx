/**
 * A page with the setup form (edit mode: no client look-ups) whose browse-node picker holds
 * 10,000 nodes in the result tree with 50 chosen — for e2e/bench/picker.ts, independent of the
 * sandbox's data (node search answers from a local result set). Built by Vite from this folder.
 */
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { SearchBrowseNodesResponse } from '@onboarding/contracts';
import { createAppTheme, ToastProvider } from '@onboarding/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { REM_OMNI_FLOW } from '@/lib/setup-flow';
import type { NodeSearchFn } from '../api/search-browse-nodes';
import type { PickerRetailer } from '../components/browse-node-picker';
import { SetupForm } from '../components/setup-form';
import type { EditContext } from '../utils/edit-state';
import { initialValues } from '../utils/form-state';
import type { RetailerOption } from '../utils/retailers';
import type { SelectedNode } from '../utils/selection';

const BRANCHES = 500;
const CHILDREN_PER_BRANCH = 19;
const CHOSEN = 50;
const RETAILER: PickerRetailer = { retailerId: 4, retailerName: 'Amazon' };

const RESULT: SearchBrowseNodesResponse = {
  total: BRANCHES,
  nodes: Array.from({ length: BRANCHES }, (_, b) => {
    const id = 1_000_000 + b * 100;
    const path = `Department ${Math.floor(b / 25) + 1} > Category ${(b % 25) + 1} > Subcategory ${b + 1}`;
    return {
      id,
      nodePath: path,
      taxonomyId: String(id),
      childNodes: Array.from({ length: CHILDREN_PER_BRANCH }, (_, c) => ({
        id: id + c + 1,
        nodePath: `${path} > Shelf ${c + 1}`,
        taxonomyId: String(id + c + 1),
      })),
    };
  }),
};

/** The first child of the first 50 results: some are in view at the top of the tree. */
const PRESELECTED: SelectedNode[] = RESULT.nodes.slice(0, CHOSEN).map((n) => {
  const child = n.childNodes[0]!;
  return { id: child.id, parentId: n.id, nodePath: child.nodePath, taxonomyId: String(child.id) };
});

const search: NodeSearchFn = () => Promise.resolve(RESULT);

const RETAILER_OPTIONS: RetailerOption[] = [{ ...RETAILER, projectSource: 'REM' }];
const INITIAL = initialValues({
  isNewClient: false,
  clientId: 1,
  clientName: 'bench client',
  brands: 'Bench',
  retailerIds: [RETAILER.retailerId],
  selections: { [RETAILER.retailerId]: PRESELECTED },
});
const EDIT: EditContext = {
  setupId: 1,
  baseline: {
    brands: ['Bench'],
    nodeIds: { [RETAILER.retailerId]: PRESELECTED.map((n) => n.id) },
    schedule: null,
  },
  lockedRetailerIds: [RETAILER.retailerId],
};

/** The whole edit form, as the route renders it, with the local result set. */
function Harness() {
  return (
    <SetupForm
      flow={REM_OMNI_FLOW}
      mode="edit"
      initial={INITIAL}
      retailerOptions={RETAILER_OPTIONS}
      retailerError={null}
      edit={EDIT}
      search={search}
    />
  );
}

const router = createMemoryRouter([{ path: '*', element: <Harness /> }]);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider theme={createAppTheme()}>
        <CssBaseline />
        <ToastProvider>
          <div style={{ padding: 24 }}>
            <RouterProvider router={router} />
          </div>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  </StrictMode>,
);
