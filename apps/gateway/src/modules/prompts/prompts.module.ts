import { Module } from '@nestjs/common';
import { createProxyModule } from '../../common/contract/proxy-module.factory.js';
import { operationsOf } from '../operations.js';

/** Prompts: /api/proxy/llm/prompts/* on the LLM prompt service. */
@Module({})
export class PromptsModule {}

export const PromptsModuleRoutes = createProxyModule(PromptsModule, 'llm', operationsOf('llm'));
