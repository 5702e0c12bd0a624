import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildServerIfStale, serverBuildIsFresh, serverEntry } from './server-build.mjs'

const run = promisify(execFile)

// A small project laid out like Hearth's: an entry in src/server that imports through the #shared alias.
let root: string
const write = async (file: string, text: string) => {
  await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true })
  await fs.writeFile(path.join(root, file), text)
}
const where = () => ({ root })
const quiet = () => undefined
const runBuilt = async () => (await run(process.execPath, [serverEntry(where())])).stdout.trim()

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-server-build-'))
  await write('package.json', JSON.stringify({ type: 'module', imports: { '#shared/*': './src/shared/*' } }))
  await write('package-lock.json', '{"lockfileVersion":3}')
  await write('tsconfig.json', '{}')
  await write('src/shared/greeting.ts', "export const greeting: string = 'hello'\n")
  await write(
    'src/server/main.ts',
    "import { fileURLToPath } from 'node:url'\nimport { greeting } from '#shared/greeting.ts'\n" +
      'console.log(JSON.stringify({ greeting, file: fileURLToPath(import.meta.url) }))\n',
  )
})

afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true })
})

describe('compiling the server when its sources changed', () => {
  it('compiles on the first start, and runs as JavaScript with each module seeing its own source location', async () => {
    expect(await serverBuildIsFresh(where())).toBe(false)
    expect(await buildServerIfStale(quiet, where())).toBe(true)
    expect(JSON.parse(await runBuilt())).toEqual({ greeting: 'hello', file: path.join(root, 'src/server/main.ts') })
    // the source map names the TypeScript
    const map = JSON.parse(await fs.readFile(`${serverEntry(where())}.map`, 'utf8')) as { sources: string[] }
    expect(map.sources.map((source) => path.resolve(path.dirname(serverEntry(where())), source))).toEqual(
      expect.arrayContaining([path.join(root, 'src/server/main.ts'), path.join(root, 'src/shared/greeting.ts')]),
    )
  })

  it('skips when nothing changed, or when only a file the server does not import appears', async () => {
    await buildServerIfStale(quiet, where())
    const built = await fs.stat(serverEntry(where()))
    await write('src/server/unused.ts', 'export const unused = 1\n')
    await write('src/server/main.test.ts', 'export {}\n')
    const lines: string[] = []
    expect(await buildServerIfStale((line) => lines.push(line), where())).toBe(false)
    expect(lines).toEqual([])
    expect((await fs.stat(serverEntry(where()))).mtimeMs).toBe(built.mtimeMs)
  })

  it('rebuilds when an imported source changes (an edit, a git pull), and runs the new code', async () => {
    await buildServerIfStale(quiet, where())
    await write('src/shared/greeting.ts', "export const greeting: string = 'hello again'\n")
    const lines: string[] = []
    expect(await buildServerIfStale((line) => lines.push(line), where())).toBe(true)
    expect(lines).toEqual(['compiling the server (sources changed since the last build)'])
    expect(JSON.parse(await runBuilt())).toMatchObject({ greeting: 'hello again' })
  })

  it('rebuilds when the dependencies change, when an imported source is gone, or when the bundle is missing', async () => {
    await buildServerIfStale(quiet, where())
    await write('package-lock.json', '{"lockfileVersion":3,"packages":{}}')
    expect(await serverBuildIsFresh(where())).toBe(false)
    await buildServerIfStale(quiet, where())

    await fs.rm(path.join(root, 'src/shared/greeting.ts'))
    expect(await serverBuildIsFresh(where())).toBe(false)
    await write('src/shared/greeting.ts', "export const greeting: string = 'hello'\n")
    expect(await serverBuildIsFresh(where())).toBe(true)

    await fs.rm(serverEntry(where()))
    expect(await serverBuildIsFresh(where())).toBe(false)
  })
})

describe('the source maps', () => {
  it("map Hearth's own frames to their TypeScript line and leave a bundled package's frames in the bundle", async () => {
    await write('node_modules/dep/package.json', JSON.stringify({ name: 'dep', type: 'module', exports: './index.js' }))
    await write('node_modules/dep/index.js', 'export function fail(why) {\n  throw new Error(why)\n}\n')
    await write(
      'src/server/main.ts',
      "import { greeting } from '#shared/greeting.ts'\nimport { fail } from 'dep'\n\ntry {\n  fail(greeting)\n} catch (error) {\n  console.log((error as Error).stack)\n}\n",
    )
    await buildServerIfStale(quiet, where())
    const { stdout } = await run(process.execPath, ['--enable-source-maps', serverEntry(where())])
    const [thrown, caller] = stdout.split('\n').filter((line) => line.trim().startsWith('at '))
    // the package's frame names the bundle: not the package's file, nor greeting.ts, whose code precedes it there
    expect(thrown).toContain(serverEntry(where()))
    expect(caller).toContain(`${path.join(root, 'src/server/main.ts')}:5:`)
    const map = JSON.parse(await fs.readFile(`${serverEntry(where())}.map`, 'utf8')) as { sources: string[] }
    expect(map.sources.filter((source) => source.includes('node_modules'))).toEqual([])
  })
})

describe('the compiled server stays ASCII', () => {
  it('refuses a build with a character outside ASCII, which esbuild leaves in a regular expression, and takes its escape', async () => {
    await write('src/shared/greeting.ts', "export const greeting: string = 'hello'\nexport const ENDS = /[.\u2026]$/u\n")
    await write('src/server/main.ts', "import { ENDS, greeting } from '#shared/greeting.ts'\nconsole.log(ENDS.test(greeting))\n")
    await expect(buildServerIfStale(quiet, where())).rejects.toThrow(/outside ASCII.*\\u escape/)
    await write('src/shared/greeting.ts', "export const greeting: string = 'hello'\nexport const ENDS = /[.\\u2026]$/u\n")
    await buildServerIfStale(quiet, where())
    expect(await runBuilt()).toBe('false')
  })
})
