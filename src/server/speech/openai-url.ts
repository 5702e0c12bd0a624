/**
 * Builds the URL of an OpenAI-compatible endpoint from OPENAI_BASE_URL and an API path.
 *
 * People copy the base URL from different docs: some give `https://api.openai.com`, most give
 * `https://api.openai.com/v1`, and compatible servers use `http://localhost:8080/v1` or
 * `https://host/openai/v1`. The one rule: trailing slashes are dropped, and `/v1` is appended only when
 * the base URL's path does not already end in a version segment (`/v1`, `/v2`, `/v1beta`...). So both
 * spellings of the OpenAI URL reach `/v1/chat/completions`, and a server that uses another version
 * segment keeps it. The query string and hash of the base URL are dropped; a base URL never needs them.
 *
 * The transcription engine and the analysis model both call this, so they cannot drift apart.
 */
export function openAiUrl(baseUrl: string, path: string): string {
  const url = new URL(baseUrl)
  const basePath = url.pathname.replace(/\/+$/, '')
  const versioned = /\/v\d+[a-z0-9]*$/i.test(basePath) ? basePath : `${basePath}/v1`
  const suffix = path.replace(/^\/+/, '')
  return `${url.origin}${versioned}/${suffix}`
}
