import { beforeAll, afterAll, describe, expect, it } from '@jest/globals';
import { MESSAGES, productRegisterOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { failure } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { RegistryGateway } from '../testing/registry-gateway';
import { renderProductScreens } from '../testing/render';

const product = fixtures.product({ productId: 1, productName: 'Digital Shelf Analytics' });
const seededSteps = () => [
  fixtures.step({ stepId: 11, productId: 1, stepName: 'catalog_sync', stepOrder: 1 }),
  fixtures.step({ stepId: 12, productId: 1, stepName: 'content_audit', stepOrder: 2 }),
  fixtures.step({ stepId: 13, productId: 1, stepName: 'dashboard_publish', stepOrder: 3 }),
];

let gateway: RegistryGateway;
screenTestHooks();

/*
 * jsdom lays nothing out, and dnd-kit's keyboard dragging moves between the rows' boxes. Give
 * each step row the box a browser would: full width, 48 px high, stacked in DOM order.
 */
const realRect = HTMLElement.prototype.getBoundingClientRect;
beforeAll(() => {
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    const row = this.closest('tr[data-step-id]');
    if (!row || row !== this) return realRect.call(this);
    const index = [...row.parentElement!.querySelectorAll('tr[data-step-id]')].indexOf(row);
    const top = 100 + index * 48;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      width: 800,
      height: 48,
      right: 800,
      bottom: top + 48,
      toJSON: () => ({}),
    };
  };
});
afterAll(() => {
  HTMLElement.prototype.getBoundingClientRect = realRect;
});

