import { useParams } from 'react-router-dom';

/** A numeric route param (`:id`, `:stepId`), or null when it is absent or not a positive integer. */
export function useIdParam(name: 'id' | 'stepId'): number | null {
  const value = useParams()[name];
  if (value === undefined || !/^[1-9]\d{0,11}$/.test(value)) return null;
  return Number(value);
}
