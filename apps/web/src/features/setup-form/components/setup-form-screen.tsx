import Alert from '@mui/material/Alert';
import {
  defaultScheduleForm,
  deriveProductRetailer,
  MESSAGES,
  todayUtc,
  type SetupDetailsResponse,
} from '@onboarding/contracts';
import { LoadError, LoadingBlock, preloadSortableCheckList } from '@onboarding/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { FormMode } from '@/lib/routes';
import type { SetupFlow } from '@/lib/setup-flow';
import { browseNodesQuery } from '@/lib/data/browse-nodes';
import { useTitleSubject } from '@/lib/document-title';
import { ProductNameLine } from '@/lib/product-name-line';
import { ProductNotFound, useProductPresence } from '@/lib/product-presence';
import { retailersQuery } from '@/lib/data/retailers';
import { setupDetailsQuery } from '@/lib/data/setup-details';
import { useErrorNotification } from '@/lib/use-error-notification';
import { parseRouteId } from '@/lib/route-id';
import { clientsQuery } from '../api/clients';
import type { NodeSearchFn } from '../api/search-browse-nodes';
import { carriedValues } from '../utils/carry';
import {
  scheduleFormFromDetails,
  setupRetailerIds,
  storedSetupOf,
  type EditContext,
} from '../utils/edit-state';
import { initialValues } from '../utils/form-state';
import { defaultRetailerIds, retailerOptions, type RetailerOption } from '../utils/retailers';
import { SetupForm } from './setup-form';

export interface SetupFormScreenProps {
  flow: SetupFlow;
  mode: FormMode;
  /** Edit mode only. */
  setupId?: number;
  search?: NodeSearchFn;
  today?: string;
  timeZone?: string;
  now?: Date;
}

/** Adds the setup's retailers the retailer list does not offer (named from the details). */
function withSetupRetailers(
  options: RetailerOption[],
  details: SetupDetailsResponse,
  ids: readonly number[],
): RetailerOption[] {
  const known = new Set(options.map((o) => o.retailerId));
  const extra = ids
    .filter((id) => !known.has(id))
    .map((id): RetailerOption => {
      const r = details.retailers.find((x) => x.retailerId === id);
      return {
        retailerId: id,
        retailerName: r?.retailerName ?? `Retailer ${id}`,
        projectSource: r?.isMarketShareEnabled ? 'MARKETSHARE' : 'REM',
      };
    });
  return [...options, ...extra];
}

/**
 * Opens the setup form: for a new setup once the retailers are known (the default retailer is
 * then ticked), for an edit once the setup's details and nodes are loaded too.
 */
