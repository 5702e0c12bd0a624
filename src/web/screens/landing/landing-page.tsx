import { defineMessages, FormattedMessage, useIntl } from 'react-intl'
import { Hourglass, Mic, ShieldCheck, Sparkles } from 'lucide-react'
import { Avatar } from '#web/components/avatar.tsx'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { ThemeMenu } from '#web/components/theme-menu.tsx'
import { Wordmark } from '#web/components/wordmark.tsx'
import { AuthCard } from '#web/resources/sign-in/components/auth-card.tsx'
import { usePageMeta, type PageMeta } from '#web/lib/page-meta.ts'
import { pageColumnClass } from '#web/components/page-layout.tsx'
import { cn } from '#web/lib/utils.ts'

const FEATURES = [
  {
    key: 'voice',
    icon: Mic,
    ...defineMessages({
      title: { id: 'landing.feature.voice.title', defaultMessage: 'Voice-first messaging' },
      text: {
        id: 'landing.feature.voice.text',
        defaultMessage: 'Say it in your own voice: short messages that carry the warmth a text never could.',
      },
    }),
  },
  {
    key: 'private',
    icon: ShieldCheck,
    ...defineMessages({
      title: { id: 'landing.feature.private.title', defaultMessage: 'Private by design' },
      text: {
        id: 'landing.feature.private.text',
        defaultMessage: 'A circle of 5 to 10 close people. No feeds, no followers, no algorithms deciding what you see.',
      },
    }),
  },
  {
    key: 'calm',
    icon: Hourglass,
    ...defineMessages({
      title: { id: 'landing.feature.calm.title', defaultMessage: 'Asynchronous & calm' },
      text: {
        id: 'landing.feature.calm.text',
        defaultMessage: 'Listen and reply when it suits you. Nothing pings you to hurry, nothing counts your streaks.',
      },
    }),
  },
  {
    key: 'thoughtful',
    icon: Sparkles,
    ...defineMessages({
      title: { id: 'landing.feature.thoughtful.title', defaultMessage: 'Thoughtful features' },
      text: {
        id: 'landing.feature.thoughtful.text',
        defaultMessage: 'Transcripts, highlights and gentle nudges help you keep up with the people who matter.',
      },
    }),
  },
]

/** The landing's title, description and canonical link (also written into the prerendered page, decision 100). */
export const LANDING_META = {
  title: 'Hearth - Voice-first private messaging for your closest people',
  description:
    'Hearth is a voice-first private messaging app for a small circle of close people: meaningful voice messages, asynchronous and calm, private by design.',
  canonical: '/',
} as const satisfies PageMeta

const SAMPLE_CIRCLE = ['Maya', 'Samuel', 'Lena', 'Jun']

/** `/` for visitors: what Hearth is, with the sign-in card beside it (docs/product/accounts.md). */
export function LandingPage() {
  const intl = useIntl()
  usePageMeta({
    ...LANDING_META,
    title: intl.formatMessage({
      id: 'landing.pageTitle',
      defaultMessage: 'Hearth - Voice-first private messaging for your closest people',
    }),
    description: intl.formatMessage({
      id: 'landing.pageDescription',
      defaultMessage:
        'Hearth is a voice-first private messaging app for a small circle of close people: meaningful voice messages, asynchronous and calm, private by design.',
    }),
  })
  return (
    <div className="flex min-h-dvh flex-col bg-hearth-glow">
      <header className={cn(pageColumnClass, 'flex items-center justify-between py-3')}>
        <Wordmark />
        <ThemeMenu />
      </header>

      <main className={cn(pageColumnClass, 'flex flex-1 flex-col gap-16 pt-6 pb-16 lg:gap-24 lg:pt-14')}>
        <section aria-labelledby="hero-heading" className="grid items-center gap-10 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-16">
          <div className="flex flex-col gap-6">
            <p className="w-fit rounded-full border border-primary/20 bg-accent px-3 py-1 text-sm font-medium text-accent-foreground">
              <FormattedMessage id="landing.kicker" defaultMessage="Private voice messages for small circles" />
            </p>
            <h1 id="hero-heading" className="text-4xl leading-[1.08] font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              <FormattedMessage id="landing.title" defaultMessage="Voice messages that matter" />
            </h1>
            <p className="max-w-xl text-lg leading-relaxed text-pretty text-muted-foreground">
              <FormattedMessage
                id="landing.lead"
                defaultMessage="Meaningful voice messages with the handful of people you love most. Asynchronous and calm, so you answer when you are ready. Private by design, so your words stay between you."
              />
            </p>
            <div className="flex items-center gap-4">
              <div aria-hidden className="flex -space-x-3">
                {SAMPLE_CIRCLE.map((name) => (
                  <Avatar key={name} name={name} alt="" className="size-11 ring-[3px] ring-background" />
                ))}
              </div>
              <p className="text-sm font-medium text-muted-foreground">
                <FormattedMessage id="landing.trusted" defaultMessage="Trusted by small circles" />
              </p>
            </div>
          </div>
          <div className="flex justify-center lg:justify-end">
            <AuthCard variant="embedded" />
          </div>
        </section>

        <section aria-labelledby="features-heading" className="flex flex-col gap-8">
          <div className="flex max-w-2xl flex-col gap-2">
            <h2 id="features-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
              <FormattedMessage id="landing.features.title" defaultMessage="Made for closeness, not for scrolling" />
            </h2>
            <p className="text-muted-foreground">
              <FormattedMessage
                id="landing.features.lead"
                defaultMessage="Everything in Hearth is there to help you hear, and be heard by, the people closest to you."
              />
            </p>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ key, icon: Icon, title, text }) => (
              <li key={key} className="flex flex-col gap-3 rounded-2xl border bg-card p-6 shadow-sm">
                <IconBadge className="size-11 rounded-xl">
                  <Icon aria-hidden />
                </IconBadge>
                <h3 className="text-base font-semibold">
                  <FormattedMessage {...title} />
                </h3>
                <p className="text-sm leading-relaxed text-muted-foreground">
                  <FormattedMessage {...text} />
                </p>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="border-t">
        <div
          className={cn(pageColumnClass, 'flex flex-col items-center justify-between gap-2 py-6 text-sm text-muted-foreground sm:flex-row')}
        >
          <p>© {new Date().getFullYear()} Hearth</p>
          <p>
            <FormattedMessage id="landing.footer" defaultMessage="Voice messages for the people closest to you." />
          </p>
        </div>
      </footer>
    </div>
  )
}
