import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i] as string,
  ]),
)

const accent = (text: string) => text.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c)

function accented(message: MessageFormatElement[]): MessageFormatElement[] {
  return message.map((element) => {
    switch (element.type) {
      case TYPE.literal:
        return { ...element, value: accent(element.value) }
      case TYPE.plural:
      case TYPE.select:
        return {
          ...element,
          options: Object.fromEntries(
            Object.entries(element.options).map(([key, branch]) => [key, { ...branch, value: accented(branch.value) }]),
          ),
        }
      case TYPE.tag:
        return { ...element, children: accented(element.children) }
      default:
        return element
    }
  })
}

/**
 * One English message in the pseudo-locale: each Latin letter of its text accented, arguments kept, the whole bracketed.
 * Messages come compiled (decision 229), so this rewrites the AST; neighbouring texts are joined into one, which
 * react-intl then gives out as it is.
 */
export function pseudoLocalize(message: MessageFormatElement[]): MessageFormatElement[] {
  const out: MessageFormatElement[] = []
  for (const element of [{ type: TYPE.literal, value: '[' }, ...accented(message), { type: TYPE.literal, value: ']' }] as const) {
    const last = out.at(-1)
    if (last?.type === TYPE.literal && element.type === TYPE.literal) out[out.length - 1] = { ...last, value: last.value + element.value }
    else out.push(element)
  }
  return out
}

/** The pseudo-locale's catalogue, made from the English one. */
export function pseudoCatalogue(english: Record<string, MessageFormatElement[]>): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(Object.entries(english).map(([id, message]) => [id, pseudoLocalize(message)]))
}
