import { config } from 'zod/v4'

/**
 * What the web build resolves `zod` to (vite.config.ts): zod itself, told never to compile its object parsers.
 * zod probes whether it may use `new Function` when it builds its first object schema; under the app's
 * Content-Security-Policy (no 'unsafe-eval') that probe is a CSP violation in the console (issue 21). Schemas are
 * built when their modules load, so the setting must come before any of them: here, between zod and its importers.
 */
config({ jitless: true })

export * from 'zod/v4'
