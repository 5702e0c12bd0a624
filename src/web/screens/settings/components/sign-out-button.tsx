import { FormattedMessage } from 'react-intl'
import { LogOut } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '#web/components/ui/button.tsx'
import { logUnexpected } from '#web/lib/errors.ts'
import { useAuth } from '#web/lib/use-auth.ts'

/** Sign Out: ends this session and goes to /. */
export function SignOutButton() {
  const { signOut } = useAuth()
  const navigate = useNavigate()
  const [signingOut, setSigningOut] = useState(false)

  const onSignOut = async () => {
    setSigningOut(true)
    try {
      await signOut()
    } catch (error) {
      // Spec: sign-out errors are only logged, and the visitor goes home either way. The auth provider clears the
      // query cache as soon as the session has ended.
      logUnexpected(error, 'sign-out failed')
    }
    navigate('/', { replace: true })
  }

  return (
    <Button
      variant="outline"
      size="lg"
      className="w-full text-destructive-text hover:text-destructive-text"
      disabled={signingOut}
      onClick={() => void onSignOut()}
    >
      <LogOut aria-hidden />
      <FormattedMessage id="settings.signOut" defaultMessage="Sign Out" />
    </Button>
  )
}
