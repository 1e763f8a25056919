import {
  COMMON_CLIENT_ID,
  type llmOps,
  type Prompt,
  type PromptClientOption,
  type PromptMetadata,
} from '@onboarding/contracts';
import { nowIso, type SandboxContext } from '../context.js';
import type { SandboxDatabase } from '../db/database.js';
import { notFound } from '../http/errors.js';
import type { HandlerMap } from '../http/operations.js';

interface PromptRecord {
  prompt_id: number;
  client_id: number;
  client: string;
  prompt: string;
  business_context: string | null;
  metadata: string;
  created_at: string;
  updated_at: string;
}

const toPrompt = (r: PromptRecord): Prompt => ({
  prompt_id: r.prompt_id,
  client_id: r.client_id,
  client: r.client,
  prompt: r.prompt,
  business_context: r.business_context,
  metadata: JSON.parse(r.metadata) as PromptMetadata,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

const SELECT = `SELECT p.*, c.client FROM prompts p JOIN llm_clients c ON c.client_id = p.client_id`;

/** Named prompts with variables, per client (Common, id 1, for everyone). */
class PromptStore {
  constructor(private readonly db: SandboxDatabase) {}

  all(): Prompt[] {
    return this.db.prepare<[], PromptRecord>(`${SELECT} ORDER BY p.prompt_id`).all().map(toPrompt);
  }

  /** One prompt; ids arrive as path text, so anything but digits is simply not found. */
  get(id: string): Prompt {
    const r = /^\d+$/.test(id)
      ? this.db.prepare<[number], PromptRecord>(`${SELECT} WHERE p.prompt_id = ?`).get(Number(id))
      : undefined;
    if (!r) throw notFound(`Prompt ${id} does not exist`);
    return toPrompt(r);
  }

  clients(): PromptClientOption[] {
    return this.db
      .prepare<[number], PromptClientOption>(
        'SELECT client_id, client FROM llm_clients ORDER BY client_id = ? DESC, client',
      )
      .all(COMMON_CLIENT_ID);
  }

  /** Adds a prompt; a client the service has not seen yet is registered under its name. */
  add(input: {
    clientId: number;
    clientName: string;
    prompt: string;
    businessContext?: string | undefined;
    metadata: PromptMetadata;
  }): number {
    const now = nowIso();
    return this.db.transaction(() => {
      this.db
        .prepare('INSERT OR IGNORE INTO llm_clients (client_id, client) VALUES (?, ?)')
        .run(input.clientId, input.clientName);
      return Number(
        this.db
          .prepare(
            `INSERT INTO prompts (client_id, prompt, business_context, metadata, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?)`,
          )
          .run(
            input.clientId,
            input.prompt,
            input.businessContext?.trim() || null,
            JSON.stringify(input.metadata),
            now,
            now,
          ).lastInsertRowid,
      );
    })();
  }

  update(input: {
    promptId: number;
    newPrompt: string;
    newBusinessContext?: string | undefined;
    metadata: PromptMetadata;
  }): void {
    const current = this.get(String(input.promptId));
    this.db
      .prepare(
        `UPDATE prompts SET prompt = ?, business_context = ?, metadata = ?, updated_at = ?
         WHERE prompt_id = ?`,
      )
      .run(
        input.newPrompt,
        input.newBusinessContext === undefined
          ? current.business_context
          : input.newBusinessContext.trim() || null,
        JSON.stringify(input.metadata),
        nowIso(),
        input.promptId,
      );
  }

  delete(id: string): Prompt {
    const prompt = this.get(id);
    this.db.prepare('DELETE FROM prompts WHERE prompt_id = ?').run(prompt.prompt_id);
    return prompt;
  }
}

export function llmHandlers(ctx: SandboxContext): HandlerMap<typeof llmOps> {
  const store = new PromptStore(ctx.db);
  return {
    getAll: () => store.all(),
    get: ({ params }) => store.get(params.id),
    getAllClients: () => store.clients(),
    add: ({ body }) => {
      const id = store.add(body);
      return { message: `Prompt ${body.metadata.name} added`, promptId: id };
    },
    update: ({ body }) => {
      store.update(body);
      return { message: `Prompt ${body.metadata.name} updated` };
    },
    delete: ({ params }) => {
      const deleted = store.delete(params.id);
      return { message: `Prompt ${deleted.metadata.name} deleted` };
    },
  };
}
