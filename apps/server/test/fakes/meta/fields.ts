// Graph's `fields` parameter: only the asked fields (plus id) are answered; without it a node
// gives its defaults (id and name).
import type { Answer } from '../kit/answers';
import { invalidParameter } from './graph-errors';

const DEFAULT_FIELDS = ['id', 'name'];

export type FieldReader<T> = Record<string, (item: T) => unknown>;

/** The fields to answer, or the error for a field the node type does not have. */
export function fieldsOf<T>(
  param: string | null,
  nodeType: string,
  readers: FieldReader<T>,
): string[] | Answer {
  const asked = param
    ? param
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean)
    : DEFAULT_FIELDS;
  const unknown = asked.find((f) => !(f in readers));
  if (unknown) {
    return invalidParameter(
      `(#100) Tried accessing nonexisting field (${unknown}) on node type (${nodeType})`,
    );
  }
  return ['id', ...asked.filter((f) => f !== 'id')];
}

export function selectFields<T>(
  item: T,
  fields: readonly string[],
  readers: FieldReader<T>,
): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f, readers[f]?.(item)]));
}
