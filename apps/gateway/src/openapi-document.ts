import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import express from 'express';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppModule } from './app.module.js';
import { buildOpenApiDocument } from './common/contract/openapi.js';
import { createLogger } from './common/logging/logger.js';
import { loadConfig } from './config/app-config.js';

/**
 * Without a server: Nest's preview mode instantiates nothing (no session store, Redis, upstream or
 * identity provider), so the build needs neither those nor a secret.
 */
export async function createOpenApiDocument(): Promise<OpenAPIObject> {
  // loadConfig creates DATA_DIR; a throwaway one keeps the build away from .data/.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-openapi-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const app = await NestFactory.create(
      AppModule.forRoot(config, createLogger('silent')),
      new ExpressAdapter(express()),
      { preview: true, logger: false, abortOnError: false },
    );
    try {
      return buildOpenApiDocument(app);
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The document as written to a file: two-space JSON with a final newline. */
export const serializeOpenApiDocument = (document: OpenAPIObject): string =>
  JSON.stringify(document, null, 2) + '\n';
