import { FRAMEWORK_IDS, FRAMEWORKS, type FrameworkId } from '@castellan/contract/frameworks';
import { NativeSelect, SimpleGrid } from '@mantine/core';
import type { FrameworkFilter } from '../frameworks';

const ALL = 'all';
const ANY = '';

const FRAMEWORK_OPTIONS = [
  { value: ALL, label: 'All tasks' },
  ...FRAMEWORK_IDS.map((id) => ({ value: id, label: FRAMEWORKS[id].name })),
];

export type FrameworkFilterProps = {
  filter: FrameworkFilter;
  /** The chosen framework's safeguards that the listed tasks serve. */
  safeguards: { value: string; label: string }[];
  onChange: (filter: FrameworkFilter) => void;
};

/**
 * Narrows the list to the tasks serving a framework, and then to one of its safeguards. The
 * browser's own selects: they type ahead, work the same on every device and weigh nothing.
 */
export function TaskFrameworkFilter({ filter, safeguards, onChange }: FrameworkFilterProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <NativeSelect
        label="Framework"
        data={FRAMEWORK_OPTIONS}
        value={filter.framework ?? ALL}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange({ framework: value === ALL ? null : (value as FrameworkId), safeguard: null });
        }}
      />
      {filter.framework && (
        <NativeSelect
          label="Safeguard"
          data={[{ value: ANY, label: 'Any safeguard' }, ...safeguards]}
          value={filter.safeguard ?? ANY}
          onChange={(event) => {
            const safeguard = event.currentTarget.value;
            onChange({ ...filter, safeguard: safeguard === ANY ? null : safeguard });
          }}
        />
      )}
    </SimpleGrid>
  );
}
