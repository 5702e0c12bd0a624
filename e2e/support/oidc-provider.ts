import http from 'node:http'
import Provider from 'oidc-provider'

export const OIDC_CLIENT = { id: 'hearth-e2e-client', secret: 'hearth-e2e-client-secret-0123456789' }

/**
 * A real OpenID Connect provider on loopback, configured in place of Google for end-to-end tests.
 * Its development login form accepts any login name; the account's e-mail is `<login>` itself.
 */
export async function startOidcProvider(port: number, redirectUri: string) {
  const issuer = `http://127.0.0.1:${port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          const local = id.split('@')[0] ?? id
          return { sub: id, email: id, email_verified: true, name: local.replace(/[._-]/g, ' ') }
        },
      }
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['e2e-cookie-key-0123456789'] },
  })
  provider.proxy = false
  const server = http.createServer(provider.callback())
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
