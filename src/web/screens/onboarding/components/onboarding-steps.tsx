import { Flame, Mic, PartyPopper, UserRound, Users } from 'lucide-react'
import { useId, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { toast } from '#web/lib/toast.ts'
import { MAX_ACTIVE_CONTACTS } from '#shared/limits.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Field, FieldDescription, FieldError, fieldAria } from '#web/components/ui/field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { useSendEmailInvitationMutation } from '#web/resources/invitations/queries.ts'
import { useErrorMessage } from '#web/lib/errors.ts'
import { parseInviteEmails } from '../invite-emails.ts'
import { WelcomeRecorder } from '#web/resources/welcome-messages/components/welcome-recorder.tsx'
import { StepHeading } from './step-layout.tsx'

export function WelcomeStep({ onNext }: { onNext: () => void }) {
  const intl = useIntl()
  return (
    <>
      <StepHeading icon={Flame} title={intl.formatMessage({ id: 'onboarding.welcome.title', defaultMessage: 'Welcome to Hearth' })}>
        <p>
          <FormattedMessage
            id="onboarding.welcome.intro"
            defaultMessage="A calm place for voice messages with the 5 to 10 people closest to you."
          />
        </p>
        <p>
          <FormattedMessage
            id="onboarding.welcome.noRush"
            defaultMessage="No feeds, no followers, no rush. Let's set up your corner in a minute."
          />
        </p>
      </StepHeading>
      <Button size="lg" className="w-full" onClick={onNext}>
        <FormattedMessage id="onboarding.welcome.start" defaultMessage="Get Started" />
      </Button>
    </>
  )
}

export function NameStep({ initialName, saving, onSave }: { initialName: string; saving: boolean; onSave: (name: string) => void }) {
  const intl = useIntl()
  const [name, setName] = useState(initialName)
  const id = useId()
  const hintId = `${id}-hint`
  const trimmed = name.trim()
  return (
    <form
      className="flex flex-col gap-6"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (trimmed && !saving) onSave(trimmed)
      }}
    >
      <StepHeading icon={UserRound} title={intl.formatMessage({ id: 'onboarding.name.title', defaultMessage: 'What should we call you?' })}>
        <p>
          <FormattedMessage
            id="onboarding.name.intro"
            defaultMessage="This is the name your friends see on your messages and your profile."
          />
        </p>
      </StepHeading>
      <Field>
        <Label htmlFor={id}>
          <FormattedMessage id="onboarding.name.label" defaultMessage="Your name" />
        </Label>
        <Input
          autoComplete="name"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
          {...fieldAria(id, undefined, hintId)}
        />
        <FieldDescription id={hintId}>
          <FormattedMessage id="onboarding.name.hint" defaultMessage="You can change it later in Settings." />
        </FieldDescription>
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={!trimmed || saving}>
        {saving ? (
          <FormattedMessage id="common.processing" defaultMessage="Processing..." />
        ) : (
          <FormattedMessage id="onboarding.continue" defaultMessage="Continue" />
        )}
      </Button>
    </form>
  )
}

export function WelcomeMessageStep({ onNext }: { onNext: () => void }) {
  const intl = useIntl()
  const [saved, setSaved] = useState(false)
  return (
    <>
      <StepHeading
        icon={Mic}
        title={intl.formatMessage({ id: 'onboarding.welcomeMessage.title', defaultMessage: 'Record a welcome message' })}
      >
        <p>
          <FormattedMessage
            id="onboarding.welcomeMessage.intro"
            defaultMessage="A short hello of 1 to 2 minutes in your own voice. It plays on your profile and with your invitations, so friends know an invite really comes from you."
          />
        </p>
        <p>
          <FormattedMessage
            id="onboarding.welcomeMessage.transcript"
            defaultMessage="Hearth shows a transcript of it next to the recording."
          />
        </p>
      </StepHeading>
      <div className="flex flex-col gap-2">
        <WelcomeRecorder onSaved={() => setSaved(true)} />
        {saved && (
          <Button size="lg" className="w-full" onClick={onNext}>
            <FormattedMessage id="onboarding.continue" defaultMessage="Continue" />
          </Button>
        )}
        <Button size="lg" variant="ghost" className="w-full" onClick={onNext}>
          <FormattedMessage id="onboarding.skip" defaultMessage="Skip for now" />
        </Button>
      </div>
    </>
  )
}

/**
 * Step 4: one e-mail invitation per address, each carrying the welcome message of step 3 (decision 53). Invalid lines
 * are named and nothing is sent; duplicates go once; addresses whose invitation failed stay in the box.
 */
