import fs from 'node:fs/promises'
import path from 'node:path'
import type { Locale } from '#shared/locales.ts'
import { runToEnd } from '#server/media/process-launcher.ts'
import { TranslationError, type Translator } from './translator.ts'

/** Where Debian's `apertium` package puts the program, and where each installed pair (`apertium-eng-spa`) puts its modes. */
export const APERTIUM_BINARY = '/usr/bin/apertium'
export const APERTIUM_MODES_DIR = '/usr/share/apertium/modes'

/** A language's names in Apertium's modes: newer pairs use ISO 639-3 (`eng-spa`), older ones ISO 639-1 (`fr-es`). */
const APERTIUM_CODES: Record<string, readonly string[]> = {
  en: ['eng', 'en'],
  es: ['spa', 'es'],
  fr: ['fra', 'fr'],
  de: ['deu', 'de'],
  pt: ['por', 'pt'],
  ar: ['ara', 'ar'],
}

/** The modes installed (`eng-spa`, `spa-eng`, ...); none when the folder is missing. */
export async function installedApertiumModes(modesDir = APERTIUM_MODES_DIR): Promise<Set<string>> {
  const files = await fs.readdir(modesDir).catch(() => [] as string[])
  return new Set(files.filter((file) => file.endsWith('.mode')).map((file) => file.slice(0, -'.mode'.length)))
}

/** The installed mode that translates `from` into `to`, or null when no pair does. */
export function apertiumMode(modes: ReadonlySet<string>, from: string, to: string): string | null {
  for (const source of APERTIUM_CODES[from] ?? []) {
    for (const target of APERTIUM_CODES[to] ?? []) {
      if (modes.has(`${source}-${target}`)) return `${source}-${target}`
    }
  }
  return null
}

export type ApertiumOptions = {
  binary?: string
  /** the pairs' modes found at start-up (`installedApertiumModes`) */
  modes: ReadonlySet<string>
  /** where the transcript is written for the program to read */
  tmpDir: string
  /** per translation; default 30 s */
  timeoutMs?: number
}

/**
 * Debian's Apertium (decision 228): offline, rule-based, one pair a package (`apertium-eng-spa` gives English ⇄
 * Spanish). Its translations are rough, word for word with some grammar, and marked so. Runs as a child process at the
 * media priority, from the process launcher, reading the transcript from a file (the launcher passes no input).
 */
export function createApertiumTranslator(options: ApertiumOptions): Translator {
  const binary = options.binary ?? APERTIUM_BINARY
  const timeoutMs = options.timeoutMs ?? 30_000
  return {
    name: 'apertium',
    rough: true,
    canTranslate: (from: string, to: Locale) => apertiumMode(options.modes, from, to) !== null,
    async translate({ text, from, to, signal }) {
      const mode = apertiumMode(options.modes, from, to)
      if (!mode) throw new TranslationError(`no Apertium pair from ${from} to ${to} is installed`)
      await fs.mkdir(options.tmpDir, { recursive: true })
      const work = await fs.mkdtemp(path.join(options.tmpDir, 'translate-'))
      try {
        const input = path.join(work, 'transcript.txt')
        await fs.writeFile(input, text)
        // -u: unknown words as they are, without Apertium's `*` before each
        const result = await runToEnd(binary, ['-u', mode, input], { timeoutMs, signal, stdout: true }).catch((error: Error) => {
          throw new TranslationError(`could not run apertium (${binary}): ${error.message}`)
        })
        if (result.killedBecause) throw new TranslationError(`apertium ${mode} was stopped (${result.killedBecause})`)
        if (result.code !== 0)
          throw new TranslationError(`apertium ${mode} exited with code ${result.code}: ${result.stderr.trim().slice(0, 300)}`)
        const translated = result.stdout.replace(/\s+/g, ' ').trim()
        if (!translated) throw new TranslationError(`apertium ${mode} answered nothing`)
        return translated
      } finally {
        await fs.rm(work, { recursive: true, force: true })
      }
    },
  }
}
