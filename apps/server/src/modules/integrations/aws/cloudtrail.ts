// CloudTrail (reference §4.7): the trails the region sees, shadow copies of multi-region trails
// from other regions included, and whether each is logging.
import { z } from 'zod';
import type { AwsSession } from './aws-session';
import { unexpected } from './aws-session';

export type Trail = {
  name: string;
  arn: string;
  homeRegion: string | null;
  multiRegion: boolean;
  organizationTrail: boolean;
  logging: boolean;
};

const trailList = z.object({
  trailList: z
    .array(
      z.object({
        Name: z.string(),
        TrailARN: z.string().optional(),
        HomeRegion: z.string().optional(),
        IsMultiRegionTrail: z.boolean().optional(),
        IsOrganizationTrail: z.boolean().optional(),
      }),
    )
    .default([]),
});
const trailStatus = z.object({ IsLogging: z.boolean().optional() });

export async function trails(session: AwsSession, signal?: AbortSignal): Promise<Trail[]> {
  const listed = trailList.safeParse(
    await session.cloudTrail('DescribeTrails', { includeShadowTrails: true }, signal),
  );
  if (!listed.success) throw unexpected('AWS CloudTrail DescribeTrails', 'no trailList');
  const found: Trail[] = [];
  const seen = new Set<string>();
  for (const t of listed.data.trailList) {
    const arn = t.TrailARN ?? t.Name;
    if (seen.has(arn)) continue;
    seen.add(arn);
    // The ARN reaches a trail whose home is another region [reference: MEM].
    const status = trailStatus.safeParse(
      await session.cloudTrail('GetTrailStatus', { Name: arn }, signal),
    );
    if (!status.success) throw unexpected('AWS CloudTrail GetTrailStatus', 'no IsLogging');
    found.push({
      name: t.Name,
      arn,
      homeRegion: t.HomeRegion ?? null,
      multiRegion: t.IsMultiRegionTrail ?? false,
      organizationTrail: t.IsOrganizationTrail ?? false,
      logging: status.data.IsLogging ?? false,
    });
  }
  return found;
}
