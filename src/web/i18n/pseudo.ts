import { parseIcu, printIcu } from '#shared/icu-message.ts'

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i] as string,
  ]),
)

/** One English message in the pseudo-locale: each Latin letter of its text accented, arguments kept, the whole bracketed. */
export function pseudoLocalize(message: string): string {
  const accented = printIcu(parseIcu(message), (text) => text.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c))
  return `[${accented}]`
}

/** The pseudo-locale's catalogue, made from the English one. */
export function pseudoCatalogue(english: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(english).map(([id, message]) => [id, pseudoLocalize(message)]))
}
