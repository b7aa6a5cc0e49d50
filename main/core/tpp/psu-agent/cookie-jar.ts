/** The bank's cookies across the SCA pages: name=value pairs sent back on every request. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(setCookies: readonly string[]): void {
    for (const header of setCookies) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  header(): string | undefined {
    return this.cookies.size === 0
      ? undefined
      : [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
