import { createSandboxApp } from './app.js';
import { readSandboxEnv } from './config/env.js';

const { SANDBOX_PORT: port } = readSandboxEnv();
createSandboxApp().listen(port, '127.0.0.1', () => {
  console.log(JSON.stringify({ msg: 'sandbox listening', port }));
});
