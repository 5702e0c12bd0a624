import { z } from 'zod/mini'
import { FULL_NAME_REQUIRED, PASSWORD_TOO_SHORT, PASSWORDS_DO_NOT_MATCH } from './auth-forms-texts.ts'
import { PASSWORD_MIN_LENGTH } from './limits.ts'

const email = z.string().check(z.trim(), z.minLength(1, 'Email is required'), z.email('Enter a valid email address'))
const password = z.string().check(z.minLength(1, 'Password is required'), z.minLength(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT))

export const signInFormSchema = z.object({ email, password })
export const signUpFormSchema = z.object({
  fullName: z.string().check(z.trim(), z.minLength(1, FULL_NAME_REQUIRED), z.maxLength(100)),
  email,
  password,
})
export const resetRequestFormSchema = z.object({ email })
export const newPasswordFormSchema = z
  .object({
    password: z.string().check(z.minLength(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)),
    confirm: z.string(),
  })
  .check(z.refine((v) => v.password === v.confirm, { message: PASSWORDS_DO_NOT_MATCH, path: ['confirm'] }))

/** Settings' change of password: the current one is required; the new one follows the sign-up rule. */
export const changePasswordFormSchema = z
  .object({
    current: z.string().check(z.minLength(1, 'Enter your current password')),
    password: z.string().check(z.minLength(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)),
    confirm: z.string(),
  })
  .check(z.refine((v) => v.password === v.confirm, { message: PASSWORDS_DO_NOT_MATCH, path: ['confirm'] }))
