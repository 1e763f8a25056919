import { describe, expect, test } from '@jest/globals';
import { llmOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { screen } from '@testing-library/react';
import { routePattern } from '@/lib/routes';
import { renderRoutes } from '@test/render-routes';
import { screenTestHooks } from '@test/screen-hooks';
import { fakeLlmService } from '../testing/fake-llm-service';
import { PromptDetailPage } from './prompt-detail-page';
import { PromptFormPage } from './prompt-form-page';

const routes = [
  { path: routePattern('editPrompt'), element: <PromptFormPage /> },
  { path: routePattern('promptDetail'), element: <PromptDetailPage /> },
];
const prompt = fixtures.prompt({
  prompt_id: 4,
  metadata: { name: 'Shelf summary', variables: {} },
});

screenTestHooks();

describe('while the prompt is on its way', () => {
  test.each([
    ['details screen', '/llm_service/prompts/4', 'Prompt Details'],
    ['edit form', '/llm_service/prompts/edit/4', 'Edit Prompt'],
  ])('the %s shows a spinner named Loading the prompt, then the prompt', async (_s, path, h1) => {
    const service = fakeLlmService([prompt], [fixtures.promptClientOption()]);
    const release = service.gateway.hold(llmOps.get);
    renderRoutes(routes, path);
    expect(await screen.findByRole('progressbar', { name: 'Loading the prompt' })).toBeVisible();
    expect(screen.getByRole('heading', { name: h1 })).toBeInTheDocument();
    release();
    // The details show the name as text, the form in its Name field.
    const name = path.includes('/edit/')
      ? screen.findByDisplayValue('Shelf summary')
      : screen.findByText('Shelf summary');
    expect(await name).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading the prompt' })).toBeNull();
  });
});
