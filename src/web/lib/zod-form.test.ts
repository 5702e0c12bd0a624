import { describe, expect, it } from 'vitest'
import { signUpFormSchema } from '#shared/auth-forms.ts'
import { profileUpdateSchema } from '#shared/profile.ts'
import { parseField, zodResolver } from './zod-form.ts'

// zod/mini alone would say 'Invalid input' for a rule without a text of ours; the server (classic zod) says these.
const TOO_LONG = 'Too big: expected string to have <=100 characters'

describe('zod-form: forms validate shared schemas with the messages the server gives', () => {
  it("parseField answers zod's English message for a rule without a text of ours", () => {
    expect(parseField(profileUpdateSchema.shape.name, 'x'.repeat(101))).toEqual({ error: TOO_LONG })
  })

  it('parseField keeps our own texts and answers the parsed value', () => {
    expect(parseField(profileUpdateSchema.shape.name, '   ')).toEqual({ error: 'Name must not be empty' })
    expect(parseField(profileUpdateSchema.shape.name, '  Ada Lovelace ')).toEqual({ data: 'Ada Lovelace' })
  })

  it('the resolver gives each field its first message', async () => {
    const resolve = zodResolver(signUpFormSchema)
    const result = await resolve({ fullName: 'x'.repeat(101), email: ' ', password: '123' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    })
    expect(result.errors.fullName?.message).toBe(TOO_LONG)
    expect(result.errors.email?.message).toBe('Email is required')
    expect(result.errors.password?.message).toBe('Password must be at least 6 characters long')
  })
})
