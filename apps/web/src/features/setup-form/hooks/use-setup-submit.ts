import { accountNameError, MESSAGES } from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useRef,
  useState,
  type Dispatch,
  type FormEvent,
  type RefObject,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { failureMessage } from '@/lib/api-error';
import { differs } from '@/lib/changed-elsewhere';
import { browseNodesQuery } from '@/lib/data/browse-nodes';
import { setupDetailsQuery } from '@/lib/data/setup-details';
import { readFresh } from '@/lib/fresh-baseline';
import { isSessionEnd } from '@/lib/unauthorized';
import { useNotify } from '@/lib/notify';
import type { FormMode } from '@/lib/routes';
import type { SetupFlow } from '@/lib/setup-flow';
import { useUpdateReview } from '@/lib/update-review';
import { useExistenceCheck } from '../api/existence';
import { useAddClient, useSaveSetup } from '../api/save';
import { detectChanges, type SetupChanges } from '../utils/changes';
import { storedSetupOf, type EditContext, type StoredSetup } from '../utils/edit-state';
import type { SetupFormAction, SetupFormValues } from '../utils/form-state';
import {
  buildAddItems,
  buildUpdateItems,
  wireClientName,
  type PayloadInput,
} from '../utils/payload';
import { isMarketShareRetailer, optionOf, type RetailerOption } from '../utils/retailers';
import { reviewOf } from '../utils/review';
import type { Selections } from '../utils/selection';
import { formError } from '../utils/validation';

export interface SetupSubmitInput {
  flow: SetupFlow;
  mode: FormMode;
  values: SetupFormValues;
  selectedRetailers: readonly RetailerOption[];
  edit: EditContext | undefined;
  /** The setup's nodes as the form opened with them (edit only). */
  storedSelections: Selections;
  /** Every retailer the form knows, by id (the review names them). */
  retailerOptions: ReadonlyMap<number, RetailerOption>;
  scheduleInvalid: boolean;
  dispatch: Dispatch<SetupFormAction>;
  /** Focused as the review opens, so that focus returns to it when the review closes. */
  submitButton: RefObject<HTMLButtonElement | null>;
}

/**
 * Sending the setup form (docs/requirements.md#setup-form-submit): whether it may go, the banner
 * saying why not once tried, and the calls: the name checked again, a prospect registered once,
 * then the setup added or updated; on success its message and the list of the flow. An update
 * waits in review until the operator confirms (docs/requirements.md#setup-form-review); the
 * review compares with the setup as the server holds it when Update Request is pressed
 * (lib/update-review.tsx), so a save from another tab shows as "Before", with a warning.
 */
