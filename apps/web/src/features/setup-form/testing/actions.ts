import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Searches the picker for `text` (for the active retailer tab). */
export async function searchNodes(user: UserEvent, text: string) {
  const box = await screen.findByLabelText('Search browse nodes');
  await user.clear(box);
  await user.type(box, text);
  await user.click(screen.getByRole('button', { name: 'Search' }));
}

/** The result tree of the active retailer tab. */
export function resultTree() {
  return screen.getByRole('tree');
}

/** Ticks (or unticks) a node in the result tree. */
export async function tick(user: UserEvent, name: string) {
  await user.click(await within(resultTree()).findByRole('checkbox', { name }));
}

/** Opens a result in the tree to show its children. */
export async function expand(user: UserEvent, nodePath: string) {
  await user.click(await within(resultTree()).findByRole('button', { name: `Expand ${nodePath}` }));
}

/** Presses Update Request, then confirms the review that opens. */
export async function updateAndConfirm(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Update Request' }));
  const review = await screen.findByRole('dialog', { name: 'Review changes' });
  await user.click(within(review).getByRole('button', { name: 'Confirm update' }));
}
