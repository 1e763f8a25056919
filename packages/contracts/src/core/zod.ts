import { en } from 'zod/locales';
import * as z from 'zod/mini';

// zod/mini, whose functions a bundler leaves out when unused (the web's first load), with the
// English issue messages that classic Zod sets when imported and zod/mini does not.
z.config(en());

export { z };
