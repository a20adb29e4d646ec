/** Every Action.OpenUrl button of a Teams message or card, in order (tests read them). */
export const openUrls = (value: unknown): { title: string; url: string }[] => {
  if (Array.isArray(value)) return value.flatMap(openUrls);
  if (typeof value !== 'object' || value === null) return [];
  const v = value as Record<string, unknown>;
  const own = v.type === 'Action.OpenUrl' ? [{ title: String(v.title), url: String(v.url) }] : [];
  return [...own, ...Object.values(v).flatMap(openUrls)];
};
