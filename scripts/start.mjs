// `npm start`: build the web app and compile the server when their sources changed, then run the compiled server
// (which serves the web app) in this process. Plain JavaScript with no TypeScript loader: a start with nothing to
// build loads only the compiled server (decision 107).
import { pathToFileURL } from 'node:url'
import { buildServerIfStale, serverEntry } from './server-build.mjs'
import { buildWebIfStale } from './web-build.mjs'

const log = (/** @type {string} */ line) => console.log(`[hearth] ${line}`)
await Promise.all([buildWebIfStale(log), buildServerIfStale(log)])
await import(pathToFileURL(serverEntry()).href)
