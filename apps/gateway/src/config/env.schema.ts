import { z } from 'zod';

export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
});

export type GatewayEnv = z.infer<typeof EnvSchema>;

export function readEnv(env: NodeJS.ProcessEnv = process.env): GatewayEnv {
  return EnvSchema.parse(env);
}
