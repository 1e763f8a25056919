/** The message of a failed call as the operator reads it (the server's, when it gave one). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
