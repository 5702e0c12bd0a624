/** Where OpenAI itself serves its API; used when only OPENAI_API_KEY is set. */
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1'

/**
 * Builds the URL of an OpenAI-compatible endpoint from OPENAI_BASE_URL and an API path.
 *
 * The rule follows the OpenAI SDKs: the base URL is the API root and the path is appended to it. People
 * often write the bare origin (`https://api.openai.com`), so a base URL with no path gets `/v1`, where
 * every OpenAI-compatible server serves the API. Any other path is kept as written, because servers
 * differ (`/v1`, `/openai/v1`, `/v1beta/openai`, a proxy prefix) and guessing would break some of them.
 * Trailing slashes on the base URL and leading slashes on the path do not matter.
 *
 *   https://api.openai.com          + /chat/completions → https://api.openai.com/v1/chat/completions
 *   https://api.openai.com/v1/      + /chat/completions → https://api.openai.com/v1/chat/completions
 *   http://host/proxy/openai        + /chat/completions → http://host/proxy/openai/chat/completions
 *
 * The transcription engine and the analysis model both follow this rule, so they cannot drift apart.
 */
export function openAiUrl(baseUrl: string, path: string): string {
  const url = new URL(baseUrl)
  const root = url.pathname.replace(/\/+$/, '') || '/v1'
  url.pathname = `${root}/${path.replace(/^\/+/, '')}`
  return url.toString()
}