export function SetupFormScreen({ flow, mode, setupId, ...rest }: SetupFormScreenProps) {
  const isEdit = mode === 'edit';
  // An edit form opens with the stored nodes in their sortable list: its code leaves with the
  // setup's data, not after it.
  useEffect(() => {
    if (isEdit) preloadSortableCheckList();
  }, [isEdit]);
  // A product's form pre-ticks the product's own retailer, so it waits for the product; an
  // unknown product shows not-found and nothing else is asked for it.
  const { product, missing, settled } = useProductPresence(flow.productId);
  const productPending = flow.productId !== null && product.isPending;
  const retailers = useQuery({ ...retailersQuery(flow), enabled: settled });
  const details = useQuery({
    ...setupDetailsQuery(flow, setupId ?? 0),
    enabled: isEdit && settled,
  });
  const nodes = useQuery({ ...browseNodesQuery(flow, setupId ?? 0), enabled: isEdit && settled });
  useTitleSubject(details.data?.clientDetails.clientName);
  const retailerError = !retailers.isError
    ? null
    : flow.tellsServerErrors
      ? 'The retailers could not be loaded.'
      : MESSAGES.retailerLoadFailed;
  const today = rest.today ?? todayUtc();
  // docs/requirements.md#setup-form-similar-names: the client picked and the values carried
  // from the prospect form ("use existing client").
  const [searchParams] = useSearchParams();
  const locationState: unknown = useLocation().state;
  const pickedId =
    mode === 'client'
      ? (parseRouteId(searchParams.get('clientId') ?? undefined) ?? undefined)
      : undefined;
  const carried = useMemo(
    () => (mode === 'client' ? carriedValues(locationState) : null),
    [mode, locationState],
  );
  const clients = useQuery({ ...clientsQuery(), enabled: pickedId !== undefined && settled });

  // docs/requirements.md#setup-form-errors: per product a failed load is a notification with the
  // error message; rem_omni has its own texts, shown in place.
  useErrorNotification(
    retailers.error ?? details.error ?? nodes.error ?? (missing ? null : product.error),
    flow.tellsServerErrors,
  );

  const productPath = product.data?.productPath;
  const prepared = useMemo(() => {
    if (retailers.isPending) return null;
    const options = retailerOptions(retailers.data?.data ?? []);
    if (!isEdit) {
      if (pickedId !== undefined && clients.isPending) return null;
      if (productPending) return null;
      const picked = clients.data?.find((c) => c.value === pickedId);
      const schedule = flow.alwaysScheduled
        ? (carried?.schedule ?? defaultScheduleForm(today))
        : null;
      return {
        options,
        initial: initialValues({
          isNewClient: mode === 'prospect',
          retailerIds: defaultRetailerIds(
            options,
            productPath ? deriveProductRetailer(productPath) : undefined,
          ),
          ...carried,
          schedule,
          ...(picked ? { clientId: picked.value, clientName: picked.name } : {}),
        }),
        edit: undefined,
      };
    }
    if (!details.data || !nodes.data || setupId === undefined) return null;
    const { baseline, selections } = storedSetupOf(details.data, nodes.data);
    const ids = setupRetailerIds(details.data, selections);
    const storedSchedule = scheduleFormFromDetails(details.data);
    const schedule =
      flow.alwaysScheduled || storedSchedule !== null
        ? (storedSchedule ?? defaultScheduleForm(today))
        : null;
    const { clientDetails, brandsDetails } = details.data;
    const edit: EditContext = {
      setupId,
      baseline,
      lockedRetailerIds: ids,
      ...(storedSchedule ? { storedStartDate: storedSchedule.startDate } : {}),
    };
    return {
      options: withSetupRetailers(options, details.data, ids),
      initial: initialValues({
        isNewClient: clientDetails.isNewClient,
        clientName: clientDetails.clientName,
        clientId: clientDetails.clientId,
        region: 'US',
        brands: brandsDetails.brands.join(', '),
        retailerIds: ids,
        selections,
        schedule,
      }),
      edit,
    };
  }, [
    retailers.isPending,
    retailers.data,
    isEdit,
    details.data,
    nodes.data,
    setupId,
    mode,
    flow,
    today,
    pickedId,
    clients.isPending,
    clients.data,
    carried,
    productPending,
    productPath,
  ]);

  if (missing) return <ProductNotFound />;
  if (isEdit && (details.isError || nodes.isError || setupId === undefined)) {
    if (!flow.tellsServerErrors || setupId === undefined) {
      return <Alert severity="error">{MESSAGES.editLoadFailed}</Alert>;
    }
    return (
      <LoadError
        message="The setup could not be loaded."
        onRetry={() => {
          if (details.isError) void details.refetch();
          if (nodes.isError) void nodes.refetch();
        }}
        retrying={details.isFetching || nodes.isFetching}
      />
    );
  }
  if (!prepared) {
    return <LoadingBlock padding={6} label={isEdit ? 'Loading the setup' : 'Loading retailers'} />;
  }

  return (
    <SetupForm
      key={isEdit ? `edit-${setupId}` : mode}
      flow={flow}
      mode={mode}
      initial={prepared.initial}
      retailerOptions={prepared.options}
      retailerError={retailerError}
      edit={prepared.edit}
      startsDirty={carried !== null}
      headingNote={<ProductNameLine productId={flow.productId} />}
      {...rest}
      today={today}
    />
  );
}
