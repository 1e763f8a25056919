import { describe, expect, it } from '@jest/globals';
import { MESSAGES, productRegisterOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { failure } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { RegistryGateway } from '../testing/registry-gateway';
import { renderProductScreens } from '../testing/render';

const product = fixtures.product({ productId: 1 });
const stored = fixtures.step({
  stepId: 21,
  productId: 1,
  stepName: 'serp_crawl',
  stepOrder: 1,
  pollingDelay: 15,
  expectedExecutionTime: null,
  triggerPayload: '{"url":"https://jobs/serp/start"}',
  statusPayload: '{"url":"https://jobs/serp/status/{{requestId}}"}',
  requestIdPath: '$.data.requestId',
  statusPath: '$.data.state',
  statusMap: '{"RUNNING":"in_progress","SUCCESS":"completed"}',
  isPolling: true,
  isRefreshRequired: false,
  shouldRunOnAdd: true,
  shouldRunOnEdit: true,
});
/** A long template: the review shows it whole. */
const longTrigger = JSON.stringify(
  {
    url: 'https://jobs/serp/start',
    body: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`field${i}`, `{{value${i}}}`])),
  },
  null,
  2,
);

let gateway: RegistryGateway;
screenTestHooks();

const field = (name: string) => screen.getByRole('textbox', { name });
const number = (name: string) => screen.getByRole('spinbutton', { name });
const paste = (el: HTMLElement, text: string) => fireEvent.change(el, { target: { value: text } });
const reviewDialog = () => screen.findByRole('dialog', { name: 'Review changes to the step' });
/** The review's table as [label, before, after] rows. */
const reviewRows = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: 'Changed fields' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

async function openEdit() {
  gateway = new RegistryGateway({ products: [product], steps: [{ ...stored }] }).install();
  const view = renderProductScreens('/product/1/edit_step/21');
  await screen.findByDisplayValue('serp_crawl');
  return view;
}

describe('review before a step update', () => {
  it('lists exactly the changed fields under the form labels, flags as Yes/No and templates whole, then sends the same body', async () => {
    const { user, location } = await openEdit();
    paste(number('Polling Delay (minutes)'), '20');
    paste(number('Expected Execution Time (minutes)'), '45');
    paste(field('Trigger Payload'), longTrigger);
    await user.click(screen.getByRole('checkbox', { name: 'Is Polling' }));
    await user.click(screen.getByRole('button', { name: 'Update Step' }));

    const dialog = await reviewDialog();
    expect(reviewRows(dialog)).toEqual([
      ['Polling Delay (minutes)', '15', '20'],
      ['Expected Execution Time (minutes)', '—', '45'],
      ['Trigger Payload', '{"url":"https://jobs/serp/start"}', longTrigger],
      ['Is Polling', 'Yes', 'No'],
    ]);
    expect(gateway.callsTo(productRegisterOps.updateStep)).toEqual([]);

    const release = gateway.hold(productRegisterOps.updateStep);
    await user.click(within(dialog).getByRole('button', { name: 'Update Step' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Update Step' })).toBeDisabled(),
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();

    await waitFor(() => expect(location()).toBe('/product/1/step_detail'));
    const [call] = gateway.callsTo(productRegisterOps.updateStep);
    expect(call?.query).toEqual({ stepId: '21' });
    expect(call?.body).toEqual({
      stepName: 'serp_crawl',
      productId: 1,
      pollingDelay: 20,
      expectedExecutionTime: 45,
      triggerPayload: longTrigger,
      statusPayload: stored.statusPayload,
      requestIdPath: stored.requestIdPath,
      statusPath: stored.statusPath,
      isPolling: false,
      isRefreshRequired: false,
      shouldRunOnAdd: true,
      shouldRunOnEdit: true,
      statusMap: stored.statusMap,
    });
  });

  it('Cancel sends nothing, keeps the edits and gives focus back to Update Step', async () => {
    const { user, location } = await openEdit();
    paste(field('Status Path'), '$.data.status');
    fireEvent.submit(screen.getByRole('form', { name: 'Step' }));

    const dialog = await reviewDialog();
    expect(reviewRows(dialog)).toEqual([['Status Path', '$.data.state', '$.data.status']]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Update Step' })).toHaveFocus();
    expect(field('Status Path')).toHaveValue('$.data.status');
    expect(location()).toBe('/product/1/edit_step/21');
    expect(gateway.callsTo(productRegisterOps.updateStep)).toEqual([]);
  });

  it('an update that changes nothing (spaces aside) sends nothing and says so until the form changes', async () => {
    const { user, location } = await openEdit();
    paste(field('Request Id Path'), ' $.data.requestId ');
    paste(number('Polling Delay (minutes)'), '15.0');
    await user.click(screen.getByRole('button', { name: 'Update Step' }));

    const note = screen.getByText('Nothing changed, so nothing was sent.');
    expect(note).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(location()).toBe('/product/1/edit_step/21');
    expect(gateway.callsTo(productRegisterOps.updateStep)).toEqual([]);

    paste(field('Status Path'), '$.data.status');
    expect(note).not.toBeInTheDocument();
  });

  it('an invalid edit is not reviewed: the first invalid field says why and gets focus', async () => {
    const { user } = await openEdit();
    paste(field('Status Map'), '   ');
    await user.click(screen.getByRole('button', { name: 'Update Step' }));

    expect(field('Status Map')).toHaveAccessibleDescription(MESSAGES.fieldRequired);
    expect(field('Status Map')).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a template that is not JSON is reviewed and sent as written', async () => {
    const { user, location } = await openEdit();
    paste(field('Status Map'), '{{statusMap}}');
    expect(field('Status Map')).toHaveAccessibleDescription(/^Not valid JSON/);
    await user.click(screen.getByRole('button', { name: 'Update Step' }));
    const dialog = await reviewDialog();
    expect(reviewRows(dialog)).toEqual([['Status Map', stored.statusMap, '{{statusMap}}']]);
    await user.click(within(dialog).getByRole('button', { name: 'Update Step' }));

    await waitFor(() => expect(location()).toBe('/product/1/step_detail'));
    expect(gateway.callsTo(productRegisterOps.updateStep)[0]?.body).toEqual(
      expect.objectContaining({ statusMap: '{{statusMap}}' }),
    );
  });

  it('a failed update closes the review and shows the error message, keeping what was typed', async () => {
    const { user, location } = await openEdit();
    gateway.fail(productRegisterOps.updateStep, failure(409, 'A step with this name exists'));
    paste(field('Step Name'), 'serp_crawl_v2');
    await user.click(screen.getByRole('button', { name: 'Update Step' }));
    await user.click(within(await reviewDialog()).getByRole('button', { name: 'Update Step' }));

    expect(await screen.findByText('A step with this name exists')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field('Step Name')).toHaveValue('serp_crawl_v2');
    expect(location()).toBe('/product/1/edit_step/21');
    expect(gateway.failedCalls()).toEqual([productRegisterOps.updateStep.id]);
  });
});
