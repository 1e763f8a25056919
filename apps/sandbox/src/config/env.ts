import { z } from 'zod';

const EnvSchema = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(1).max(65535).default(4010),
});

export type SandboxEnv = z.infer<typeof EnvSchema>;

export function readSandboxEnv(env: NodeJS.ProcessEnv = process.env): SandboxEnv {
  return EnvSchema.parse(env);
}
