import { Copy, Link2, Mail, Send, Share2 } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '#web/lib/toast.ts'
import { INVITATION_TEXTS } from '#shared/invitations.ts'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx'
import { Field } from '#web/components/ui/field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { useUploadAudioMutation } from '#web/resources/recording/queries.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { useRecorder } from '#web/resources/recording/use-recorder.ts'
import { toastRecorderError } from '#web/resources/recording/components/recorder-states.tsx'
import { InviteRecorder } from './components/invite-recorder.tsx'
import { useCreateShareLinkMutation, useSendEmailInvitationMutation } from '#web/resources/invitations/queries.ts'

type Kind = 'email' | 'link'

const COPY = {
  email: {
    title: 'Send email invitation',
    intro: "We'll e-mail them a link to your voice message and to Hearth.",
    icon: Mail,
    action: 'Send invitation',
    busy: 'Sending...',
  },
  link: {
    title: 'Share invite link',
    intro: 'Make a personal link with your voice, to send however you like.',
    icon: Link2,
    action: 'Create link',
    busy: 'Creating...',
  },
} as const

/** 'Your invite link is ready!': Copy Link, the system share sheet where there is one, Done. */
function LinkReadyDialog({ url, onDone }: { url: string; onDone: () => void }) {
  const inputId = useId()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      toast.success(INVITATION_TEXTS.linkCopied)
    } catch {
      toast.error('Could not copy the link', { description: 'Select it and copy it by hand.' })
    }
  }
  const share = () => void navigator.share?.({ title: 'Join me on Hearth', url }).catch(() => undefined)
  return (
    <Dialog open onOpenChange={(open) => !open && onDone()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Your invite link is ready!</DialogTitle>
          <DialogDescription>Send it to them however you like. It works once and for 7 days.</DialogDescription>
        </DialogHeader>
        <Label htmlFor={inputId} className="sr-only">
          Invite link
        </Label>
        <Input id={inputId} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <DialogFooter className="gap-2 sm:gap-2">
          {typeof navigator.share === 'function' && (
            <Button variant="outline" onClick={share}>
              <Share2 aria-hidden />
              Share
            </Button>
          )}
          <Button variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden />
            Copy Link
          </Button>
          <Button onClick={onDone}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/**
 * /contacts/add/email and /contacts/add/link (docs/product/invitations.md): details, then the personal message (required),
 * then send. The recording is uploaded like a message's and the invitation consumes it.
 */
export function InviteFlowPage({ kind }: { kind: Kind }) {
  const copy = COPY[kind]
  usePageMeta({ title: `${copy.title} - Hearth` })
  const navigate = useNavigate()
  const [step, setStep] = useState<'details' | 'record'>('details')
  const [email, setEmail] = useState('')
  const [note, setNote] = useState('')
  const [name, setName] = useState('')
  const [shareUrl, setShareUrl] = useState<string | null>(null)
  const recorder = useRecorder({ onError: toastRecorderError })
  const upload = useUploadAudioMutation()
  const sendEmail = useSendEmailInvitationMutation()
  const createLink = useCreateShareLinkMutation()
  const busy = upload.isPending || sendEmail.isPending || createLink.isPending
  const ids = { email: useId(), note: useId(), name: useId() }
  const detailsReady = kind === 'email' ? email.trim() !== '' : name.trim() !== ''
  const Icon = copy.icon

  const next = (event: FormEvent) => {
    event.preventDefault()
    if (detailsReady) setStep('record')
  }

  const submit = async () => {
    if (!recorder.recording || busy) return
    try {
      const stored = await upload.mutateAsync({ blob: recorder.recording.blob })
      if (kind === 'email') {
        await sendEmail.mutateAsync({ email: email.trim(), upload_id: stored.upload_id, ...(note.trim() ? { note: note.trim() } : {}) })
        toast.success(INVITATION_TEXTS.sent, { description: `We e-mailed your invitation to ${email.trim()}.` })
        void navigate('/contacts/add')
      } else {
        const created = await createLink.mutateAsync({ recipient_name: name.trim(), upload_id: stored.upload_id })
        toast.success(INVITATION_TEXTS.linkCreated)
        setShareUrl(created.share_url)
      }
    } catch (error) {
      const description = error instanceof Error ? error.message : 'Please try again'
      toast.error(kind === 'email' ? INVITATION_TEXTS.sendFailed : INVITATION_TEXTS.linkFailed, { description })
    }
  }

  return (
    <PageLayout className="gap-6" header={<PageHeader back="/contacts/add" />}>
      <div className="flex items-start gap-3">
        <IconBadge className="shrink-0">
          <Icon aria-hidden />
        </IconBadge>
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{copy.title}</h1>
          <p className="text-muted-foreground">{copy.intro}</p>
        </div>
      </div>
      <p className="text-sm font-medium text-muted-foreground">Step {step === 'details' ? 1 : 2} of 2</p>

      {step === 'details' ? (
        <form onSubmit={next} className="flex flex-col gap-4 rounded-2xl border bg-card p-5 shadow-sm">
          {kind === 'email' ? (
            <>
              <Field>
                <Label htmlFor={ids.email}>Their e-mail</Label>
                <Input id={ids.email} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
              </Field>
              <Field>
                <Label htmlFor={ids.note}>A note (optional)</Label>
                <Textarea id={ids.note} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
              </Field>
            </>
          ) : (
            <Field>
              <Label htmlFor={ids.name}>Who is it for?</Label>
              <Input id={ids.name} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} required />
            </Field>
          )}
          <Button type="submit" size="lg" disabled={!detailsReady}>
            Next
          </Button>
        </form>
      ) : (
        <section aria-labelledby="record-heading" className="flex flex-col gap-4">
          <div className="flex flex-col gap-1">
            <h2 id="record-heading" className="text-lg font-semibold">
              Record a personal message
            </h2>
            <p className="text-sm text-muted-foreground">
              So {kind === 'email' ? email.trim() : name.trim()} knows this really comes from you. A minute or two is plenty.
            </p>
          </div>
          <InviteRecorder recorder={recorder} disabled={busy} />
          <div className="grid grid-cols-2 gap-2">
            <Button variant="outline" onClick={() => setStep('details')} disabled={busy || recorder.status === 'recording'}>
              Back
            </Button>
            <Button onClick={() => void submit()} disabled={!recorder.recording || recorder.status !== 'recorded' || busy}>
              <Send aria-hidden />
              {busy ? copy.busy : copy.action}
            </Button>
          </div>
        </section>
      )}
      {shareUrl && <LinkReadyDialog url={shareUrl} onDone={() => void navigate('/contacts/add')} />}
    </PageLayout>
  )
}

export const EmailInvitePage = () => <InviteFlowPage kind="email" />
export const LinkInvitePage = () => <InviteFlowPage kind="link" />
