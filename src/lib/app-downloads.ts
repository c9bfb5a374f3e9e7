/**
 * Where the apps are downloaded, per platform: the one place to change when the stores' addresses
 * are known (the deployment has no configuration of its own for them).
 */
export const appDownloads = [
  { platform: 'Windows', href: 'https://bondline.example/apps/windows' },
  { platform: 'macOS', href: 'https://bondline.example/apps/macos' },
  { platform: 'Linux', href: 'https://bondline.example/apps/linux' },
  { platform: 'Android', href: 'https://bondline.example/apps/android' },
  { platform: 'iOS', href: 'https://bondline.example/apps/ios' },
] as const;

export type AppDownload = { platform: string; href: string };
