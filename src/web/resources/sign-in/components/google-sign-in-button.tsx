import { FormattedMessage, useIntl } from 'react-intl'
import { useKnownText } from '#web/i18n/known-texts.ts'
import { useState } from 'react'
import { toast } from '#web/lib/toast.ts'
import { Button } from '#web/components/ui/button.tsx'
import { authClient } from '#web/lib/auth-client.ts'
import { errorMessage } from '#web/lib/errors.ts'
import { GOOGLE_ERROR_FALLBACK, googleReturnUrls } from '../auth-errors.ts'

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-5">
      <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3 .6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z" />
    </svg>
  )
}

/** Starts the Google (OpenID Connect) redirect; Better Auth brings the browser back to /auth. */
export function GoogleSignInButton({
  inviteToken,
  next,
  disabled,
}: {
  inviteToken: string | null
  next?: string | null
  disabled?: boolean
}) {
  const [redirecting, setRedirecting] = useState(false)
  const intl = useIntl()
  const known = useKnownText()
  const failed = intl.formatMessage({ id: 'auth.google.failed', defaultMessage: 'Google sign-in failed' })

  const start = async () => {
    setRedirecting(true)
    try {
      const { error } = await authClient.signIn.social({ provider: 'google', ...googleReturnUrls(inviteToken, next) })
      if (error) {
        toast.error(failed, { description: known(error.message || GOOGLE_ERROR_FALLBACK) })
        setRedirecting(false)
      }
      // On success the browser is already leaving for Google.
    } catch (error) {
      toast.error(failed, { description: known(errorMessage(error, GOOGLE_ERROR_FALLBACK)) })
      setRedirecting(false)
    }
  }

  return (
    <Button variant="outline" className="w-full" disabled={disabled || redirecting} onClick={() => void start()}>
      <GoogleMark />
      <FormattedMessage id="auth.google.continue" defaultMessage="Continue with Google" />
    </Button>
  )
}
