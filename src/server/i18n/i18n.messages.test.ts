import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '#shared/locales.ts'
import { EMOTION_LABELS } from '#server/speech/analysis/emotion-lexicon.ts'
import { TOPIC_LABELS } from '#server/speech/analysis/topic-map.ts'
import { intlOf, SERVER_CATALOGUES } from './i18n.ts'
import * as groups from './messages.ts'

const en = SERVER_CATALOGUES.en
const inCode = Object.values(groups).flatMap((group) => Object.values(group))
/** the analysis labels a new-message mail names, keyed by the analyzer's own English label */
const labels: [string, string][] = [
  ...EMOTION_LABELS.map((l): [string, string] => [`analysis.emotion.${l}`, l]),
  ...TOPIC_LABELS.map((l): [string, string] => [`analysis.topic.${l}`, l]),
]

/** The argument names of an ICU message, and whether each plural or select in it has its `other` branch. */
function argumentsOf(message: string): { names: string[]; branchesComplete: boolean } {
  const names = [...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((m) => m[1] ?? '')
  const choices = [...message.matchAll(/\{\s*[A-Za-z_]\w*\s*,\s*(?:plural|select)\s*,/g)].length
  const others = [...message.matchAll(/(?:^|[\s}])other\s*\{/g)].length
  return { names: [...new Set(names)].sort(), branchesComplete: others >= choices }
}

describe("the server's catalogues (decision 222)", () => {
  it("holds every message of the code in en.json, with the code's English as it is", () => {
    for (const message of inCode) expect({ id: message.id, text: en[message.id] }).toEqual({ id: message.id, text: message.defaultMessage })
    for (const [id, label] of labels) expect({ id, text: en[id] }).toEqual({ id, text: label })
  })

  it('holds nothing in en.json that the code does not use', () => {
    const used = new Set([...inCode.map((m) => m.id), ...labels.map(([id]) => id)])
    expect(Object.keys(en).filter((id) => !used.has(id))).toEqual([])
  })

  it('keeps every message id of the server in messages.ts: no text is formatted from an id written elsewhere', () => {
    const stray: string[] = []
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(file)
        else if (file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith(path.join('i18n', 'messages.ts'))) {
          const source = fs.readFileSync(file, 'utf8')
          if (/formatMessage\(\s*\{\s*id:\s*['"]/.test(source) || /\bdefaultMessage:\s*['"]/.test(source)) stray.push(file)
        }
      }
    }
    walk(path.join(import.meta.dirname, '..'))
    expect(stray).toEqual([])
  })

  it.each(LOCALES.filter((l) => l !== 'en'))('translates every message into %s, with the same arguments and plural branches', (locale) => {
    const catalogue = SERVER_CATALOGUES[locale]
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort())
    for (const [id, english] of Object.entries(en)) {
      const translated = catalogue[id] ?? ''
      expect({ id, ...argumentsOf(translated) }).toEqual({ id, ...argumentsOf(english), branchesComplete: true })
      // each translation formats (ICU syntax)
      expect(() => intlOf(locale).formatMessage({ id }, { count: 2, days: 7, settings: (c: string[]) => c.join('') })).not.toThrow()
    }
  })

  it('writes counts with the plural rules of the language (Arabic has a form for two)', () => {
    const subject = groups.MAIL_MESSAGES.newMessagesSubject
    expect(intlOf('en').formatMessage(subject, { count: 1, senderName: 'Ada' })).toBe('New voice message from Ada')
    expect(intlOf('en').formatMessage(subject, { count: 3, senderName: 'Ada' })).toBe('3 new voice messages from Ada')
    expect(intlOf('es').formatMessage(subject, { count: 3, senderName: 'Ada' })).toBe('3 mensajes de voz nuevos de Ada')
    expect(intlOf('ar').formatMessage(subject, { count: 2, senderName: 'Ada' })).toBe('رسالتان صوتيتان جديدتان من Ada')
  })
})
