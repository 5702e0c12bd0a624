import fs from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The shared speech clips with known text (`../shared/fixtures/speech` beside the checkout, DESIGN.md
 * section 6). Read in place, never copied into the project; tests skip when they are not there.
 */
export const SPEECH_FIXTURES_DIR = fileURLToPath(new URL('../../../../shared/fixtures/speech/', import.meta.url))

/** The clip's path, or null when the shared folder or the clip is missing. */
export function speechFixture(file: string): string | null {
  const clip = `${SPEECH_FIXTURES_DIR}${file}`
  return fs.existsSync(clip) ? clip : null
}
