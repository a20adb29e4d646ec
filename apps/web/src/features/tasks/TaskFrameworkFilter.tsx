import { FRAMEWORK_IDS, FRAMEWORKS, type FrameworkId } from '@castellan/contract/frameworks';
import { Select, SimpleGrid } from '@mantine/core';
import type { FrameworkFilter } from '../frameworks';

const ALL = 'all';

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

/** Narrows the list to the tasks serving a framework, and then to one of its safeguards. */
export function TaskFrameworkFilter({ filter, safeguards, onChange }: FrameworkFilterProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label="Framework"
        data={FRAMEWORK_OPTIONS}
        value={filter.framework ?? ALL}
        onChange={(value) =>
          onChange({
            framework: value === ALL || value === null ? null : (value as FrameworkId),
            safeguard: null,
          })
        }
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {filter.framework && (
        <Select
          label="Safeguard"
          placeholder="Any safeguard"
          data={safeguards}
          value={filter.safeguard}
          onChange={(safeguard) => onChange({ ...filter, safeguard })}
          searchable
          clearable
          nothingFoundMessage="No such safeguard"
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </SimpleGrid>
  );
}
