import {
  useMutation,
  type DefaultError,
  type MutateOptions,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { isSessionEnd } from './unauthorized';

export interface IntentGuard<V> {
  /**
   * Which intent a call carries out (a prompt's id for its delete). A call for an intent still
   * under way sends nothing. Default: one intent per hook. Keep it a stable (module) function.
   */
  intentOf?: (variables: V) => string;
  /** The form leaves after a success: nothing more is sent from it. */
  once?: boolean;
}

/**
 * `useMutation` that sends one request per intent, whichever button starts it. Two clicks in one
 * frame both see `isPending` false (react-query tells observers a tick later), so the guard is a
 * ref set before the request leaves. A 401 is the session ending (lib/unauthorized.ts): the
 * call's own `onError` is skipped, so no failure message competes with that path.
 */
export function useGuardedMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
  { intentOf, once = false }: IntentGuard<TVariables> = {},
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const { mutateAsync: send } = mutation;
  const underWay = useRef(new Map<string, Promise<TData>>());
  const sent = useRef<Promise<TData> | null>(null);

  const mutateAsync = useCallback(
    (variables: TVariables, callOptions?: MutateOptions<TData, TError, TVariables, TContext>) => {
      if (sent.current) return sent.current;
      const key = intentOf?.(variables) ?? '';
      const pending = underWay.current.get(key);
      if (pending) return pending;
      const onError = callOptions?.onError;
      const promise = send(variables, {
        ...callOptions,
        onError: (error, ...rest) => {
          if (!isSessionEnd(error)) onError?.(error, ...rest);
        },
      });
      underWay.current.set(key, promise);
      // Nothing else is set for this intent until it settles.
      const release = () => underWay.current.delete(key);
      promise.then(() => {
        if (once) sent.current = promise;
        release();
      }, release);
      return promise;
    },
    [send, once, intentOf],
  );

  // A call for an intent under way answers that call's promise: nothing more is sent.
  const mutate = useCallback(
    (variables: TVariables, callOptions?: MutateOptions<TData, TError, TVariables, TContext>) => {
      mutateAsync(variables, callOptions).catch(() => undefined);
    },
    [mutateAsync],
  );

  return useMemo(
    () =>
      ({ ...mutation, mutate, mutateAsync }) as UseMutationResult<
        TData,
        TError,
        TVariables,
        TContext
      >,
    [mutation, mutate, mutateAsync],
  );
}
