import path from 'node:path'

/**
 * The server package's folder (apps/server), the same whether this code runs from its sources
 * (`src/paths.ts`, one level down) or from the production bundle (`dist/main.js`, one level
 * down too): every default folder is resolved from here, never from a module's own location,
 * because the bundle puts every module into one file.
 */
export const serverRoot = path.resolve(import.meta.dirname, '..')

/** The repository's root folder (two levels above apps/server). */
export const repoRoot = path.resolve(serverRoot, '../..')
