/** Route ids are positive integers written in digits. */
export function isPromptId(value: string | undefined): value is string {
  return value !== undefined && /^[1-9][0-9]{0,15}$/.test(value);
}
