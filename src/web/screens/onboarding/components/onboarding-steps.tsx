import { Flame, Mic, PartyPopper, UserRound, Users } from 'lucide-react'
import { useId, useState } from 'react'
import { toast } from '#web/lib/toast.ts'
import { INVITATION_TEXTS } from '#shared/invitations.ts'
import { MAX_ACTIVE_CONTACTS } from '#shared/limits.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Field, FieldDescription, FieldError, fieldAria } from '#web/components/ui/field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { useSendEmailInvitationMutation } from '#web/resources/invitations/queries.ts'
import { parseInviteEmails } from '../invite-emails.ts'
import { WelcomeRecorder } from '#web/resources/welcome-messages/components/welcome-recorder.tsx'
import { StepHeading } from './step-layout.tsx'

export function WelcomeStep({ onNext }: { onNext: () => void }) {
  return (
    <>
      <StepHeading icon={Flame} title="Welcome to Hearth">
        <p>A calm place for voice messages with the 5 to 10 people closest to you.</p>
        <p>No feeds, no followers, no rush. Let's set up your corner in a minute.</p>
      </StepHeading>
      <Button size="lg" className="w-full" onClick={onNext}>
        Get Started
      </Button>
    </>
  )
}

export function NameStep({ initialName, saving, onSave }: { initialName: string; saving: boolean; onSave: (name: string) => void }) {
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
      <StepHeading icon={UserRound} title="What should we call you?">
        <p>This is the name your friends see on your messages and your profile.</p>
      </StepHeading>
      <Field>
        <Label htmlFor={id}>Your name</Label>
        <Input
          autoComplete="name"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
          {...fieldAria(id, undefined, hintId)}
        />
        <FieldDescription id={hintId}>You can change it later in Settings.</FieldDescription>
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={!trimmed || saving}>
        {saving ? 'Processing...' : 'Continue'}
      </Button>
    </form>
  )
}

export function WelcomeMessageStep({ onNext }: { onNext: () => void }) {
  const [saved, setSaved] = useState(false)
  return (
    <>
      <StepHeading icon={Mic} title="Record a welcome message">
        <p>
          A short hello of 1 to 2 minutes in your own voice. It plays on your profile and with your invitations, so friends know an invite
          really comes from you.
        </p>
        <p>Hearth shows a transcript of it next to the recording.</p>
      </StepHeading>
      <div className="flex flex-col gap-2">
        <WelcomeRecorder onSaved={() => setSaved(true)} />
        {saved && (
          <Button size="lg" className="w-full" onClick={onNext}>
            Continue
          </Button>
        )}
        <Button size="lg" variant="ghost" className="w-full" onClick={onNext}>
          Skip for now
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
        failed.push({ email, reason: failure instanceof Error ? failure.message : 'Please try again' })
      }
    }
    setSending(false)
    if (failed.length === 0) {
      toast.success(INVITATION_TEXTS.onboardingSent, {
        description: emails.length === 1 ? `We e-mailed ${emails[0]}.` : `We e-mailed ${emails.length} people.`,
      })
      onNext(emails)
      return
    }
    setText(failed.map((f) => f.email).join('\n'))
    setError(`Not sent to ${failed.map((f) => f.email).join(', ')}: ${failed[0]?.reason ?? ''}`)
    toast.error(INVITATION_TEXTS.sendFailed, { description: failed[0]?.reason })
  }

  const submit = () => {
    const { valid, invalid } = parseInviteEmails(text)
    if (invalid.length > 0) {
      setError(
        invalid.length === 1 ? `This is not an email address: ${invalid[0]}` : `These are not email addresses: ${invalid.join(', ')}`,
      )
      return
    }
    if (valid.length > MAX_ACTIVE_CONTACTS) {
      setError(`A circle holds at most ${MAX_ACTIVE_CONTACTS} people. Start with your closest 3 to 5.`)
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
      <StepHeading icon={Users} title="Invite your closest friends">
        <p>Hearth works best with a small circle. Start with the 3 to 5 people you most want to hear from.</p>
      </StepHeading>
      <Field>
        <Label htmlFor={id}>Email addresses</Label>
        <Textarea
          rows={4}
          spellCheck={false}
          autoCapitalize="off"
          placeholder={'maya@example.com\nsam@example.com'}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            if (error) setError(undefined)
          }}
          {...fieldAria(id, error, hintId)}
        />
        <FieldDescription id={hintId}>One email address per line.</FieldDescription>
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </Field>
      <div className="flex flex-col gap-2">
        <Button type="submit" size="lg" className="w-full" disabled={!text.trim() || sending}>
          {sending ? 'Sending...' : 'Send Invites'}
        </Button>
        <Button size="lg" variant="ghost" className="w-full" onClick={() => onNext([])} disabled={sending}>
          Skip for now
        </Button>
      </div>
    </form>
  )
}

export function DoneStep({ saving, onFinish }: { saving: boolean; onFinish: () => void }) {
  return (
    <>
      <StepHeading icon={PartyPopper} title="You're all set!">
        <p>Your circle starts with a single voice message. Take your time; nobody is in a hurry here.</p>
      </StepHeading>
      <Button size="lg" className="w-full" disabled={saving} onClick={onFinish}>
        {saving ? 'Processing...' : 'Start using Hearth'}
      </Button>
    </>
  )
}
