/**
 * A path that a browser, or a server that decodes it once, reads as another host's address: `//host`
 * and `/\host`, and the same with the second character percent-encoded (`/%2F`, `/%5C`). The
 * server's and the client's redirect checks both refuse it (issue 21).
 */
export const readsAsAnotherHost = (path: string): boolean => /^[/\\](?:[/\\]|%2f|%5c)/i.test(path.trimStart());
