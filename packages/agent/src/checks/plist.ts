/** A string value of an XML property list, e.g. an app's CFBundleShortVersionString. */
export function plistString(xml: string, key: string): string | null {
  const match = new RegExp(`<key>${key}</key>\\s*<string>([^<]*)</string>`).exec(xml);
  const value = match?.[1]?.trim();
  return value ? value : null;
}