export function useSetupSubmit(input: SetupSubmitInput) {
  const { flow, mode, values: v, selectedRetailers, edit, scheduleInvalid, dispatch } = input;
  const { submitButton, storedSelections, retailerOptions } = input;
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const check = useExistenceCheck(flow);
  const register = useAddClient();
  const save = useSaveSetup(flow);
  const [submitting, setSubmitting] = useState(false);
  const [attempted, setAttempted] = useState(false);
  /** An update's review: its changes, drafted against the setup as the server holds it then. */
  const review = useUpdateReview<StoredSetup, SetupChanges>({
    updateButton: submitButton,
    opened: edit && { baseline: edit.baseline, selections: storedSelections },
    read: async () => {
      const setupId = edit?.setupId ?? 0;
      const [details, nodes] = await Promise.all([
        readFresh(queryClient, setupDetailsQuery(flow, setupId)),
        readFresh(queryClient, browseNodesQuery(flow, setupId)),
      ]);
      return storedSetupOf(details, nodes);
    },
    what: 'The setup',
    // What the form edits (a workflow moving on changes other fields of the details).
    same: (opened, now) => !differs(opened.baseline, now.baseline),
  });
  /** A prospect registered by a submit whose setup then failed: reused on the next try. */
  const registered = useRef<{ name: string; clientId: number } | null>(null);
  /** Set once saved, so that leaving for the list does not ask (lib/leave-guard.tsx). */
  const allowLeave = useRef(false);
  /** Set while a send is under way: `submitting` reaches the buttons a render late. */
  const sending = useRef(false);

  const requiredError = formError({ ...v, isLoading: submitting });
  const canSubmit = requiredError === null && !scheduleInvalid && !submitting;
  const banner = !attempted
    ? null
    : requiredError !== null && !submitting
      ? MESSAGES.provideAllRequired
      : scheduleInvalid
        ? MESSAGES.scheduleInvalidVerify
        : null;

  /** Lets the form be left without asking (for the existing-client form: use-client-switch.ts). */
  const permitLeave = useCallback(() => {
    allowLeave.current = true;
  }, []);

  const isRegistered = useCallback(
    (name: string) => registered.current?.name === wireClientName(name),
    [],
  );

  /** The client id of the setup, or null when the name check stopped the submit. */
  const clientIdOf = async (): Promise<number | null> => {
    if (mode === 'prospect') {
      const name = v.clientName.trim();
      const ruleError = accountNameError(name);
      if (ruleError) {
        dispatch({ type: 'clientNameError', message: ruleError });
        return null;
      }
      if (registered.current?.name === wireClientName(name)) return registered.current.clientId;
      const exists = await check.mutateAsync({ kind: 'prospect', name });
      if (exists) {
        dispatch({ type: 'clientNameError', message: exists });
        return null;
      }
      const clientId = await register.mutateAsync({ name, region: v.region });
      registered.current = { name: wireClientName(name), clientId };
      return clientId;
    }
    if (mode === 'client') {
      const exists = await check.mutateAsync({ kind: 'client', name: v.clientName });
      if (exists) {
        dispatch({ type: 'clientNameError', message: exists });
        return null;
      }
    }
    return v.clientId;
  };

  const submit = async () => {
    if (submitting) return;
    setAttempted(true);
    if (requiredError !== null || scheduleInvalid) return;
    if (!edit) {
      await send(null);
      return;
    }
    const current = {
      brands: v.brands,
      retailerIds: v.retailerIds,
      selections: v.selections,
      schedule: v.schedule,
    };
    const asked = await review.request(({ baseline, selections }) => {
      const changes = detectChanges(baseline, current);
      if (!changes.any) return null;
      const shown = reviewOf({
        ...current,
        baseline,
        storedSelections: selections,
        changes,
        retailerName: (id) => optionOf(retailerOptions, id).retailerName,
      });
      return { body: changes, changes: shown };
    });
    if (asked === 'unchanged') notify(MESSAGES.editNothingChanged, { severity: 'warning' });
  };

  /** Sends the setup: added, or updated with the reviewed changes. */
  const send = async (changes: SetupChanges | null) => {
    if (sending.current) return;
    sending.current = true;
    setSubmitting(true);
    try {
      const clientId = await clientIdOf();
      if (clientId === null) return;
      const payload: PayloadInput = {
        clientName: v.clientName,
        clientId,
        isNewClient: v.isNewClient,
        brands: v.brands,
        retailers: selectedRetailers.map((r) => ({
          retailerId: r.retailerId,
          isMarketShareEnabled: isMarketShareRetailer(r),
        })),
        selections: v.selections,
        schedule: v.schedule,
      };
      const answer = await save.mutateAsync(
        edit && changes
          ? {
              kind: 'update',
              items: buildUpdateItems({ ...payload, setupId: edit.setupId, changes }),
            }
          : { kind: 'add', items: buildAddItems(payload) },
      );
      allowLeave.current = true;
      notify(answer.message, { severity: 'success' });
      void navigate(flow.routes.list());
    } catch (error) {
      // A session end has its own message; the draft waits for the operator's return.
      if (!isSessionEnd(error)) notify(failureMessage(error), { severity: 'error' });
      review.close();
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  };

  const confirmReview = (changes: SetupChanges) => {
    if (!submitting) void send(changes);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return {
    submitting,
    canSubmit,
    banner,
    onSubmit,
    isRegistered,
    allowLeave,
    permitLeave,
    review,
    confirmReview,
  };
}