/** The rows of the step table as [Step Order, Step Name]. */
const stepRows = () => {
  const table = screen.getByRole('table', { name: 'Steps' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  const order = headers.indexOf('Step Order');
  const name = headers.indexOf('Step Name');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell'))
    .filter((cells) => cells.length > 1)
    .map((cells) => [cells[order]?.textContent, cells[name]?.textContent]);
};
const stepNames = () => stepRows().map(([, name]) => name);

async function deleteViaDialog(user: { click: (el: Element) => Promise<void> }, name: string) {
  await user.click(screen.getByRole('button', { name: `Delete ${name}` }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent(MESSAGES.deleteStepConfirm);
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

async function openSteps() {
  const app = renderProductScreens('/product/1/step_detail');
  await screen.findByRole('cell', { name: 'catalog_sync' });
  return app;
}

describe('step list', () => {
  it('shows the steps in their order with Step Order, Step Name and Actions', async () => {
    gateway = new RegistryGateway({
      products: [product],
      steps: seededSteps().reverse(),
    }).install();
    await openSteps();
    expect(screen.getByRole('heading', { name: 'Steps' })).toBeInTheDocument();
    expect(screen.getByText('Digital Shelf Analytics')).toBeInTheDocument();
    const headers = within(screen.getByRole('table', { name: 'Steps' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Step Order', 'Step Name', 'Actions']);
    expect(stepRows()).toEqual([
      ['1', 'catalog_sync'],
      ['2', 'content_audit'],
      ['3', 'dashboard_publish'],
    ]);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows the empty state when the product has no step yet', async () => {
    gateway = new RegistryGateway({ products: [product] }).install();
    renderProductScreens('/product/1/step_detail');
    expect(await screen.findByText(MESSAGES.noStepAdded)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add New Step' })).toHaveAttribute(
      'href',
      '/product/1/register_step',
    );
  });

  it('offers dragging only once Rearrange Steps is clicked, with the info alert', async () => {
    gateway = new RegistryGateway({ products: [product], steps: seededSteps() }).install();
    const { user } = await openSteps();
    expect(screen.queryByRole('button', { name: 'Drag catalog_sync' })).toBeNull();
    expect(screen.queryByText(MESSAGES.rearrangeInfo)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Rearrange Steps' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.rearrangeInfo);
    expect(screen.getByRole('button', { name: 'Drag catalog_sync' })).toBeInTheDocument();
  });

  it('moves a step with the keyboard, renumbers from 1, saves, and shows the saved order after the reload', async () => {
    gateway = new RegistryGateway({ products: [product], steps: seededSteps() }).install();
    const { user } = await openSteps();
    await user.click(screen.getByRole('button', { name: 'Rearrange Steps' }));

    const handle = screen.getByRole('button', { name: 'Drag catalog_sync' });
    act(() => handle.focus());
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');

    await waitFor(() =>
      expect(stepRows()).toEqual([
        ['1', 'content_audit'],
        ['2', 'dashboard_publish'],
        ['3', 'catalog_sync'],
      ]),
    );
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByText('Step order updated successfully')).toBeInTheDocument();
    expect(
      gateway.callsTo(productRegisterOps.updateStepOrder).map(({ op, query, body }) => ({
        op,
        query,
        body,
      })),
    ).toEqual([
      {
        op: productRegisterOps.updateStepOrder.id,
        query: { productId: '1' },
        body: {
          stepData: [
            { id: 12, order: 1 },
            { id: 13, order: 2 },
            { id: 11, order: 3 },
          ],
          stepToDelete: [],
        },
      },
    ]);
    // The list reloads from the server and nothing is left to save.
    await waitFor(() => expect(gateway.callsTo(productRegisterOps.stepList)).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(stepNames()).toEqual(['content_audit', 'dashboard_publish', 'catalog_sync']);
  });

  it('keeps Save off when a step is moved back to where it was', async () => {
    gateway = new RegistryGateway({ products: [product], steps: seededSteps() }).install();
    const { user } = await openSteps();
    await user.click(screen.getByRole('button', { name: 'Rearrange Steps' }));
    const handle = screen.getByRole('button', { name: 'Drag content_audit' });
    act(() => handle.focus());
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}');
    await user.keyboard(' ');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());

    act(() => screen.getByRole('button', { name: 'Drag content_audit' }).focus());
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  it('asks before deleting a step, and sends the deletion with the renumbered order on Save', async () => {
    gateway = new RegistryGateway({ products: [product], steps: seededSteps() }).install();
    const { user } = await openSteps();

    await user.click(screen.getByRole('button', { name: 'Delete content_audit' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MESSAGES.deleteStepConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stepNames()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await deleteViaDialog(user, 'content_audit');
    expect(stepRows()).toEqual([
      ['1', 'catalog_sync'],
      ['2', 'dashboard_publish'],
    ]);
    // Nothing is deleted on the server before Save.
    expect(gateway.stepsOf(1)).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Step order updated successfully');
    expect(gateway.callsTo(productRegisterOps.updateStepOrder)[0]?.body).toEqual({
      stepData: [
        { id: 11, order: 1 },
        { id: 13, order: 2 },
      ],
      stepToDelete: [12],
    });
    expect(gateway.stepsOf(1).map((s) => s.stepName)).toEqual([
      'catalog_sync',
      'dashboard_publish',
    ]);
  });

  it('shows the empty state once every step is deleted, and still lets the deletion be saved', async () => {
    gateway = new RegistryGateway({
      products: [product],
      steps: [fixtures.step({ stepId: 11, productId: 1, stepName: 'catalog_sync' })],
    }).install();
    const { user } = await openSteps();
    await deleteViaDialog(user, 'catalog_sync');
    expect(await screen.findByText(MESSAGES.noStepAdded)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('keeps the unsaved order and says why when the save fails', async () => {
    gateway = new RegistryGateway({ products: [product], steps: seededSteps() })
      .fail(productRegisterOps.updateStepOrder, failure(409, 'Step 12 is used by a running setup'))
      .install();
    const { user } = await openSteps();
    await deleteViaDialog(user, 'content_audit');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Step 12 is used by a running setup')).toBeInTheDocument();
    expect(gateway.failedCalls()).toEqual([productRegisterOps.updateStepOrder.id]);
    expect(stepNames()).toEqual(['catalog_sync', 'dashboard_publish']);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows a load failure as a notification with the error message', async () => {
    gateway = new RegistryGateway({ products: [product] })
      .fail(productRegisterOps.stepList, failure(503, 'Registry is down'))
      .install();
    renderProductScreens('/product/1/step_detail');
    const messages = await screen.findAllByText('Registry is down');
    expect(messages.length).toBeGreaterThan(0);
    expect(gateway.failedCalls()).toEqual([productRegisterOps.stepList.id]);
  });

  it('shows a spinner named Loading steps while the steps are on their way', async () => {
    gateway = new RegistryGateway({ products: [product], steps: seededSteps() }).install();
    const release = gateway.hold(productRegisterOps.stepList);
    renderProductScreens('/product/1/step_detail');
    expect(await screen.findByRole('progressbar', { name: 'Loading steps' })).toBeVisible();
    release();
    await screen.findByRole('cell', { name: 'catalog_sync' });
    expect(screen.queryByRole('progressbar', { name: 'Loading steps' })).toBeNull();
  });

  it('says why the steps could not be loaded in place, and Retry reads them again', async () => {
    gateway = new RegistryGateway({ products: [product], steps: seededSteps() })
      .fail(productRegisterOps.stepList, failure(503, 'Registry is down'))
      .install();
    const { user } = renderProductScreens('/product/1/step_detail');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(retry.closest('[role="alert"]')).toHaveTextContent('Registry is down');
    gateway.heal(productRegisterOps.stepList);
    await user.click(retry);
    expect(await screen.findByRole('cell', { name: 'catalog_sync' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('opens a step for editing from its menu', async () => {
    gateway = new RegistryGateway({ products: [product], steps: seededSteps() }).install();
    const { user, location } = await openSteps();
    await user.click(screen.getByRole('button', { name: 'Actions for content_audit' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Step' }));
    await screen.findByRole('heading', { name: 'Update Step' });
    expect(location()).toBe('/product/1/edit_step/12');
    await act(async () => {});
  });
});
