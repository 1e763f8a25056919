import { describe, expect, it } from '@jest/globals';
import { MESSAGES, productRegisterOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
  triggerPayload: '{"url":"https://jobs/serp/start","body":{"client":"{{clientId}}"}}',
  statusPayload: '{"url":"https://jobs/serp/status/{{requestId}}"}',
  requestIdPath: '$.data.requestId',
  statusPath: '$.data.state',
  statusMap: '{"RUNNING":"in_progress","SUCCESS":"completed"}',
  isPolling: true,
  isRefreshRequired: false,
  shouldRunOnAdd: true,
  shouldRunOnEdit: true,
});

let gateway: RegistryGateway;
screenTestHooks();

const field = (name: string) => screen.getByRole('textbox', { name });
const number = (name: string) => screen.getByRole('spinbutton', { name });
const flag = (name: string) => screen.getByRole('checkbox', { name });

/** Types into a field the way a paste does (payloads hold braces, which user-event would read as keys). */
const paste = (el: HTMLElement, text: string) => fireEvent.change(el, { target: { value: text } });

/** Confirms the review an Update Step opens (docs/requirements.md#step-review). */
async function confirmReview(user: ReturnType<typeof renderProductScreens>['user']) {
  const review = await screen.findByRole('dialog', { name: 'Review changes to the step' });
  await user.click(within(review).getByRole('button', { name: 'Update Step' }));
}

function fillValidStep() {
  paste(field('Step Name'), '  keyword_discovery  ');
  paste(number('Polling Delay (minutes)'), '10');
  paste(number('Expected Execution Time (minutes)'), '60');
  paste(
    field('Trigger Payload'),
    ' {"url": "https://jobs/kw/start", "body": {"clientId": "{{clientId}}"}} ',
  );
  paste(field('Status Payload'), '{"url": "https://jobs/kw/status/{{requestId}}"}');
  paste(field('Request Id Path'), ' data.requestId ');
  paste(field('Status Path'), 'data.items[0].status');
  paste(field('Status Map'), '{"RUNNING": "in_progress", "DONE": "completed"}');
}

