import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { icuSignature, parseIcu } from '#shared/icu-message.ts'
import { LOCALES } from '#shared/locales.ts'
import { CATALOGUE_ROOTS, expectedEnglish, messagesInCode, readCatalogue } from './i18n-catalogues.ts'

// The catalogue check (decision 220), over the web app's catalogues and the server's (when it has them).
describe.each(CATALOGUE_ROOTS.filter((catalogue) => fs.existsSync(catalogue.messages)))('the $name catalogues', (catalogue) => {
  const english = readCatalogue(path.join(catalogue.messages, 'en.json'))

  it("en.json holds each message of the code and of the shared lists (the server's error reasons), with their English", () => {
    expect(messagesInCode(catalogue.code).problems).toEqual([])
    const fromCode = expectedEnglish(catalogue)
    const differing = Object.entries(fromCode)
      .filter(([id, text]) => english[id] !== text)
      .map(([id, text]) => `${id}: code says ${JSON.stringify(text)}, en.json ${JSON.stringify(english[id])}`)
    expect(differing, 'run `node scripts/i18n-catalogues.ts` to write en.json from the code').toEqual([])
    // the web app's ids are all literal in the code or listed in `#shared`: an id only en.json has is left over
    if (catalogue.name === 'web') expect(Object.keys(english).filter((id) => !(id in fromCode))).toEqual([])
  })

  it('every English message parses', () => {
    const broken = Object.entries(english).flatMap(([id, text]) => {
      try {
        parseIcu(text)
        return []
      } catch (error) {
        return [`${id}: ${(error as Error).message}`]
      }
    })
    expect(broken).toEqual([])
  })

  describe.each(LOCALES.filter((locale) => locale !== 'en'))('%s', (locale) => {
    const file = path.join(catalogue.messages, `${locale}.json`)

    it('has exactly the messages en.json has', () => {
      const translated = readCatalogue(file)
      expect(
        Object.keys(translated).filter((id) => !(id in english)),
        'not in en.json',
      ).toEqual([])
      expect(
        Object.keys(english).filter((id) => !(id in translated)),
        'not translated',
      ).toEqual([])
    })

    it("keeps each message's arguments, and the other branch of each plural and select", () => {
      const translated = readCatalogue(file)
      const differing = Object.entries(translated).flatMap(([id, text]) => {
        const source = english[id]
        if (source === undefined) return []
        try {
          const [want, got] = [icuSignature(source), icuSignature(text)]
          return JSON.stringify(want) === JSON.stringify(got) ? [] : [`${id}: ${got.join(' ')} instead of ${want.join(' ')}`]
        } catch (error) {
          return [`${id}: ${(error as Error).message}`]
        }
      })
      expect(differing).toEqual([])
    })
  })
})
