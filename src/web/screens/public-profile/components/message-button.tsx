import { MessageCircle } from 'lucide-react'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { FormattedMessage, useIntl } from 'react-intl'
import { toast } from '#web/lib/toast.ts'
import { Button, type ButtonProps } from '#web/components/ui/button.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useConnectMutation } from '#web/resources/contacts/queries.ts'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { logUnexpected, useErrorMessage } from '#web/lib/errors.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { signInToMessage } from '#web/resources/public-profiles/profile-links.ts'
import { rememberMessageIntent, takeMessageIntent } from '../message-intent.ts'

type MessageButtonProps = Omit<ButtonProps, 'onClick'> & { userId: string }

/**
 * The public profile's Message button. A visitor who is not signed in goes to /auth and comes back here after, where
 * the press they made is carried out (decision 212); a signed-in person gets (or finds) the relationship and lands in
 * the conversation (through onboarding first, for a new account).
 */
export function MessageButton({ userId, disabled, ...props }: MessageButtonProps) {
  const { user, loading } = useAuth()
  const navigate = useNavigate()
  const connect = useConnectMutation()
  const intl = useIntl()
  const errorMessage = useErrorMessage()

  const startConversation = () =>
    connect.mutate(userId, {
      onSuccess: ({ contact }) => navigate(`/contacts/${encodeURIComponent(contact.id)}`),
      onError: (error) => {
        // A full circle (409) has its own explanation from the server; anything else gets the catalogue's text.
        const fallback = intl.formatMessage({
          id: 'publicProfile.message.failed.body',
          defaultMessage: "We couldn't create a relationship with this user. Please try again.",
        })
        const description = isApiRequestError(error, 409) ? errorMessage(error, fallback) : fallback
        toast.error(intl.formatMessage({ id: 'publicProfile.message.failed', defaultMessage: 'Could not start message' }), { description })
        logUnexpected(error, 'connect failed')
      },
    })

  // back here signed in after pressing Message signed out: the press is carried out once
  const signedIn = Boolean(user)
  useEffect(() => {
    if (signedIn && takeMessageIntent(userId)) startConversation()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on signing in; the intent is read once
  }, [signedIn, userId])

  const onClick = () => {
    if (!user) {
      rememberMessageIntent(userId)
      const target = signInToMessage(userId)
      navigate(target.to, { state: target.state })
      return
    }
    startConversation()
  }

  return (
    <Button data-slot="message-button" disabled={disabled || loading || connect.isPending} onClick={onClick} {...props}>
      {connect.isPending ? (
        <Spinner label={intl.formatMessage({ id: 'publicProfile.message.starting', defaultMessage: 'Starting conversation' })} />
      ) : (
        <MessageCircle aria-hidden />
      )}
      <FormattedMessage id="publicProfile.message" defaultMessage="Message" />
    </Button>
  )
}
