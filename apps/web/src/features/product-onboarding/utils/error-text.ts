/** The message a notification shows for a failed call (the server's message when it gave one). */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return 'Something went wrong';
}
