import { ArrowLeft, Flame, Mic, PartyPopper, Users } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { ONBOARDING_STEPS } from '#shared/limits.ts'
import type { Profile } from '#shared/profile.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent } from '#web/components/ui/card.tsx'
import { FieldError, Input, Label, Textarea } from '#web/components/ui/input.tsx'
import { useUpdateProfileMutation } from '#web/features/profile/queries.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { cn } from '#web/lib/utils.ts'
import { parseInviteEmails } from './invite-emails.ts'

function Dots({ step }: { step: number }) {
  return (
    <div role="img" aria-label={`Step ${step} of ${ONBOARDING_STEPS}`} className="flex justify-center gap-2">
      {Array.from({ length: ONBOARDING_STEPS }, (_, i) => (
        <span key={i} className={cn('h-2 rounded-full transition-all', i + 1 === step ? 'w-6 bg-primary' : i + 1 < step ? 'w-2 bg-primary/60' : 'w-2 bg-border')} />
      ))}
    </div>
  )
}

function StepIcon({ icon: Icon }: { icon: typeof Flame }) {
  return (
    <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-accent text-accent-foreground">
      <Icon className="size-7" aria-hidden />
    </span>
  )
}

/** The five onboarding steps, shown until the profile's onboarding_completed is true. */
export function OnboardingWizard({ profile }: { profile: Profile }) {
  usePageMeta({ title: 'Welcome to Hearth' })
  const [step, setStep] = useState(1)
  const [name, setName] = useState(profile.full_name ?? profile.name)
  const [emails, setEmails] = useState('')
  const [emailError, setEmailError] = useState<string>()
  const update = useUpdateProfileMutation()

  const saveName = () =>
    update.mutate({ full_name: name.trim() }, { onSuccess: () => setStep(3), onError: (e) => toast.error('Update Failed', { description: e.message }) })

  const keepInvites = () => {
    const parsed = parseInviteEmails(emails)
    if (parsed.invalid.length) {
      setEmailError(`Not an email address: ${parsed.invalid.join(', ')}`)
      return
    }
    // Sending is wired by the invitations work; the addresses are checked here and the wizard moves on.
    setEmailError(undefined)
    setStep(5)
  }

  const finish = () =>
    update.mutate({ onboarding_completed: true }, { onError: (e) => toast.error('Update Failed', { description: e.message }) })

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 py-10">
      <Dots step={step} />
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col gap-5 p-6 text-center sm:p-8">
          {step > 1 && step < 5 && (
            <Button variant="ghost" size="sm" className="-mt-2 -ml-2 w-fit" onClick={() => setStep(step - 1)}>
              <ArrowLeft aria-hidden /> Back
            </Button>
          )}
          {step === 1 && (
            <>
              <StepIcon icon={Flame} />
              <h1 className="text-2xl font-semibold">Welcome to Hearth</h1>
              <p className="text-muted-foreground">
                A calm place for voice messages with the 5 to 10 people closest to you. No feeds, no followers, no rush.
              </p>
              <Button size="lg" onClick={() => setStep(2)}>
                Get Started
              </Button>
            </>
          )}
          {step === 2 && (
            <form
              className="flex flex-col gap-5"
              onSubmit={(e) => {
                e.preventDefault()
                if (name.trim()) saveName()
              }}
            >
              <h1 className="text-2xl font-semibold">What should we call you?</h1>
              <p className="text-muted-foreground">This is the name your friends will see.</p>
              <div className="flex flex-col gap-1.5 text-left">
                <Label htmlFor="onboarding-name">Your name</Label>
                <Input id="onboarding-name" value={name} autoComplete="name" onChange={(e) => setName(e.target.value)} />
              </div>
              <Button type="submit" size="lg" disabled={!name.trim() || update.isPending}>
                {update.isPending ? 'Processing...' : 'Continue'}
              </Button>
            </form>
          )}
          {step === 3 && (
            <>
              <StepIcon icon={Mic} />
              <h1 className="text-2xl font-semibold">Record a welcome message</h1>
              <p className="text-muted-foreground">
                A short hello of 1 to 2 minutes in your own voice, so friends know an invitation really comes from you. You can record it
                any time from Settings.
              </p>
              <Button size="lg" variant="outline" onClick={() => setStep(4)}>
                Skip for now
              </Button>
            </>
          )}
          {step === 4 && (
            <>
              <StepIcon icon={Users} />
              <h1 className="text-2xl font-semibold">Invite your closest friends</h1>
              <p className="text-muted-foreground">Start with 3 to 5 people. One email address per line.</p>
              <div className="flex flex-col gap-1.5 text-left">
                <Label htmlFor="onboarding-emails">Email addresses</Label>
                <Textarea
                  id="onboarding-emails"
                  value={emails}
                  placeholder={'maya@example.com\nsam@example.com'}
                  aria-invalid={Boolean(emailError)}
                  aria-describedby={emailError ? 'onboarding-emails-error' : undefined}
                  onChange={(e) => setEmails(e.target.value)}
                />
                <FieldError id="onboarding-emails-error">{emailError}</FieldError>
              </div>
              <div className="flex flex-col gap-2">
                <Button size="lg" disabled={!emails.trim()} onClick={keepInvites}>
                  Send Invites
                </Button>
                <Button size="lg" variant="outline" onClick={() => setStep(5)}>
                  Skip for now
                </Button>
              </div>
            </>
          )}
          {step === 5 && (
            <>
              <StepIcon icon={PartyPopper} />
              <h1 className="text-2xl font-semibold">You're all set!</h1>
              <p className="text-muted-foreground">Your circle starts with one voice message. Take your time.</p>
              <Button size="lg" disabled={update.isPending} onClick={finish}>
                {update.isPending ? 'Processing...' : 'Start using Hearth'}
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </main>
  )
}
