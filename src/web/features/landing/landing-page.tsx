import { Hourglass, Mic, ShieldCheck, Sparkles } from 'lucide-react'
import { Avatar } from '#web/components/avatar.tsx'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { ThemeMenu } from '#web/components/theme-menu.tsx'
import { Wordmark } from '#web/components/wordmark.tsx'
import { AuthCard } from '#web/features/sign-in/components/auth-card.tsx'
import { usePageMeta, type PageMeta } from '#web/lib/page-meta.ts'
import { pageColumnClass } from '#web/components/page-layout.tsx'
import { cn } from '#web/lib/utils.ts'

export const FEATURES = [
  {
    icon: Mic,
    title: 'Voice-first messaging',
    text: 'Say it in your own voice: short messages that carry the warmth a text never could.',
  },
  {
    icon: ShieldCheck,
    title: 'Private by design',
    text: 'A circle of 5 to 10 close people. No feeds, no followers, no algorithms deciding what you see.',
  },
  {
    icon: Hourglass,
    title: 'Asynchronous & calm',
    text: 'Listen and reply when it suits you. Nothing pings you to hurry, nothing counts your streaks.',
  },
  {
    icon: Sparkles,
    title: 'Thoughtful features',
    text: 'Transcripts, highlights and gentle nudges help you keep up with the people who matter.',
  },
] as const

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
  usePageMeta(LANDING_META)
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
              Private voice messages for small circles
            </p>
            <h1 id="hero-heading" className="text-4xl leading-[1.08] font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              Voice messages that matter
            </h1>
            <p className="max-w-xl text-lg leading-relaxed text-pretty text-muted-foreground">
              Meaningful voice messages with the handful of people you love most. Asynchronous and calm, so you answer when you are ready.
              Private by design, so your words stay between you.
            </p>
            <div className="flex items-center gap-4">
              <div aria-hidden className="flex -space-x-3">
                {SAMPLE_CIRCLE.map((name) => (
                  <Avatar key={name} name={name} alt="" className="size-11 ring-[3px] ring-background" />
                ))}
              </div>
              <p className="text-sm font-medium text-muted-foreground">Trusted by small circles</p>
            </div>
          </div>
          <div className="flex justify-center lg:justify-end">
            <AuthCard variant="embedded" />
          </div>
        </section>

        <section aria-labelledby="features-heading" className="flex flex-col gap-8">
          <div className="flex max-w-2xl flex-col gap-2">
            <h2 id="features-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
              Made for closeness, not for scrolling
            </h2>
            <p className="text-muted-foreground">
              Everything in Hearth is there to help you hear, and be heard by, the people closest to you.
            </p>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex flex-col gap-3 rounded-2xl border bg-card p-6 shadow-sm">
                <IconBadge className="size-11 rounded-xl">
                  <Icon aria-hidden />
                </IconBadge>
                <h3 className="text-base font-semibold">{title}</h3>
                <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
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
          <p>Voice messages for the people closest to you.</p>
        </div>
      </footer>
    </div>
  )
}
