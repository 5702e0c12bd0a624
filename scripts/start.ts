import { buildWebIfStale } from './web-build.ts'

// `npm start`: build the web app when its sources changed, then start the server (which serves it).
await buildWebIfStale((line) => console.log(`[hearth] ${line}`))
await import('#server/main.ts')
