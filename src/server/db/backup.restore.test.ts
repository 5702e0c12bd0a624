import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { BackupError, backupDataDir, restoreDataDir } from './backup.ts'

// `npm run restore` meets archives it did not make: whatever one holds, it restores a Hearth backup or nothing, says
// why in one line, and leaves DATA_DIR as it was (decision 196). The crafted archives are made with the system's tar.
const run = promisify(execFile)
const root = fileURLToPath(new URL('../../..', import.meta.url))
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-restore-'))
afterAll(() => fs.rm(work, { recursive: true, force: true }))

let n = 0
/** A fresh folder under the test's own. */
const folder = async (name: string) => {
  const dir = path.join(work, `${name}-${++n}`)
  await fs.mkdir(dir, { recursive: true })
  return dir
}

/** An archive of what `fill` puts in a folder, by `tar --create --gzip` with `flags`, of `members` (all by default). */
async function craft(fill: (dir: string) => Promise<void>, { flags = [] as string[], members = [] as string[] } = {}) {
  const dir = await folder('crafted')
  await fill(dir)
  if (members.length === 0) members = (await fs.readdir(dir)).sort()
  const file = path.join(work, `crafted-${++n}.tar.gz`)
  await run('tar', ['--create', '--gzip', ...flags, `--file=${file}`, `--directory=${dir}`, ...members])
  return file
}

/** What a DATA_DIR of Hearth's holds. */
async function fillDataDir(dir: string, { manifest = false } = {}) {
  await fs.mkdir(path.join(dir, 'media', 'ab'), { recursive: true })
  await fs.mkdir(path.join(dir, 'outbox'), { recursive: true })
  await fs.writeFile(path.join(dir, 'secrets.json'), '{"postgresPassword":"secret"}\n', { mode: 0o600 })
  await fs.writeFile(path.join(dir, 'media', 'ab', 'recording.webm'), 'sound')
  await fs.writeFile(path.join(dir, 'outbox', 'mail.eml'), 'hello')
  if (manifest) await fs.writeFile(path.join(dir, 'hearth-backup.json'), '{"kind":"hearth-backup","version":1}\n')
}

/** Every path under `dir` with what it is: a file's content, a folder's mode, a link's target. */
async function tree(dir: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {}
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name)
    const stat = await fs.lstat(full)
    found[path.relative(dir, full)] = stat.isSymbolicLink()
      ? `link to ${await fs.readlink(full)}`
      : stat.isFile()
        ? await fs.readFile(full, 'utf8')
        : `mode ${(stat.mode & 0o7777).toString(8)}`
  }
  return found
}

/** A DATA_DIR that holds what a restore must leave alone: earlier backups. */
let dataDir: string
beforeEach(async () => {
  dataDir = await folder('data')
  await fs.mkdir(path.join(dataDir, 'backups'))
  await fs.writeFile(path.join(dataDir, 'backups', 'kept.txt'), 'kept')
})

