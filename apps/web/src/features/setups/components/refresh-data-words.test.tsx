import { describe, expect, it } from '@jest/globals';
import { remOmniOps } from '@onboarding/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { failure } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { setupRows } from '@test/setups';
import { signedInGateway } from '@test/signed-in';

screenTestHooks();

/** A step key as the upstream writes it (`sov_wf`, `sti`), as e2e/specs/feedback.spec.ts reads it. */
const STEP_KEY = /\b[a-z]+(_[a-z]+)+\b|\bsti\b/;

/** initech: Amazon and Walmart completed at sov_wf, so both offer Refresh Data. */
const PAGE = setupRows([
  {
    setupId: 21,
    clientName: 'initech',
    clientId: 5021,
    retailers: [
      { retailerId: 4, status: 'COMPLETED', stepName: 'sov_wf', ismarketshareEnabled: false },
      { retailerId: 7, status: 'COMPLETED', stepName: 'sov_wf', ismarketshareEnabled: true },
    ],
  },
]);

/** An upstream that names the step it restarts from by its key, in success and in refusal. */
const keyedAnswers = () =>
  signedInGateway()
    .on(remOmniOps.allSetup, PAGE)
    .on(remOmniOps.refreshData, ({ body }) =>
      (body as { retailerId: number }).retailerId === 4
        ? { message: 'Data refresh started at sov_wf for setup 21 on Amazon' }
        : failure(409, 'sov_wf is still running for setup 21'),
    );

describe('Refresh Data in the operator’s words', () => {
  it('names the step by its label, never its key, in the drawer’s notification', async () => {
    const { user } = renderApp('/rem_omni/see_all', keyedAnswers());
    await user.click(await screen.findByRole('button', { name: 'Actions for initech' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Actions/More details' }));
    const drawer = await screen.findByRole('dialog', { name: 'initech' });
    await user.click(within(drawer).getByRole('button', { name: 'Refresh Data Amazon' }));
    const confirm = await screen.findByRole('dialog', { name: 'Refresh Data' });
    await user.click(within(confirm).getByRole('button', { name: 'Refresh Data' }));
    const told = await screen.findByText(
      'Data refresh started at Share of Voice WF for setup 21 on Amazon',
    );
    expect(told.textContent).not.toMatch(STEP_KEY);
  });

  it('names the step by its label, never its key, in the bulk result, done or failed', async () => {
    const { user } = renderApp('/rem_omni/see_all', keyedAnswers());
    await user.click(
      await screen.findByRole('checkbox', { name: 'Select all retailers of initech' }),
    );
    const toolbar = screen.getByRole('region', { name: 'List actions' });
    await user.click(within(toolbar).getByRole('button', { name: 'Refresh Data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refresh Data: 2 rows' });
    await user.click(within(dialog).getByRole('button', { name: 'Refresh Data 2' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('2 of 2 answered'),
    );
    const amazon = within(dialog).getByRole('row', { name: /initech Amazon \(CL\)/ });
    const walmart = within(dialog).getByRole('row', { name: /initech Walmart \(ML\)/ });
    expect(amazon).toHaveTextContent(
      'Done: Data refresh started at Share of Voice WF for setup 21 on Amazon',
    );
    expect(walmart).toHaveTextContent('Failed: Share of Voice WF is still running for setup 21');
    for (const row of [amazon, walmart]) {
      expect(within(row).getAllByRole('cell').at(-1)?.textContent).not.toMatch(STEP_KEY);
    }
  });
});
