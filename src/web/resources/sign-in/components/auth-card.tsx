import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl'
import { isLocale } from '#shared/locales.ts'
import { useKnownText } from '#web/i18n/known-texts.ts'
import { zodResolver } from '#web/lib/zod-form.ts'
import { MailCheck } from 'lucide-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm, useWatch, type Resolver } from 'react-hook-form'
import { useNavigate, useSearchParams } from 'react-router'
import { toast } from '#web/lib/toast.ts'
import { ACCOUNT_DISABLED_PARAM, ACCOUNT_DISABLED_TEXT } from '#shared/admin-texts.ts'
import { resetRequestFormSchema, signInFormSchema, signUpFormSchema } from '#shared/auth-forms.ts'
import { HearthLogo } from '#web/components/wordmark.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Field, FieldError, fieldAria } from '#web/components/ui/field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { usePublicConfigQuery } from '#web/resources/config/queries.ts'
import { authClient } from '#web/lib/auth-client.ts'
import { SESSION_QUERY_KEY } from '#web/lib/use-auth.ts'
import { cn } from '#web/lib/utils.ts'
import { afterSignInPath, authErrorMessage, emailConfirmedUrl } from '../auth-errors.ts'
import { GoogleSignInButton } from './google-sign-in-button.tsx'

export type AuthMode = 'sign-in' | 'sign-up' | 'reset-password'
type AuthFormValues = { fullName: string; email: string; password: string }

const MODE_TEXT: Record<AuthMode, { title: MessageDescriptor; description: MessageDescriptor; submit: MessageDescriptor }> = {
  'sign-in': defineMessages({
    title: { id: 'auth.signIn.title', defaultMessage: 'Welcome back' },
    description: { id: 'auth.signIn.description', defaultMessage: 'Sign in to hear from the people closest to you.' },
    submit: { id: 'auth.signIn.submit', defaultMessage: 'Sign In' },
  }),
  'sign-up': defineMessages({
    title: { id: 'auth.signUp.title', defaultMessage: 'Create your account' },
    description: { id: 'auth.signUp.description', defaultMessage: 'A calm place for the voices you love.' },
    submit: { id: 'auth.signUp.submit', defaultMessage: 'Sign Up' },
  }),
  'reset-password': defineMessages({
    title: { id: 'auth.reset.title', defaultMessage: 'Reset your password' },
    description: { id: 'auth.reset.description', defaultMessage: "Enter your email and we'll send you a link to choose a new one." },
    submit: { id: 'auth.reset.submit', defaultMessage: 'Send Reset Link' },
  }),
}

// One form for the three modes; the validation follows the current mode (react-hook-form reads the newest resolver).
const RESOLVERS: Record<AuthMode, Resolver<AuthFormValues>> = {
  'sign-in': zodResolver(signInFormSchema) as unknown as Resolver<AuthFormValues>,
  'sign-up': zodResolver(signUpFormSchema) as unknown as Resolver<AuthFormValues>,
  'reset-password': zodResolver(resetRequestFormSchema) as unknown as Resolver<AuthFormValues>,
}

type Notice = { tone: 'info' | 'success'; text: string; mailbox: boolean }

type AuthCardProps = {
  /** `full`: the card of /auth with the Hearth heading and tagline. `embedded`: the card alone (landing page). */
  variant?: 'full' | 'embedded'
  /** The mode to open in (sign-in unless a page asks for another, e.g. after an expired reset link). */
  initialMode?: AuthMode
  /**
   * The address an e-mail invitation was sent to (the invite_token's): filled in, and signing up with it needs no
   * confirmation mail, as the server checks (decision 118).
   */
  invitedEmail?: string
  /** An address to fill in, known from the link that led here (a confirmation link used already or expired). */
  knownEmail?: string
  className?: string
}

