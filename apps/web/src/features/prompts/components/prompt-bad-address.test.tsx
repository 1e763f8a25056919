import { describe, expect, test } from '@jest/globals';
import { fixtures } from '@onboarding/contracts/testing';
import { screen } from '@testing-library/react';
import { routePattern } from '@/lib/routes';
import { renderRoutes } from '@test/render-routes';
import { screenTestHooks } from '@test/screen-hooks';
import { fakeLlmService } from '../testing/fake-llm-service';
import { PromptDetailPage } from './prompt-detail-page';
import { PromptFormPage } from './prompt-form-page';

// Outside the app's router (which shows not-found first), the screens read :id with the same
// parser (lib/route-id.ts): an id it refuses is "no prompt", and nothing is asked.
const routes = [
  { path: routePattern('editPrompt'), element: <PromptFormPage /> },
  { path: routePattern('promptDetail'), element: <PromptDetailPage /> },
];

// Beyond Number.MAX_SAFE_INTEGER: 16 digits, yet no id.
const BAD_IDS = ['abc', '0', '007', '9007199254740993'];

screenTestHooks();

describe.each(BAD_IDS)('the prompt address with the id %s', (id) => {
  test('the details screen says there is no such prompt and asks nothing', async () => {
    const service = fakeLlmService([fixtures.prompt({ prompt_id: 1 })], []);
    renderRoutes(routes, `/llm_service/prompts/${id}`);
    expect(await screen.findByText(`There is no prompt with the id ${id}.`)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(service.gateway.requests).toEqual([]);
  });

  test('the edit form says there is no such prompt and asks nothing', async () => {
    const service = fakeLlmService([fixtures.prompt({ prompt_id: 1 })], []);
    renderRoutes(routes, `/llm_service/prompts/edit/${id}`);
    expect(await screen.findByText(`There is no prompt with the id ${id}.`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit Prompt' })).toBeInTheDocument();
    expect(service.gateway.requests).toEqual([]);
  });
});
