import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The shared speech clips with known text (`../shared/fixtures/speech` beside the checkout; docs/testing.md). Read in
 * place, never copied into the project; tests skip when they are not there. A test helper: only tests, benches and
 * scripts import it (lint holds it).
 */
export const SPEECH_FIXTURES_DIR = fileURLToPath(new URL('../../../../shared/fixtures/speech/', import.meta.url))

/** The clip's path, or null when the shared folder or the clip is missing. */
export function speechFixture(file: string): string | null {
  const clip = `${SPEECH_FIXTURES_DIR}${file}`
  return fs.existsSync(clip) ? clip : null
}

/**
 * The shared clip when it is there, else the same words spoken by Debian's espeak-ng into a temporary WAV
 * (the shared clips were made that way too), else null when neither is available.
 */
export function speechFixtureOrSpoken(file: string, text: string): string | null {
  const shared = speechFixture(file)
  if (shared) return shared
  try {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-spoken-')), file.replace(/\.\w+$/, '.wav'))
    execFileSync('espeak-ng', ['-v', 'en-us', '-s', '160', '-w', out, text], { stdio: 'ignore' })
    return out
  } catch {
    return null
  }
}
