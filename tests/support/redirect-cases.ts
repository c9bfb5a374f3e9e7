/**
 * Redirects that a browser, or a server decoding them once, reads as another host's address: the
 * server's allow-list and the client's guard both lead each to the dashboard (issue 21).
 */
export function otherHostRedirects(ownOrigin: string): string[] {
  return [
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    '/%2F/evil.example',
    '/%2fevil.example',
    '/%5Cevil.example',
    '/%5c%5cevil.example',
    '%2F%2Fevil.example',
    `${ownOrigin}//evil.example/x`,
    `${ownOrigin}/\\evil.example`,
    `${ownOrigin}/%2F/evil.example`,
    '/.//evil.example',
    '/./\\evil.example',
    '/a/..//evil.example',
    '  //evil.example',
  ];
}
