import '@testing-library/jest-dom/jest-globals';
import { configure } from '@testing-library/react';

// Screens load their code lazily and wait on (fake) calls; on a busy machine that can take
// longer than the default second, so async queries wait up to 10 s before failing.
configure({ asyncUtilTimeout: 10_000 });
