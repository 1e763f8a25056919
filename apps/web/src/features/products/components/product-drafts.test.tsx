import { describe, expect, test } from '@jest/globals';
import { productRegisterOps, sessionOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { act, fireEvent, screen } from '@testing-library/react';
import { envelope } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { OPERATOR } from '@test/signed-in';
import { RegistryGateway } from '../testing/registry-gateway';

screenTestHooks();

const SIGNED_OUT = envelope(401, 'UNAUTHENTICATED', 'Sign in first');
const OPS = [
  sessionOps.config,
  productRegisterOps.registerProduct,
  productRegisterOps.productList,
  productRegisterOps.productDetails,
  productRegisterOps.registerStep,
  productRegisterOps.stepList,
];

/** The registry behind a signed-in session, and the whole app at `path`. */
function openApp(path: string) {
  const gateway = new RegistryGateway({ products: [fixtures.product({ productId: 1 })] });
  gateway.on(sessionOps.config, fixtures.sessionConfig({ user: { email: OPERATOR } }));
  return { gateway, ...renderApp(path, gateway) };
}

const textbox = (name: string) => screen.getByRole('textbox', { name });

describe('a session that ends while a product form is filled in', () => {
  test('Submit Request leads to sign-in saying so, and the product typed is back after signing in again', async () => {
    const { gateway, user, router, location } = openApp('/product/register_product');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Product Name' }), {
      target: { value: 'Price Watch' },
    });
    fireEvent.change(textbox('Product URL Path'), {
      target: { value: '/price-watch/amazon/daily' },
    });
    // Signed out in another tab: every call now answers 401.
    for (const op of OPS) gateway.fail(op, SIGNED_OUT);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));

    expect(await screen.findByText('Your session ended — sign in again')).toBeInTheDocument();
    expect(location()).toBe('/login?returnTo=%2Fproduct%2Fregister_product');
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).not.toBeInTheDocument();

    for (const op of OPS) gateway.heal(op);
    await act(() => router.navigate('/product/register_product'));
    expect(await screen.findByRole('textbox', { name: 'Product Name' })).toHaveValue('Price Watch');
    expect(textbox('Product URL Path')).toHaveValue('/price-watch/amazon/daily');
  });

  test('a step form keeps its fields the same way', async () => {
    const { gateway, user, router } = openApp('/product/1/register_step');
    const paste = (name: string, value: string) =>
      fireEvent.change(
        screen.getByRole(/minutes/.test(name) ? 'spinbutton' : 'textbox', { name }),
        {
          target: { value },
        },
      );
    await screen.findByRole('textbox', { name: 'Step Name' });
    paste('Step Name', 'serp_crawl');
    paste('Polling Delay (minutes)', '10');
    paste('Trigger Payload', '{"url": "https://jobs/serp/start"}');
    paste('Status Payload', '{"url": "https://jobs/serp/status/{{requestId}}"}');
    paste('Request Id Path', 'data.requestId');
    paste('Status Path', 'data.state');
    paste('Status Map', '{"DONE": "completed"}');
    for (const op of OPS) gateway.fail(op, SIGNED_OUT);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Your session ended — sign in again')).toBeInTheDocument();

    for (const op of OPS) gateway.heal(op);
    await act(() => router.navigate('/product/1/register_step'));
    expect(await screen.findByRole('textbox', { name: 'Step Name' })).toHaveValue('serp_crawl');
    expect(screen.getByRole('textbox', { name: 'Status Map' })).toHaveValue(
      '{"DONE": "completed"}',
    );
  });
});
