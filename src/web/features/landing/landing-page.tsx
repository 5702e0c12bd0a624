import { Hourglass, Lock, Mic, Sparkles } from 'lucide-react'
import { Avatar } from '#web/components/avatar.tsx'
import { ThemeMenu } from '#web/components/theme-menu.tsx'
import { AuthCard } from '#web/features/auth/components/auth-card.tsx'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { Wordmark } from './wordmark.tsx'

const FEATURES = [
  { icon: Mic, title: 'Voice-first messaging', text: 'Say it in your own voice. Short messages that carry warmth a text never could.' },
  { icon: Lock, title: 'Private by design', text: 'A circle of 5 to 10 close people. No feeds, no followers, no algorithms.' },
  { icon: Hourglass, title: 'Asynchronous & calm', text: 'Listen and reply when it suits you. Nothing pings you to hurry.' },
  { icon: Sparkles, title: 'Thoughtful features', text: 'Transcripts, highlights and gentle nudges help you stay close.' },
]
const CIRCLE = ['Maya Torres', 'Sam Okafor', 'Lena Fischer', 'Jun Park']

export function LandingPage() {
  usePageMeta({
    title: 'Hearth - Voice messages that matter',
    description: 'Hearth is a voice-first private messaging app for your closest people: meaningful voice messages, asynchronous and calm, private by design.',
    canonical: '/',
  })
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
        <Wordmark />
        <ThemeMenu />
      </header>
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-16 px-4 pt-6 pb-16 sm:px-6 lg:pt-12">
        <section className="grid items-center gap-10 lg:grid-cols-[1.1fr_1fr]">
          <div className="flex flex-col gap-6">
            <p className="w-fit rounded-full bg-accent px-3 py-1 text-sm font-medium text-accent-foreground">Private voice messages for small circles</p>
            <h1 className="text-4xl leading-tight font-semibold tracking-tight text-balance sm:text-5xl">Voice messages that matter</h1>
            <p className="max-w-xl text-lg text-muted-foreground">
              Meaningful voice messages with the handful of people who matter most. Asynchronous and calm, private by design.
            </p>
            <div className="flex items-center gap-4">
              <div className="flex -space-x-2">
                {CIRCLE.map((name) => (
                  <Avatar key={name} name={name} className="size-11 border-2 border-background" />
                ))}
              </div>
              <p className="text-sm font-medium text-muted-foreground">Trusted by small circles</p>
            </div>
          </div>
          <div className="flex justify-center lg:justify-end">
            <AuthCard variant="embedded" />
          </div>
        </section>
        <section aria-labelledby="features-heading" className="flex flex-col gap-6">
          <h2 id="features-heading" className="text-2xl font-semibold">
            Made for closeness, not for scrolling
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex flex-col gap-3 rounded-xl border bg-card p-5 shadow-sm">
                <span className="grid size-10 place-items-center rounded-lg bg-accent text-accent-foreground">
                  <Icon className="size-5" aria-hidden />
                </span>
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="border-t py-6 text-center text-sm text-muted-foreground">© {new Date().getFullYear()} Hearth. Made for the people closest to you.</footer>
    </div>
  )
}
