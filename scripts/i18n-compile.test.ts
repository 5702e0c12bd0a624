import { parse } from '@formatjs/icu-messageformat-parser'
import { createIntl } from '@formatjs/intl'
import { describe, expect, it } from 'vitest'
import { compileCatalogue, compileSource } from './i18n-compile.ts'

const ast = (message: string) => JSON.stringify(parse(message))
const PLURAL = '{count, plural, one {# new message} other {# new messages}} from {name}'

describe("the web build's compiled messages (decision 229)", () => {
  it("writes each defaultMessage as its AST, in an object, a JSX attribute's string or braces, and leaves the rest", () => {
    const source = [
      `const A = defineMessages({ hi: { id: 'home.hi', defaultMessage: 'Hi {name}', description: 'kept' } })`,
      `const B = <FormattedMessage id="home.count" defaultMessage="${PLURAL}" />`,
      `const C = <FormattedMessage id={'home.c'} defaultMessage={\`It's <b>here</b>\`} />`,
    ].join('\n')
    expect(compileSource(source, 'home.tsx')).toBe(
      [
        `const A = defineMessages({ hi: { id: 'home.hi', defaultMessage: ${ast('Hi {name}')}, description: 'kept' } })`,
        `const B = <FormattedMessage id="home.count" defaultMessage={${ast(PLURAL)}} />`,
        `const C = <FormattedMessage id={'home.c'} defaultMessage={${ast("It's <b>here</b>")}} />`,
      ].join('\n'),
    )
    expect(compileSource(`const word = 'defaultMessage'`, 'a.ts')).toBeNull()
  })

  it('makes what the parser makes at run time: the same text in every language', () => {
    const compiled = JSON.parse(ast(PLURAL)) as ReturnType<typeof parse>
    for (const locale of ['en', 'ar'])
      for (const count of [1, 2, 11]) {
        const say = (messages: Record<string, string> | Record<string, typeof compiled>) =>
          createIntl({ locale, messages }).formatMessage({ id: 'm' }, { count, name: 'Ana' })
        expect(say({ m: compiled })).toBe(say({ m: PLURAL }))
      }
  })

  it('refuses a message it cannot compile, saying where', () => {
    expect(() => compileSource(`const m = { id: 'a.b', defaultMessage: TEXT }`, 'src/web/a.ts')).toThrow(
      "src/web/a.ts:1: a message's id and defaultMessage must be plain strings",
    )
    expect(() => compileSource(`\nconst m = { id: 'a.b', defaultMessage: 'Hi {name' }`, 'src/web/a.ts')).toThrow(
      'src/web/a.ts:2: "Hi {name" is not ICU MessageFormat',
    )
  })

  it("compiles a catalogue's every message, and refuses one that does not parse", () => {
    expect(JSON.parse(compileCatalogue(JSON.stringify({ 'a.b': 'Hola {name}', 'a.c': 'Listo' }), 'es.json'))).toEqual({
      'a.b': parse('Hola {name}'),
      'a.c': [{ type: 0, value: 'Listo' }],
    })
    expect(() => compileCatalogue(JSON.stringify({ 'a.b': '{count, plural, one {#}}' }), 'es.json')).toThrow('es.json: a.b:')
  })
})
