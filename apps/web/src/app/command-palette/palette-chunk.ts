/**
 * The palette's code, reached through this small module: Vite lists the forty-odd chunks the
 * palette needs (to fetch them together) next to the `import()`, so the list sits here, fetched
 * on first use, rather than in the shell's chunk that every screen loads.
 */
export const loadAppCommandPalette = () => import('./app-command-palette');