/** Sign in, sign up and the password-reset request, as one card. */
export function AuthCard({ variant = 'full', initialMode = 'sign-in', invitedEmail, knownEmail, className }: AuthCardProps) {
  const [params] = useSearchParams()
  const inviteToken = params.get('invite_token') || null
  const next = params.get('next')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const intl = useIntl()
  const known = useKnownText()
  const authError = intl.formatMessage({ id: 'auth.error.title', defaultMessage: 'Authentication Error' })
  const config = usePublicConfigQuery()
  const [chosenMode, setMode] = useState<AuthMode>(initialMode)
  // a first sign-in is no return: after signing up in this card, or from a confirmation link's landing (decision 212)
  const [newcomer, setNewcomer] = useState(() => params.has('verified'))
  // by invitation only, a sign-up without an invitation's token could only fail: the card says how to join instead
  const invitationOnly = config.data?.signUpMode === 'invitation' && !inviteToken
  const mode = invitationOnly && chosenMode === 'sign-up' ? 'sign-in' : chosenMode
  const [notice, setNotice] = useState<Notice | null>(() => {
    if (params.has('verified') && !params.has('error'))
      return {
        tone: 'success',
        text: intl.formatMessage({ id: 'auth.notice.confirmed', defaultMessage: 'Your email is confirmed. You can sign in now.' }),
        mailbox: false,
      }
    // an open tab signed out because the owner disabled the account: the words a refused sign-in gets (decision 211)
    if (params.has(ACCOUNT_DISABLED_PARAM)) return { tone: 'info', text: known(ACCOUNT_DISABLED_TEXT), mailbox: false }
    return null
  })
  const form = useForm<AuthFormValues>({
    resolver: RESOLVERS[mode],
    defaultValues: { fullName: '', email: invitedEmail ?? knownEmail ?? '', password: '' },
  })
  const { errors, isSubmitting } = form.formState
  const text = MODE_TEXT[mode]
  const idPrefix = `auth-${variant}`
  const mailboxEnabled = config.data?.devMailboxEnabled === true
  const typedEmail = useWatch({ control: form.control, name: 'email' })
  const invitedAddressKept = Boolean(invitedEmail) && typedEmail.trim().toLowerCase() === invitedEmail?.toLowerCase()

  const switchMode = (next: AuthMode) => {
    form.clearErrors()
    setNotice(null)
    setMode(next)
  }

  const onSubmit = form.handleSubmit(async ({ fullName, email, password }) => {
    setNotice(null)
    if (mode === 'sign-in') {
      const { error } = await authClient.signIn.email({ email: email.trim(), password })
      if (error) {
        toast.error(authError, { description: known(authErrorMessage(error)) })
        if (error.code === 'EMAIL_NOT_VERIFIED')
          setNotice({
            tone: 'info',
            text: intl.formatMessage(
              { id: 'auth.notice.newConfirmation', defaultMessage: 'We sent a new confirmation link to {email}.' },
              { email: email.trim() },
            ),
            mailbox: true,
          })
        return
      }
      // a newcomer is greeted by onboarding (or the invitation's screen) rather than welcomed back
      if (!newcomer)
        toast.success(intl.formatMessage({ id: 'auth.toast.welcomeBack', defaultMessage: 'Welcome back!' }), {
          description: intl.formatMessage({ id: 'auth.toast.welcomeBackBody', defaultMessage: "You've successfully signed in to Hearth." }),
        })
      // the session is there before the next screen asks for it
      await queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY })
      navigate(afterSignInPath(inviteToken, next), { replace: true })
      return
    }
    if (mode === 'sign-up') {
      const { data, error } = await authClient.signUp.email({
        name: fullName.trim(),
        email: email.trim(),
        password,
        callbackURL: emailConfirmedUrl(inviteToken, next),
        // the server counts the address as confirmed when this is an e-mail invitation's token for it (decision 118)
        ...(inviteToken ? { inviteToken } : {}),
        // the language this person reads on screen, kept with the new account for its mails (decision 221)
        ...(isLocale(intl.locale) ? { language: intl.locale } : {}),
      })
      if (error) {
        toast.error(authError, { description: known(authErrorMessage(error)) })
        return
      }
      if (data?.token) {
        // signed in already: the invitation's mail proved the address
        toast.success(intl.formatMessage({ id: 'auth.toast.welcome', defaultMessage: 'Welcome to Hearth!' }), {
          description: intl.formatMessage({ id: 'auth.toast.ready', defaultMessage: 'Your account is ready.' }),
        })
        await queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY })
        navigate(afterSignInPath(inviteToken, next), { replace: true })
        return
      }
      toast.success(intl.formatMessage({ id: 'auth.toast.welcome', defaultMessage: 'Welcome to Hearth!' }), {
        description: intl.formatMessage({
          id: 'auth.toast.checkEmail',
          defaultMessage: 'Please check your email to confirm your account.',
        }),
      })
      setNewcomer(true)
      form.resetField('password')
      setMode('sign-in')
      setNotice({
        tone: 'info',
        text: intl.formatMessage(
          { id: 'auth.notice.confirmationSent', defaultMessage: 'We sent a confirmation link to {email}. Open it, then sign in here.' },
          { email: email.trim() },
        ),
        mailbox: true,
      })
      return
    }
    const { error } = await authClient.requestPasswordReset({ email: email.trim(), redirectTo: '/auth/reset-password' })
    if (error) {
      toast.error(authError, { description: known(authErrorMessage(error)) })
      return
    }
    toast.success(intl.formatMessage({ id: 'auth.toast.resetSent', defaultMessage: 'Password Reset Sent' }), {
      description: intl.formatMessage({
        id: 'auth.toast.resetSentBody',
        defaultMessage: 'Check your email for password reset instructions.',
      }),
    })
    setMode('sign-in')
    setNotice({
      tone: 'info',
      text: intl.formatMessage(
        { id: 'auth.notice.resetSent', defaultMessage: 'If {email} has a Hearth account, a reset link is on its way.' },
        { email: email.trim() },
      ),
      mailbox: true,
    })
  })

  const errorText = (name: keyof AuthFormValues) => known(errors[name]?.message)

  return (
    <Card
      data-variant={variant}
      className={cn('w-full max-w-md gap-6', variant === 'embedded' ? 'shadow-lg shadow-primary/5' : 'shadow-md', className)}
    >
      <CardHeader className={cn(variant === 'full' && 'items-center text-center')}>
        {variant === 'full' && (
          <div className="mb-3 flex flex-col items-center gap-3">
            <HearthLogo className="size-12 rounded-2xl" />
            <h1 className="text-3xl font-semibold tracking-tight">Hearth</h1>
            <p className="max-w-xs text-sm text-balance text-muted-foreground">
              <FormattedMessage id="auth.tagline" defaultMessage="Meaningful voice messages. Asynchronous and calm. Private by design." />
            </p>
            <div aria-hidden className="mt-2 h-px w-full bg-border" />
          </div>
        )}
        <CardTitle className={cn(variant === 'full' && 'text-lg')}>
          <FormattedMessage {...text.title} />
        </CardTitle>
        <CardDescription>
          <FormattedMessage {...text.description} />
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {notice && (
          <div
            role="status"
            className={cn(
              'flex gap-3 rounded-xl border px-4 py-3 text-sm',
              notice.tone === 'success' ? 'border-primary/25 bg-accent text-accent-foreground' : 'bg-muted text-foreground',
            )}
          >
            <MailCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
            <div className="flex flex-col gap-1">
              <p>{notice.text}</p>
              {notice.mailbox && mailboxEnabled && (
                <a
                  href="/dev/mailbox"
                  target="_blank"
                  rel="noopener"
                  className="w-fit font-medium text-primary-strong underline underline-offset-4"
                >
                  <FormattedMessage id="auth.mailbox" defaultMessage="Open the local mailbox" />
                </a>
              )}
            </div>
          </div>
        )}
        <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          {mode === 'sign-up' && (
            <Field>
              <Label htmlFor={`${idPrefix}-full-name`}>
                <FormattedMessage id="auth.field.fullName" defaultMessage="Full name" />
              </Label>
              <Input autoComplete="name" {...fieldAria(`${idPrefix}-full-name`, errorText('fullName'))} {...form.register('fullName')} />
              <FieldError id={`${idPrefix}-full-name-error`}>{errorText('fullName')}</FieldError>
            </Field>
          )}
          <Field>
            <Label htmlFor={`${idPrefix}-email`}>
              <FormattedMessage id="auth.field.email" defaultMessage="Email" />
            </Label>
            <Input
              type="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              {...fieldAria(
                `${idPrefix}-email`,
                errorText('email'),
                mode === 'sign-up' && invitedAddressKept ? `${idPrefix}-email-hint` : undefined,
              )}
              {...form.register('email')}
            />
            {mode === 'sign-up' && invitedAddressKept && (
              <p id={`${idPrefix}-email-hint`} className="text-sm text-muted-foreground">
                <FormattedMessage
                  id="auth.field.email.invited"
                  defaultMessage="Your invitation came to this address, so there is nothing to confirm."
                />
              </p>
            )}
            <FieldError id={`${idPrefix}-email-error`}>{errorText('email')}</FieldError>
          </Field>
          {mode !== 'reset-password' && (
            <Field>
              <Label htmlFor={`${idPrefix}-password`}>
                <FormattedMessage id="auth.field.password" defaultMessage="Password" />
              </Label>
              <Input
                type="password"
                autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
                {...fieldAria(`${idPrefix}-password`, errorText('password'))}
                {...form.register('password')}
              />
              <FieldError id={`${idPrefix}-password-error`}>{errorText('password')}</FieldError>
            </Field>
          )}
          <Button type="submit" size="lg" className="mt-1 w-full" disabled={isSubmitting}>
            {isSubmitting ? (
              <FormattedMessage id="common.processing" defaultMessage="Processing..." />
            ) : (
              <FormattedMessage {...text.submit} />
            )}
          </Button>
        </form>

        {mode !== 'reset-password' && config.data?.googleSignInEnabled && (
          <>
            <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
              <span className="h-px flex-1 bg-border" />
              <FormattedMessage id="auth.or" defaultMessage="or" />
              <span className="h-px flex-1 bg-border" />
            </div>
            <GoogleSignInButton inviteToken={inviteToken} next={next} disabled={isSubmitting} />
          </>
        )}

        <div className="-mb-2 flex flex-col items-center">
          {mode === 'sign-in' && (
            <>
              <Button variant="link" size="sm" onClick={() => switchMode('reset-password')}>
                <FormattedMessage id="auth.forgot" defaultMessage="Forgot your password?" />
              </Button>
              {invitationOnly ? (
                <div data-slot="invitation-only" className="mt-2 flex flex-col gap-1 rounded-xl bg-muted px-4 py-3 text-center text-sm">
                  <p className="font-medium">
                    <FormattedMessage id="auth.invitationOnly.title" defaultMessage="By invitation only" />
                  </p>
                  <p className="text-muted-foreground">
                    <FormattedMessage
                      id="auth.invitationOnly.body"
                      defaultMessage="This Hearth takes new people by invitation. If someone here invited you, open the link they sent."
                    />
                  </p>
                </div>
              ) : (
                <Button variant="link" size="sm" onClick={() => switchMode('sign-up')}>
                  <FormattedMessage id="auth.toSignUp" defaultMessage="Don't have an account? Sign up" />
                </Button>
              )}
            </>
          )}
          {mode === 'sign-up' && (
            <Button variant="link" size="sm" onClick={() => switchMode('sign-in')}>
              <FormattedMessage id="auth.toSignIn" defaultMessage="Already have an account? Sign in" />
            </Button>
          )}
          {mode === 'reset-password' && (
            <Button variant="link" size="sm" onClick={() => switchMode('sign-in')}>
              <FormattedMessage id="auth.backToSignIn" defaultMessage="Back to sign in" />
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  )
}
