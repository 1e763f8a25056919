import type { FormMode } from '@/lib/routes';

/** The form mode of the current route's meta (prospect when the route names none). */
export function modeOf(meta: object | null): FormMode {
  return meta !== null && 'mode' in meta && typeof meta.mode === 'string'
    ? (meta.mode as FormMode)
    : 'prospect';
}
