import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Toaster } from '#web/components/ui/sonner.tsx'
import { AuthProvider } from './auth-provider.tsx'
import { RealtimeSync } from './realtime-sync.tsx'

/** Everything the screens rely on: the query cache, the session, live updates and the toaster. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Toaster />
        <RealtimeSync />
        {children}
      </AuthProvider>
    </QueryClientProvider>
  )
}
