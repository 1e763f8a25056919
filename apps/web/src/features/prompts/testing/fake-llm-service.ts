import {
  llmOps,
  type OperationBody,
  type Prompt,
  type PromptClientOption,
} from '@onboarding/contracts';
import { envelope, FakeGateway } from '@test/fake-gateway';

const NOW = '2026-11-20T09:30:00.000Z';

/** The LLM prompt service as the gateway forwards it, kept in memory for one test. */
export function fakeLlmService(initial: Prompt[], clients: PromptClientOption[]) {
  let prompts = [...initial];
  let nextId = Math.max(0, ...initial.map((p) => p.prompt_id)) + 1;
  const find = (id: string) => prompts.find((p) => String(p.prompt_id) === id);
  const gateway = new FakeGateway()
    .on(llmOps.getAll, () => prompts)
    .on(llmOps.getAllClients, () => clients)
    .on(
      llmOps.get,
      ({ params }) => find(params.id ?? '') ?? envelope(404, 'NOT_FOUND', 'No prompt'),
    )
    .on(llmOps.add, ({ body }) => {
      const b = body as OperationBody<typeof llmOps.add>;
      prompts = [
        ...prompts,
        {
          prompt_id: nextId++,
          client_id: b.clientId,
          client: b.clientName,
          prompt: b.prompt,
          business_context: b.businessContext ?? null,
          metadata: b.metadata,
          created_at: NOW,
          updated_at: NOW,
        },
      ];
      return { message: 'Prompt added successfully' };
    })
    .on(llmOps.update, ({ body }) => {
      const b = body as OperationBody<typeof llmOps.update>;
      prompts = prompts.map((p) =>
        p.prompt_id === b.promptId
          ? {
              ...p,
              prompt: b.newPrompt,
              business_context: b.newBusinessContext ?? p.business_context,
              metadata: b.metadata,
            }
          : p,
      );
      return { message: 'Prompt updated successfully' };
    })
    .on(llmOps.delete, ({ params }) => {
      if (!find(params.id ?? '')) return envelope(404, 'NOT_FOUND', 'No prompt');
      prompts = prompts.filter((p) => String(p.prompt_id) !== params.id);
      return { message: 'Prompt deleted successfully' };
    })
    .install();
  return { gateway, prompts: () => prompts };
}
