/** "2 hours", "1 day", "90 minutes": a session lifetime in the largest whole unit. */
export function describeDuration(minutes: number): string {
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'}`;
  if (minutes % (24 * 60) === 0) return unit(minutes / (24 * 60), 'day');
  if (minutes % 60 === 0) return unit(minutes / 60, 'hour');
  return unit(minutes, 'minute');
}
