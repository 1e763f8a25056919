import * as z from 'zod/mini';
// The English messages alone: `zod/locales` loads every language where nothing tree-shakes it
// (each jest test file, the gateway, the sandbox).
import en from 'zod/v4/locales/en.js';

// zod/mini, whose functions a bundler leaves out when unused (the web's first load), with the
// English issue messages that classic Zod sets when imported and zod/mini does not.
z.config(en());

export { z };
