import { Chip, Group, Text } from '@mantine/core';
import type { AssetOption, AssetFilter as Filter } from './graph-model';

type Props = {
  options: AssetOption[];
  totalOpen: number;
  value: Filter;
  onChange: (value: Filter) => void;
};

/** Which asset's paths to show, each with how many open paths lead to it. */
export function AssetFilter({ options, totalOpen, value, onChange }: Props) {
  return (
    <Group gap="xs" role="radiogroup" aria-labelledby="asset-filter-label">
      <Text size="sm" fw={500} id="asset-filter-label">
        Asset
      </Text>
      <Chip.Group value={value} onChange={(next) => onChange(next as Filter)}>
        <Chip value="all" size="sm">
          All ({totalOpen} open)
        </Chip>
        {options.map((option) => (
          <Chip key={option.asset} value={option.asset} size="sm">
            {option.label} ({option.openPaths} open)
          </Chip>
        ))}
      </Chip.Group>
    </Group>
  );
}
