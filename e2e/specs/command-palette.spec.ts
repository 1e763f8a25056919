import { expect, screenshot, seriousA11yViolations, test } from '../support/fixtures.js';

test.describe('the command palette', () => {
  test("an operator opens the palette with Ctrl+K and jumps to a client's setups", async ({
    page,
  }) => {
    await page.goto('/product/see_all');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();

    await page.keyboard.press('Control+K');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const field = palette.getByRole('combobox', { name: 'Jump to' });
    await expect(field).toBeFocused();
    await expect(palette.getByRole('group', { name: 'Screens' })).toBeVisible();

    // Found through the setups list's search (cobalt audio: no test changes it).
    await field.pressSequentially('cobalt');
    const client = palette
      .getByRole('group', { name: 'Clients' })
      .getByRole('option', { name: /cobalt audio/ });
    await expect(client).toBeVisible();
    await screenshot(page, 'command-palette');
    expect(await seriousA11yViolations(page), 'open palette with results').toEqual([]);

    // No screen matches, so the client is the first option, highlighted: Enter jumps to it.
    await expect(field).toHaveAttribute(
      'aria-activedescendant',
      (await client.getAttribute('id'))!,
    );
    await page.keyboard.press('Enter');
    await page.waitForURL('**/rem_omni/see_all?search=cobalt+audio');
    await expect(palette).toBeHidden();
    await expect(page.getByRole('searchbox', { name: 'Search client name' })).toHaveValue(
      'cobalt audio',
    );
    const rows = page.getByRole('table', { name: 'Setups' }).getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('cobalt audio');
  });

  test('the Search button opens it, the keyboard reaches a screen, and Escape gives focus back', async ({
    page,
  }) => {
    await page.goto('/rem_omni/see_all');
    const button = page.getByRole('button', { name: 'Search (Ctrl+K)' });
    await button.click();
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette.getByRole('combobox', { name: 'Jump to' })).toBeFocused();
    expect(await seriousA11yViolations(page), 'open palette, nothing typed').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
    await expect(button).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(palette).toBeVisible();
    await page.keyboard.type('llm prompts');
    await expect(palette.getByRole('option', { name: /LLM Service › Prompts/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/llm_service/prompts');
    await expect(page.getByRole('heading', { name: 'Prompts', level: 1 })).toBeVisible();
  });
});
