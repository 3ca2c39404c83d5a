const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)|FxiOS\/(\d+)/, 'Firefox'],
  [/HeadlessChrome\/(\d+)/, 'Chrome (headless)'],
  [/Chrome\/(\d+)|CriOS\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/**
 * A session's user-agent string as a person names their device: "Chrome 156 on Mac", "Safari 18 on
 * iPhone". Programs that are not browsers (curl, an SDK) keep their own first word.
 */
export function describeDevice(userAgent: string): string {
  const ua = userAgent.trim();
  if (!ua) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua));
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (!browser) return ua.split(/[\s/;(]/)[0] || 'Unknown device';
  const match = browser[0].exec(ua)!;
  const version = match.slice(1).find(Boolean);
  const name = version ? `${browser[1]} ${version}` : browser[1];
  return system ? `${name} on ${system}` : name;
}