export function InviteStep({ initialEmails, onNext }: { initialEmails: string[]; onNext: (emails: string[]) => void }) {
  const intl = useIntl()
  const errorMessage = useErrorMessage()
  // "a, b, c": a list of addresses, with the language's own separator
  const addressList = (emails: string[]) => intl.formatList(emails, { type: 'unit', style: 'short' })
  const [text, setText] = useState(initialEmails.join('\n'))
  const [error, setError] = useState<string | undefined>()
  const send = useSendEmailInvitationMutation()
  const [sending, setSending] = useState(false)
  const id = useId()
  const hintId = `${id}-hint`

  const sendAll = async (emails: string[]) => {
    setSending(true)
    const failed: { email: string; reason: string }[] = []
    for (const email of emails) {
      try {
        await send.mutateAsync({ email, use_welcome_message: true })
      } catch (failure) {
        failed.push({
          email,
          reason: errorMessage(failure, intl.formatMessage({ id: 'onboarding.invite.tryAgain', defaultMessage: 'Please try again' })),
        })
      }
    }
    setSending(false)
    if (failed.length === 0) {
      toast.success(intl.formatMessage({ id: 'onboarding.invite.sent', defaultMessage: 'Invitation sent!' }), {
        description:
          emails.length === 1
            ? intl.formatMessage({ id: 'onboarding.invite.sent.one', defaultMessage: 'We e-mailed {email}.' }, { email: emails[0] })
            : intl.formatMessage(
                {
                  id: 'onboarding.invite.sent.many',
                  defaultMessage: '{count, plural, one {We e-mailed # person.} other {We e-mailed # people.}}',
                },
                { count: emails.length },
              ),
      })
      onNext(emails)
      return
    }
    setText(failed.map((f) => f.email).join('\n'))
    setError(
      intl.formatMessage(
        { id: 'onboarding.invite.notSent', defaultMessage: 'Not sent to {emails}: {reason}' },
        { emails: addressList(failed.map((f) => f.email)), reason: failed[0]?.reason ?? '' },
      ),
    )
    toast.error(intl.formatMessage({ id: 'onboarding.invite.sendFailed', defaultMessage: 'Failed to send invitation' }), {
      description: failed[0]?.reason,
    })
  }

  const submit = () => {
    const { valid, invalid } = parseInviteEmails(text)
    if (invalid.length > 0) {
      setError(
        intl.formatMessage(
          {
            id: 'onboarding.invite.invalid',
            defaultMessage:
              '{count, plural, one {This is not an email address: {addresses}} other {These are not email addresses: {addresses}}}',
          },
          { count: invalid.length, addresses: addressList(invalid) },
        ),
      )
      return
    }
    if (valid.length > MAX_ACTIVE_CONTACTS) {
      setError(
        intl.formatMessage(
          { id: 'onboarding.invite.tooMany', defaultMessage: 'A circle holds at most {max} people. Start with your closest 3 to 5.' },
          { max: MAX_ACTIVE_CONTACTS },
        ),
      )
      return
    }
    setError(undefined)
    void sendAll(valid)
  }

  return (
    <form
      className="flex flex-col gap-6"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (text.trim()) submit()
      }}
    >
      <StepHeading
        icon={Users}
        title={intl.formatMessage({ id: 'onboarding.invite.title', defaultMessage: 'Invite your closest friends' })}
      >
        <p>
          <FormattedMessage
            id="onboarding.invite.intro"
            defaultMessage="Hearth works best with a small circle. Start with the 3 to 5 people you most want to hear from."
          />
        </p>
      </StepHeading>
      <Field>
        <Label htmlFor={id}>
          <FormattedMessage id="onboarding.invite.label" defaultMessage="Email addresses" />
        </Label>
        <Textarea
          rows={4}
          spellCheck={false}
          autoCapitalize="off"
          placeholder={intl.formatMessage({ id: 'onboarding.invite.placeholder', defaultMessage: 'maya@example.com\nsam@example.com' })}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            if (error) setError(undefined)
          }}
          {...fieldAria(id, error, hintId)}
        />
        <FieldDescription id={hintId}>
          <FormattedMessage id="onboarding.invite.hint" defaultMessage="One email address per line." />
        </FieldDescription>
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </Field>
      <div className="flex flex-col gap-2">
        <Button type="submit" size="lg" className="w-full" disabled={!text.trim() || sending}>
          {sending ? (
            <FormattedMessage id="onboarding.invite.sending" defaultMessage="Sending..." />
          ) : (
            <FormattedMessage id="onboarding.invite.send" defaultMessage="Send Invites" />
          )}
        </Button>
        <Button size="lg" variant="ghost" className="w-full" onClick={() => onNext([])} disabled={sending}>
          <FormattedMessage id="onboarding.skip" defaultMessage="Skip for now" />
        </Button>
      </div>
    </form>
  )
}

export function DoneStep({ saving, onFinish }: { saving: boolean; onFinish: () => void }) {
  const intl = useIntl()
  return (
    <>
      <StepHeading icon={PartyPopper} title={intl.formatMessage({ id: 'onboarding.done.title', defaultMessage: "You're all set!" })}>
        <p>
          <FormattedMessage
            id="onboarding.done.intro"
            defaultMessage="Your circle starts with a single voice message. Take your time; nobody is in a hurry here."
          />
        </p>
      </StepHeading>
      <Button size="lg" className="w-full" disabled={saving} onClick={onFinish}>
        {saving ? (
          <FormattedMessage id="common.processing" defaultMessage="Processing..." />
        ) : (
          <FormattedMessage id="onboarding.done.start" defaultMessage="Start using Hearth" />
        )}
      </Button>
    </>
  )
}
