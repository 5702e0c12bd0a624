import fs from 'node:fs'
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { Plugin } from 'vite'
import { messagesInSource } from './i18n-catalogues.ts'

/**
 * The web app's messages compiled to ASTs when it is built (decision 229), so the browser formats them without the
 * ICU parser, which is most of FormatJS's weight: the app ships with `@formatjs/icu-messageformat-parser` swapped for
 * its `no-parser` build. The server (`@formatjs/intl` in Node) parses at run time as before.
 */

/** One message's AST, the very one intl-messageformat makes of the text at run time; throws, saying where, on bad ICU. */
function compile(message: string, where: string): MessageFormatElement[] {
  try {
    return parse(message)
  } catch (error) {
    throw new Error(`${where}: ${JSON.stringify(message)} is not ICU MessageFormat (${(error as Error).message})`, { cause: error })
  }
}

/** A catalogue's JSON text (`{ "id": "ICU text" }`) as the JSON of its messages' ASTs. */
export function compileCatalogue(json: string, where: string): string {
  const catalogue = JSON.parse(json) as Record<string, string>
  return JSON.stringify(Object.fromEntries(Object.entries(catalogue).map(([id, message]) => [id, compile(message, `${where}: ${id}`)])))
}

/**
 * A source file with each message's `defaultMessage` written as its AST (`defaultMessage="Hi"` becomes
 * `defaultMessage={[…]}`), or null when it holds none. Throws on a message whose id or English is not a plain string:
 * that one could not be compiled, and would reach the browser as text it cannot format.
 */
export function compileSource(code: string, file: string): string | null {
  if (!code.includes('defaultMessage')) return null
  const messages = messagesInSource(file, code)
  if (messages.length === 0) return null
  let out = ''
  let done = 0
  for (const { defaultMessage, id, where, start, end, attribute } of messages.toSorted((a, b) => a.start - b.start)) {
    if (id === undefined || defaultMessage === undefined)
      throw new Error(`${where}: a message's id and defaultMessage must be plain strings`)
    const ast = JSON.stringify(compile(defaultMessage, where))
    out += code.slice(done, start) + (attribute ? `{${ast}}` : ast)
    done = end
  }
  return out + code.slice(done)
}

/**
 * The catalogues imported as `./messages/<locale>.json?ast` (src/web/i18n/messages.ts): their ASTs instead of their
 * texts. Used by the build, the dev server and the web unit tests alike (vitest.config.ts), so the app has one kind of
 * catalogue everywhere.
 */
export function compiledCatalogues(): Plugin {
  return {
    name: 'hearth-compiled-catalogues',
    enforce: 'pre',
    load(id) {
      const [file, query = ''] = id.split('?')
      if (!file?.endsWith('.json') || !new URLSearchParams(query).has('ast')) return null
      // a module of its own making, not JSON, so Vite's JSON plugin leaves it alone
      return {
        code: `export default JSON.parse(${JSON.stringify(compileCatalogue(fs.readFileSync(file, 'utf8'), file))})`,
        moduleType: 'js',
      }
    },
  }
}

/**
 * In the build only: the code's messages compiled in place, and the parser left out of the bundle. The dev server and
 * the unit tests keep the texts and the parser, which format them the same.
 */
export function compiledMessagesInCode(): Plugin {
  return {
    name: 'hearth-compiled-messages-in-code',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }],
      },
    }),
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.includes('/node_modules/')) return null
      const compiled = compileSource(code, id)
      // the build makes no source maps (vite.config.ts)
      return compiled === null ? null : { code: compiled, map: null }
    },
  }
}
