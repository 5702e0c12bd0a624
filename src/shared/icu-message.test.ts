import { describe, expect, it } from 'vitest'
import { icuSignature, parseIcu } from './icu-message.ts'

describe('ICU messages', () => {
  it('reads arguments, plurals with their branches and #, and quoted braces', () => {
    const message = "{name} has {count, plural, =0 {no messages} one {# message} other {# messages}} for you '{'really'}' isn''t it"
    expect(icuSignature(message)).toEqual(['{count, plural} with other', '{name}'])
    expect(parseIcu(message).at(-1)).toEqual({ type: 'text', value: " for you {really} isn't it" })
  })

  it('notices a branch or an argument lost in translation, and a brace left open', () => {
    expect(icuSignature('{count, plural, one {# mensaje}}')).toEqual(['{count, plural} WITHOUT other'])
    expect(icuSignature('{n, number} {when, date, short} {kind, select, a {x {inner}} other {y}}')).toEqual([
      '{inner}',
      '{kind, select} with other',
      '{n, number}',
      '{when, date}',
    ])
    expect(() => parseIcu('Hello {name')).toThrow()
    expect(() => parseIcu('Hello }')).toThrow()
  })
})
