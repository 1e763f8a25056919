import { describe, expect, it } from '@jest/globals';
import { productRegisterOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { screenTestHooks } from '@test/screen-hooks';
import { RegistryGateway } from '../testing/registry-gateway';
import { renderProductScreens } from '../testing/render';

const product = fixtures.product({ productId: 1, productName: 'Digital Shelf Analytics' });
const seededSteps = () => [
  fixtures.step({ stepId: 11, productId: 1, stepName: 'catalog_sync', stepOrder: 1 }),
  fixtures.step({ stepId: 12, productId: 1, stepName: 'content_audit', stepOrder: 2 }),
  fixtures.step({ stepId: 13, productId: 1, stepName: 'dashboard_publish', stepOrder: 3 }),
];

screenTestHooks();

async function openSteps() {
  const gateway = new RegistryGateway({ products: [product], steps: seededSteps() }).install();
  const app = renderProductScreens('/product/1/step_detail');
  await screen.findByRole('cell', { name: 'catalog_sync' });
  return { ...app, gateway };
}

async function deleteStep(user: { click: (el: Element) => Promise<void> }, name: string) {
  await user.click(screen.getByRole('button', { name: `Delete ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete Step' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

const stepCells = () =>
  within(screen.getByRole('table', { name: 'Steps' }))
    .queryAllByRole('cell')
    .map((c) => c.textContent)
    .filter((t) => t?.includes('_'));

describe('unsaved step changes', () => {
  it('shows how many changes are unsaved, with Discard bringing the saved list back', async () => {
    const { user } = await openSteps();
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();

    await deleteStep(user, 'content_audit');
    const bar = screen.getByRole('region', { name: 'Unsaved changes' });
    expect(bar).toHaveTextContent('1 unsaved change');
    expect(within(bar).getByRole('button', { name: 'Save' })).toBeEnabled();
    await deleteStep(user, 'catalog_sync');
    expect(bar).toHaveTextContent('2 unsaved changes');
    expect(stepCells()).toEqual(['dashboard_publish']);

    await user.click(within(bar).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
    expect(stepCells()).toEqual(['catalog_sync', 'content_audit', 'dashboard_publish']);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Rearrange Steps' })).toHaveFocus();
  });

  it('asks before leaving after a step deletion; Stay keeps the deletion, Leave drops it', async () => {
    const { user, location } = await openSteps();
    await deleteStep(user, 'content_audit');

    await user.click(screen.getByRole('link', { name: 'Add New Step' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/product/1/step_detail');
    expect(stepCells()).toEqual(['catalog_sync', 'dashboard_publish']);
    expect(screen.getByRole('region', { name: 'Unsaved changes' })).toHaveTextContent(
      '1 unsaved change',
    );

    await user.click(screen.getByRole('link', { name: 'Add New Step' }));
    const again = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(again).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(location()).toBe('/product/1/register_step'));
  });

  it('leaves without asking once the changes are saved', async () => {
    const { user, location, gateway } = await openSteps();
    await deleteStep(user, 'content_audit');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Step order updated successfully');
    expect(gateway.callsTo(productRegisterOps.updateStepOrder)).toHaveLength(1);

    await user.click(screen.getByRole('link', { name: 'Add New Step' }));
    await waitFor(() => expect(location()).toBe('/product/1/register_step'));
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).toBeNull();
  });
});