describe('add step', () => {
  it('starts empty with the default flags: refresh required, not run on add or edit', async () => {
    gateway = new RegistryGateway({ products: [product] }).install();
    renderProductScreens('/product/1/register_step');
    expect(await screen.findByRole('heading', { name: 'Add Step' })).toBeInTheDocument();
    expect(field('Step Name')).toHaveValue('');
    expect(flag('Is Refresh Required')).toBeChecked();
    expect(flag('Should Run On Add')).not.toBeChecked();
    expect(flag('Should Run On Edit')).not.toBeChecked();
    expect(flag('Is Polling')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Submit Request' })).toBeEnabled();
  });

  it('marks the seven required fields and sends nothing while any is empty', async () => {
    gateway = new RegistryGateway({ products: [product] }).install();
    const { user } = renderProductScreens('/product/1/register_step');
    await screen.findByRole('heading', { name: 'Add Step' });
    paste(field('Request Id Path'), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));

    expect(screen.getAllByText(MESSAGES.fieldRequired)).toHaveLength(7);
    for (const name of [
      'Step Name',
      'Trigger Payload',
      'Status Payload',
      'Request Id Path',
      'Status Path',
      'Status Map',
    ]) {
      expect(field(name)).toHaveAccessibleDescription(MESSAGES.fieldRequired);
    }
    expect(number('Polling Delay (minutes)')).toHaveAccessibleDescription(MESSAGES.fieldRequired);
    expect(number('Expected Execution Time (minutes)')).not.toHaveAttribute('aria-invalid', 'true');
    expect(field('Step Name')).toHaveFocus();
    expect(gateway.callsTo(productRegisterOps.registerStep)).toEqual([]);
  });

  it('says a field is required once it is left empty', async () => {
    gateway = new RegistryGateway({ products: [product] }).install();
    const { user } = renderProductScreens('/product/1/register_step');
    await user.click(await screen.findByRole('textbox', { name: 'Step Name' }));
    expect(screen.queryByText(MESSAGES.fieldRequired)).toBeNull();
    await user.tab();
    expect(field('Step Name')).toHaveAccessibleDescription(MESSAGES.fieldRequired);
  });

  it('sends the trimmed step with numbers and flags, then shows the step list with the server message', async () => {
    gateway = new RegistryGateway({ products: [product] }).install();
    const { user, location } = renderProductScreens('/product/1/register_step');
    await screen.findByRole('heading', { name: 'Add Step' });
    fillValidStep();
    await user.click(flag('Is Polling'));
    await user.click(flag('Should Run On Add'));
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));

    expect(await screen.findByText('Step registered successfully')).toBeInTheDocument();
    expect(gateway.callsTo(productRegisterOps.registerStep).map((c) => c.body)).toEqual([
      {
        stepName: 'keyword_discovery',
        productId: 1,
        pollingDelay: 10,
        expectedExecutionTime: 60,
        triggerPayload: '{"url": "https://jobs/kw/start", "body": {"clientId": "{{clientId}}"}}',
        statusPayload: '{"url": "https://jobs/kw/status/{{requestId}}"}',
        requestIdPath: 'data.requestId',
        statusPath: 'data.items[0].status',
        isPolling: true,
        isRefreshRequired: true,
        shouldRunOnAdd: true,
        shouldRunOnEdit: false,
        statusMap: '{"RUNNING": "in_progress", "DONE": "completed"}',
      },
    ]);
    await waitFor(() => expect(location()).toBe('/product/1/step_detail'));
    expect(await screen.findByRole('cell', { name: 'keyword_discovery' })).toBeInTheDocument();
  });

  it('sends no expected execution time when it is left empty', async () => {
    gateway = new RegistryGateway({ products: [product] }).install();
    const { user } = renderProductScreens('/product/1/register_step');
    await screen.findByRole('heading', { name: 'Add Step' });
    fillValidStep();
    paste(number('Expected Execution Time (minutes)'), '');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await screen.findByText('Step registered successfully');
    expect(gateway.callsTo(productRegisterOps.registerStep)[0]?.body).toEqual(
      expect.objectContaining({ expectedExecutionTime: null }),
    );
  });

  it('shows whether each template is JSON as help, and saves the step even when it is not', async () => {
    gateway = new RegistryGateway({ products: [product] }).install();
    const { user, location } = renderProductScreens('/product/1/register_step');
    await screen.findByRole('heading', { name: 'Add Step' });
    fillValidStep();
    expect(field('Status Payload')).toHaveAccessibleDescription('Valid JSON.');
    paste(field('Trigger Payload'), '{"retailerId": {{retailerId}}}');
    paste(field('Status Map'), '["DONE"]');

    expect(field('Trigger Payload')).toHaveAccessibleDescription(
      'Not valid JSON: a {{placeholder}} outside a string (put it in quotes) (line 1, column 16).',
    );
    expect(field('Status Map')).toHaveAccessibleDescription(
      'The status map must be a JSON object, e.g. {"DONE": "completed"}.',
    );
    // Help, not errors: the fields are not marked invalid and the step is sent as written.
    expect(field('Trigger Payload')).not.toHaveAttribute('aria-invalid', 'true');
    expect(field('Status Map')).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(location()).toBe('/product/1/step_detail'));
    expect(gateway.callsTo(productRegisterOps.registerStep)[0]?.body).toEqual(
      expect.objectContaining({
        triggerPayload: '{"retailerId": {{retailerId}}}',
        statusMap: '["DONE"]',
      }),
    );
  });

  it('keeps everything typed and says why when the save fails, and lets it be sent again after 3 s', async () => {
    gateway = new RegistryGateway({ products: [product] })
      .fail(productRegisterOps.registerStep, failure(409, 'A step with this name already exists'))
      .install();
    const { user, location } = renderProductScreens('/product/1/register_step');
    await screen.findByRole('heading', { name: 'Add Step' });
    fillValidStep();
    const submit = screen.getByRole('button', { name: 'Submit Request' });
    await user.click(submit);

    expect(await screen.findByText('A step with this name already exists')).toBeInTheDocument();
    expect(gateway.failedCalls()).toEqual([productRegisterOps.registerStep.id]);
    expect(location()).toBe('/product/1/register_step');
    expect(field('Step Name')).toHaveValue('  keyword_discovery  ');
    expect(field('Status Map')).toHaveValue('{"RUNNING": "in_progress", "DONE": "completed"}');
    expect(submit).toBeDisabled();
    await waitFor(() => expect(submit).toBeEnabled(), { timeout: 4000 });

    gateway.heal(productRegisterOps.registerStep);
    await user.click(submit);
    // The step is registered and listed (the success toast lasts 3 s, too short to assert on
    // reliably on a loaded machine).
    await waitFor(() => expect(location()).toBe('/product/1/step_detail'));
    expect(await screen.findByText('keyword_discovery')).toBeInTheDocument();
  });
});

