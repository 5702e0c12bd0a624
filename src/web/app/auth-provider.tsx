import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { authClient } from '#web/lib/auth-client.ts'

type Session = NonNullable<ReturnType<typeof authClient.useSession>['data']>
export type AuthState = {
  user: Session['user'] | null
  session: Session['session'] | null
  loading: boolean
  isAuthenticated: boolean
  refresh: () => Promise<void>
}

const AuthContext = createContext<AuthState | undefined>(undefined)

export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, isPending, refetch } = authClient.useSession()
  const value = useMemo<AuthState>(
    () => ({
      user: data?.user ?? null,
      session: data?.session ?? null,
      loading: isPending,
      isAuthenticated: Boolean(data?.user),
      refresh: async () => {
        await refetch()
      },
    }),
    [data, isPending, refetch],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext)
  if (!context) throw new Error('useAuth must be used within an AuthProvider')
  return context
}
