// `npm start`: build the web app and compile the server when their sources changed, then run the compiled server
// (which serves the web app) in this process. Plain JavaScript with no TypeScript loader: a start with nothing to
// build loads only the compiled server (decision 107).
import module from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildServerIfStale, serverEntry } from './server-build.mjs'
import { buildWebIfStale } from './web-build.mjs'

const log = (/** @type {string} */ line) => console.log(`[hearth] ${line}`)
// Hearth is built and tested on the current LTS lines; an older Node may start but is not what the tests ran on
const nodeMajor = Number(process.versions.node.split('.')[0])
if (nodeMajor < 24) log(`Node.js ${process.versions.node} is older than Hearth supports: use Node.js 24 or 26.`)
// a worker instance serves no web app, so it neither needs nor builds one (the server checks HEARTH_ROLE itself)
const servesWeb = process.env.HEARTH_ROLE?.trim() !== 'worker'
await Promise.all([servesWeb ? buildWebIfStale(log) : undefined, buildServerIfStale(log)])
// V8's compiled code of the server is kept beside it: a second start reads it instead of compiling the bundle again
// (about 0.2 s of CPU; decision 184). A new build replaces the folder and the cache with it; where the folder cannot be
// written (a container's read-only /app) the server starts as before, compiling.
module.enableCompileCache(path.join(path.dirname(serverEntry()), '.compile-cache'))
await import(pathToFileURL(serverEntry()).href)