describe('restoring a backup', () => {
  it('restores what backupDataDir wrote, manifest first, into a new DATA_DIR and into one holding backups', async () => {
    const source = await folder('source')
    await fillDataDir(source)
    const file = path.join(work, 'hearth-backup-now.tar.gz')
    await backupDataDir({ dataDir: source, file })
    const { stdout } = await run('tar', ['--list', '--gzip', `--file=${file}`])
    expect(stdout.split('\n')[0]).toBe('hearth-backup.json')

    const fresh = path.join(await folder('parent'), 'data')
    await restoreDataDir({ dataDir: fresh, file })
    expect(await tree(fresh)).toEqual(await tree(source))
    // nothing left beside it
    expect(await fs.readdir(path.dirname(fresh))).toEqual(['data'])

    await restoreDataDir({ dataDir, file })
    expect(await tree(dataDir)).toEqual({ ...(await tree(source)), backups: 'mode 755', 'backups/kept.txt': 'kept' })
  })

  it('restores a backup made before backups held a manifest (by its secrets.json)', async () => {
    const file = await craft((dir) => fillDataDir(dir), { members: ['secrets.json', 'media', 'outbox'] })
    await restoreDataDir({ dataDir, file })
    expect(await fs.readFile(path.join(dataDir, 'media', 'ab', 'recording.webm'), 'utf8')).toBe('sound')
  })

  const outside = path.join(work, 'outside')
  const refused: [string, () => Promise<string>, RegExp][] = [
    [
      'secrets.json as a link to /etc/hostname',
      () =>
        craft(
          async (dir) => (
            await fillDataDir(dir),
            await fs.rm(path.join(dir, 'secrets.json')),
            fs.symlink('/etc/hostname', path.join(dir, 'secrets.json'))
          ),
        ),
      /holds secrets\.json as a symbolic link: a Hearth backup holds only files and folders$/,
    ],
    [
      'media as a link to a folder outside DATA_DIR',
      () =>
        craft(async (dir) => {
          await fillDataDir(dir, { manifest: true })
          await fs.rm(path.join(dir, 'media'), { recursive: true })
          await fs.symlink(outside, path.join(dir, 'media'))
        }),
      /holds media as a symbolic link/,
    ],
    [
      'a hard link',
      () =>
        craft(
          async (dir) => (
            await fillDataDir(dir, { manifest: true }),
            fs.link(path.join(dir, 'secrets.json'), path.join(dir, 'media', 'ab', 'copy'))
          ),
        ),
      /holds (media\/ab\/copy|secrets\.json) as a hard link/,
    ],
    [
      'a setuid program',
      () =>
        craft(async (dir) => {
          await fillDataDir(dir, { manifest: true })
          await fs.writeFile(path.join(dir, 'media', 'tool'), '#!/bin/sh\n', { mode: 0o4755 })
          await fs.chmod(path.join(dir, 'media', 'tool'), 0o4755)
        }),
      /holds media\/tool with the setuid or setgid bit/,
    ],
    [
      'a setgid folder',
      () => craft(async (dir) => (await fillDataDir(dir, { manifest: true }), fs.chmod(path.join(dir, 'outbox'), 0o2755))),
      /holds outbox with the setuid or setgid bit/,
    ],
    [
      'a FIFO',
      () =>
        craft(async (dir) => (await fillDataDir(dir, { manifest: true }), void (await run('mkfifo', [path.join(dir, 'media', 'pipe')])))),
      /holds media\/pipe as a FIFO/,
    ],
    [
      'a path above DATA_DIR',
      () =>
        craft(async (dir) => (await fillDataDir(dir, { manifest: true }), fs.writeFile(path.join(dir, '..', 'escaped.txt'), 'x')), {
          flags: ['--absolute-names'],
          members: ['hearth-backup.json', 'secrets.json', '../escaped.txt'],
        }),
      /holds "\.\.\/escaped\.txt", a path not inside DATA_DIR/,
    ],
    [
      'an absolute path',
      () =>
        craft(async (dir) => fillDataDir(dir, { manifest: true }), {
          flags: ['--absolute-names'],
          members: ['secrets.json', path.join(work, 'outside-file')],
        }),
      /a path not inside DATA_DIR/,
    ],
    [
      'an archive of something else',
      () => craft(async (dir) => fs.writeFile(path.join(dir, 'notes.txt'), 'notes'), { members: ['notes.txt'] }),
      /is not a Hearth backup: it holds neither hearth-backup\.json nor secrets\.json$/,
    ],
    [
      'a manifest of something else',
      () => craft(async (dir) => (await fillDataDir(dir), fs.writeFile(path.join(dir, 'hearth-backup.json'), '{"kind":"other"}'))),
      /its hearth-backup\.json does not say it is one$/,
    ],
    [
      'a backup cut short',
      async () => {
        const whole = await craft(async (dir) => {
          await fillDataDir(dir, { manifest: true })
          await fs.writeFile(path.join(dir, 'media', 'big'), Buffer.alloc(256 * 1024, 7))
        })
        const bytes = await fs.readFile(whole)
        await fs.writeFile(whole, bytes.subarray(0, bytes.length - 200))
        return whole
      },
      /is not a Hearth backup: it (is not a whole gzip file|ends before its last member)/,
    ],
    [
      'a file that is not gzip',
      async () => (await fs.writeFile(path.join(work, 'plain.txt'), 'plain'), path.join(work, 'plain.txt')),
      /is not a Hearth backup: it is not a whole gzip file/,
    ],
  ]

  it.each(refused)('refuses %s in one line, and leaves DATA_DIR as it was', async (_what, make, reason) => {
    await fs.writeFile(path.join(work, 'outside-file'), 'outside')
    await fs.mkdir(outside, { recursive: true })
    const file = await make()
    const before = await tree(dataDir)
    const error = await restoreDataDir({ dataDir, file }).then(
      () => null,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(BackupError)
    expect((error as Error).message).toMatch(reason)
    expect((error as Error).message).not.toContain('\n')
    expect(await tree(dataDir)).toEqual(before)
    // into a DATA_DIR not there yet: none is made, nothing is left beside it
    const parent = await folder('parent')
    await expect(restoreDataDir({ dataDir: path.join(parent, 'data'), file })).rejects.toThrow(BackupError)
    expect(await fs.readdir(parent)).toEqual([])
    expect(await fs.readdir(outside)).toEqual([])
    expect(await fs.readFile(path.join(work, 'outside-file'), 'utf8')).toBe('outside')
  })

  it('npm run restore says what is wrong in one line, without a stack trace', async () => {
    const link = refused.find(([what]) => what.startsWith('secrets.json'))?.[1]
    const cut = refused.find(([what]) => what === 'a backup cut short')?.[1]
    for (const archive of [await link?.(), await cut?.()]) {
      if (!archive) throw new Error('no such case')
      const ran = await run(process.execPath, ['scripts/restore.ts', archive], {
        cwd: root,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir },
      }).then(
        () => ({ code: 0, output: '' }),
        (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
      )
      expect(ran.code).toBe(1)
      expect(ran.output).toMatch(
        /^\[hearth\] restore: .*is not a Hearth backup.*\n$|^\[hearth\] restore: .*a Hearth backup holds only files and folders\n$/,
      )
    }
  })
})
