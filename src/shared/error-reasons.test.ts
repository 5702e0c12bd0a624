import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { API_ERROR_TEXTS } from '#shared/api-error.ts'
import { INVITATION_TEXTS } from '#shared/invitations.ts'
import { PROFILE_TEXTS } from '#shared/profile.ts'
import { ERROR_REASONS, reasonOf } from './error-reasons.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

const sources = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))

/** Every `*_TEXTS` table of `#shared`, by its name. */
async function sharedTexts(): Promise<Map<string, Record<string, unknown>>> {
  const tables = new Map<string, Record<string, unknown>>()
  for (const file of sources('src/shared')) {
    const module = (await import(file)) as Record<string, unknown>
    for (const [name, value] of Object.entries(module))
      if (name.endsWith('_TEXTS') && typeof value === 'object' && value !== null) tables.set(name, value as Record<string, unknown>)
  }
  return tables
}

describe('error reasons', () => {
  it('name a refusal by its group and key, and tell its English words back', () => {
    expect(reasonOf(INVITATION_TEXTS.used)).toBe('error.invitations.used')
    expect(ERROR_REASONS['error.invitations.used']).toBe(INVITATION_TEXTS.used)
    expect(reasonOf(API_ERROR_TEXTS.storageUnavailable)).toBe('error.api.storageUnavailable')
    // the same words in two groups are one refusal, named by the first group
    expect(reasonOf(PROFILE_TEXTS.notFound)).toBe('error.nudges.profileNotFound')
    expect(Object.values(ERROR_REASONS).filter((text) => text === PROFILE_TEXTS.notFound)).toHaveLength(1)
  })

  it('leave out words built from a request, and screen labels the server never answers with', () => {
    expect(reasonOf(`id: ${INVITATION_TEXTS.used}`)).toBeUndefined()
    expect(reasonOf('Cancel')).toBeUndefined()
  })

  it('hold every shared text the server (or a schema it validates with) names', async () => {
    const tables = await sharedTexts()
    const named = new Set<string>()
    for (const file of [...sources('src/server'), ...sources('src/shared')]) {
      for (const [, table, key] of fs.readFileSync(file, 'utf8').matchAll(/\b([A-Z_]+_TEXTS)\.([a-zA-Z]+)\b/g)) {
        const text = table && key ? tables.get(table)?.[key] : undefined
        if (typeof text === 'string' && reasonOf(text) === undefined) named.add(`${table}.${key} in ${path.relative(root, file)}`)
      }
    }
    expect([...named], 'add these to GROUPS in src/shared/error-reasons.ts').toEqual([])
  })
})
