import { beforeAll } from 'vitest'

// The web's queries load their answers' schemas on first use (decision 170). They are loaded before the tests, so
// that a test's clock (a fake one, or a waitFor's time-out) never also waits for a module to be transformed.
beforeAll(async () => {
  await Promise.all([
    import('#shared/api-error.ts'),
    import('#shared/auth-session.ts'),
    import('#shared/contacts.ts'),
    import('#shared/message-requests.ts'),
    import('#shared/messages.ts'),
    import('#shared/profile.ts'),
    import('#shared/realtime.ts'),
    import('#shared/relationship-health.ts'),
    import('#web/lib/answer-schemas.ts'),
  ])
})
