import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { readEnv } from './config/env.schema.js';

const env = readEnv();
const app = await NestFactory.create(AppModule, { logger: ['error', 'warn'] });
await app.listen(env.PORT);
