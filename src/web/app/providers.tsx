import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { Suspense, useEffect, useState, type ReactNode } from 'react'
import { afterFirstPaint, lazyWithPreload } from '#web/lib/lazy-after-paint.ts'
import { onToastWaiting } from '#web/lib/toast.ts'
import { useProfileQuery } from '#web/resources/profiles/queries.ts'
import { I18nProvider } from '#web/i18n/i18n-provider.tsx'
import { AuthProvider } from './auth-provider.tsx'
import { RealtimeSync } from './realtime-sync.tsx'

const Toaster = lazyWithPreload(async () => (await import('#web/components/ui/sonner.tsx')).Toaster)

/** The toaster (Sonner) after the first paint, or as soon as a toast waits for it (decision 108). */
function LazyToaster() {
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    const want = () => setWanted(true)
    const cancel = afterFirstPaint(want)
    const stop = onToastWaiting(want)
    return () => {
      cancel()
      stop()
    }
  }, [])
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}

/** The messages in the reader's language: the one kept with the account once it is known (decision 221). */
function AccountI18n({ children }: { children: ReactNode }) {
  const { data: profile } = useProfileQuery()
  return <I18nProvider accountLanguage={profile?.language}>{children}</I18nProvider>
}

/** Everything the screens rely on: the query cache, the session, the reader's language, live updates and the toaster. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <AccountI18n>
          <LazyToaster />
          <RealtimeSync />
          {children}
        </AccountI18n>
      </AuthProvider>
    </QueryClientProvider>
  )
}