describe('status mapping tester', () => {
  async function openTester() {
    gateway = new RegistryGateway({ products: [product] }).install();
    renderProductScreens('/product/1/register_step');
    await screen.findByRole('heading', { name: 'Add Step' });
    fillValidStep();
    return {
      sample: screen.getByRole('textbox', { name: 'Sample response' }),
      result: () => screen.getByRole('status', { name: 'Mapping result' }),
    };
  }

  it('shows what the paths read and the mapped status of a pasted response', async () => {
    const { sample, result } = await openTester();
    paste(sample, '{"data": {"requestId": "kw-77", "items": [{"status": "RUNNING"}]}}');
    expect(
      within(result())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Request id: kw-77', 'Status: RUNNING', 'Mapped status: in_progress']);
  });

  it('follows the paths and the map as they are edited', async () => {
    const { sample, result } = await openTester();
    paste(
      sample,
      '{"data": {"requestId": "kw-77", "items": [{"status": "RUNNING"}], "state": "DONE"}}',
    );
    paste(field('Status Path'), '$.data.state');
    expect(result()).toHaveTextContent('Mapped status: completed');
    paste(field('Status Map'), '{"RUNNING": "in_progress"}');
    expect(result()).toHaveTextContent(
      'Mapped status: The status "DONE" is not in the status map (it maps "RUNNING").',
    );
  });

  it('says when the sample is not JSON or a path is missing', async () => {
    const { sample, result } = await openTester();
    paste(sample, 'Service Unavailable');
    expect(result()).toHaveTextContent(
      'The sample response is not JSON. Not valid JSON: unexpected "S" (line 1, column 1).',
    );
    paste(sample, '{"data": {"items": []}}');
    expect(result()).toHaveTextContent('Request id: The sample has no value at "data.requestId".');
    expect(result()).toHaveTextContent(
      'Status: The sample has no value at "data.items[0].status" (nothing at "data.items[0]").',
    );
  });
});

describe('edit step', () => {
  it('shows the stored step and sends the update to that step', async () => {
    gateway = new RegistryGateway({ products: [product], steps: [stored] }).install();
    const { user, location } = renderProductScreens('/product/1/edit_step/21');
    expect(await screen.findByRole('heading', { name: 'Update Step' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('serp_crawl')).toBe(field('Step Name'));
    expect(number('Polling Delay (minutes)')).toHaveValue(15);
    expect(number('Expected Execution Time (minutes)')).toHaveValue(null);
    expect(field('Status Path')).toHaveValue('$.data.state');
    expect(flag('Is Polling')).toBeChecked();
    expect(flag('Is Refresh Required')).not.toBeChecked();
    expect(flag('Should Run On Add')).toBeChecked();
    expect(flag('Should Run On Edit')).toBeChecked();

    paste(number('Polling Delay (minutes)'), '20');
    await user.click(screen.getByRole('button', { name: 'Update Step' }));
    await confirmReview(user);
    expect(await screen.findByText('Step updated successfully')).toBeInTheDocument();
    const [call] = gateway.callsTo(productRegisterOps.updateStep);
    expect(call?.query).toEqual({ stepId: '21' });
    expect(call?.body).toEqual(
      expect.objectContaining({
        productId: 1,
        stepName: 'serp_crawl',
        pollingDelay: 20,
        expectedExecutionTime: null,
      }),
    );
    await waitFor(() => expect(location()).toBe('/product/1/step_detail'));
  });

  it('keeps a stored step with a bare {{placeholder}} template editable', async () => {
    const templated = {
      ...stored,
      triggerPayload: '{"retailerId": {{retailerId}}, "client": "{{clientId}}"}',
    };
    gateway = new RegistryGateway({ products: [product], steps: [templated] }).install();
    const { user, location } = renderProductScreens('/product/1/edit_step/21');
    await screen.findByDisplayValue('serp_crawl');
    expect(field('Trigger Payload')).toHaveAccessibleDescription(
      'Not valid JSON: a {{placeholder}} outside a string (put it in quotes) (line 1, column 16).',
    );
    paste(number('Polling Delay (minutes)'), '30');
    const update = screen.getByRole('button', { name: 'Update Step' });
    expect(update).toBeEnabled();
    await user.click(update);
    await confirmReview(user);

    await waitFor(() => expect(location()).toBe('/product/1/step_detail'));
    expect(gateway.callsTo(productRegisterOps.updateStep)[0]?.body).toEqual(
      expect.objectContaining({ pollingDelay: 30, triggerPayload: templated.triggerPayload }),
    );
  });

  it('asks before leaving with unsaved changes; Stay keeps them, Leave goes', async () => {
    gateway = new RegistryGateway({ products: [product], steps: [stored] }).install();
    const { user, router, location } = renderProductScreens('/product/1/edit_step/21');
    await screen.findByDisplayValue('serp_crawl');
    paste(field('Status Path'), '$.data.status');

    await act(() => router.navigate('/product/1/step_detail'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/product/1/edit_step/21');
    expect(field('Status Path')).toHaveValue('$.data.status');

    await act(() => router.navigate('/product/1/step_detail'));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(location()).toBe('/product/1/step_detail'));
  });

  it('shows a load failure as a notification with the error message', async () => {
    gateway = new RegistryGateway({ products: [product] }).install();
    renderProductScreens('/product/1/edit_step/404');
    expect((await screen.findAllByText('Step not found')).length).toBeGreaterThan(0);
    expect(gateway.failedCalls()).toEqual([productRegisterOps.stepDetail.id]);
  });
});

describe('the step forms and their product', () => {
  it('names the product under the Add Step and Update Step headings', async () => {
    const named = fixtures.product({ productId: 1, productName: 'Retail Media Insights' });
    gateway = new RegistryGateway({ products: [named], steps: [stored] }).install();
    renderProductScreens('/product/1/register_step');
    expect(await screen.findByText('Product: Retail Media Insights')).toBeVisible();
    cleanup();
    renderProductScreens('/product/1/edit_step/21');
    await screen.findByDisplayValue('serp_crawl');
    expect(screen.getByText('Product: Retail Media Insights')).toBeVisible();
  });

  it('says a product that does not exist does not exist, offers no form and asks for no step', async () => {
    gateway = new RegistryGateway({ products: [product], steps: [stored] }).install();
    renderProductScreens('/product/999999/edit_step/21');
    expect(await screen.findByText('This product does not exist.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Update Step' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Step Name' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update Step' })).toBeNull();
    expect(gateway.failedCalls()).toEqual([productRegisterOps.productDetails.id]);
    expect(gateway.callsTo(productRegisterOps.stepDetail)).toEqual([]);
    // The page says it in place: no notification repeats the upstream's message.
    expect(screen.queryByText('Product not found')).toBeNull();

    cleanup();
    renderProductScreens('/product/999999/register_step');
    expect(await screen.findByText('This product does not exist.')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Step Name' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit Request' })).toBeNull();
  });
});
