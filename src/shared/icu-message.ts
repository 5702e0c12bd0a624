/**
 * Just enough of ICU MessageFormat (the syntax of every catalogue, decision 220) to check a translation against its
 * English source: literal text, `{arguments}`, `{n, plural|select|selectordinal, …}` with their branches, `#` inside
 * a plural, and the apostrophe quoting (`''` is an apostrophe, `'{'` a brace).
 */
export type IcuNode =
  | { type: 'text'; value: string }
  | { type: 'pound' }
  | { type: 'argument'; name: string; kind?: string; style?: string }
  | { type: 'choice'; name: string; kind: 'plural' | 'select' | 'selectordinal'; head: string; branches: [string, IcuNode[]][] }

const CHOICE_KINDS = new Set(['plural', 'select', 'selectordinal'])

/** Parses a message; throws on a brace left open or closed twice. */
export function parseIcu(message: string): IcuNode[] {
  let i = 0

  function nodes(inPlural: boolean): IcuNode[] {
    const out: IcuNode[] = []
    let text = ''
    const flush = () => {
      if (text) out.push({ type: 'text', value: text })
      text = ''
    }
    while (i < message.length) {
      const c = message[i] as string
      if (c === "'") {
        const next = message[i + 1]
        if (next === "'") {
          text += "'"
          i += 2
        } else if (next === '{' || next === '}' || (inPlural && next === '#')) {
          const end = message.indexOf("'", i + 1)
          const stop = end === -1 ? message.length : end
          text += message.slice(i + 1, stop).replaceAll("''", "'")
          i = stop + 1
        } else {
          text += c
          i += 1
        }
      } else if (c === '{') {
        flush()
        i += 1
        out.push(argument(inPlural))
      } else if (c === '}') {
        break
      } else if (c === '#' && inPlural) {
        flush()
        out.push({ type: 'pound' })
        i += 1
      } else {
        text += c
        i += 1
      }
    }
    flush()
    return out
  }

  function word(stops: string): string {
    const start = i
    while (i < message.length && !stops.includes(message[i] as string)) i += 1
    return message.slice(start, i).trim()
  }

  function expect(c: string) {
    if (message[i] !== c) throw new Error(`expected "${c}" at ${i} in: ${message}`)
    i += 1
  }

  function argument(inPlural: boolean): IcuNode {
    const name = word(',}')
    if (!name) throw new Error(`an argument without a name at ${i} in: ${message}`)
    if (message[i] === '}') {
      i += 1
      return { type: 'argument', name }
    }
    expect(',')
    const kind = word(',}')
    if (!CHOICE_KINDS.has(kind)) {
      let style: string | undefined
      if (message[i] === ',') {
        i += 1
        style = word('}')
      }
      expect('}')
      return { type: 'argument', name, kind, ...(style !== undefined && { style }) }
    }
    expect(',')
    const branches: [string, IcuNode[]][] = []
    let offset = ''
    for (;;) {
      while (/\s/.test(message[i] ?? '')) i += 1
      if (message[i] === '}') break
      const key = word('{ \t\n')
      if (!key) throw new Error(`a branch without a key at ${i} in: ${message}`)
      if (key.startsWith('offset:')) {
        offset = key
        continue
      }
      while (/\s/.test(message[i] ?? '')) i += 1
      expect('{')
      branches.push([key, nodes(kind !== 'select' || inPlural)])
      expect('}')
    }
    expect('}')
    return { type: 'choice', name, kind: kind as 'plural' | 'select' | 'selectordinal', head: offset, branches }
  }

  const result = nodes(false)
  if (i < message.length) throw new Error(`a "}" without its "{" at ${i} in: ${message}`)
  return result
}

/**
 * What a translation must keep of its source: each argument's name and kind, and for a plural or select that it has
 * an `other` branch. Sorted and without repeats, so two messages compare as two lists.
 */
export function icuSignature(message: string): string[] {
  const found = new Set<string>()
  const walk = (list: IcuNode[]) => {
    for (const node of list) {
      if (node.type === 'argument') found.add(`{${node.name}${node.kind ? `, ${node.kind}` : ''}}`)
      if (node.type === 'choice') {
        found.add(`{${node.name}, ${node.kind}}${node.branches.some(([key]) => key === 'other') ? ' with other' : ' WITHOUT other'}`)
        for (const [, branch] of node.branches) walk(branch)
      }
    }
  }
  walk(parseIcu(message))
  return [...found].sort()
}
